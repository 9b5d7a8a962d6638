import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createWebstoreCaches, createWebstoreClient, isFetchError } from "../../server/webstore/index.js";
import { DEMO_CLIENT, DEMO_INTEGRATION, integrationAuthorization } from "../support/identity.js";
import { TARGET_NAMES, WEBSTORE_ID } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * The site's Headless Registration Flow (docs/emulator-identity.md, "Registration"): the new buyer's data, a code by
 * e-mail (the emulator-only outbox), and the code through the authorization endpoint: a new buyer, signed in.
 */
describe.each(TARGET_NAMES)("Headless Registration (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  const client = (accessToken?: string) =>
    createWebstoreClient({
      fetch: (r) => target.fetch(r),
      baseUrl: target.baseUrl,
      webstoreId: WEBSTORE_ID,
      oauth: DEMO_CLIENT,
      integration: DEMO_INTEGRATION,
      caches: createWebstoreCaches(),
      accessToken,
      sleep: async () => {},
    });
  const NEW = { firstName: "Robin", lastName: "Newcomer", email: "robin@example.com", password: "first-pass-1" };
  const codeFor = async (to: string) => {
    const { messages } = (await call("GET", `/__emulator/outbox?to=${encodeURIComponent(to)}`)).body;
    return /finish creating your account is (\d{6})/.exec(messages[0]?.text ?? "")![1];
  };
  const refusal = (run: () => Promise<unknown>) =>
    run().then(
      () => null,
      (e: unknown) => (isFetchError(e) ? { status: e.status, code: e.code, message: e.message } : e),
    );

  it("registers with the mailed code: signed in as the new buyer, with an account of their own, the guest's UVID carried along", async () => {
    const uvid = randomUUID();
    const guest = client((await client().guestLogin(uvid)).accessToken);
    const cart = await guest.createCart();
    const identifier = await client().startRegistration(NEW);
    const tokens = await client().completeRegistration(identifier, await codeFor(NEW.email), { uvid });
    const buyer = client(tokens.accessToken);
    expect(await buyer.getUserInfo()).toMatchObject({ username: NEW.email, firstName: "Robin", lastName: "Newcomer" });
    const session = await buyer.getSessionContext();
    expect(session.isLoggedIn).toBe(true);
    expect(session.effectiveAccountId).toMatch(/^001/);
    // The guest's UVID went along: their cart can be preserved into the buyer's.
    await expect(buyer.preserveCart(cart.data.cartId!)).resolves.toBeDefined();
    // The new password signs in from now on.
    await expect(client().headlessLogin(NEW.email, NEW.password)).resolves.toHaveProperty("accessToken");
  });

  it("refuses a wrong code, a used one, and a username in use", async () => {
    const identifier = await client().startRegistration(NEW);
    const otp = await codeFor(NEW.email);
    const wrong = otp === "000000" ? "111111" : "000000";
    expect(await refusal(() => client().completeRegistration(identifier, wrong))).toEqual({
      status: 400,
      code: "invalid_grant",
      message: "otp invalid or expired",
    });
    await client().completeRegistration(identifier, otp);
    expect(await refusal(() => client().completeRegistration(identifier, otp))).toMatchObject({
      code: "invalid_grant",
    });
    // No page gives this refusal a code of its own: the storefront reads it as the one invalid_request.
    expect(await refusal(() => client().startRegistration({ ...NEW, email: "buyer@demo.store" }))).toMatchObject({
      status: 400,
      code: "invalid_request",
    });
  });

  it("refuses a password the site's policy refuses, and a malformed e-mail, before sending anything", async () => {
    expect(await refusal(() => client().startRegistration({ ...NEW, password: "short" }))).toMatchObject({
      status: 400,
      code: "invalid_request",
    });
    expect(await refusal(() => client().startRegistration({ ...NEW, email: "robin-at-example" }))).toMatchObject({
      status: 400,
    });
    expect((await call("GET", "/__emulator/outbox")).body.messages).toEqual([]);
  });

  const init = async (headers: Record<string, string>) => {
    const res = await target.fetch(
      new Request(`${target.baseUrl}/services/auth/headless/init/registration`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({
          userdata: { firstName: NEW.firstName, lastName: NEW.lastName, email: NEW.email, username: NEW.email },
          password: NEW.password,
          verificationmethod: "email",
        }),
      }),
    );
    return { status: res.status, body: await res.json() };
  };

  it("answers {email, identifier} with the integration user's token; refuses without it (401) or without the user_registration_api scope (403)", async () => {
    const fetch = (r: Request) => target.fetch(r);
    expect(await init({})).toMatchObject({ status: 401, body: { error: "invalid_token" } });
    const apiOnly = await integrationAuthorization(fetch, target.baseUrl, {
      clientId: "demo-integration-api-only",
      clientSecret: "demo-integration-api-only-secret",
    });
    expect(await init(apiOnly)).toMatchObject({ status: 403, body: { error: "insufficient_scope" } });
    expect((await call("GET", "/__emulator/outbox")).body.messages).toEqual([]);
    expect(await init(await integrationAuthorization(fetch, target.baseUrl))).toEqual({
      status: 200,
      body: { email: NEW.email, identifier: expect.any(String) },
    });
  });

  it("(emulator-only) takes a registration without a token on a site switched to require none", async () => {
    await call("POST", "/__emulator/settings", { orgSetup: { headlessRequiresAuth: false } });
    expect(await init({})).toMatchObject({ status: 200 });
  });
});
