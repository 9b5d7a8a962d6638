import { describe, expect, it } from "vitest";
import { createWebstoreCaches, createWebstoreClient, isFetchError } from "../../server/webstore/index.js";
import { DEMO_CLIENT, DEMO_INTEGRATION, integrationAuthorization } from "../support/identity.js";
import { TARGET_NAMES, WEBSTORE_ID, login } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * The site's Headless Forgot Password Flow (docs/emulator-identity.md, "Forgot password"): a code by e-mail (read
 * from the emulator-only outbox), then the new password with it.
 */
describe.each(TARGET_NAMES)("Headless Forgot Password (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  const client = () =>
    createWebstoreClient({
      fetch: (r) => target.fetch(r),
      baseUrl: target.baseUrl,
      webstoreId: WEBSTORE_ID,
      oauth: DEMO_CLIENT,
      integration: DEMO_INTEGRATION,
      caches: createWebstoreCaches(),
      sleep: async () => {},
    });
  const codeFor = async (to: string) => {
    const { messages } = (await call("GET", `/__emulator/outbox?to=${encodeURIComponent(to)}`)).body;
    return /code to reset your password is (\d{6})/.exec(messages[0]?.text ?? "")?.[1];
  };
  const refusal = (run: () => Promise<unknown>) =>
    run().then(
      () => null,
      (e: unknown) => (isFetchError(e) ? { status: e.status, code: e.code, message: e.message } : e),
    );

  it("e-mails a code, and the code sets a new password: the old one no longer signs in, the new one does", async () => {
    await client().requestPasswordReset("Buyer@Demo.Store");
    const otp = await codeFor("buyer@demo.store");
    expect(otp).toMatch(/^\d{6}$/);
    await client().resetPassword("buyer@demo.store", otp!, "new-pass-2026");
    expect(await refusal(() => client().headlessLogin("buyer@demo.store", "demo-pass-1"))).toMatchObject({
      code: "invalid_grant",
    });
    await expect(login(target, "buyer@demo.store", "new-pass-2026")).resolves.toHaveProperty("authorization");
    // The code is used up.
    expect(await refusal(() => client().resetPassword("buyer@demo.store", otp!, "other-pass-3"))).toEqual({
      status: 400,
      code: "invalid_request",
      message: "otp invalid or expired",
    });
  });

  const raw = async (body: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await target.fetch(
      new Request(`${target.baseUrl}/services/auth/headless/forgot_password`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
    );
    return { status: res.status, body: await res.json() };
  };

  it("answers an unknown username exactly as a known one, otp_sent, and sends nothing", async () => {
    const token = await integrationAuthorization((r) => target.fetch(r), target.baseUrl);
    const known = await raw({ username: "buyer@demo.store" }, token);
    const unknown = await raw({ username: "nobody@demo.store" }, token);
    expect(known).toEqual({ status: 200, body: { status_code: "otp_sent" } });
    expect(unknown).toEqual(known);
    expect((await call("GET", "/__emulator/outbox?to=nobody%40demo.store")).body.messages).toEqual([]);
  });

  it("answers the new password with success; that request needs no integration token", async () => {
    await client().requestPasswordReset("buyer@demo.store");
    const otp = (await codeFor("buyer@demo.store"))!;
    expect(await raw({ username: "buyer@demo.store", otp, newpassword: "new-pass-2026" })).toEqual({
      status: 200,
      body: { status_code: "success" },
    });
  });

  it("refuses the first request without the integration user's token (401), with a buyer's token, or without the forgot_password scope (403), and mails nothing", async () => {
    const fetch = (r: Request) => target.fetch(r);
    expect(await raw({ username: "buyer@demo.store" })).toMatchObject({
      status: 401,
      body: { error: "invalid_token" },
    });
    const buyer = await login(target, "buyer@demo.store", "demo-pass-1");
    expect(await raw({ username: "buyer@demo.store" }, buyer)).toMatchObject({
      status: 401,
      body: { error: "invalid_token" },
    });
    const apiOnly = await integrationAuthorization(fetch, target.baseUrl, {
      clientId: "demo-integration-api-only",
      clientSecret: "demo-integration-api-only-secret",
    });
    expect(await raw({ username: "buyer@demo.store" }, apiOnly)).toMatchObject({
      status: 403,
      body: { error: "insufficient_scope" },
    });
    // The token lasts the session timeout, on the virtual clock.
    const token = await integrationAuthorization(fetch, target.baseUrl);
    await call("POST", "/__emulator/clock", { advanceSeconds: 2 * 60 * 60 + 1 });
    expect(await raw({ username: "buyer@demo.store" }, token)).toMatchObject({ status: 401 });
    expect((await call("GET", "/__emulator/outbox")).body.messages).toEqual([]);
  });

  it("(emulator-only) takes the first request without a token on a site switched to require none", async () => {
    await call("POST", "/__emulator/settings", { orgSetup: { headlessRequiresAuth: false } });
    expect(await raw({ username: "buyer@demo.store" })).toEqual({ status: 200, body: { status_code: "otp_sent" } });
    expect(await codeFor("buyer@demo.store")).toMatch(/^\d{6}$/);
  });

  it("the adapter asks for a new integration token when the site refuses the one it has", async () => {
    await client().requestPasswordReset("buyer@demo.store");
    await call("POST", "/__emulator/clock", { advanceSeconds: 2 * 60 * 60 + 1 });
    await client().requestPasswordReset("b2b@demo.store");
    expect(await codeFor("b2b@demo.store")).toMatch(/^\d{6}$/);
  });

  it("refuses a wrong code (five tries, then the code is gone), an expired one, and a password the policy refuses", async () => {
    await client().requestPasswordReset("buyer@demo.store");
    const otp = (await codeFor("buyer@demo.store"))!;
    const wrong = otp === "000000" ? "111111" : "000000";
    expect(await refusal(() => client().resetPassword("buyer@demo.store", otp, "short1"))).toMatchObject({
      status: 400,
      message: "Your password must have at least 8 characters and include letters and numbers.",
    });
    expect(await refusal(() => client().resetPassword("buyer@demo.store", otp, "lettersonly"))).toMatchObject({
      status: 400,
    });
    for (let i = 0; i < 3; i++)
      expect(await refusal(() => client().resetPassword("buyer@demo.store", wrong, "new-pass-2026"))).toMatchObject({
        message: "otp invalid or expired",
      });
    // Five wrong answers in all (two refused passwords came with the right code and don't count): one more wrong, then the right code is gone.
    expect(await refusal(() => client().resetPassword("buyer@demo.store", wrong, "new-pass-2026"))).not.toBeNull();
    expect(await refusal(() => client().resetPassword("buyer@demo.store", wrong, "new-pass-2026"))).not.toBeNull();
    expect(await refusal(() => client().resetPassword("buyer@demo.store", otp, "new-pass-2026"))).toMatchObject({
      message: "otp invalid or expired",
    });

    await client().requestPasswordReset("buyer@demo.store");
    const fresh = (await codeFor("buyer@demo.store"))!;
    await call("POST", "/__emulator/clock", { advanceSeconds: 15 * 60 + 1 });
    expect(await refusal(() => client().resetPassword("buyer@demo.store", fresh, "new-pass-2026"))).toMatchObject({
      message: "otp invalid or expired",
    });
  });

  it("(emulator-only) keeps the mails in an outbox, newest first, and a reset empties it", async () => {
    await client().requestPasswordReset("buyer@demo.store");
    await client().requestPasswordReset("b2b@demo.store");
    const all = (await call("GET", "/__emulator/outbox")).body.messages;
    expect(all.map((m: { to: string }) => m.to)).toEqual(["b2b@demo.store", "buyer@demo.store"]);
    expect(all[0]).toMatchObject({ subject: "Your verification code", sentAt: expect.any(String) });
    await call("POST", "/__emulator/reset");
    expect((await call("GET", "/__emulator/outbox")).body.messages).toEqual([]);
  });
});
