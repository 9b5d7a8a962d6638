/**
 * Tokens from the emulated site's Headless Identity endpoints, for tests that call the API directly: one pass of
 * the Authorization Code and Credentials Flow (no PKCE: the flow's own contract tests cover it).
 */
import { randomUUID } from "node:crypto";

/** The demo site's client app (fixtures/identity.json; README, demo contract). */
export const DEMO_CLIENT = {
  clientId: "demo-storefront",
  clientSecret: "demo-storefront-secret",
  redirectUri: "https://demo.store/oauth/callback",
};

/**
 * The demo org's integration user's connected app (fixtures/identity.json, `integrationApps`): the site requires its
 * token on the first requests of Headless Registration and Forgot Password.
 */
export const DEMO_INTEGRATION = { clientId: "demo-integration", clientSecret: "demo-integration-secret" };

export type FetchFn = (req: Request) => Promise<Response>;

function form(fetch: FetchFn, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(
    new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    }),
  );
}

/** authorize (the headers decide who: a named user or a guest) → code → tokens. */
async function codeFlow(
  fetch: FetchFn,
  siteUrl: string,
  authorizeHeaders: Record<string, string>,
  tokenHeaders: Record<string, string>,
  extra: Record<string, string>,
) {
  const authorized = await form(
    fetch,
    `${siteUrl}/services/oauth2/authorize`,
    {
      response_type: "code_credentials",
      client_id: DEMO_CLIENT.clientId,
      redirect_uri: DEMO_CLIENT.redirectUri,
      ...extra,
    },
    authorizeHeaders,
  );
  if (authorized.status !== 302) throw new Error(`authorize failed: ${authorized.status} ${await authorized.text()}`);
  const code = new URL(authorized.headers.get("location")!).searchParams.get("code")!;
  const res = await form(
    fetch,
    `${siteUrl}/services/oauth2/token`,
    {
      grant_type: "authorization_code",
      code,
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
      redirect_uri: DEMO_CLIENT.redirectUri,
    },
    tokenHeaders,
  );
  const body = await res.json();
  if (!res.ok) throw new Error(`token failed: ${JSON.stringify(body)}`);
  return body as { access_token: string; refresh_token?: string };
}

/** A guest token for `uvid` (Headless Guest Flow), as an Authorization header. */
export async function guestAuthorization(fetch: FetchFn, siteUrl: string, uvid: string = randomUUID()) {
  const body = await codeFlow(
    fetch,
    siteUrl,
    { "Auth-Request-Type": "guest", "Uvid-Hint": `UVID ${uvid}` },
    { "Auth-Request-Type": "guest", "Uvid-Hint": uvid },
    {},
  );
  return { authorization: `Bearer ${body.access_token}` };
}

/** A buyer's token (Headless Login), as an Authorization header; `uvid` carries a guest's identity over. */
export async function buyerAuthorization(
  fetch: FetchFn,
  siteUrl: string,
  username = "buyer@demo.store",
  password = "demo-pass-1",
  options: { uvid?: string } = {},
) {
  const basic = Buffer.from(`${username}:${password}`).toString("base64");
  const body = await codeFlow(
    fetch,
    siteUrl,
    { "Auth-Request-Type": "Named-User", Authorization: `Basic ${basic}` },
    {},
    options.uvid ? { uvid_hint: `UVID ${options.uvid}` } : {},
  );
  return { authorization: `Bearer ${body.access_token}` };
}

/** The integration user's token (Client Credentials Flow), as an Authorization header. */
export async function integrationAuthorization(
  fetch: FetchFn,
  siteUrl: string,
  app: { clientId: string; clientSecret: string } = DEMO_INTEGRATION,
) {
  const res = await form(fetch, `${siteUrl}/services/oauth2/token`, {
    grant_type: "client_credentials",
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`token failed: ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${(body as { access_token: string }).access_token}` };
}
