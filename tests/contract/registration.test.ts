import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createWebstoreCaches, createWebstoreClient, isFetchError } from "../../server/webstore/index.js";
import { DEMO_CLIENT } from "../support/identity.js";
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
    expect(await refusal(() => client().startRegistration({ ...NEW, email: "buyer@demo.store" }))).toEqual({
      status: 400,
      code: "invalid_request",
      message: "username already in use",
    });
  });

  it("refuses a password the site's policy refuses, and a malformed e-mail, before sending anything", async () => {
    expect(await refusal(() => client().startRegistration({ ...NEW, password: "short" }))).toMatchObject({
      status: 400,
      message: "Your password must have at least 8 characters and include letters and numbers.",
    });
    expect(await refusal(() => client().startRegistration({ ...NEW, email: "robin-at-example" }))).toMatchObject({
      status: 400,
    });
    expect((await call("GET", "/__emulator/outbox")).body.messages).toEqual([]);
  });
});
