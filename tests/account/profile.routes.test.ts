/**
 * My profile (app/routes/account_.profile.tsx, app/account/server/profile.server.ts): the buyer's name, e-mail address
 * and phone from GET myprofile; a name saved at once (PATCH myprofile); from API 64.0 an e-mail or phone change first
 * sends a code to the buyer's e-mail address (read here from the emulator's outbox, as the buyer reads their mail)
 * and is saved only with it. Without JavaScript (POST → 303) and with it (single fetch: redirects as data). Below
 * 64.0 no code is asked; below 59.0 the page only shows the details. Guests sign in first.
 */
import { afterEach, describe, expect, test } from "vitest";
import { buyerAuthorization } from "../support/identity";
import { BUYER, useStore, type Store, type Visitor } from "../support/routes";

const SAVED = "Your profile is saved.";
const CODE_SENT = "We've sent a verification code to bu***@de**.store.";
const CODE_REFUSED = "That code is wrong or has expired. Check the email, or ask for a new code.";
const CODE_STEP = "/account/profile?step=code";

/** The codes mailed to `address`, newest first. */
async function codesIn(store: Store, address: string): Promise<string[]> {
  const answer = await store.control("GET", `/__emulator/outbox?to=${encodeURIComponent(address)}`);
  const { messages } = (await answer.json()) as { messages: { text: string }[] };
  return messages.map((m) => /verification code is (\d{6})/.exec(m.text)?.[1] ?? "").filter(Boolean);
}

async function latestCode(store: Store, address: string): Promise<string> {
  const [code] = await codesIn(store, address);
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

/** The profile as the API holds it (GET myprofile with the buyer's own token). */
async function apiProfile(store: Store) {
  const headers = await buyerAuthorization((r) => fetch(r), store.url);
  const res = await fetch(`${store.url}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001/myprofile`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** The page's details form as it starts (the profile, or a change still waiting for its code). */
async function profileOf(visitor: Visitor) {
  const page = await visitor.load("/account/profile");
  expect(page.status).toBe(200);
  return {
    firstName: page.field("firstName"),
    lastName: page.field("lastName"),
    email: page.field("email"),
    phoneNumber: page.field("phoneNumber"),
  };
}

describe("at API 65.0", () => {
  const store = useStore();
  afterEach(() => store.reset());

  test("a guest is sent to sign in, and comes back here afterwards", async () => {
    const guest = store.visitor();
    const page = await guest.load("/account/profile");
    expect(page.status).toBe(303);
    expect(page.location).toBe("/login?redirectTo=%2Faccount%2Fprofile");
    const login = await guest.load(page.location!);
    expect(login.toasts).toEqual(["Sign in to see your profile."]);
    const signedIn = await guest.fill(login, "Sign in", { Email: BUYER.username, Password: BUYER.password });
    expect(signedIn.location).toBe("/account/profile");
  });

  test("shows the buyer's details, linked from the account page", async () => {
    const buyer = await store.signedIn(BUYER);
    const account = await buyer.load("/account");
    expect(account.html).toMatch(/<a [^>]*href="\/account\/profile"[^>]*>My profile<\/a>/);
    const page = await buyer.load("/account/profile");
    expect(page.status).toBe(200);
    expect(page.text).toContain("My profile");
    expect(page.text).toContain("You sign in as buyer@demo.store.");
    expect(await profileOf(buyer)).toEqual({
      firstName: "Alex",
      lastName: "Buyer",
      email: "buyer@demo.store",
      phoneNumber: "4155550100",
    });
  });

  test("without JavaScript: a new name is saved at once, no code asked, and the header greets by it", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/account/profile");
    const saved = await buyer.fill(page, "Save changes", { "First Name": "Alexis" });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/account/profile");
    const after = await buyer.load(saved.location!);
    expect(after.toasts).toEqual([SAVED]);
    expect(after.text).toContain("Hello, Alexis");
    expect((await profileOf(buyer)).firstName).toBe("Alexis");
    expect(await codesIn(store, BUYER.username)).toEqual([]);
  });

  test("a refused form keeps what was typed and says what is wrong", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/account/profile");
    const refused = await buyer.fill(page, "Save changes", {
      "First Name": "Alexis",
      "Last Name": "",
      Email: "not-an-address",
      "Phone Number": "call me",
    });
    expect(refused.status).toBe(400);
    expect(refused.fieldError("lastName")).toBe("Complete this field.");
    expect(refused.fieldError("email")).toBe("Enter a valid email address, such as john@example.com.");
    expect(refused.fieldError("phoneNumber")).toBe("You have entered an invalid format.");
    expect(refused.field("firstName")).toBe("Alexis");
    expect(refused.field("email")).toBe("not-an-address");
    expect(refused.field("phoneNumber")).toBe("call me");
    expect(await apiProfile(store)).toMatchObject({ firstName: "Alex", email: "buyer@demo.store" });
  });

  test("without JavaScript: a new e-mail address asks for the code sent to the current one; a wrong code changes nothing, the right one saves", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/account/profile");
    const asked = await buyer.fill(page, "Save changes", { Email: "alexis@example.com", "First Name": "Alexis" });
    expect(asked.status).toBe(303);
    expect(asked.location).toBe(CODE_STEP);
    const step2 = await buyer.load(asked.location!);
    expect(step2.toasts).toEqual([CODE_SENT]);
    expect(step2.text).toContain("Enter your verification code");
    expect(step2.text).toContain("alexis@example.com");
    // Nothing is changed before the code: the code went to the address the account has now.
    expect(await apiProfile(store)).toMatchObject({ firstName: "Alex", email: "buyer@demo.store" });
    const code = await latestCode(store, BUYER.username);
    expect(await codesIn(store, "alexis@example.com")).toEqual([]);

    const refused = await buyer.fill(step2, "Confirm and save", { "Verification code": wrong(code) });
    expect(refused.status).toBe(400);
    expect(refused.fieldError("code")).toBe(CODE_REFUSED);
    expect(refused.field("code")).toBe(wrong(code));
    expect((await apiProfile(store)).email).toBe("buyer@demo.store");

    const done = await buyer.fill(await buyer.load(CODE_STEP), "Confirm and save", { "Verification code": code });
    expect(done.status).toBe(303);
    expect(done.location).toBe("/account/profile");
    expect((await buyer.load(done.location!)).toasts).toEqual([SAVED]);
    expect(await profileOf(buyer)).toEqual({
      firstName: "Alexis",
      lastName: "Buyer",
      email: "alexis@example.com",
      phoneNumber: "4155550100",
    });
    // The change is done: the code step has nothing left to ask.
    expect((await buyer.load(CODE_STEP)).location).toBe("/account/profile");
  });

  test("with JavaScript: a new phone goes through the same code step, as data", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/account/profile");
    const asked = await buyer.fill(page, "Save changes", { "Phone Number": "(415) 555-0199" }, { js: true });
    expect(asked.status).toBe(202);
    expect(asked.location).toBe(CODE_STEP);
    const step2 = await buyer.load(CODE_STEP);
    const code = await latestCode(store, BUYER.username);
    const refused = await buyer.fill(step2, "Confirm and save", { "Verification code": wrong(code) }, { js: true });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain(CODE_REFUSED);
    const done = await buyer.fill(step2, "Confirm and save", { "Verification code": code }, { js: true });
    expect(done.location).toBe("/account/profile");
    expect((await profileOf(buyer)).phoneNumber).toBe("(415) 555-0199");
  });

  test("the same number written another way is no phone change: saved without a code", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/account/profile");
    const saved = await buyer.fill(page, "Save changes", { "Phone Number": "415-555-0100", "Last Name": "Buyers" });
    expect(saved.location).toBe("/account/profile");
    expect(await codesIn(store, BUYER.username)).toEqual([]);
    expect(await profileOf(buyer)).toMatchObject({ lastName: "Buyers", phoneNumber: "4155550100" });
  });

  test("an expired code is refused; a new code works; going back to the details keeps the change typed", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/account/profile");
    await buyer.fill(page, "Save changes", { Email: "alexis@example.com" });
    const first = await latestCode(store, BUYER.username);
    // The emulator's codes last 15 minutes.
    expect((await store.control("POST", "/__emulator/clock", { advanceSeconds: 16 * 60 })).ok).toBe(true);
    const step2 = await buyer.load(CODE_STEP);
    const expired = await buyer.fill(step2, "Confirm and save", { "Verification code": first });
    expect(expired.status).toBe(400);
    expect(expired.fieldError("code")).toBe(CODE_REFUSED);

    // Back to the details: the form still has the new address, waiting for its code.
    const details = await buyer.load("/account/profile");
    expect(details.field("email")).toBe("alexis@example.com");
    expect(details.text).toContain("waiting for its code");

    const resent = await buyer.fill(step2, "Send a new code", {});
    expect(resent.location).toBe(CODE_STEP);
    expect((await buyer.load(CODE_STEP)).toasts).toEqual([CODE_SENT]);
    const second = await latestCode(store, BUYER.username);
    const done = await buyer.fill(await buyer.load(CODE_STEP), "Confirm and save", { "Verification code": second });
    expect(done.location).toBe("/account/profile");
    expect((await profileOf(buyer)).email).toBe("alexis@example.com");
  });

  test("cancelling the change drops it: the profile and the form are as they were", async () => {
    const buyer = await store.signedIn(BUYER);
    await buyer.fill(await buyer.load("/account/profile"), "Save changes", { Email: "alexis@example.com" });
    const cancelled = await buyer.fill(await buyer.load(CODE_STEP), "Cancel the change", {});
    expect(cancelled.location).toBe("/account/profile");
    const page = await buyer.load(cancelled.location!);
    expect(page.toasts).toEqual(["Your changes weren't saved."]);
    expect(page.field("email")).toBe("buyer@demo.store");
    expect((await buyer.load(CODE_STEP)).location).toBe("/account/profile");
  });
});

describe("before API 64.0", () => {
  const at63 = useStore({ env: { WEBSTORE_API_VERSION: "63.0" } });
  const at58 = useStore({ env: { WEBSTORE_API_VERSION: "58.0" } });

  test("at 63.0 a new e-mail address is saved without a code (initOTP is a 64.0 resource)", async () => {
    const buyer = await at63.signedIn(BUYER);
    const saved = await buyer.fill(await buyer.load("/account/profile"), "Save changes", {
      Email: "alexis@example.com",
    });
    expect(saved.location).toBe("/account/profile");
    expect((await buyer.load(saved.location!)).toasts).toEqual([SAVED]);
    expect((await profileOf(buyer)).email).toBe("alexis@example.com");
    expect(await codesIn(at63, BUYER.username)).toEqual([]);
  });

  test("at 58.0 the page shows the details without a form (PATCH myprofile is a 59.0 resource)", async () => {
    const buyer = await at58.signedIn(BUYER);
    const page = await buyer.load("/account/profile");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Alex");
    expect(page.text).toContain("buyer@demo.store");
    expect(page.text).toContain("Your details can't be changed in this store.");
    expect(page.field("firstName")).toBeNull();
    const posted = await buyer.submit("/account/profile", {
      intent: "save",
      firstName: "Alexis",
      lastName: "Buyer",
      email: "buyer@demo.store",
    });
    expect(posted.location).toBe("/account/profile");
    expect((await buyer.load(posted.location!)).toasts).toEqual(["Your profile can't be changed here."]);
  });
});
