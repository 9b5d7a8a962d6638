/**
 * Creating an account (app/routes/register): the site mails a code (read here from the emulator's outbox, as the
 * shopper reads their mail), the code creates the account and signs the new buyer in with their guest cart kept —
 * without JavaScript (POST → 303) and with it (single-fetch: redirects as data).
 */
import { afterEach, describe, expect, test } from "vitest";
import { useStore } from "../support/routes";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const REFUSED =
  "We couldn't create an account with these details. If you already have an account with this email address, sign in or reset your password; otherwise choose a password that meets the store's password rules.";
const ROBIN = { "First name": "Robin", "Last name": "Newcomer", Email: "robin@example.com", Password: "first-pass-1" };

const store = useStore();
afterEach(() => store.reset());

async function codeIn(address: string): Promise<string> {
  const answer = await store.control("GET", `/__emulator/outbox?to=${encodeURIComponent(address)}`);
  const { messages } = (await answer.json()) as { messages: { text: string }[] };
  const code = /is (\d{6})\./.exec(messages[0]?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

describe("Create an account", () => {
  test("without JavaScript: linked from Sign in; a code by mail; signed in as the new buyer with the guest cart", async () => {
    const visitor = store.visitor();
    await visitor.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "2" });
    const login = await visitor.load("/login");
    expect(login.html).toMatch(/<a [^>]*href="\/register"[^>]*>Create an account<\/a>/);

    const page = await visitor.load("/register");
    const started = await visitor.fill(page, "Continue", ROBIN);
    expect(started.status).toBe(303);
    expect(started.location).toMatch(/^\/register\?identifier=[\w-]+&email=robin%40example\.com$/);
    const step2 = await visitor.load(started.location!);
    expect(step2.toasts).toEqual(["We've sent a verification code to robin@example.com."]);

    const created = await visitor.fill(step2, "Create account", { "Verification code": await codeIn(ROBIN.Email) });
    expect(created.status).toBe(303);
    expect(created.location).toBe("/");
    const cart = await visitor.load("/cart");
    expect(cart.toasts).toEqual(["Welcome, Robin"]);
    expect(cart.text).toContain("Hello, Robin");
    expect(cart.cartCount).toBe(2);
    expect(cart.text).toContain(COFFEE.name);

    // The account is theirs: signing in again with the password works.
    const again = await store.signedIn({ username: ROBIN.Email, password: ROBIN.Password });
    expect((await again.load("/")).text).toContain("Hello, Robin");
  });

  test("refusals keep what was typed (never the password): a taken address and the site's policy (one message: the site answers both with one code), a wrong code", async () => {
    const visitor = store.visitor();
    const page = await visitor.load("/register");
    const taken = await visitor.fill(page, "Continue", { ...ROBIN, Email: "buyer@demo.store" });
    expect(taken.status).toBe(400);
    expect(taken.text).toContain(REFUSED);
    expect(taken.field("firstName")).toBe("Robin");
    expect(taken.field("password")).toBe("");

    const weak = await visitor.fill(page, "Continue", { ...ROBIN, Password: "short" });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain(REFUSED);
    expect(weak.field("email")).toBe(ROBIN.Email);

    const missing = await visitor.fill(page, "Continue", { ...ROBIN, "Last name": "" });
    expect(missing.status).toBe(400);

    const started = await visitor.fill(page, "Continue", ROBIN);
    const step2 = await visitor.load(started.location!);
    const code = await codeIn(ROBIN.Email);
    const wrong = await visitor.fill(step2, "Create account", {
      "Verification code": code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("That code is wrong or has expired.");
    expect((await visitor.load("/")).text).not.toContain("Hello, Robin");
  });

  test("with JavaScript: each step's redirect comes as data", async () => {
    const visitor = store.visitor();
    const started = await visitor.submit(
      "/register",
      { intent: "start", firstName: "Robin", lastName: "Newcomer", email: ROBIN.Email, password: ROBIN.Password },
      { js: true },
    );
    expect(started.status).toBe(202);
    const identifier = new URL(started.location!, store.url).searchParams.get("identifier")!;
    const created = await visitor.submit(
      "/register",
      { intent: "verify", identifier, otp: await codeIn(ROBIN.Email) },
      { js: true },
    );
    expect(created.status).toBe(202);
    expect(created.location).toBe("/");
    const root = await visitor.data("/", ["root"]);
    expect(root.data).toMatchObject({ root: { data: { shopper: { isLoggedIn: true, firstName: "Robin" } } } });
  });
});
