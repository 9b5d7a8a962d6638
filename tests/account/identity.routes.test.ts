/**
 * Signing in and out (app/routes/login.tsx, app/routes/logout.tsx) as a browser does it, without JavaScript (a form
 * POST: 303 or the page again with its messages) and with it (Remix's `<Form>`: single-fetch data, a redirect as
 * data); the guest's cart carried into the buyer's (spec §4 "Guest cart").
 */
import { describe, expect, test } from "vitest";
import { B2B_BUYER, BUYER, useStore } from "../support/routes";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const LOGIN_FAILED = "Your login attempt has failed. Make sure the username and password are correct.";

const store = useStore();

describe("Sign in", () => {
  test("without JavaScript: 303 to where the shopper was going, welcomed by first name, the header signed in", async () => {
    const visitor = store.visitor();
    const page = await visitor.load("/login?redirectTo=%2Fcart");
    expect(page.status).toBe(200);
    expect(page.form("Sign in").fields.redirectTo).toBe("/cart");

    const signedIn = await visitor.fill(page, "Sign in", { Email: BUYER.username, Password: BUYER.password });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe("/cart");
    const cart = await visitor.load("/cart");
    expect(cart.toasts).toEqual(["Welcome back, Alex"]);
    expect(cart.text).toContain("Hello, Alex");
    expect(cart.text).toContain("Log Out");
    expect(cart.text).not.toContain("Sign in");
  });

  test("with JavaScript: the redirect comes as data and the session cookie with it", async () => {
    const visitor = store.visitor();
    const signedIn = await visitor.submit(
      "/login",
      { username: BUYER.username, password: BUYER.password, redirectTo: "/" },
      { js: true },
    );
    expect(signedIn.status).toBe(202);
    expect(signedIn.location).toBe("/");
    const root = await visitor.data("/", ["root"]);
    expect(root.data).toMatchObject({
      root: { data: { shopper: { isLoggedIn: true, firstName: "Alex" }, toasts: [{ message: "Welcome back, Alex" }] } },
    });
  });

  test("a B2B buyer shops for their default account", async () => {
    const b2b = await store.signedIn(B2B_BUYER);
    const home = await b2b.load("/");
    expect(home.text).toContain("Hello, Morgan Shopping for Acme Corporation");
  });

  test("the login page sends a buyer who is signed in already on their way", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/login?redirectTo=%2Fwishlist");
    expect(page.status).toBe(303);
    expect(page.location).toBe("/wishlist");
  });

  test("a wrong password: 400, the spec's message, the e-mail kept and the password not sent back", async () => {
    const visitor = store.visitor();
    const page = await visitor.load("/login");
    const refused = await visitor.fill(page, "Sign in", { Email: BUYER.username, Password: "not-the-password" });
    expect(refused.status).toBe(400);
    expect(refused.alerts).toContain(LOGIN_FAILED);
    expect(refused.field("username")).toBe(BUYER.username);
    expect(refused.field("password")).toBe("");
    expect(refused.html).not.toContain("not-the-password");
    expect(refused.text).toContain("Sign in");

    const withJs = await visitor.submit(
      "/login",
      { username: "nobody@demo.store", password: "demo-pass-1" },
      { js: true },
    );
    expect(withJs.status).toBe(400);
    expect(withJs.data).toMatchObject({
      data: { status: "error", error: { "": [LOGIN_FAILED] }, initialValue: { username: "nobody@demo.store" } },
    });
    expect(JSON.stringify(withJs.data)).not.toContain("demo-pass-1");
  });

  test("a malformed e-mail or a blank password never reaches the site", async () => {
    const visitor = store.visitor();
    const page = await visitor.load("/login");
    const refused = await visitor.fill(page, "Sign in", { Email: "buyer at demo", Password: "" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Enter a valid email address, such as john@example.com.");
    expect(refused.text).toContain("Complete this field.");
    expect(refused.field("username")).toBe("buyer at demo");
  });

  test("past 5 failures for one account: 429 with Retry-After and how long to wait", async () => {
    // Failed sign-ins are counted per account and per client (every visitor here is 127.0.0.1): start from none.
    await store.reset();
    const visitor = store.visitor();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await visitor.submit("/login", { username: BUYER.username, password: `wrong-${attempt}` })).status).toBe(
        400,
      );
    }
    const throttled = await visitor.submit("/login", { username: BUYER.username, password: BUYER.password });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(throttled.alerts.join(" ")).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(throttled.field("username")).toBe(BUYER.username);
    // Another account is not held back by this one's failures.
    expect(
      (await visitor.submit("/login", { username: B2B_BUYER.username, password: B2B_BUYER.password })).status,
    ).toBe(303);
    await store.reset();
  });
});

describe("The account a B2B buyer shops for", () => {
  test("switches without JavaScript (303 with a toast) and with it; the address book follows", async () => {
    const b2b = await store.signedIn(B2B_BUYER);
    const account = await b2b.load("/account");
    expect(account.field("accountId")).toBe("001DM00000ACME1");
    const switched = await b2b.fill(account, "Switch account", { "Shop for account": "001DM00000ACME2" });
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/account");
    const after = await b2b.load("/account");
    expect(after.toasts).toEqual(["You're now shopping for Acme West Coast."]);
    expect(after.text).toContain("Shopping for Acme West Coast");
    expect((await b2b.load("/account/addresses")).text).toContain("Oakland warehouse");

    const back = await b2b.submit("/account", { intent: "switchAccount", accountId: "001DM00000ACME1" }, { js: true });
    expect(back.status).toBe(202);
    expect(back.location).toBe("/account");
    expect((await b2b.load("/account/addresses")).text).toContain("Chicago HQ receiving");
  });

  test("an account the buyer may not act for is refused, and nothing changes", async () => {
    const b2b = await store.signedIn(B2B_BUYER);
    const refused = await b2b.submit(
      "/account",
      { intent: "switchAccount", accountId: "001DM0000000B2C" },
      { follow: true },
    );
    expect(refused.toasts).toEqual(["Choose one of your accounts."]);
    expect(refused.text).toContain("Shopping for Acme Corporation");
  });
});

describe("Log out", () => {
  test("without JavaScript: POST → 303 home with 'You're logged out.', the buyer's pages ask to sign in again", async () => {
    const buyer = await store.signedIn(BUYER);
    const home = await buyer.load("/");
    const out = await buyer.fill(home, "Log Out", {});
    expect(out.status).toBe(303);
    expect(out.location).toBe("/");
    const after = await buyer.load("/");
    expect(after.toasts).toEqual(["You're logged out."]);
    expect(after.text).toContain("Sign in");
    expect(after.text).not.toContain("Hello, Alex");
    const history = await buyer.load("/OrderSummary/OrderSummary/Default");
    expect(history.status).toBe(303);
    expect(history.location).toBe("/login?redirectTo=%2FOrderSummary%2FOrderSummary%2FDefault");
  });

  test("with JavaScript: the redirect home comes as data", async () => {
    const buyer = await store.signedIn(BUYER);
    const out = await buyer.submit("/logout", {}, { js: true });
    expect(out.status).toBe(202);
    expect(out.location).toBe("/");
    expect((await buyer.data("/", ["root"])).data).toMatchObject({
      root: { data: { shopper: { isLoggedIn: false } } },
    });
  });

  test("a GET of /logout only goes home: signing out is never a link's side effect", async () => {
    const buyer = await store.signedIn(BUYER);
    const got = await buyer.load("/logout");
    expect(got.status).toBe(302);
    expect(got.location).toBe("/");
    expect((await buyer.load("/")).text).toContain("Hello, Alex");
  });
});

describe("A buyer's session that timed out", () => {
  test("sends a page and a form post to sign in again, with the spec's toast, and back afterwards", async () => {
    const buyer = await store.signedIn(BUYER);
    expect((await buyer.load("/cart")).status).toBe(200);
    // Past the site's session timeout (SESSION_SECONDS, 2 h of the emulator's clock) the API refuses the token.
    expect((await store.control("POST", "/__emulator/clock", { advanceSeconds: 7201 })).ok).toBe(true);
    try {
      const page = await buyer.load("/cart");
      expect(page.status).toBe(303);
      expect(page.location).toBe("/login?redirectTo=%2Fcart");
      const login = await buyer.load(page.location!);
      expect(login.toasts).toEqual(["Your session has timed out. Try again."]);
      expect(login.text).toContain("Sign in");

      const again = await store.signedIn(BUYER);
      expect((await again.load("/cart")).status).toBe(200);
      await buyer.submit("/login", { username: BUYER.username, password: BUYER.password, redirectTo: "/cart" });
      await store.control("POST", "/__emulator/clock", { advanceSeconds: 7201 });
      // With JavaScript a fetcher's post gets the same redirect, as data.
      const post = await buyer.submit(
        "/cart",
        { intent: "update", lineId: "0a9EM0000000001", quantity: "2" },
        { js: true, headers: { Referer: `${store.url}/cart` } },
      );
      expect(post.status).toBe(202);
      expect(post.location).toBe("/login?redirectTo=%2Fcart");
    } finally {
      await store.reset();
    }
  });
});

describe("A guest who signs in", () => {
  test("keeps the guest cart: it is moved into the buyer's cart, once", async () => {
    const before = (await (await store.signedIn(BUYER)).load("/cart")).cartCount!;

    const guest = store.visitor();
    await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "2" });
    expect((await guest.load("/cart")).cartCount).toBe(2);
    const signedIn = await guest.submit(
      "/login",
      { username: BUYER.username, password: BUYER.password, redirectTo: "/cart" },
      { follow: true },
    );
    expect(signedIn.toasts).toEqual(["Welcome back, Alex"]);
    expect(signedIn.cartCount).toBe(before + 2);
    expect(signedIn.text).toContain(COFFEE.name);

    // Signing in again (another browser) finds the same cart: nothing is carried over twice.
    const again = await store.signedIn(BUYER);
    expect((await again.load("/cart")).cartCount).toBe(before + 2);
    // Signing out leaves the guest's cart behind: the browser is an empty-handed guest again.
    await guest.submit("/logout", {});
    expect((await guest.load("/cart")).cartCount).toBe(0);
  });
});
