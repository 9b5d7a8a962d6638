import { describe, expect, it } from "vitest";
import { createWebstoreCaches, createWebstoreClient, isFetchError } from "../../server/webstore/index.js";
import { DEMO_CLIENT } from "../support/identity.js";
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

  it("answers an unknown username exactly as a known one, and sends nothing", async () => {
    const raw = (username: string) =>
      target.fetch(
        new Request(`${target.baseUrl}/services/auth/headless/forgot_password`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ username }),
        }),
      );
    const known = await raw("buyer@demo.store");
    const unknown = await raw("nobody@demo.store");
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect((await call("GET", "/__emulator/outbox?to=nobody%40demo.store")).body.messages).toEqual([]);
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
