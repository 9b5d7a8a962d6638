/**
 * The Experience Cloud site's identity endpoints, as the Headless Identity APIs document them (sources and the
 * choices made where the pages are silent: docs/emulator-identity.md):
 *
 * - Headless Login = Authorization Code and Credentials Flow for private clients: POST /services/oauth2/authorize
 *   with `Auth-Request-Type: Named-User` and `Authorization: Basic base64(username:password)`, form
 *   `response_type=code_credentials`, `client_id`, `redirect_uri`, optional PKCE `code_challenge`, `uvid_hint`
 *   → 302 to `redirect_uri?code=…&sfdc_community_url=…&sfdc_community_id=…`; then POST /services/oauth2/token
 *   `grant_type=authorization_code` (+ client secret, code_verifier) → tokens.
 * - Headless Guest Flow: the same two endpoints with `Auth-Request-Type: guest` and `Uvid-Hint` (the UVID the
 *   storefront minted) → a JWT-based guest access token. A named-user login that carries the UVID (uvid_hint)
 *   binds it to the buyer's session, which is how the guest's cart is found again (cart preserve).
 * - Refresh (grant_type=refresh_token), revoke (a refresh token takes its access tokens with it), userinfo.
 * - The username-password grant is not supported for Experience Cloud sites: refused.
 *
 * Every Commerce call needs a bearer token (401 INVALID_SESSION_ID without one): see createAuthenticator.
 */
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { GUEST_USER_ID, readFixture } from "../core/context.js";
import { ApiError } from "../core/errors.js";
import { json } from "../core/http.js";
import type { Caller, Router } from "../core/router.js";
import type { Emu } from "../core/state.js";
import { forgotPasswordRoutes } from "./forgot-password.js";
import { clientCredentialsGrant, integrationApps } from "./integration.js";
import { completeRegistration, registrationRoutes } from "./registration.js";
import {
  accessTokenInsert,
  accessTokenLookup,
  accessTokenOfHint,
  authorizationCode,
  insertAuthorizationCode,
  loginLookup,
  markCodeUsed,
  markRefreshTokenUsed,
  oauthClientInsert,
  oauthClientLookup,
  refreshToken,
  refreshTokenInsert,
  revokeAccessToken,
  revokeAccessTokensOf,
  revokeRefreshToken,
} from "./store.js";
import { type UserRow } from "../core/store.js";
import { hashPassword, verifyPassword } from "./password.js";

/**
 * Client secrets are sent with every token request (each new visitor's guest token, every refresh): a client app's
 * secret, once it has matched its stored hash, is recognised by a SHA-256 of (stored hash, secret) instead of scrypt
 * again, which took tens of milliseconds of the one thread every request shares. Only matches are remembered, and
 * only a few; buyers' passwords are always checked with scrypt.
 */
const verifiedSecrets = new Set<string>();
const VERIFIED_SECRETS_LIMIT = 100;

function verifyClientSecret(secret: string, stored: string): boolean {
  const key = createHash("sha256").update(stored).update("\0").update(secret).digest("base64");
  if (verifiedSecrets.has(key)) return true;
  if (!verifyPassword(secret, stored)) return false;
  if (verifiedSecrets.size >= VERIFIED_SECRETS_LIMIT) verifiedSecrets.clear();
  verifiedSecrets.add(key);
  return true;
}

// Checked against when the username is unknown, so a wrong username costs as much time as a wrong password.
const DUMMY_HASH = hashPassword("not-a-real-password", "0".repeat(32));

/** Authorization codes are single-use and short-lived (15 minutes on the virtual clock). */
export const CODE_LIFETIME_SECONDS = 15 * 60;
const UVID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

interface SiteFixture {
  site: { communityId: string; orgId: string };
  clients: { clientId: string; clientSecret: string; redirectUri: string; guestFlowEnabled?: boolean }[];
}

export function seedIdentity(emu: Emu) {
  const { clients } = readFixture<SiteFixture>(emu, "identity.json");
  const insert = oauthClientInsert(emu);
  for (const c of clients)
    insert.run(c.clientId, hashPassword(c.clientSecret), c.redirectUri, c.guestFlowEnabled === false ? 0 : 1);
}

/** Who a bearer token stands for: a named user (who may carry a guest's UVID over) or a guest (a UVID). */
interface AccessTokenRow {
  user_id: string | null;
  uvid: string | null;
  expires_at: number;
  revoked_at: number | null;
}

/**
 * Bearer token → caller. No token, an unknown, revoked or expired one all answer 401 INVALID_SESSION_ID. A valid
 * token can still be refused by how the org is set up (the emulator-only OrgSetup switches; docs/emulator-identity.md,
 * "Misconfigured orgs"): a user whose profile lacks "API Enabled" (403 API_CURRENTLY_DISABLED on every call), a
 * buyer without the Buyer permission set (403 INSUFFICIENT_ACCESS on the store's resources), a guest of a store whose
 * guest buyer profile has no buyer group (404 WEBSTORE_NOT_FOUND on the store's resources).
 */
export function createAuthenticator(emu: Emu) {
  const find = accessTokenLookup(emu);
  return (req: Request): Caller => {
    const token = bearerToken(req);
    const row = token ? (find.get(token) as AccessTokenRow | undefined) : undefined;
    if (!row || row.revoked_at !== null || row.expires_at <= emu.clock.now()) {
      throw new ApiError(401, "INVALID_SESSION_ID", "Session expired or invalid");
    }
    const user = row.user_id ? (emu.store.user(row.user_id) ?? null) : null;
    if (row.user_id && !user) throw new ApiError(401, "INVALID_SESSION_ID", "Session expired or invalid");
    refuseMisconfigured(emu.settings.orgSetup, user, req);
    return { user, uvid: row.uvid };
  };
}

const STORE_RESOURCE = /\/commerce\/webstores\/([^/]+)/;

function refuseMisconfigured(setup: Emu["settings"]["orgSetup"], user: UserRow | null, req: Request) {
  if (user && setup.apiDisabledUsers.includes(user.username.toLowerCase()))
    throw new ApiError(403, "API_CURRENTLY_DISABLED", "API is disabled for this User");
  const store = STORE_RESOURCE.exec(new URL(req.url).pathname);
  if (!store) return;
  if (user && setup.noBuyerPermissionUsers.includes(user.username.toLowerCase()))
    throw new ApiError(403, "INSUFFICIENT_ACCESS", "You don't have access to this webstore.");
  if (!user && !setup.guestBuyerGroup)
    throw new ApiError(404, "WEBSTORE_NOT_FOUND", `Webstore not found: ${decodeURIComponent(store[1])}`);
}

function bearerToken(req: Request): string | null {
  const header = req.headers.get("authorization");
  const match = header ? /^(?:Bearer|OAuth)\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1] : null;
}

/** Salesforce's OAuth errors are an object, not the Connect API's error array. */
class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

interface ClientRow {
  client_id: string;
  secret_hash: string;
  redirect_uri: string;
  guest_flow_enabled: 0 | 1;
}

interface CodeRow {
  code: string;
  client_id: string;
  redirect_uri: string;
  user_id: string | null;
  uvid: string | null;
  code_challenge: string | null;
  expires_at: number;
  used_at: number | null;
}

async function readForm(req: Request): Promise<URLSearchParams> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    throw new OAuthError("invalid_request", "must use application/x-www-form-urlencoded");
  }
  return new URLSearchParams(await req.text());
}

/**
 * A login's UVID (HG-X), written as the guest flow writes it: `UVID <v4 uuid>` (HG, HG-C), or `JWT <guest token>`,
 * the guest's JWT-based access token, whose validity is checked (HG-C's sample flow: "If the UVID was passed as a
 * JWT-based access token, Salesforce checks the validity of the token") → the UVID minted into it. Any other shape
 * (a bare uuid, another kind or separator, a kind in another case, not a v4 UUID, a token that isn't a live guest
 * token of this site) is 400 invalid_request "uvid invalid", the guest authorize's one answer.
 */
function parseUvidHint(emu: Emu, hint: string | null): string | null {
  if (hint === null) return null;
  const match = /^(UVID|JWT) (\S+)$/.exec(hint.trim());
  const [kind, value] = match ? [match[1], match[2]] : ["", ""];
  if (kind === "UVID" && UVID.test(value)) return value.toLowerCase();
  if (kind === "JWT") {
    const row = accessTokenOfHint(emu, value) as AccessTokenRow | undefined;
    if (row && row.user_id === null && row.uvid && row.revoked_at === null && row.expires_at > emu.clock.now())
      return row.uvid;
  }
  throw new OAuthError("invalid_request", "uvid invalid");
}

/**
 * The guest authorize's UVID: the `Uvid-Hint` header only (HG-C: "include the Uvid-Hint and Auth-Request-Type guest
 * headers"), written `UVID <v4 uuid>`, the app-minted UVID with its kind. Missing (a `uvid_hint` form field is not the
 * header), bare, another kind, or not a v4 UUID: 400 invalid_request "uvid invalid", one answer for every wrong shape.
 */
function guestUvid(header: string | null): string {
  const match = header ? /^UVID (\S+)$/.exec(header.trim()) : null;
  if (!match || !UVID.test(match[1])) throw new OAuthError("invalid_request", "uvid invalid");
  return match[1].toLowerCase();
}

function basicCredentials(header: string | null): { username: string; password: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function authRoutes(r: Router, emu: Emu) {
  forgotPasswordRoutes(r, emu);
  registrationRoutes(r, emu);
  const fixture = readFixture<SiteFixture>(emu, "identity.json").site;
  const site = () => fixture;
  const authenticate = createAuthenticator(emu);
  const clientById = oauthClientLookup(emu);
  const byUsername = loginLookup(emu);
  const integration = integrationApps(emu);

  function client(form: URLSearchParams): ClientRow {
    const row = clientById.get(form.get("client_id") ?? "") as ClientRow | undefined;
    if (!row) throw new OAuthError("invalid_client_id", "client identifier invalid");
    return row;
  }

  /** The token endpoint authenticates a private client by its secret. */
  function authenticatedClient(form: URLSearchParams): ClientRow {
    const row = client(form);
    const secret = form.get("client_secret") ?? "";
    if (!secret || !verifyClientSecret(secret, row.secret_hash))
      throw new OAuthError("invalid_client", "invalid client credentials");
    return row;
  }

  function mintJwt(
    origin: string,
    subject: string,
    issuedAt: number,
    expiresAt: number,
    extra: Record<string, unknown> = {},
  ) {
    const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT", kid: "emulator" }));
    const payload = base64url(
      JSON.stringify({
        iss: origin,
        aud: "https://login.salesforce.com",
        sub: subject,
        iat: Math.floor(issuedAt / 1000),
        exp: Math.floor(expiresAt / 1000),
        jti: randomUUID(),
        ...extra,
      }),
    );
    // The signature only gives the token JWT form: the emulator looks every token up, it never trusts a claim.
    const signature = createHmac("sha256", "emulator-site-key").update(`${header}.${payload}`).digest("base64url");
    return `${header}.${payload}.${signature}`;
  }

  const insertAccess = accessTokenInsert(emu);
  const insertRefresh = refreshTokenInsert(emu);

  function tokenAnswer(
    origin: string,
    clientId: string,
    who: { userId: string | null; uvid: string | null },
    refreshToken: string | null,
  ) {
    const issuedAt = emu.clock.now();
    const expiresAt = issuedAt + emu.settings.sessionSeconds * 1000;
    const { communityId, orgId } = site();
    const subject = who.userId ?? `uvid:${who.uvid}`;
    const accessToken = mintJwt(origin, subject, issuedAt, expiresAt, who.uvid ? { uvid: who.uvid } : {});
    insertAccess.run(accessToken, clientId, who.userId, who.uvid, refreshToken, issuedAt, expiresAt);
    const userId = who.userId ?? GUEST_USER_ID;
    return {
      access_token: accessToken,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      signature: createHmac("sha256", "emulator-site-key")
        .update(`${origin}/id/${orgId}/${userId}${issuedAt}`)
        .digest("base64"),
      scope: refreshToken ? "refresh_token api" : "api",
      instance_url: origin,
      id: `${origin}/id/${orgId}/${userId}`,
      token_type: "Bearer",
      issued_at: String(issuedAt),
      sfdc_community_url: origin,
      sfdc_community_id: communityId,
    };
  }

  const oauth =
    (handler: (ctx: Parameters<Parameters<Router["raw"]>[2]>[0]) => Promise<Response>) =>
    async (ctx: Parameters<Parameters<Router["raw"]>[2]>[0]) => {
      try {
        return await handler(ctx);
      } catch (error) {
        if (error instanceof OAuthError)
          return json({ error: error.error, error_description: error.description }, error.status);
        throw error;
      }
    };

  r.raw(
    "POST",
    "/services/oauth2/authorize",
    oauth(async ({ req, url }) => {
      const form = await readForm(req);
      if (form.get("response_type") !== "code_credentials")
        throw new OAuthError("unsupported_response_type", "response type not supported");
      const app = client(form);
      const redirectUri = form.get("redirect_uri") ?? "";
      if (redirectUri !== app.redirect_uri)
        throw new OAuthError("redirect_uri_mismatch", "redirect_uri must match configuration");
      const challenge = form.get("code_challenge");
      const method = form.get("code_challenge_method");
      if (
        challenge !== null &&
        (!/^[A-Za-z0-9_-]{43,128}$/.test(challenge) || (method !== null && method !== "S256"))
      ) {
        throw new OAuthError("invalid_request", "invalid code_challenge");
      }
      const uvidHint = req.headers.get("uvid-hint") ?? form.get("uvid_hint");
      const requestType = (req.headers.get("auth-request-type") ?? "").trim().toLowerCase();

      let who: { userId: string | null; uvid: string | null };
      if (requestType === "named-user") {
        const credentials = basicCredentials(req.headers.get("authorization"));
        if (!credentials) throw new OAuthError("invalid_request", "missing or malformed Authorization header");
        const row = byUsername.get(credentials.username.trim().toLowerCase()) as
          { id: string; password_hash: string } | undefined;
        const ok = verifyPassword(credentials.password, row?.password_hash ?? DUMMY_HASH);
        if (!row || !ok) throw new OAuthError("invalid_grant", "authentication failure");
        // Permitted Users "Admin approved users are pre-authorized" without the buyers' profile or permission set
        // assigned to the app (emulator-only switch; the error is the OAuth errors page's).
        if (!emu.settings.orgSetup.appPreAuthorized)
          throw new OAuthError("invalid_app_access", "user is not admin approved to access this app");
        who = { userId: row.id, uvid: parseUvidHint(emu, uvidHint) };
      } else if (requestType === "user-registration") {
        // Headless Registration's verification: Basic base64(identifier:otp) from init/registration's answer and mail.
        if ((req.headers.get("auth-verification-type") ?? "").trim().toLowerCase() !== "email")
          throw new OAuthError("invalid_request", "invalid Auth-Verification-Type");
        const credentials = basicCredentials(req.headers.get("authorization"));
        if (!credentials) throw new OAuthError("invalid_request", "missing or malformed Authorization header");
        // The hint is read before the code is used: a refused hint leaves the registration to be verified again.
        const uvid = parseUvidHint(emu, uvidHint);
        const done = completeRegistration(emu, credentials.username, credentials.password.trim());
        if ("error" in done) throw new OAuthError("invalid_grant", done.error);
        who = { userId: done.userId, uvid };
      } else if (requestType === "guest") {
        if (!app.guest_flow_enabled || !emu.settings.orgSetup.guestFlow)
          throw new OAuthError("unauthorized_client", "guest flow is not enabled for this client");
        who = { userId: null, uvid: guestUvid(req.headers.get("uvid-hint")) };
      } else {
        throw new OAuthError("invalid_request", "invalid headers");
      }

      const code = base64url(randomBytes(32));
      insertAuthorizationCode(
        emu,
        code,
        app.client_id,
        redirectUri,
        who.userId,
        who.uvid,
        challenge,
        emu.clock.now() + CODE_LIFETIME_SECONDS * 1000,
      );
      const location = new URL(redirectUri);
      location.searchParams.set("code", code);
      location.searchParams.set("sfdc_community_url", url.origin);
      location.searchParams.set("sfdc_community_id", site().communityId);
      const state = form.get("state");
      if (state !== null) location.searchParams.set("state", state);
      return new Response(null, {
        status: 302,
        headers: { Location: location.toString(), "Cache-Control": "no-store" },
      });
    }),
  );

  r.raw(
    "POST",
    "/services/oauth2/token",
    oauth(async ({ req, url }) => {
      const form = await readForm(req);
      const grant = form.get("grant_type");
      if (grant === "client_credentials") {
        // Only a connected app with the Client Credentials Flow and a "Run As" user has one; the storefront's app
        // hasn't ("no client credentials user enabled", the org's answer for such an app).
        if (clientById.get(form.get("client_id") ?? ""))
          throw new OAuthError("invalid_grant", "no client credentials user enabled");
        const granted = clientCredentialsGrant(emu, integration, form, url.origin, site().orgId);
        if ("error" in granted) throw new OAuthError(granted.error, granted.description);
        return json(granted.answer);
      }
      if (grant === "authorization_code") {
        const app = authenticatedClient(form);
        const row = authorizationCode(emu, form.get("code") ?? "") as CodeRow | undefined;
        if (!row || row.client_id !== app.client_id || row.used_at !== null || row.expires_at <= emu.clock.now()) {
          throw new OAuthError("invalid_grant", "expired authorization code");
        }
        if ((form.get("redirect_uri") ?? "") !== row.redirect_uri)
          throw new OAuthError("invalid_grant", "redirect_uri mismatch");
        if (row.code_challenge !== null) {
          const verifier = form.get("code_verifier");
          if (!verifier) throw new OAuthError("invalid_grant", "code verifier required");
          if (base64url(createHash("sha256").update(verifier).digest()) !== row.code_challenge) {
            throw new OAuthError("invalid_grant", "invalid code verifier");
          }
        }
        if (row.user_id === null) {
          // "Include the Uvid-Hint and Auth-Request-Type guest headers in the token request."
          const type = (req.headers.get("auth-request-type") ?? "").trim().toLowerCase();
          const hinted = (req.headers.get("uvid-hint") ?? "")
            .trim()
            .replace(/^uvid\s+/i, "")
            .toLowerCase();
          if (type !== "guest" || hinted !== row.uvid) throw new OAuthError("unknown_error", "retry your request");
        }
        // Single use: a second exchange of the same code is refused, even if the first answer was lost.
        markCodeUsed(emu, emu.clock.now(), row.code);
        let refreshToken: string | null = null;
        if (row.user_id !== null) {
          refreshToken = `5Aep861${base64url(randomBytes(48))}`;
          insertRefresh.run(refreshToken, app.client_id, row.user_id, row.uvid, emu.clock.now(), emu.clock.now());
        }
        return json(tokenAnswer(url.origin, app.client_id, { userId: row.user_id, uvid: row.uvid }, refreshToken));
      }
      if (grant === "refresh_token") {
        const app = authenticatedClient(form);
        const row = refreshToken(emu, form.get("refresh_token") ?? "") as
          | {
              token: string;
              client_id: string;
              user_id: string;
              uvid: string | null;
              last_used_at: number;
              revoked_at: number | null;
            }
          | undefined;
        const now = emu.clock.now();
        // The client app's refresh token policy: it expires when not used for the session timeout (an idle
        // buyer's session ends; an active one is renewed again and again).
        const idle = row ? now - row.last_used_at > emu.settings.sessionSeconds * 1000 : true;
        if (
          !row ||
          row.client_id !== app.client_id ||
          row.revoked_at !== null ||
          idle ||
          !emu.store.user(row.user_id)
        ) {
          throw new OAuthError("invalid_grant", "expired access/refresh token");
        }
        markRefreshTokenUsed(emu, now, row.token);
        // No rotation (the client app's default): the refresh token stays the same and is not sent again.
        const answer = tokenAnswer(url.origin, app.client_id, { userId: row.user_id, uvid: row.uvid }, row.token);
        const { refresh_token: _unchanged, ...withoutRefresh } = answer;
        return json(withoutRefresh);
      }
      if (grant === "password") {
        // "The OAuth 2.0 username-password flow isn't supported for Experience Cloud sites."
        throw new OAuthError("unsupported_grant_type", "grant type not supported");
      }
      throw new OAuthError("unsupported_grant_type", "grant type not supported");
    }),
  );

  // Revoking an access token ends it; revoking a refresh token ends it and every access token issued with it.
  r.raw(
    "POST",
    "/services/oauth2/revoke",
    oauth(async ({ req }) => {
      const form = await readForm(req);
      const token = form.get("token") ?? "";
      const now = emu.clock.now();
      const access = revokeAccessToken(emu, now, token);
      const refresh = revokeRefreshToken(emu, now, token);
      if (refresh.changes > 0) {
        revokeAccessTokensOf(emu, now, token);
      }
      if (access.changes === 0 && refresh.changes === 0) throw new OAuthError("invalid_token", "Token was invalid");
      return new Response(null, { status: 200 });
    }),
  );

  r.raw("GET", "/services/oauth2/userinfo", ({ req, url }) => {
    let caller: Caller;
    try {
      caller = authenticate(req);
    } catch {
      caller = { user: null, uvid: null };
    }
    // The identity service answers a bad token with 403 and one word of plain text (the data API answers 401).
    if (!caller.user)
      return new Response("Bad_OAuth_Token", { status: 403, headers: { "Content-Type": "text/plain" } });
    const u = caller.user;
    const { orgId } = site();
    return json({
      sub: `${url.origin}/id/${orgId}/${u.id}`,
      user_id: u.id,
      organization_id: orgId,
      preferred_username: u.username,
      nickname: u.first_name,
      name: `${u.first_name} ${u.last_name}`,
      given_name: u.first_name,
      family_name: u.last_name,
      email: u.email,
      email_verified: true,
      zoneinfo: "America/Los_Angeles",
      user_type: "POWER_CUSTOMER_SUCCESS",
      active: true,
      language: "en_US",
      locale: "en_US",
      utcOffset: -28800000,
    });
  });
}
