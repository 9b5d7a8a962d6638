/**
 * The limits on what costs the org or a person (docs/limits.md), as an attacker meets them from one address (every
 * visitor here is 127.0.0.1): new guest identities and carts, verification codes mailed, codes tried. Past each the
 * page answers 429 with Retry-After and what was typed, and the API is not asked (the emulator's journal); a crawler
 * (isbot) never gets an identity or a cart. Each test starts from a reset store, which forgets the counts.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { DEFAULT_LIMITS } from "../../server/limits";
import { BUYER, useStore } from "../support/routes";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const NEW_CARTS = /^Too many new carts have been started from your network\. Try again in \d+ minutes?\.$/;
const CODE_REQUESTS = /^Too many verification codes have been asked for\. Try again in \d+ minutes?\.$/;
const CODE_VOID = "That code was tried too many times and can no longer be used. Ask for a new code.";
const CODE_TRIES = /^Too many wrong codes for this email address\. Try again in \d+ minutes?\.$/;
const CRAWLER = "Automated browsers can look around the store but can't add to a cart.";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const IDENTITIES = DEFAULT_LIMITS.guestIdentityPerAddress.points;
const RESETS_PER_EMAIL = DEFAULT_LIMITS.resetRequestPerEmail.points;
const RESETS_PER_ADDRESS = DEFAULT_LIMITS.resetRequestPerAddress.points;
const REGISTRATIONS_PER_EMAIL = DEFAULT_LIMITS.registrationPerEmail.points;
const REGISTRATIONS_PER_ADDRESS = DEFAULT_LIMITS.registrationPerAddress.points;
const TRIES_PER_CODE = DEFAULT_LIMITS.codeFailuresPerCode.points;
const TRIES_PER_ACCOUNT = DEFAULT_LIMITS.codeFailuresPerAccount.points;

const store = useStore();
beforeEach(async () => {
  await store.reset();
  // The server's browsing identity is made again for the reset store before the journal is emptied: what follows
  // counts the visitors' own.
  expect((await store.visitor().load("/")).status).toBe(200);
  await store.control("DELETE", "/__emulator/journal");
});

async function journal(): Promise<{ method: string; path: string }[]> {
  const answer = await store.control("GET", "/__emulator/journal");
  return ((await answer.json()) as { entries: { method: string; path: string }[] }).entries;
}
/**
 * What was sent to the API. A refused form's page still reads the store's header as any page does (a visitor
 * without a guest identity gets one for those reads, counted by the identity limit): those are not the refused call.
 */
const sent = async () =>
  (await journal())
    .filter((e) => e.method !== "GET" && !e.path.startsWith("/services/oauth2/"))
    .map((e) => `${e.method} ${e.path}`);
/** Guest identities made: each is one token exchange (Headless Guest Flow). */
const identitiesMade = async () =>
  (await journal()).filter((e) => e.method === "POST" && e.path === "/services/oauth2/token").length;
const cartsMade = async () => (await journal()).filter((e) => e.method === "POST" && /\/carts$/.test(e.path)).length;

async function mailsTo(address: string): Promise<string[]> {
  const answer = await store.control("GET", `/__emulator/outbox?to=${encodeURIComponent(address)}`);
  return ((await answer.json()) as { messages: { text: string }[] }).messages.map((m) => m.text);
}
const codeOf = (text: string | undefined) => /is (\d{6})\./.exec(text ?? "")?.[1] ?? "";
/** The reset's second step (the code and the new password), as the first step's redirect names it. */
const STEP_2 = `/forgot-password?email=${encodeURIComponent(BUYER.username)}`;
const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

describe("New guest identities and carts per address", () => {
  test(`the ${IDENTITIES}th cookie-less add is served; the next is a 429 with Retry-After, the message and the quantity typed, and asks the API nothing`, async () => {
    for (let i = 1; i <= IDENTITIES; i++) {
      const added = await store.visitor().submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" });
      expect(added.status, `add ${i}`).toBe(303);
    }
    expect(await identitiesMade()).toBe(IDENTITIES);
    expect(await cartsMade()).toBe(IDENTITIES);
    await store.control("DELETE", "/__emulator/journal");

    const refused = await store.visitor().submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "3" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect(refused.alerts.join(" ")).toMatch(NEW_CARTS);
    expect(refused.field("quantity")).toBe("3");
    // The page is the product's, read as a first visit reads it.
    expect(refused.text).toContain(COFFEE.name);
    expect(await identitiesMade()).toBe(0);
    expect(await cartsMade()).toBe(0);

    // With JavaScript: the fetcher's answer is the same refusal.
    const withJs = await store
      .visitor()
      .submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "2" }, { js: true });
    expect(withJs.status).toBe(429);
    expect(withJs.headers.get("Retry-After")).toBeTruthy();
    const reply = (withJs.data as { data: { ok: boolean; quantity: string; error: string } }).data;
    expect(reply).toMatchObject({ ok: false, quantity: "2" });
    expect(reply.error).toMatch(NEW_CARTS);
    expect(await identitiesMade()).toBe(0);
  });

  test("the attack: 200 cookie-less adds from one address make at most the limit's identities and carts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++)
      statuses.push((await store.visitor().submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" })).status);
    expect(statuses.filter((s) => s === 303).length).toBe(IDENTITIES);
    expect(statuses.filter((s) => s === 429).length).toBe(200 - IDENTITIES);
    expect(await identitiesMade()).toBeLessThanOrEqual(IDENTITIES);
    expect(await cartsMade()).toBeLessThanOrEqual(IDENTITIES);
  });

  test("shoppers who already have a cart keep shopping when their address has had its new identities", async () => {
    const shopper = store.visitor();
    expect((await shopper.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" })).status).toBe(303);
    for (let i = 1; i < IDENTITIES; i++)
      await store.visitor().submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" });
    expect((await store.visitor().submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" })).status).toBe(429);
    expect((await shopper.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" })).status).toBe(303);
    expect((await shopper.load("/cart")).cartCount).toBe(2);
    // A signed-in buyer has an identity of their own.
    const buyer = await store.signedIn(BUYER);
    expect((await buyer.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" })).status).toBe(303);
  });

  test("a crawler's add is refused (403, no Retry-After) and makes no identity and no cart; its page views neither", async () => {
    const crawler = store.visitor({ "User-Agent": GOOGLEBOT });
    expect((await crawler.load(`/product/${COFFEE.id}`)).status).toBe(200);
    const refused = await crawler.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "4" });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("Retry-After")).toBeNull();
    expect(refused.alerts).toContain(CRAWLER);
    expect(refused.field("quantity")).toBe("4");
    expect(await identitiesMade()).toBe(0);
    expect(await cartsMade()).toBe(0);
  });
});

describe("Password reset codes per e-mail and per address", () => {
  test(`the attack: 30 requests for one buyer send ${RESETS_PER_EMAIL} e-mails; past them a 429 with the address kept, the API not asked`, async () => {
    const visitor = store.visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const answer = await visitor.submit("/forgot-password", { intent: "request", username: BUYER.username });
      statuses.push(answer.status);
      if (i === RESETS_PER_EMAIL) {
        expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
        expect(answer.alerts.join(" ")).toMatch(CODE_REQUESTS);
        expect(answer.field("username")).toBe(BUYER.username);
      }
    }
    expect(statuses.slice(0, RESETS_PER_EMAIL)).toEqual(Array(RESETS_PER_EMAIL).fill(303));
    expect(new Set(statuses.slice(RESETS_PER_EMAIL))).toEqual(new Set([429]));
    expect(await mailsTo(BUYER.username)).toHaveLength(RESETS_PER_EMAIL);
    const asked = (await journal()).filter((e) => e.method === "POST" && e.path.includes("forgot")).length;
    expect(asked).toBe(RESETS_PER_EMAIL);
  });

  test(`per address: ${RESETS_PER_ADDRESS} requests for different addresses, then every request is refused alike, whether an account uses the address or not`, async () => {
    for (let i = 1; i <= RESETS_PER_ADDRESS; i++) {
      const answer = await store
        .visitor()
        .submit("/forgot-password", { intent: "request", username: `nobody${i}@demo.store` });
      expect(answer.status, `request ${i}`).toBe(303);
    }
    await store.control("DELETE", "/__emulator/journal");
    const known = await store.visitor().submit("/forgot-password", { intent: "request", username: BUYER.username });
    const unknown = await store
      .visitor()
      .submit("/forgot-password", { intent: "request", username: "nobody@demo.store" });
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(429);
      expect(answer.alerts.join(" ")).toMatch(CODE_REQUESTS);
    }
    expect(known.text.replace(BUYER.username, "X")).toBe(unknown.text.replace("nobody@demo.store", "X"));
    expect(await sent()).toEqual([]);
    expect(await mailsTo(BUYER.username)).toEqual([]);
  });
});

describe("Registrations per e-mail and per address", () => {
  const robin = (email: string) => ({
    intent: "start",
    firstName: "Robin",
    lastName: "Reyes",
    email,
    password: "robin-pass-42",
  });

  test(`${REGISTRATIONS_PER_EMAIL} codes to one address, then a 429 with what was typed (not the password), the API not asked`, async () => {
    const visitor = store.visitor();
    for (let i = 1; i <= REGISTRATIONS_PER_EMAIL; i++)
      expect((await visitor.submit("/register", robin("robin@example.com"))).status, `start ${i}`).toBe(303);
    await store.control("DELETE", "/__emulator/journal");
    const refused = await visitor.submit("/register", robin("robin@example.com"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.alerts.join(" ")).toMatch(CODE_REQUESTS);
    expect(refused.field("email")).toBe("robin@example.com");
    expect(refused.field("firstName")).toBe("Robin");
    expect(refused.field("password")).toBe("");
    expect(await sent()).toEqual([]);
    expect(await mailsTo("robin@example.com")).toHaveLength(REGISTRATIONS_PER_EMAIL);
  });

  test(`${REGISTRATIONS_PER_ADDRESS} registrations from one address, then a 429 for any e-mail`, async () => {
    const visitor = store.visitor();
    for (let i = 1; i <= REGISTRATIONS_PER_ADDRESS; i++)
      expect((await visitor.submit("/register", robin(`robin${i}@example.com`))).status, `start ${i}`).toBe(303);
    const refused = await visitor.submit("/register", robin("someone@example.com"));
    expect(refused.status).toBe(429);
    expect(await mailsTo("someone@example.com")).toEqual([]);
  });
});

describe("Codes tried per code and per account", () => {
  test(`a reset code tried ${TRIES_PER_CODE} times wrongly is void, even for the right code; a new code works`, async () => {
    const visitor = store.visitor();
    await visitor.submit("/forgot-password", { intent: "request", username: BUYER.username });
    const code = codeOf((await mailsTo(BUYER.username))[0]);
    const reset = (otp: string) =>
      visitor.submit(STEP_2, { intent: "reset", username: BUYER.username, otp, password: "fresh-pass-42" });
    for (let i = 1; i <= TRIES_PER_CODE; i++) expect((await reset(wrong(code))).status, `try ${i}`).toBe(400);
    await store.control("DELETE", "/__emulator/journal");
    const refused = await reset(code);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.alerts).toContain(CODE_VOID);
    expect(refused.field("otp")).toBe(code);
    expect(refused.field("password")).toBe("");
    expect(await sent()).toEqual([]);

    await visitor.submit("/forgot-password", { intent: "request", username: BUYER.username });
    // The outbox lists the newest first.
    const fresh = codeOf((await mailsTo(BUYER.username))[0]);
    expect((await reset(fresh)).status).toBe(303);
  });

  test(`${TRIES_PER_ACCOUNT} wrong codes for one account across its codes: then refused whatever code, until the window passes`, async () => {
    const visitor = store.visitor();
    const reset = (otp: string) =>
      visitor.submit(STEP_2, { intent: "reset", username: BUYER.username, otp, password: "fresh-pass-42" });
    let tried = 0;
    while (tried < TRIES_PER_ACCOUNT) {
      await visitor.submit("/forgot-password", { intent: "request", username: BUYER.username });
      const code = codeOf((await mailsTo(BUYER.username))[0]);
      for (let i = 0; i < TRIES_PER_CODE - 1 && tried < TRIES_PER_ACCOUNT; i++, tried++)
        expect((await reset(wrong(code))).status).toBe(400);
    }
    const refused = await reset("123456");
    expect(refused.status).toBe(429);
    expect(refused.alerts.join(" ")).toMatch(CODE_TRIES);
  });

  test(`a registration's code tried ${TRIES_PER_CODE} times wrongly is void: 429 on the code's field, the API not asked`, async () => {
    const visitor = store.visitor();
    const started = await visitor.submit("/register", {
      intent: "start",
      firstName: "Robin",
      lastName: "Reyes",
      email: "robin@example.com",
      password: "robin-pass-42",
    });
    expect(started.status).toBe(303);
    const step2 = started.location!;
    const identifier = new URL(step2, store.url).searchParams.get("identifier")!;
    const code = codeOf((await mailsTo("robin@example.com"))[0]);
    const verify = (otp: string) => visitor.submit(step2, { intent: "verify", identifier, otp });
    for (let i = 1; i <= TRIES_PER_CODE; i++) expect((await verify(wrong(code))).status, `try ${i}`).toBe(400);
    await store.control("DELETE", "/__emulator/journal");
    const refused = await verify(code);
    expect(refused.status).toBe(429);
    expect(refused.fieldError("otp")).toBe(CODE_VOID);
    expect(await sent()).toEqual([]);
  });
});
