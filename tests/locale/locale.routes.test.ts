/**
 * The header's language and currency switcher (app/routes/locale.tsx): a plain form posted to /locale, answered
 * with a 303 to the same page under the chosen locale's prefix; the chosen currency moves the shopper's cart.
 * Without JavaScript and with it (Remix's `<Form>`: the redirect as data). And the page's currency and the cart's:
 * a cart in another currency follows the page's (README, "Currencies and locales").
 */
import { describe, expect, test } from "vitest";
import { BUYER, useStore, type Answer, type Visitor } from "../support/routes";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" }; // $18.50, £14.80
const COLOMBIA = { id: "01tDM0000000002", name: "Colombia Huila Whole Bean, 12 oz" }; // $17.00, £13.60
const NOW_IN_GBP = "Your cart is now in GBP.";
const SWITCHER = { button: "Switch", action: "/locale" };

const store = useStore();

async function guestWithCoffee(): Promise<Visitor> {
  const guest = store.visitor();
  expect((await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" })).status).toBe(303);
  return guest;
}

describe("The currency and language switcher", () => {
  test("a currency chosen without JavaScript moves the cart to it: 303 back, the toast, prices in pounds", async () => {
    const guest = await guestWithCoffee();
    const cart = await guest.load("/cart");
    expect(cart.text).toMatch(/Subtotal \$\d/);
    expect(cart.text).toContain("Prices in USD.");
    const switched = await guest.fill(cart, SWITCHER, { Currency: "GBP" });
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/cart");
    const after = await guest.load("/cart");
    expect(after.toasts).toEqual(["Your cart is now in GBP."]);
    expect(after.text).toMatch(/Subtotal £\d/);
    // The footer says which currency the prices are in: the shopper's, not the store's default.
    expect(after.text).toContain("Prices in GBP.");
    expect(after.cartCount).toBe(1);
    expect(after.text).toContain(COFFEE.name);
  });

  test("a language chosen lands on the same page under its prefix (/en-GB/…), with JavaScript too", async () => {
    const guest = await guestWithCoffee();
    const cart = await guest.load("/cart");
    const switched = await guest.fill(cart, SWITCHER, { Language: "en-GB" });
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/en-GB/cart");
    const british = await guest.load(switched.location!);
    expect(british.status).toBe(200);
    expect(british.text).toContain(COFFEE.name);
    expect(british.cartCount).toBe(1);

    const back = await guest.fill(
      british,
      { button: "Switch", action: "/en-GB/locale" },
      { Language: "en-US" },
      { js: true },
    );
    expect(back.status).toBe(202);
    expect(back.location).toBe("/cart");
  });

  test("a currency the store doesn't offer is refused and nothing changes", async () => {
    const guest = await guestWithCoffee();
    const cart = await guest.load("/cart");
    const refused = await guest.fill(cart, SWITCHER, { Currency: "EUR" });
    expect(refused.status).toBe(303);
    expect(refused.location).toBe("/cart");
    const after = await guest.load("/cart");
    expect(after.toasts).toEqual(["Choose one of the store's currencies."]);
    expect(after.text).toMatch(/Subtotal \$\d/);
  });
});

/** Every amount of money a page writes, as written ("£14.80", "US$17.00", "$18.50"). */
function amounts(page: Answer): string[] {
  return page.text.match(/(?:US)?[$£]\d[\d,]*\.\d\d/g) ?? [];
}

/** The cart page's data as the client router reads it after hydration: its currency and its lines' prices. */
async function cartData(visitor: Visitor, path: string) {
  const answer = await visitor.data(path, ["root", "routes/cart"]);
  expect(answer.status).toBe(200);
  const data = answer.data as {
    root: { data: { currency: string; cartCount: number; toasts: { message: string }[] } };
    "routes/cart": {
      data: { cart: { totals: { currency: string; subtotal: string }; lines: { name: string; unitPrice: string }[] } };
    };
  };
  return { root: data.root.data, cart: data["routes/cart"].data.cart };
}

/** Adds a product from its page without JavaScript, as a shopper does: 303 back to the page, which says it was added. */
async function add(visitor: Visitor, path: string, quantity = 1): Promise<Answer> {
  const added = await visitor.submit(path, { intent: "add", quantity: String(quantity) });
  expect(added.status).toBe(303);
  const page = await visitor.load(added.location!);
  expect(page.toasts).toContain("Added to your cart");
  return page;
}

describe("The page's currency and the cart's", () => {
  test("without JavaScript: a guest's USD cart moves into pounds on the first /en-GB/ page, and what is added there is in pounds", async () => {
    const guest = store.visitor();
    await add(guest, `/product/${COFFEE.id}`);
    expect(amounts(await guest.load("/cart"))).toContain("$18.50");

    const product = await guest.load(`/en-GB/product/${COLOMBIA.id}`);
    expect(product.status).toBe(200);
    // The price shown, and the cart it would go to, are in pounds: the page says the cart moved.
    expect(amounts(product)).toContain("£13.60");
    expect(product.toasts).toEqual([NOW_IN_GBP]);
    expect(product.cartCount).toBe(1);

    const added = await guest.fill(product, "Add to cart", {});
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/en-GB/product/${COLOMBIA.id}`);
    expect((await guest.load(added.location!)).toasts).toEqual(["Added to your cart"]);

    const cart = await guest.load("/en-GB/cart");
    expect(cart.text).toContain(COFFEE.name);
    expect(cart.text).toContain(COLOMBIA.name);
    expect(cart.text).toMatch(/Subtotal £28\.40/);
    expect(cart.text).toContain("Prices in GBP.");
    expect(amounts(cart)).toEqual(expect.arrayContaining(["£14.80", "£13.60"]));
    expect(amounts(cart).filter((amount) => !amount.startsWith("£"))).toEqual([]);
    // Moved once: the next pages say nothing more.
    expect(cart.toasts).toEqual([]);
  });

  test("with JavaScript: the line the fetcher adds and the cart page's data are in pounds", async () => {
    const guest = store.visitor();
    const first = await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" }, { js: true });
    expect(first.data).toMatchObject({ data: { ok: true } });
    expect((await cartData(guest, "/cart")).cart.totals.currency).toBe("USD");

    // The first /en-GB/ page is a document (a locale is a basename: the client router never crosses one).
    const product = await guest.load(`/en-GB/product/${COLOMBIA.id}`);
    expect(amounts(product)).toContain("£13.60");
    expect(product.toasts).toEqual([NOW_IN_GBP]);

    const added = await guest.submit(`/en-GB/product/${COLOMBIA.id}`, { intent: "add", quantity: "2" }, { js: true });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ data: { ok: true } });

    const { root, cart } = await cartData(guest, "/en-GB/cart");
    expect(root.currency).toBe("GBP");
    expect(root.cartCount).toBe(3);
    expect(cart.totals.currency).toBe("GBP");
    expect(Number(cart.totals.subtotal)).toBe(42);
    expect(Object.fromEntries(cart.lines.map((line) => [line.name, Number(line.unitPrice)]))).toEqual({
      [COFFEE.name]: 14.8,
      [COLOMBIA.name]: 13.6,
    });
  });

  test("a signed-in buyer's cart follows the page too, into pounds under /en-GB/ and back into dollars without it", async () => {
    await store.reset();
    const buyer = await store.signedIn(BUYER);
    await add(buyer, `/product/${COFFEE.id}`);

    const product = await buyer.load(`/en-GB/product/${COLOMBIA.id}`);
    expect(amounts(product)).toContain("£13.60");
    expect(product.toasts).toEqual([NOW_IN_GBP]);
    await add(buyer, `/en-GB/product/${COLOMBIA.id}`);
    const cart = await buyer.load("/en-GB/cart");
    expect(cart.text).toMatch(/Subtotal £28\.40/);
    expect(amounts(cart).filter((amount) => !amount.startsWith("£"))).toEqual([]);

    // The store's own pages are in dollars: the cart comes back with the shopper.
    const home = await buyer.load("/cart");
    expect(home.toasts).toEqual(["Your cart is now in USD."]);
    expect(home.text).toMatch(/Subtotal \$35\.50/);
    await store.reset();
  });

  test("a buyer whose cart was filled in dollars elsewhere signs in under /en-GB/ and lands on the cart in pounds", async () => {
    await store.reset();
    const elsewhere = await store.signedIn(BUYER);
    await add(elsewhere, `/product/${COFFEE.id}`, 2);

    const here = store.visitor();
    const login = await here.load("/en-GB/login?redirectTo=%2Fcart");
    const signedIn = await here.fill(login, "Sign in", { Email: BUYER.username, Password: BUYER.password });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe("/en-GB/cart");
    const cart = await here.load(signedIn.location!);
    expect(cart.toasts).toEqual(["Welcome back, Alex", NOW_IN_GBP]);
    expect(cart.text).toMatch(/Subtotal £29\.60/);
    expect(amounts(cart).filter((amount) => !amount.startsWith("£"))).toEqual([]);
    await store.reset();
  });

  test("a cart moved back by another browser between the page and the add ends in the page's currency", async () => {
    await store.reset();
    const british = await store.signedIn(BUYER);
    const american = await store.signedIn(BUYER);
    await add(american, `/product/${COFFEE.id}`);
    const product = await british.load(`/en-GB/product/${COLOMBIA.id}`);
    expect(amounts(product)).toContain("£13.60");
    // The same buyer on the store's own pages, in another browser: the cart goes back into dollars.
    expect((await american.load("/")).toasts).toEqual(["Your cart is now in USD."]);

    // The add from the page in pounds: the cart the line went into follows the page again, at once (the page after
    // the add has nothing left to move).
    expect((await add(british, `/en-GB/product/${COLOMBIA.id}`)).toasts).toEqual(["Added to your cart"]);
    const cart = await british.load("/en-GB/cart");
    expect(cart.toasts).toEqual([]);
    expect(cart.text).toMatch(/Subtotal £28\.40/);
    expect(amounts(cart).filter((amount) => !amount.startsWith("£"))).toEqual([]);
    await store.reset();
  });

  test("a currency chosen in the switcher comes before the page's locale: /en-GB/ pages price in it and the cart stays", async () => {
    const guest = store.visitor();
    await add(guest, `/product/${COFFEE.id}`);
    const pounds = await guest.load("/en-GB/cart");
    expect(pounds.toasts).toEqual([NOW_IN_GBP]);
    const chosen = await guest.fill(pounds, { button: "Switch", action: "/en-GB/locale" }, { Currency: "USD" });
    expect(chosen.location).toBe("/en-GB/cart");
    expect((await guest.load("/en-GB/cart")).toasts).toEqual(["Your cart is now in USD."]);

    const product = await guest.load(`/en-GB/product/${COLOMBIA.id}`);
    expect(amounts(product)).toContain("US$17.00");
    expect(product.toasts).toEqual([]);
    expect((await guest.fill(product, "Add to cart", {})).status).toBe(303);
    const british = await guest.load("/en-GB/cart");
    expect(british.text).toMatch(/Subtotal US\$35\.50/);
    expect(british.text).toContain("Prices in USD.");
  });

  test("a page under a locale the store has no market for is a 404 page, and leaves the cart as it is", async () => {
    const guest = store.visitor();
    await add(guest, `/en-GB/product/${COFFEE.id}`);
    const missing = await guest.load(`/fr-FR/product/${COLOMBIA.id}`);
    expect(missing.status).toBe(404);
    expect(missing.toasts).toEqual([]);
    const cart = await guest.load("/en-GB/cart");
    expect(cart.toasts).toEqual([]);
    expect(cart.text).toMatch(/Subtotal £14\.80/);
  });

  test("a page in the cart's own currency reads nothing more of the cart than its count", async () => {
    const guest = store.visitor();
    await add(guest, `/en-GB/product/${COFFEE.id}`);
    await store.control("DELETE", "/__emulator/journal");
    const page = await guest.load(`/en-GB/product/${COLOMBIA.id}`);
    expect(page.toasts).toEqual([]);
    expect((await store.apiReads()).filter((path) => path.includes("cart"))).toEqual([
      expect.stringMatching(/^carts\/[^/]+$/),
    ]);
  });
});

const ROASTERS_CHOICE = { id: "01tDM0000000013", yearPlan: "0jPDM00000YEAR1" };
const TWO_GROUP_MACHINE = { id: "01tDM0000000015" }; // $11,900.00, £9,520.00: BIGSPENDER wants 10,000 of either

describe("What the cart takes into another currency", () => {
  test("the switcher moves the whole cart: its coupon is applied again, a plan keeps its selling model and term", async () => {
    const guest = await guestWithCoffee();
    const plan = await guest.submit(`/product/${ROASTERS_CHOICE.id}`, {
      intent: "add",
      quantity: "1",
      productSellingModelId: ROASTERS_CHOICE.yearPlan,
      subscriptionTerm: "2",
    });
    expect(plan.status).toBe(303);
    const cart = await guest.load("/cart");
    expect((await guest.fill(cart, "Apply", { "Coupon code": "SAVE10" })).status).toBe(303);
    const dollars = await guest.load("/cart");
    expect(dollars.text).toContain("24-month plan, billed yearly");
    expect(dollars.text).toContain("Remove coupon SAVE10");

    expect((await guest.fill(dollars, SWITCHER, { Currency: "GBP" })).status).toBe(303);
    const pounds = await guest.load("/cart");
    expect(pounds.toasts).toEqual([NOW_IN_GBP]);
    expect(pounds.text).toMatch(/Subtotal £\d/);
    expect(pounds.text).toContain("24-month plan, billed yearly");
    expect(pounds.text).toContain("Remove coupon SAVE10");
    expect(pounds.cartCount).toBe(2);
  });

  test("a coupon the new currency refuses is named in the toast, and the rest of the cart follows", async () => {
    const guest = store.visitor();
    await add(guest, `/product/${TWO_GROUP_MACHINE.id}`);
    const cart = await guest.load("/cart");
    expect((await guest.fill(cart, "Apply", { "Coupon code": "BIGSPENDER" })).status).toBe(303);
    expect((await guest.load("/cart")).text).toContain("Remove coupon BIGSPENDER");

    const pounds = await guest.load("/en-GB/cart");
    expect(pounds.toasts).toEqual([
      "Your cart is now in GBP. Coupon BIGSPENDER couldn't be applied in GBP and was removed.",
    ]);
    expect(pounds.text).toMatch(/Subtotal £9,520\.00/);
    expect(pounds.text).not.toContain("Remove coupon BIGSPENDER");
  });
});
