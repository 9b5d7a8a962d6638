/**
 * The org's internal integration user, and what a site that requires authentication for its Headless Registration
 * and Headless Forgot Password APIs asks of their first requests (docs/emulator-identity.md, "Integration user"):
 *
 * - the OAuth 2.0 Client Credentials Flow: POST /services/oauth2/token `grant_type=client_credentials`, the connected
 *   app's consumer key and secret → an access token for the app's "Run As" user, with the app's scopes;
 * - NetworkAuthApiSettings' DoesRegistrationRequireAuth / DoesForgotPasswordRequireAuth: "an access token issued to
 *   an internal integration user in your initial POST request … is required. The access token must include the
 *   user_registration_api [forgot_password] scope". The emulated site requires it unless the emulator-only switch
 *   `headlessRequiresAuth` is off (a site that requires neither reCAPTCHA nor a token, which Salesforce Help says a
 *   site must not be).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFixture } from "../core/context.js";
import { json } from "../core/http.js";
import type { Emu } from "../core/state.js";
import { insertIntegrationToken, integrationToken } from "./store.js";

interface IntegrationApp {
  clientId: string;
  clientSecret: string;
  runAs: { userId: string; username: string };
  scopes: string[];
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** The connected apps with the Client Credentials Flow enabled (fixtures/identity.json, `integrationApps`). */
export function integrationApps(emu: Emu): IntegrationApp[] {
  return readFixture<{ integrationApps?: IntegrationApp[] }>(emu, "identity.json").integrationApps ?? [];
}

/**
 * `grant_type=client_credentials`: the token answer, or the OAuth error to answer. `client` is the app the
 * consumer key names; null when no integration app has it (the caller then tries its storefront apps).
 */
export function clientCredentialsGrant(
  emu: Emu,
  apps: IntegrationApp[],
  form: URLSearchParams,
  origin: string,
  orgId: string,
): { answer: Record<string, unknown> } | { error: string; description: string } {
  const app = apps.find((a) => a.clientId === form.get("client_id"));
  if (!app) return { error: "invalid_client_id", description: "client identifier invalid" };
  const secret = form.get("client_secret") ?? "";
  if (!secret || !timingSafeEqual(digest(secret), digest(app.clientSecret)))
    return { error: "invalid_client", description: "invalid client credentials" };
  const issuedAt = emu.clock.now();
  // An org's access token is an opaque session id that starts with the org id [I: its form is the org's own].
  const token = `${orgId}!${randomBytes(36).toString("base64url")}`;
  const scope = app.scopes.join(" ");
  insertIntegrationToken(
    emu,
    token,
    app.clientId,
    app.runAs.userId,
    scope,
    issuedAt,
    issuedAt + emu.settings.sessionSeconds * 1000,
  );
  const id = `${origin}/id/${orgId}/${app.runAs.userId}`;
  return {
    answer: {
      access_token: token,
      signature: createHash("sha256").update(`${id}${issuedAt}`).digest("base64"),
      scope,
      instance_url: origin,
      id,
      token_type: "Bearer",
      issued_at: String(issuedAt),
    },
  };
}

/**
 * The check on a headless API's first request: null when the site doesn't require authentication or the request
 * carries a live integration user's token with `scope`; else the refusal [I: statuses and bodies are RFC 6750's
 * for a bearer token that is missing or invalid (401 invalid_token) or lacks the scope (403 insufficient_scope); no
 * Salesforce page shows the answer].
 */
export function refuseWithoutIntegrationToken(emu: Emu, req: Request, scope: string): Response | null {
  if (!emu.settings.orgSetup.headlessRequiresAuth) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  const row = match ? integrationToken(emu, match[1]) : undefined;
  if (!row || row.expires_at <= emu.clock.now())
    return json({ error: "invalid_token", error_description: "an integration user's access token is required" }, 401, {
      "WWW-Authenticate": 'Bearer error="invalid_token"',
    });
  if (!row.scope.split(" ").includes(scope))
    return json(
      { error: "insufficient_scope", error_description: `the access token must include the ${scope} scope` },
      403,
      { "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${scope}"` },
    );
  return null;
}
