import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createWebstoreCaches, createWebstoreClient, isFetchError, jwtExpiry } from "../../server/webstore/index.js";
import { DEMO_CLIENT } from "../support/identity.js";
import { TARGET_NAMES, WEBSTORE_ID, guest, login } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * The emulated Experience Cloud site's identity (Headless Identity APIs): Headless Login (Authorization Code and
 * Credentials Flow with PKCE), the Headless Guest Flow, refresh, revoke and userinfo, each with its errors; and
 * the Commerce API's answer to a missing, revoked or expired token. docs/emulator.md ("Identity") cites the pages.
 */

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const NAMED = { "Auth-Request-Type": "Named-User", Authorization: basic("buyer@demo.store", "demo-pass-1") };
const verifier = "a-pkce-code-verifier-that-is-long-enough-0123456789";
const challenge = createHash("sha256").update(verifier).digest("base64url");

describe.each(TARGET_NAMES)("identity (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });

  async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await target.fetch(
      new Request(`${target.baseUrl}/services/oauth2/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      }),
    );
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* plain text */
    }
    return { status: res.status, headers: res.headers, body };
  }

  const authorizeFields = (extra: Record<string, string> = {}) => ({
    response_type: "code_credentials",
    client_id: DEMO_CLIENT.clientId,
    redirect_uri: DEMO_CLIENT.redirectUri,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...extra,
  });
  const tokenFields = (code: string, extra: Record<string, string> = {}) => ({
    grant_type: "authorization_code",
    code,
    client_id: DEMO_CLIENT.clientId,
    client_secret: DEMO_CLIENT.clientSecret,
    redirect_uri: DEMO_CLIENT.redirectUri,
    code_verifier: verifier,
    ...extra,
  });
  const codeOf = (res: { headers: Headers }) => new URL(res.headers.get("location")!).searchParams.get("code")!;

  async function namedCode(extra: Record<string, string> = {}) {
    const res = await post("authorize", authorizeFields(extra), NAMED);
    expect(res.status).toBe(302);
    return codeOf(res);
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const oauthError = (res: { status: number; body: any }, error: string, status = 400) => {
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error, error_description: expect.any(String) });
  };

  describe("Headless Login", () => {
    it("answers authorize with a 302 to the registered callback carrying the code, the site URL and id, and the state", async () => {
      const res = await post("authorize", authorizeFields({ state: "s-1" }), NAMED);
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("location")!);
      expect(`${location.origin}${location.pathname}`).toBe(DEMO_CLIENT.redirectUri);
      expect(Object.fromEntries(location.searchParams)).toEqual({
        code: expect.stringMatching(/^[\w-]{40,}$/),
        sfdc_community_url: new URL(target.baseUrl).origin,
        sfdc_community_id: "0DBDM0000000001",
        state: "s-1",
      });
    });

    it("exchanges the code with the secret and the PKCE verifier for a JWT-based access token and a refresh token", async () => {
      const res = await post("token", tokenFields(await namedCode()));
      expect(res.status).toBe(200);
      const origin = new URL(target.baseUrl).origin;
      expect(res.body).toMatchObject({
        access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        refresh_token: expect.any(String),
        instance_url: origin,
        sfdc_community_url: origin,
        sfdc_community_id: "0DBDM0000000001",
        id: `${origin}/id/00DDM0000000001/005DM0000000B2C`,
        token_type: "Bearer",
        issued_at: expect.stringMatching(/^\d{13}$/),
      });
      // The token's own expiry is the site's session timeout (2 h in the demo): the storefront reads it from `exp`.
      expect(jwtExpiry(res.body.access_token)! - Number(res.body.issued_at)).toBeGreaterThan(7_199_000);
      const context = await call("GET", "session-context", undefined, bearer(res.body.access_token));
      expect(context.body).toMatchObject({ userId: "005DM0000000B2C", guestUser: false });
    });

    it("refuses a wrong password or an unknown user alike (invalid_grant), and malformed requests (invalid_request)", async () => {
      const wrong = await post("authorize", authorizeFields(), {
        ...NAMED,
        Authorization: basic("buyer@demo.store", "nope"),
      });
      oauthError(wrong, "invalid_grant");
      const unknown = await post("authorize", authorizeFields(), {
        ...NAMED,
        Authorization: basic("nobody@demo.store", "nope"),
      });
      expect(unknown).toMatchObject({ status: wrong.status, body: wrong.body });
      oauthError(
        await post("authorize", authorizeFields(), { ...NAMED, Authorization: "Basic !!!" }),
        "invalid_request",
      );
      oauthError(await post("authorize", authorizeFields(), { Authorization: NAMED.Authorization }), "invalid_request");
      oauthError(await post("authorize", authorizeFields({ code_challenge: "short" }), NAMED), "invalid_request");
      oauthError(
        await post("authorize", authorizeFields({ code_challenge_method: "plain" }), NAMED),
        "invalid_request",
      );
      const json = await target.fetch(
        new Request(`${target.baseUrl}/services/oauth2/authorize`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...NAMED },
          body: "{}",
        }),
      );
      expect(json.status).toBe(400);
      expect(await json.json()).toMatchObject({ error: "invalid_request" });
    });

    it("refuses an unknown client, a callback it did not register and another response type", async () => {
      oauthError(await post("authorize", authorizeFields({ client_id: "someone-else" }), NAMED), "invalid_client_id");
      oauthError(
        await post("authorize", authorizeFields({ redirect_uri: "https://evil.example/cb" }), NAMED),
        "redirect_uri_mismatch",
      );
      oauthError(
        await post("authorize", authorizeFields({ response_type: "code" }), NAMED),
        "unsupported_response_type",
      );
    });

    it("refuses a wrong client secret (invalid_client) and a missing or wrong PKCE verifier (invalid_grant)", async () => {
      oauthError(await post("token", tokenFields(await namedCode(), { client_secret: "guess" })), "invalid_client");
      oauthError(await post("token", tokenFields(await namedCode(), { code_verifier: "" })), "invalid_grant");
      const mismatch = await post("token", tokenFields(await namedCode(), { code_verifier: `${verifier}x` }));
      oauthError(mismatch, "invalid_grant");
      oauthError(
        await post("token", tokenFields(await namedCode(), { redirect_uri: "https://demo.store/other" })),
        "invalid_grant",
      );
    });

    it("takes a code once, and not after it expired (15 minutes of virtual time)", async () => {
      const code = await namedCode();
      expect((await post("token", tokenFields(code))).status).toBe(200);
      oauthError(await post("token", tokenFields(code)), "invalid_grant");
      const late = await namedCode();
      await call("POST", "/__emulator/clock", { advanceSeconds: 15 * 60 + 1 });
      oauthError(await post("token", tokenFields(late)), "invalid_grant");
    });

    it("refuses the username-password grant, which Experience Cloud sites do not support", async () => {
      const res = await post("token", {
        grant_type: "password",
        username: "buyer@demo.store",
        password: "demo-pass-1",
        client_id: DEMO_CLIENT.clientId,
        client_secret: DEMO_CLIENT.clientSecret,
      });
      oauthError(res, "unsupported_grant_type");
    });
  });

  describe("tokens on the Commerce API", () => {
    it("answers 401 INVALID_SESSION_ID to a call with no token, a forged one and an expired one", async () => {
      for (const headers of [
        { authorization: "" },
        { authorization: "Bearer forged.token.value" },
        { authorization: "Basic abc" },
      ]) {
        const res = await call("GET", "application-context", undefined, headers);
        expect(res.status).toBe(401);
        expect(res.body).toEqual([{ errorCode: "INVALID_SESSION_ID", message: "Session expired or invalid" }]);
      }
      const buyer = await login(target);
      expect((await call("GET", "session-context", undefined, buyer)).status).toBe(200);
      await call("POST", "/__emulator/clock", { advanceSeconds: 7201 });
      expect((await call("GET", "session-context", undefined, buyer)).status).toBe(401);
    });

    it("checks the token before the path: a data path nothing serves is 401 without a token and 404 with one", async () => {
      const base = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;
      for (const path of [base, `${base}/no-such-resource`, "/services/data/v65.0/no-such-resource"]) {
        const anonymous = await call("GET", path, undefined, { authorization: "" });
        expect(anonymous.status).toBe(401);
        expect(anonymous.body).toEqual([{ errorCode: "INVALID_SESSION_ID", message: "Session expired or invalid" }]);
        const signed = await call("GET", path);
        expect(signed.status).toBe(404);
        expect(signed.body).toEqual([{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }]);
      }
    });

    it("refreshes with the refresh token; revoking it ends the refresh token and every access token it issued", async () => {
      const tokens = (await post("token", tokenFields(await namedCode()))).body;
      const refreshed = await post("token", {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: DEMO_CLIENT.clientId,
        client_secret: DEMO_CLIENT.clientSecret,
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.access_token).not.toBe(tokens.access_token);
      expect(refreshed.body.refresh_token).toBeUndefined();
      oauthError(
        await post("token", {
          grant_type: "refresh_token",
          refresh_token: tokens.refresh_token,
          client_id: DEMO_CLIENT.clientId,
          client_secret: "x",
        }),
        "invalid_client",
      );

      expect((await post("revoke", { token: tokens.refresh_token })).status).toBe(200);
      for (const token of [tokens.access_token, refreshed.body.access_token]) {
        expect(await call("GET", "session-context", undefined, bearer(token))).toMatchObject({
          status: 401,
          body: [{ errorCode: "INVALID_SESSION_ID" }],
        });
      }
      const again = await post("token", {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: DEMO_CLIENT.clientId,
        client_secret: DEMO_CLIENT.clientSecret,
      });
      expect(again.body).toEqual({ error: "invalid_grant", error_description: "expired access/refresh token" });
    });

    it("lets a refresh token lapse when it is not used for the session timeout (the demo app's policy)", async () => {
      const tokens = (await post("token", tokenFields(await namedCode()))).body;
      const refresh = () =>
        post("token", {
          grant_type: "refresh_token",
          refresh_token: tokens.refresh_token,
          client_id: DEMO_CLIENT.clientId,
          client_secret: DEMO_CLIENT.clientSecret,
        });
      await call("POST", "/__emulator/clock", { advanceSeconds: 7000 });
      expect((await refresh()).status).toBe(200);
      await call("POST", "/__emulator/clock", { advanceSeconds: 7201 });
      oauthError(await refresh(), "invalid_grant");
    });

    it("revokes an access token on its own, and answers an unknown token with 400 invalid_token", async () => {
      const buyer = await login(target);
      const token = buyer.authorization.replace("Bearer ", "");
      expect((await post("revoke", { token })).status).toBe(200);
      expect((await call("GET", "session-context", undefined, buyer)).status).toBe(401);
      oauthError(await post("revoke", { token }), "invalid_token");
      oauthError(await post("revoke", { token: "never-issued" }), "invalid_token");
    });

    it("answers userinfo for a buyer, and 403 Bad_OAuth_Token for a bad or guest token", async () => {
      const buyer = await login(target, "b2b@demo.store");
      const info = await target.fetch(new Request(`${target.baseUrl}/services/oauth2/userinfo`, { headers: buyer }));
      expect(info.status).toBe(200);
      expect(await info.json()).toMatchObject({
        user_id: "005DM0000000B2B",
        organization_id: "00DDM0000000001",
        preferred_username: "b2b@demo.store",
        given_name: "Morgan",
        family_name: "Procure",
        email: "b2b@demo.store",
      });
      for (const headers of [bearer("nope"), await guest(target)]) {
        const bad = await target.fetch(new Request(`${target.baseUrl}/services/oauth2/userinfo`, { headers }));
        expect(bad.status).toBe(403);
        expect(await bad.text()).toBe("Bad_OAuth_Token");
      }
    });
  });

  describe("Headless Guest Flow", () => {
    const GUEST = (uvid: string) => ({ "Auth-Request-Type": "guest", "Uvid-Hint": `UVID ${uvid}` });

    it("trades a UVID for a JWT-based guest token (no refresh token) that carries guest calls", async () => {
      const uvid = randomUUID();
      const code = codeOf(await post("authorize", authorizeFields(), GUEST(uvid)));
      const res = await post("token", tokenFields(code), { "Auth-Request-Type": "guest", "Uvid-Hint": uvid });
      expect(res.status).toBe(200);
      expect(res.body.refresh_token).toBeUndefined();
      const claims = JSON.parse(Buffer.from(res.body.access_token.split(".")[1], "base64url").toString());
      expect(claims).toMatchObject({ sub: `uvid:${uvid}`, exp: expect.any(Number) });
      const context = await call("GET", "session-context", undefined, bearer(res.body.access_token));
      expect(context.body).toMatchObject({ guestUser: true });
      expect((await call("GET", "external-managed-accounts", undefined, bearer(res.body.access_token))).status).toBe(
        401,
      );
    });

    it("refuses a missing or malformed UVID, and a token request without the guest headers (unknown_error)", async () => {
      oauthError(await post("authorize", authorizeFields(), { "Auth-Request-Type": "guest" }), "invalid_request");
      oauthError(
        await post("authorize", authorizeFields(), { "Auth-Request-Type": "guest", "Uvid-Hint": "UVID not-a-uuid" }),
        "invalid_request",
      );
      oauthError(
        await post("authorize", authorizeFields({ uvid_hint: "JWT forged.token.x" }), { "Auth-Request-Type": "guest" }),
        "invalid_request",
      );
      const uvid = randomUUID();
      const code = codeOf(await post("authorize", authorizeFields(), GUEST(uvid)));
      oauthError(await post("token", tokenFields(code)), "unknown_error");
    });

    it("takes the UVID only as the Uvid-Hint header written `UVID <v4 uuid>`: any other shape is invalid_request 'uvid invalid'", async () => {
      const uvid = randomUUID();
      const wrong: { headers: Record<string, string>; fields?: Record<string, string> }[] = [
        { headers: { "Auth-Request-Type": "guest", "Uvid-Hint": uvid } }, // no kind
        { headers: { "Auth-Request-Type": "guest", "Uvid-Hint": `UVID:${uvid}` } }, // not the documented separator
        { headers: { "Auth-Request-Type": "guest", "Uvid-Hint": `JWT ${uvid}` } }, // another kind
        { headers: { "Auth-Request-Type": "guest", "Uvid-Hint": "UVID 6f1c2a9e-1d2b-1c3d-8e4f-0a1b2c3d4e5f" } }, // v1
        { headers: { "Auth-Request-Type": "guest" }, fields: { uvid_hint: `UVID ${uvid}` } }, // a form field, no header
      ];
      for (const { headers, fields } of wrong) {
        const res = await post("authorize", authorizeFields(fields), headers);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: "invalid_request", error_description: "uvid invalid" });
      }
      // The documented form, with the header name in any case (HTTP header names are case-insensitive).
      const right = await post("authorize", authorizeFields(), {
        "auth-request-type": "guest",
        "uvid-hint": `UVID ${uvid}`,
      });
      expect(right.status).toBe(302);
      expect(codeOf(right)).toEqual(expect.any(String));
    });

    it("keeps a guest's cart with the UVID: a new guest token for the same UVID finds it, another UVID does not", async () => {
      const uvid = randomUUID();
      const first = await guest(target, uvid);
      const cart = await call("POST", "carts", {}, first);
      expect(cart.status).toBe(201);
      expect((await call("GET", `carts/${cart.body.cartId}`, undefined, await guest(target, uvid))).status).toBe(200);
      expect((await call("GET", `carts/${cart.body.cartId}`, undefined, await guest(target))).status).toBe(404);
    });

    it("takes a login's uvid_hint only as the guest flow writes it, `UVID <v4 uuid>` or `JWT <live guest token>`: any other shape is invalid_request 'uvid invalid'", async () => {
      // docs/emulator-identity.md, "UVID into a login" (HG-X; the shape is the guest flow's, HG and HG-C).
      const uvid = randomUUID();
      const guestToken = (await guest(target, uvid)).authorization.replace("Bearer ", "");
      for (const hint of [
        uvid, // no kind
        `uvid ${uvid}`, // the kind in another case
        `UVID:${uvid}`, // not the documented separator
        "UVID 6f1c2a9e-1d2b-1c3d-8e4f-0a1b2c3d4e5f", // a v1 UUID
        `SESSION ${uvid}`, // another kind
        "JWT forged.token.x", // not a token of this site
        "",
      ]) {
        const res = await post("authorize", authorizeFields({ uvid_hint: hint }), NAMED);
        expect(res.status, hint).toBe(400);
        expect(res.body).toEqual({ error: "invalid_request", error_description: "uvid invalid" });
      }
      for (const hint of [`UVID ${uvid}`, `JWT ${guestToken}`])
        expect((await post("authorize", authorizeFields({ uvid_hint: hint }), NAMED)).status, hint).toBe(302);
    });

    it("carries the guest's UVID into a login (a UVID or the guest's JWT as uvid_hint), so preserve finds the guest cart", async () => {
      const uvid = randomUUID();
      const guestAuth = await guest(target, uvid);
      const cart = (await call("POST", "carts", {}, guestAuth)).body.cartId;
      await call(
        "POST",
        `carts/${cart}/cart-items`,
        { productId: "01tDM0000000001", quantity: "1", type: "Product" },
        guestAuth,
      );
      const jwtHint = `JWT ${guestAuth.authorization.replace("Bearer ", "")}`;
      const code = codeOf(await post("authorize", authorizeFields({ uvid_hint: jwtHint }), NAMED));
      const buyer = bearer((await post("token", tokenFields(code))).body.access_token);
      const preserved = await call("POST", `carts/${cart}/actions/preserve`, undefined, buyer);
      expect(preserved.body).toMatchObject({ numberOfProductsWithSuccess: 1 });
    });
  });

  describe("through the storefront's client", () => {
    const client = (token?: string) =>
      createWebstoreClient({
        fetch: (r) => target.fetch(r),
        baseUrl: target.baseUrl,
        webstoreId: WEBSTORE_ID,
        oauth: DEMO_CLIENT,
        caches: createWebstoreCaches(),
        accessToken: token,
      });

    it("logs in with PKCE, reads userinfo, refreshes and revokes", async () => {
      const tokens = await client().headlessLogin("buyer@demo.store", "demo-pass-1");
      expect(tokens).toMatchObject({
        userId: "005DM0000000B2C",
        refreshToken: expect.any(String),
        apiUrl: new URL(target.baseUrl).origin,
      });
      expect(tokens.expiresAt).toBeGreaterThan(Date.now());
      expect(await client(tokens.accessToken).getUserInfo()).toMatchObject({
        userId: "005DM0000000B2C",
        firstName: "Alex",
        lastName: "Buyer",
      });
      const refreshed = await client().refreshAccessToken(tokens.refreshToken!);
      expect(refreshed.refreshToken).toBe(tokens.refreshToken);
      await client().revokeToken(tokens.refreshToken!);
      const after = await client(refreshed.accessToken)
        .getSessionContext()
        .catch((e: unknown) => e);
      expect(isFetchError(after) && after.status === 401 && after.code).toBe("INVALID_SESSION_ID");
    });

    it("reports a wrong password as invalid_grant, and gets guest tokens for a UVID", async () => {
      const failed = await client()
        .headlessLogin("buyer@demo.store", "wrong")
        .catch((e: unknown) => e);
      expect(isFetchError(failed) && failed.code).toBe("invalid_grant");
      const guestTokens = await client().guestLogin(randomUUID());
      expect(guestTokens.refreshToken).toBeUndefined();
      expect((await client(guestTokens.accessToken).getApplicationContext()).guestCartEnabled).toBe(true);
    });
  });
});
