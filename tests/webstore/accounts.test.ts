import { describe, expect, it } from "vitest";
import { BASE, json, rel, testClient } from "./fake-fetch.js";
import { createHash } from "node:crypto";
import { CPA_DISABLED, jwtExpiry, newUvid } from "../../server/webstore/index.js";

const APP = { clientId: "cid", clientSecret: "secret", redirectUri: "https://shop.example/cb" };
const jwt = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.sig`;
const EXP = 1_800_000_000;
const tokenAnswer = {
  access_token: jwt({ exp: EXP, sub: "005DM0000000B01" }),
  refresh_token: "r-1",
  instance_url: "https://org.my.salesforce.com",
  sfdc_community_url: "https://shop.example/store",
  id: "https://org.my.salesforce.com/id/00DDM0000000001/005DM0000000B01",
  token_type: "Bearer",
  issued_at: "1700000000000",
};
const authorized = () =>
  new Response(null, { status: 302, headers: { Location: "https://shop.example/cb?code=c-1&sfdc_community_id=0DB" } });

describe("headless login (Authorization Code and Credentials Flow)", () => {
  it("authorizes with Basic credentials and a PKCE challenge, then exchanges the code with the verifier", async () => {
    const { client, calls } = testClient((_r, i) => (i === 0 ? authorized() : json(tokenAnswer)), {
      oauth: APP,
      effectiveAccountId: "001A",
    });
    const tokens = await client.headlessLogin("ada@example.com", "p&ss:word", { uvid: "u-1" });
    expect(tokens).toEqual({
      accessToken: tokenAnswer.access_token,
      refreshToken: "r-1",
      apiUrl: "https://shop.example/store",
      userId: "005DM0000000B01",
      issuedAt: 1_700_000_000_000,
      expiresAt: EXP * 1000,
    });
    const [authorize, token] = calls;
    expect(authorize.url.toString()).toBe(`${BASE}/services/oauth2/authorize`);
    expect(authorize.headers.get("auth-request-type")).toBe("Named-User");
    expect(authorize.headers.get("authorization")).toBe(
      `Basic ${Buffer.from("ada@example.com:p&ss:word").toString("base64")}`,
    );
    const asked = Object.fromEntries(new URLSearchParams(authorize.body));
    expect(asked).toMatchObject({
      response_type: "code_credentials",
      client_id: "cid",
      redirect_uri: APP.redirectUri,
      code_challenge_method: "S256",
      uvid_hint: "UVID u-1",
    });
    const exchanged = Object.fromEntries(new URLSearchParams(token.body));
    expect(exchanged).toMatchObject({
      grant_type: "authorization_code",
      code: "c-1",
      client_id: "cid",
      client_secret: "secret",
      redirect_uri: APP.redirectUri,
    });
    expect(createHash("sha256").update(exchanged.code_verifier).digest("base64url")).toBe(asked.code_challenge);
    // Identity calls never carry the webstore's query parameters.
    expect(authorize.url.search).toBe("");
  });

  it("signs in again without the uvid_hint when the site refuses the hint (the guest's cart is then not carried over)", async () => {
    const refused = () => json({ error: "invalid_request", error_description: "uvid invalid" }, 400);
    const { client, calls } = testClient((_r, i) => [refused, authorized, () => json(tokenAnswer)][i](), {
      oauth: APP,
    });
    await expect(client.headlessLogin("ada@example.com", "pw", { uvid: "u-1" })).resolves.toHaveProperty("accessToken");
    expect(calls).toHaveLength(3);
    expect(new URLSearchParams(calls[0].body).get("uvid_hint")).toBe("UVID u-1");
    expect(new URLSearchParams(calls[1].body).has("uvid_hint")).toBe(false);
    expect(calls[1].headers.get("authorization")).toBe(calls[0].headers.get("authorization"));
  });

  it("does not ask again after a wrong password, hint or not", async () => {
    const wrong = () => json({ error: "invalid_grant", error_description: "authentication failure" }, 400);
    const { client, calls } = testClient(wrong, { oauth: APP });
    await expect(client.headlessLogin("ada@example.com", "pw", { uvid: "u-1" })).rejects.toMatchObject({
      code: "invalid_grant",
    });
    expect(calls).toHaveLength(1);
  });

  it("sends the integration user's token (Client Credentials Flow at the org's URL) with the first reset request only, and asks for a new one when the site refuses it", async () => {
    const integration = { orgUrl: "https://org.my.salesforce.com", clientId: "int-id", clientSecret: "int-secret" };
    const answers = [
      () => json({ access_token: "00D!one", token_type: "Bearer" }),
      () => json({ status_code: "otp_sent" }),
      () => json({ status_code: "success" }),
      () => json({ error: "invalid_token", error_description: "expired" }, 401),
      () => json({ access_token: "00D!two", token_type: "Bearer" }),
      () => json({ status_code: "otp_sent" }),
    ];
    const { client, calls } = testClient((_r, i) => answers[i](), { oauth: APP, integration });
    await client.requestPasswordReset("ada@example.com");
    await client.resetPassword("ada@example.com", "123456", "new-pass-1");
    await client.requestPasswordReset("ada@example.com");
    expect(calls.map((c) => c.url.toString())).toEqual([
      "https://org.my.salesforce.com/services/oauth2/token",
      `${BASE}/services/auth/headless/forgot_password`,
      `${BASE}/services/auth/headless/forgot_password`,
      `${BASE}/services/auth/headless/forgot_password`,
      "https://org.my.salesforce.com/services/oauth2/token",
      `${BASE}/services/auth/headless/forgot_password`,
    ]);
    expect(Object.fromEntries(new URLSearchParams(calls[0].body))).toEqual({
      grant_type: "client_credentials",
      client_id: "int-id",
      client_secret: "int-secret",
    });
    expect(calls[1].headers.get("authorization")).toBe("Bearer 00D!one");
    expect(calls[2].headers.get("authorization")).toBeNull();
    expect(calls[3].headers.get("authorization")).toBe("Bearer 00D!one");
    expect(calls[5].headers.get("authorization")).toBe("Bearer 00D!two");
  });

  it("gets a guest token for a UVID with the guest headers on both requests, without credentials", async () => {
    const { client, calls } = testClient(
      (_r, i) => (i === 0 ? authorized() : json({ ...tokenAnswer, refresh_token: undefined })),
      { oauth: APP },
    );
    const tokens = await client.guestLogin("u-2");
    expect(tokens.refreshToken).toBeUndefined();
    expect(calls[0].headers.get("auth-request-type")).toBe("guest");
    expect(calls[0].headers.get("uvid-hint")).toBe("UVID u-2");
    expect(calls[0].headers.get("authorization")).toBeNull();
    expect(calls[1].headers.get("auth-request-type")).toBe("guest");
    expect(calls[1].headers.get("uvid-hint")).toBe("u-2");
    // The UVIDs the storefront mints are what the guest flow takes: version 4 UUIDs.
    expect(newUvid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("refreshes with the refresh token and keeps it when the answer has none (no rotation); revokes by token", async () => {
    const { client, calls } = testClient(
      (_r, i) => (i === 0 ? json({ ...tokenAnswer, refresh_token: undefined }) : new Response(null, { status: 200 })),
      { oauth: APP },
    );
    expect((await client.refreshAccessToken("r-1")).refreshToken).toBe("r-1");
    expect(Object.fromEntries(new URLSearchParams(calls[0].body))).toEqual({
      grant_type: "refresh_token",
      refresh_token: "r-1",
      client_id: "cid",
      client_secret: "secret",
    });
    await client.revokeToken("r-1");
    expect(calls[1].url.toString()).toBe(`${BASE}/services/oauth2/revoke`);
    expect(calls[1].body).toBe("token=r-1");
  });

  it("reads an opaque token as of unknown expiry and refuses to log in without a configured client app", async () => {
    expect(jwtExpiry("00D!opaque")).toBeNull();
    expect(jwtExpiry(jwt({ exp: 12 }))).toBe(12_000);
    const { client, calls } = testClient();
    await expect(client.headlessLogin("a", "b")).rejects.toThrow(/WEBSTORE_CLIENT_ID/);
    expect(calls).toHaveLength(0);
  });
});

describe("effective account", () => {
  it("requires an id: a blank one fails with the spec's message before any request", async () => {
    const { client, calls } = testClient();
    await expect(client.getEffectiveAccount("")).rejects.toThrow("'effectiveAccountId' param is required");
    await expect(client.getEffectiveAccount("   ")).rejects.toThrow("'effectiveAccountId' param is required");
    expect(calls).toHaveLength(0);
  });

  it("loads the account with the requested fields comma-joined", async () => {
    const { client, calls } = testClient(() =>
      json({ accountId: "001A", accountName: "Alpha", fields: { Id: "001A", Name: "Alpha" } }),
    );
    expect(await client.getEffectiveAccount("001A", { fields: ["Id", "Name"] })).toEqual({
      id: "001A",
      name: "Alpha",
      fields: { Id: "001A", Name: "Alpha" },
    });
    expect(rel(calls[0])).toBe("effective-accounts/001A");
    expect(calls[0].url.searchParams.get("fields")).toBe("Id,Name");
  });
});

describe("addresses", () => {
  it("are unavailable to guests and for page size 0: CPA disabled, no request", async () => {
    const guest = testClient();
    await expect(guest.client.getAddresses()).rejects.toMatchObject({ name: "WebstoreError", code: CPA_DISABLED });
    const buyer = testClient(() => json({ items: [] }), { accessToken: "t" });
    await expect(buyer.client.getAddresses({ pageSize: 0 })).rejects.toMatchObject({ message: "CPA disabled" });
    expect(guest.calls.length + buyer.calls.length).toBe(0);
  });

  it("list the current account with the spec defaults, which callers may override", async () => {
    const { client, calls } = testClient(() => json({ count: 0, items: [] }), { accessToken: "t" });
    await client.getAddresses({ addressType: "Shipping", pageSize: 10 });
    expect(rel(calls[0])).toBe("accounts/current/addresses");
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({
      addressType: "Shipping",
      pageSize: "10",
      excludeUnsupportedCountries: "true",
    });
    await client.getAddresses({ accountId: "001A", excludeUnsupportedCountries: false });
    expect(rel(calls[1])).toBe("accounts/001A/addresses");
    expect(calls[1].url.searchParams.get("excludeUnsupportedCountries")).toBe("false");
  });

  it("put the default address first on the page read, sending no undocumented parameter for it", async () => {
    const items = [
      { addressId: "8lWA", isDefault: false },
      { addressId: "8lWB", isDefault: true },
      { addressId: "8lWC", isDefault: false },
    ];
    const { client, calls } = testClient(() => json({ count: 3, items }), { accessToken: "t" });
    const listed = await client.getAddresses();
    expect(listed.items.map((a) => a.addressId)).toEqual(["8lWB", "8lWA", "8lWC"]);
    expect(calls[0].url.searchParams.has("shouldShowDefaultAddrFirst")).toBe(false);
  });

  it("create with POST and update with PATCH on the address id", async () => {
    const { client, calls } = testClient(() => json({ addressId: "8lWA" }), { accessToken: "t" });
    await client.createAddress({ name: "Home", city: "Lyon" });
    await client.updateAddress({ addressId: "8lWA", city: "Paris" });
    await client.updateAddress({ id: "8lWB", city: "Nice" }, { accountId: "001A" });
    expect(calls.map((c) => [c.method, rel(c), JSON.parse(c.body)])).toEqual([
      ["POST", "accounts/current/addresses", { name: "Home", city: "Lyon" }],
      ["PATCH", "accounts/current/addresses/8lWA", { city: "Paris" }],
      ["PATCH", "accounts/001A/addresses/8lWB", { city: "Nice" }],
    ]);
  });

  it("delete with DELETE on the address id, and read one address by addressId", async () => {
    const { client, calls } = testClient(
      (_r, i) => (i === 0 ? new Response(null, { status: 204 }) : json({ count: 1, items: [{ addressId: "8lWA" }] })),
      { accessToken: "t" },
    );
    await client.deleteAddress("8lWA", { accountId: "001A" });
    await client.getAddresses({ addressId: "8lWA", excludeUnsupportedCountries: false });
    expect(calls.map((c) => [c.method, rel(c)])).toEqual([
      ["DELETE", "accounts/001A/addresses/8lWA"],
      ["GET", "accounts/current/addresses"],
    ]);
    expect(calls[1].url.searchParams.get("addressId")).toBe("8lWA");
    await expect(client.deleteAddress("")).rejects.toThrow("addressId is required");
    expect(calls).toHaveLength(2);
  });

  it("refuse an update without an address id: 'addressId is required'", async () => {
    const { client, calls } = testClient(undefined, { accessToken: "t" });
    await expect(client.updateAddress({ city: "Paris" })).rejects.toThrow("addressId is required");
    expect(calls).toHaveLength(0);
  });
});
