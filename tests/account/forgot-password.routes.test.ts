/**
 * A forgotten password (app/routes/forgot-password): the site e-mails a code (read here from the emulator's outbox,
 * as the shopper reads their mail), the code and a new password set it, and the buyer signs in with the new one —
 * without JavaScript (POST → 303) and with it (single-fetch: redirects as data).
 */
import { afterEach, describe, expect, test } from "vitest";
import { BUYER, useStore } from "../support/routes";

const CODE_SENT =
  "If an account uses that email address, we've sent it a verification code. Enter it below with your new password.";
const CHANGED = "Your password is changed. Sign in with your new password.";
const REFUSED =
  "We couldn't change your password: the code may be wrong or expired, or the new password may not meet the store's password rules.";

const store = useStore();
afterEach(() => store.reset());

async function codeIn(address: string): Promise<string> {
  const answer = await store.control("GET", `/__emulator/outbox?to=${encodeURIComponent(address)}`);
  const { messages } = (await answer.json()) as { messages: { text: string }[] };
  const code = /is (\d{6})\./.exec(messages[0]?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

describe("Forgot password", () => {
  test("without JavaScript: the Sign in page links to it; a code by mail, a new password, then signed in with it", async () => {
    const visitor = store.visitor();
    const login = await visitor.load("/login");
    expect(login.html).toMatch(/<a [^>]*href="\/forgot-password"[^>]*>Forgot your password\?<\/a>/);

    const page = await visitor.load("/forgot-password");
    expect(page.status).toBe(200);
    const sent = await visitor.fill(page, "Send code", { Email: BUYER.username });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/forgot-password?email=buyer%40demo.store");
    const step2 = await visitor.load(sent.location!);
    expect(step2.toasts).toEqual([CODE_SENT]);
    expect(step2.text).toContain("We sent a verification code to buyer@demo.store");

    const changed = await visitor.fill(step2, "Change password", {
      "Verification code": await codeIn(BUYER.username),
      "New password": "fresh-pass-42",
    });
    expect(changed.status).toBe(303);
    expect(changed.location).toBe("/login?email=buyer%40demo.store");
    const back = await visitor.load(changed.location!);
    expect(back.toasts).toEqual([CHANGED]);
    expect(back.field("username")).toBe(BUYER.username);

    expect((await visitor.fill(back, "Sign in", { Email: BUYER.username, Password: "fresh-pass-42" })).status).toBe(
      303,
    );
    const old = store.visitor();
    expect((await old.submit("/login", { username: BUYER.username, password: BUYER.password })).status).toBe(400);
  });

  test("an address no account uses reads the same, and nothing is sent", async () => {
    const visitor = store.visitor();
    const sent = await visitor.submit("/forgot-password", { intent: "request", username: "nobody@demo.store" });
    expect(sent.status).toBe(303);
    expect((await visitor.load(sent.location!)).toasts).toEqual([CODE_SENT]);
    const outbox = await store.control("GET", "/__emulator/outbox?to=nobody%40demo.store");
    expect(((await outbox.json()) as { messages: unknown[] }).messages).toEqual([]);
  });

  test("a wrong code, and a password the site's policy refuses: 400, one message for both (the site answers both with one code), the code kept, the password not", async () => {
    const visitor = store.visitor();
    await visitor.submit("/forgot-password", { intent: "request", username: BUYER.username });
    const code = await codeIn(BUYER.username);
    const step2 = await visitor.load("/forgot-password?email=buyer%40demo.store");
    const wrong = await visitor.fill(step2, "Change password", {
      "Verification code": code === "000000" ? "111111" : "000000",
      "New password": "fresh-pass-42",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(REFUSED);
    expect(wrong.field("password")).toBe("");

    const weak = await visitor.fill(step2, "Change password", { "Verification code": code, "New password": "short" });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain(REFUSED);
    expect(weak.field("otp")).toBe(code);
    expect(weak.html).not.toContain('value="short"');

    const blank = await visitor.submit("/forgot-password", { intent: "request", username: "not-an-email" });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain("Enter a valid email address");
  });

  test("with JavaScript: each step's redirect comes as data", async () => {
    const visitor = store.visitor();
    const sent = await visitor.submit(
      "/forgot-password",
      { intent: "request", username: BUYER.username },
      { js: true },
    );
    expect(sent.status).toBe(202);
    expect(sent.location).toBe("/forgot-password?email=buyer%40demo.store");
    const changed = await visitor.submit(
      "/forgot-password",
      { intent: "reset", username: BUYER.username, otp: await codeIn(BUYER.username), password: "fresh-pass-42" },
      { js: true },
    );
    expect(changed.status).toBe(202);
    expect(changed.location).toBe("/login?email=buyer%40demo.store");
    expect(
      (await visitor.submit("/login", { username: BUYER.username, password: "fresh-pass-42" }, { js: true })).status,
    ).toBe(202);
  });
});
