/**
 * Identity as an Experience Cloud site issues it to a private (server-side) client, through the Headless Identity
 * APIs at the site URL (docs/emulator-identity.md cites the pages):
 * - buyers: Authorization Code and Credentials Flow with PKCE (`headlessLogin`), refresh, revoke, userinfo;
 * - guests: the Headless Guest Flow (`guestLogin`), a UVID the storefront mints exchanged for a JWT-based token.
 * OAuth failures reject with a FetchError whose first error's `type` is the OAuth `error` (invalid_grant, …).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { ClientCore, IntegrationApp } from "../core.js";
import { isFetchError } from "../errors.js";

/** The token endpoint's answer. */
interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  instance_url: string;
  /** Identity URL ending in the user id: https://host/id/{orgId}/{userId}. */
  id: string;
  token_type: string;
  issued_at: string;
  sfdc_community_url?: string;
  sfdc_community_id?: string;
}

export interface TokenSet {
  accessToken: string;
  /** Named users only, when the client app has the refresh_token scope. */
  refreshToken?: string;
  /** Where this token's API calls go: the site (community) URL when the answer names one, else instance_url. */
  apiUrl: string;
  userId: string;
  /** Epoch ms, as the token endpoint reports it. */
  issuedAt: number;
  /** Epoch ms from the JWT-based token's `exp`; null when the token is opaque (the org decides, unseen). */
  expiresAt: number | null;
}

export interface UserInfo {
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
}

/** A v4 UUID: the unique visitor id a storefront mints for a guest. */
export const newUvid = (): string => randomUUID();

const base64url = (data: Buffer) => data.toString("base64url");

/** PKCE (RFC 7636, S256): a random verifier and its challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash("sha256").update(verifier).digest()) };
}

/** The `exp` of a JWT-based access token, in epoch ms; null for an opaque token or one without `exp`. */
export function jwtExpiry(token: string): number | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as { exp?: unknown };
    return typeof payload.exp === "number" && Number.isFinite(payload.exp) ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

function toTokenSet(data: TokenResponse, fallbackRefresh?: string): TokenSet {
  return {
    accessToken: data.access_token,
    refreshToken: data.refresh_token ?? fallbackRefresh,
    apiUrl: (data.sfdc_community_url || data.instance_url || "").replace(/\/+$/, ""),
    userId: data.id?.split("/").filter(Boolean).pop() ?? "",
    issuedAt: Number(data.issued_at),
    expiresAt: jwtExpiry(data.access_token),
  };
}

/**
 * The integration user's access tokens, per token endpoint and app, shared by every client of the process: one
 * Client Credentials exchange serves every registration and reset until the site refuses the token (it expired, or
 * was revoked), when the next request asks for a new one.
 */
const integrationTokens = new Map<string, Promise<string>>();

/**
 * A named-user (or registration) authorization that the site refused because of its `uvid_hint` (400
 * invalid_request): the hint only carries the guest's cart over, so the sign-in is asked again without it.
 */
const refusedHint = (error: unknown) => isFetchError(error) && error.status === 400 && error.code === "invalid_request";

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`, "utf8").toString("base64")}`;

export function authApi(core: ClientCore) {
  const endpoint = (name: "authorize" | "token" | "revoke" | "userinfo") => `${core.siteUrl}/services/oauth2/${name}`;

  function app() {
    const { clientId, clientSecret, redirectUri } = core.oauth;
    if (!clientId || !clientSecret || !redirectUri) {
      throw new Error(
        "The storefront has no client app configured (WEBSTORE_CLIENT_ID, WEBSTORE_CLIENT_SECRET, WEBSTORE_REDIRECT_URI).",
      );
    }
    return { clientId, clientSecret, redirectUri };
  }

  /** POST authorize → the code from the 302's Location (nothing follows the redirect). */
  async function authorize(headers: Record<string, string>, fields: Record<string, string>): Promise<string> {
    const { clientId, redirectUri } = app();
    const answer = await core.http.postForm(
      endpoint("authorize"),
      { response_type: "code_credentials", client_id: clientId, redirect_uri: redirectUri, ...fields },
      { headers, acceptStatuses: [302] },
    );
    const location = answer.headers.get("location");
    const code = location ? new URL(location, endpoint("authorize")).searchParams.get("code") : null;
    if (!code) throw new Error("The site answered the authorization request without a code.");
    return code;
  }

  /** The integration user's token: Client Credentials Flow at the org's token endpoint (remembered, see above). */
  function integrationToken(integration: IntegrationApp, fresh: boolean): Promise<string> {
    const tokenUrl = `${(integration.orgUrl ?? core.siteUrl).replace(/\/+$/, "")}/services/oauth2/token`;
    const key = `${tokenUrl}|${integration.clientId}`;
    const known = integrationTokens.get(key);
    if (known && !fresh) return known;
    const asked = core.http
      .postForm<TokenResponse>(tokenUrl, {
        grant_type: "client_credentials",
        client_id: integration.clientId,
        client_secret: integration.clientSecret,
      })
      .then(
        ({ data }) => data.access_token,
        (error: unknown) => {
          // Said in the integration app's terms: the storefront's own client app is not the one refused here.
          if (!isFetchError(error) || error.status >= 500) throw error;
          throw new Error(
            `The org refused the integration user's token (Client Credentials Flow at ${tokenUrl}: ${error.status} ${error.code}: ${error.message}); check WEBSTORE_ORG_URL, WEBSTORE_INTEGRATION_CLIENT_ID and WEBSTORE_INTEGRATION_CLIENT_SECRET, and that the connected app has the Client Credentials Flow with a Run As user.`,
          );
        },
      );
    integrationTokens.set(key, asked);
    asked.catch(() => integrationTokens.delete(key));
    return asked;
  }

  /**
   * A first request of Headless Registration or Forgot Password, with the integration user's token as a bearer token
   * when the storefront has the app; a token the site refuses (401) is replaced once.
   */
  async function postWithIntegrationToken<T>(url: string, body: unknown) {
    const integration = core.integration;
    if (!integration) return core.http.postJsonAbsolute<T>(url, body);
    const send = async (fresh: boolean) =>
      core.http.postJsonAbsolute<T>(url, body, {
        headers: { Authorization: `Bearer ${await integrationToken(integration, fresh)}` },
      });
    try {
      return await send(false);
    } catch (error) {
      if (isFetchError(error) && error.status === 401) return send(true);
      throw error;
    }
  }

  /** A buyer's authorization with the guest's UVID as `uvid_hint`, asked again without it if the site refuses it. */
  async function authorizeWithHint(
    headers: Record<string, string>,
    fields: Record<string, string>,
    uvid: string | undefined,
  ): Promise<string> {
    if (!uvid) return authorize(headers, fields);
    try {
      return await authorize(headers, { ...fields, uvid_hint: `UVID ${uvid}` });
    } catch (error) {
      if (!refusedHint(error)) throw error;
      console.warn(
        `The site refused the sign-in's uvid_hint (${(error as Error).message}); signing in without it, so the guest's cart is not carried over.`,
      );
      return authorize(headers, fields);
    }
  }

  async function exchange(code: string, verifier: string, headers: Record<string, string> = {}): Promise<TokenSet> {
    const { clientId, clientSecret, redirectUri } = app();
    const { data } = await core.http.postForm<TokenResponse>(
      endpoint("token"),
      {
        grant_type: "authorization_code",
        code,
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      },
      { headers },
    );
    return toTokenSet(data);
  }

  return {
    /**
     * Headless Login: the buyer's username and password for a code (PKCE), then the code for tokens. `uvid`
     * carries the guest's identity into the buyer's session (uvid_hint), so their guest cart can be preserved.
     * A wrong username or password fails with FetchError code `invalid_grant`.
     */
    async headlessLogin(username: string, password: string, options: { uvid?: string } = {}): Promise<TokenSet> {
      const { verifier, challenge } = pkcePair();
      const code = await authorizeWithHint(
        { "Auth-Request-Type": "Named-User", Authorization: basic(username, password) },
        { code_challenge: challenge, code_challenge_method: "S256" },
        options.uvid,
      );
      return exchange(code, verifier);
    },

    /** Headless Guest Flow: a JWT-based guest access token for the visitor `uvid` (no refresh token). */
    async guestLogin(uvid: string): Promise<TokenSet> {
      const { verifier, challenge } = pkcePair();
      const guestHeaders = { "Auth-Request-Type": "guest", "Uvid-Hint": `UVID ${uvid}` };
      const code = await authorize(guestHeaders, { code_challenge: challenge, code_challenge_method: "S256" });
      return exchange(code, verifier, { "Auth-Request-Type": "guest", "Uvid-Hint": uvid });
    },

    /** A new access token for the buyer's refresh token (FetchError `invalid_grant` once it is revoked). */
    async refreshAccessToken(refreshToken: string): Promise<TokenSet> {
      const { clientId, clientSecret } = app();
      const { data } = await core.http.postForm<TokenResponse>(endpoint("token"), {
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: clientId,
        client_secret: clientSecret,
      });
      return toTokenSet(data, refreshToken);
    },

    /** Revokes a token; a refresh token takes its access tokens with it (logout). */
    async revokeToken(token: string): Promise<void> {
      await core.http.postForm(endpoint("revoke"), { token });
    },

    /**
     * Headless Registration, first request: the new buyer's data and password, with the integration user's token;
     * the site e-mails them a code. Resolves to the registration's identifier (for the verification). The site's
     * refusal of the data (its password policy, a username in use: no page tells them apart by code) fails with a
     * FetchError 400 `invalid_request`; of the token, 401 / 403.
     */
    async startRegistration(user: {
      firstName: string;
      lastName: string;
      email: string;
      password: string;
    }): Promise<string> {
      const { data } = await postWithIntegrationToken<{ identifier?: string }>(
        `${core.siteUrl}/services/auth/headless/init/registration`,
        {
          userdata: { firstName: user.firstName, lastName: user.lastName, email: user.email, username: user.email },
          password: user.password,
          verificationmethod: "email",
        },
      );
      if (!data?.identifier) throw new Error("The site answered the registration without an identifier.");
      return data.identifier;
    },

    /**
     * Headless Registration, verification: the identifier and the mailed code, through the authorization endpoint
     * (`user-registration`), then the code for the new buyer's tokens, as at a login. `uvid` carries the guest's
     * identity along (uvid_hint), so the guest cart can be kept. A wrong code fails with FetchError `invalid_grant`.
     */
    async completeRegistration(identifier: string, otp: string, options: { uvid?: string } = {}): Promise<TokenSet> {
      const { verifier, challenge } = pkcePair();
      const code = await authorizeWithHint(
        {
          "Auth-Request-Type": "user-registration",
          "Auth-Verification-Type": "email",
          Authorization: basic(identifier, otp),
        },
        { code_challenge: challenge, code_challenge_method: "S256" },
        options.uvid,
      );
      return exchange(code, verifier);
    },

    /**
     * Headless Forgot Password, first request, with the integration user's token: the site e-mails the user a
     * one-time password. It answers the same (`{"status_code":"otp_sent"}`) whether the username exists or not;
     * resolves to that `status_code`.
     */
    async requestPasswordReset(username: string): Promise<string | undefined> {
      const { data } = await postWithIntegrationToken<{ status_code?: unknown } | null>(
        `${core.siteUrl}/services/auth/headless/forgot_password`,
        { username },
      );
      return typeof data?.status_code === "string" ? data.status_code : undefined;
    },

    /**
     * Headless Forgot Password, second request: the code from the e-mail and the new password. A wrong or expired code
     * or a password the site's policy refuses fails with a FetchError 400 `invalid_request` (no page tells them
     * apart by code). Resolves to the answer's `status_code` (`success`).
     */
    async resetPassword(username: string, otp: string, newPassword: string): Promise<string | undefined> {
      const { data } = await core.http.postJsonAbsolute<{ status_code?: unknown } | null>(
        `${core.siteUrl}/services/auth/headless/forgot_password`,
        { username, otp, newpassword: newPassword },
      );
      return typeof data?.status_code === "string" ? data.status_code : undefined;
    },

    /** Who the client's token belongs to (named users). */
    async getUserInfo(): Promise<UserInfo> {
      const answer = await core.http.getAbsolute<Record<string, unknown>>(endpoint("userinfo"));
      const text = (key: string) => (typeof answer.data?.[key] === "string" ? (answer.data[key] as string) : "");
      return {
        userId: text("user_id"),
        username: text("preferred_username"),
        firstName: text("given_name"),
        lastName: text("family_name"),
        email: text("email") || null,
      };
    },
  };
}
