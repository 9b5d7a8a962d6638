/**
 * What a shopper meets when the org behind the store is misconfigured (the emulator's emulator-only `orgSetup`
 * switches; docs/emulator-identity.md, "Misconfigured orgs"): a clear message that blames nobody, never "wrong
 * password" for a right one, and never a step towards the sign-in lock; a guest whose guest session can't be had
 * reads that the store can't serve guests right now instead of being asked to sign in.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { BUYER, useStore } from "../support/routes";

const SETUP_MESSAGE = "The store can't sign you in right now. We're looking into it; please try again later.";
const GUEST_UNAVAILABLE =
  "The store can't open a guest session right now. Please try again later, or sign in if you have an account.";
const GUEST_PAGE_NOTICE =
  "The store can't open a guest session right now, so parts of this page are missing. Please try again later, or sign in if you have an account.";
const COFFEE = "01tDM0000000001";

const store = useStore();
let logged: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await store.reset();
});

/** The operator's log while `run` runs (what console.error printed). */
async function logOf<T>(run: () => Promise<T>): Promise<T> {
  logged = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
  });
  return run();
}

async function misconfigure(orgSetup: Record<string, unknown>) {
  const answer = await store.control("POST", "/__emulator/settings", { orgSetup });
  expect(answer.status).toBe(200);
}

describe("A right password the org's setup refuses", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    [
      "the client app doesn't pre-authorise the buyers",
      { appPreAuthorized: false },
      /invalid_app_access.*Permitted Users/,
    ],
    [
      "the buyer's profile lacks API Enabled",
      { apiDisabledUsers: [BUYER.username] },
      /API_CURRENTLY_DISABLED.*API Enabled/,
    ],
    [
      "the buyer has no Buyer permission set",
      { noBuyerPermissionUsers: [BUYER.username] },
      /INSUFFICIENT_ACCESS.*Buyer \(or B2B Buyer\) permission set/,
    ],
  ];
  for (const [what, orgSetup, cause] of cases) {
    test(`${what}: the store can't sign you in (no JS and JS), the cause logged, the lock not advanced`, async () => {
      await misconfigure(orgSetup);
      const visitor = store.visitor();
      const page = await visitor.load("/login");
      // More attempts than the lock allows (5): a refusal of the org's making never counts.
      for (let attempt = 1; attempt <= 6; attempt++) {
        const refused = await logOf(() =>
          visitor.fill(page, "Sign in", { Email: BUYER.username, Password: BUYER.password }),
        );
        expect(refused.status).toBe(400);
        expect(refused.alerts).toEqual([SETUP_MESSAGE]);
        expect(refused.field("username")).toBe(BUYER.username);
        expect(logged.join("\n")).toMatch(cause);
      }
      const withJs = await visitor.submit(
        "/login",
        { username: BUYER.username, password: BUYER.password },
        { js: true },
      );
      expect(withJs.status).toBe(400);
      expect(JSON.stringify(withJs.data)).toContain(SETUP_MESSAGE);
      // Not signed in: the header still offers to.
      expect((await visitor.load("/")).text).toContain("Sign in");

      // Once the org is fixed, the same buyer signs in at once: nothing was counted against them.
      await misconfigure({ appPreAuthorized: true, apiDisabledUsers: [], noBuyerPermissionUsers: [] });
      expect((await visitor.fill(page, "Sign in", { Email: BUYER.username, Password: BUYER.password })).status).toBe(
        303,
      );
    });
  }

  test("a wrong password is still the shopper's, and still counts", async () => {
    await misconfigure({ appPreAuthorized: false });
    const visitor = store.visitor();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const refused = await visitor.submit("/login", { username: BUYER.username, password: `wrong-${attempt}` });
      expect(refused.alerts).toEqual([
        "Your login attempt has failed. Make sure the username and password are correct.",
      ]);
    }
    expect((await visitor.submit("/login", { username: BUYER.username, password: BUYER.password })).status).toBe(429);
  });
});

describe("A guest the org can't serve", () => {
  test("guest flow off for the app: acting as a guest answers that the store can't open a guest session", async () => {
    await misconfigure({ guestFlow: false });
    const guest = store.visitor();
    const added = await logOf(() => guest.submit(`/product/${COFFEE}`, { intent: "add", quantity: "1" }));
    expect(added.status).toBe(503);
    expect(added.text).toContain(GUEST_UNAVAILABLE);
    expect(added.text).not.toContain("Sign in to browse the store.");
    expect(logged.join("\n")).toMatch(/guest token exchange.*unauthorized_client.*Headless Guest Flow/);
  });

  test("guest flow off when the browsing token must be renewed: the page shows what it can and says why the rest is missing, not 'sign in to browse' nor a 503", async () => {
    await misconfigure({ guestFlow: false });
    // Past the session timeout the emulator refuses the server's browsing token, and a new one can't be had.
    await store.control("POST", "/__emulator/clock", { advanceSeconds: 7201 });
    const home = await logOf(() => store.visitor().load("/"));
    expect(home.status).toBe(200);
    expect(home.text).toContain(GUEST_PAGE_NOTICE);
    // The store's own parts are there: its header, search and sign-in link.
    expect(home.html).toMatch(/<a [^>]*href="\/login[^"]*"/);
    expect(home.text).toContain("Search products");
    expect(home.text).not.toContain("Sign in to browse the store.");
    expect(logged.join("\n")).toMatch(/unauthorized_client/);
  });

  test("no buyer group for the guest buyer profile: the page says the store can't serve guests", async () => {
    await misconfigure({ guestBuyerGroup: false });
    const home = await logOf(() => store.visitor().load("/category/coffee/0ZGDM0000000CFE"));
    expect(home.status).toBe(503);
    expect(home.text).toContain(GUEST_UNAVAILABLE);
    expect(logged.join("\n")).toMatch(/WEBSTORE_NOT_FOUND.*guest buyer profile a buyer group/);
    // A buyer is not a guest: they shop as usual.
    const buyer = await store.signedIn(BUYER);
    expect((await buyer.load("/")).status).toBe(200);
  });
});
