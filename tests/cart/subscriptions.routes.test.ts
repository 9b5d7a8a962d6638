/**
 * Subscriptions as the store configures them (application context `subscriptionConfig`): a product's plans are
 * offered only where the store sells subscriptions (subscriptionPlusEnabled or rlmSubscriptionEnabled); a plan goes
 * to the cart with its term; a plan posted to a store that sells none is refused, nothing added.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { buyerAuthorization } from "../support/identity";
import { BUYER, useStore } from "../support/routes";

const ROASTERS_CHOICE = "/product/01tDM0000000013";
const ONE_TIME = "0jPDM00000ONETM";
const MONTHLY = "0jPDM00000MONTH";
const YEAR_PLAN = "0jPDM00000YEAR1";

const store = useStore();
beforeEach(() => store.reset());

const offered = (html: string) =>
  [...html.matchAll(/name="productSellingModelId"[^>]*value="([^"]+)"/g)].map((m) => m[1]).sort();

describe("A store that sells subscriptions (the demo: subscriptionPlusEnabled)", () => {
  test("offers every plan; a 12-month plan goes to the cart with its term, and the cart says so", async () => {
    const guest = store.visitor();
    const page = await guest.load(ROASTERS_CHOICE);
    expect(offered(page.html)).toEqual([MONTHLY, ONE_TIME, YEAR_PLAN].sort());
    const added = await guest.submit(ROASTERS_CHOICE, {
      intent: "add",
      quantity: "1",
      productSellingModelId: YEAR_PLAN,
    });
    expect(added.status).toBe(303);
    const cart = await guest.load("/cart");
    expect(cart.text).toContain("12-month plan, billed yearly");
    expect(cart.cartCount).toBe(1);
  });
});

const API = "/services/data/v65.0/commerce/webstores/0ZEDEMO00000001";
const EXPIRY_YEAR = String(new Date().getFullYear() + 2);
const CARD = { "Card number": "4242424242424242", "Expiry month": "12", "Expiry year": EXPIRY_YEAR, CVV: "123" };

/** What the API holds for the buyer (their own token, straight from the API the store talks to). */
async function buyerApi(path: string): Promise<any> {
  const headers = await buyerAuthorization((r) => fetch(r), store.url);
  const res = await fetch(`${store.url}${API}/${path}`, { headers });
  expect(res.status).toBe(200);
  return res.json();
}

describe("A buyer's subscriptions, in their account", () => {
  test("a plan goes to the cart with the term chosen for it, and after checkout the account lists it with its term and the day's orders", async () => {
    const buyer = await store.signedIn(BUYER);
    // The 12-month plan's rule (1 to 3 annual terms) is offered as a choice of term; the page's form sends all of it.
    const page = await buyer.load(ROASTERS_CHOICE);
    const termChoices = [...page.html.matchAll(/<option value="(\d+)"[^>]*>([^<]+)<\/option>/g)].map((m) => m[2]);
    expect(termChoices).toEqual(["1 year", "2 years", "3 years"]);
    for (const [model, term] of [
      [YEAR_PLAN, "2"],
      [MONTHLY, "2"],
    ]) {
      const added = await buyer.submit(ROASTERS_CHOICE, {
        intent: "add",
        quantity: "1",
        productSellingModelId: model,
        subscriptionTerm: term,
      });
      expect(added.status).toBe(303);
    }
    // The cart items as the API keeps them: the 12-month plan was sent the term chosen, the evergreen plan none.
    const items = await buyerApi("carts/active/cart-items");
    const terms = Object.fromEntries(
      items.cartItems.map((e: any) => [e.cartItem.productSellingModelId, e.cartItem.subscriptionTerm]),
    );
    expect(terms).toEqual({ [YEAR_PLAN]: 2, [MONTHLY]: null });
    expect((await buyer.load("/cart")).text).toContain("24-month plan, billed yearly");

    expect((await buyer.load("/account")).text).toContain("You have no active subscriptions.");
    const start = await buyer.load("/checkout");
    const shipping = await buyer.load(start.location!);
    const delivery = await buyer.fill(shipping, "Continue to delivery", {}, { follow: true });
    const payment = await buyer.fill(delivery, "Continue to payment", {}, { follow: true });
    const review = await buyer.fill(
      payment,
      "Continue to review",
      { "Cardholder name": "Alex Buyer", ...CARD },
      { follow: true },
    );
    const placed = await buyer.fill(review, "Place order", {});
    const orderNumber = /^\/checkout\/confirmation\/(\d{8})$/.exec(placed.location ?? "")?.[1];
    expect(orderNumber).toBeTruthy();

    const account = await buyer.load("/account");
    expect(account.status).toBe(200);
    expect(account.text).toContain("Subscriptions");
    expect(account.text).toContain("12-Month Plan: 24-month plan, billed yearly");
    expect(account.text).toContain("Monthly Subscription: Renews every month until you cancel");
    expect(account.html).toMatch(/href="\/product\/[^"]*01tDM0000000013"/);
    // The day's orders hold the one that bought it.
    const ordersLink = /href="(\/OrderSummary\/OrderSummary\/Default\?from=[^"]+)"/.exec(account.html)?.[1];
    expect(ordersLink).toBeTruthy();
    const orders = await buyer.load(ordersLink!.replace(/&amp;/g, "&"));
    expect(orders.text).toContain(orderNumber!);

    // With JavaScript the page's data carries the same subscriptions; the ended ones are none yet.
    const data = await buyer.data("/account", ["routes/account"]);
    expect(JSON.stringify(data.data)).toContain("24-month plan, billed yearly");
    expect((await buyer.load("/account?subscriptions=past")).text).toContain("You have no ended subscriptions.");
  });

  test("the account reads one page of subscriptions, and says so when it can't, the rest of the page still there", async () => {
    const buyer = await store.signedIn(BUYER);
    // No answer yet to fall back on (the store keeps a last good copy of a read for when the API fails).
    const fault = await store.control("POST", "/__emulator/faults", {
      method: "GET",
      path: "*/subscriptions",
      status: 500,
      times: 0,
    });
    expect(fault.status).toBe(201);
    const failed = await buyer.load("/account");
    expect(failed.status).toBe(200);
    expect(failed.text).toContain("We couldn't load your subscriptions right now.");
    expect(failed.text).toContain("Order History");

    await store.control("DELETE", "/__emulator/faults");
    await store.control("DELETE", "/__emulator/journal");
    expect((await buyer.load("/account")).text).toContain("You have no active subscriptions.");
    const journal = await (await store.control("GET", "/__emulator/journal?method=GET")).json();
    const reads = journal.entries.filter((e: { path: string }) => e.path.endsWith("/subscriptions"));
    expect(reads).toHaveLength(1);
    expect(new URLSearchParams(reads[0].query).get("pageSize")).toBe("10");
    // A page token the API refuses (made up, or another list's) starts from the first page; junk is never sent.
    for (const token of ["bm9wZQ==", "<script>"]) {
      const page = await buyer.load(`/account?subscriptionsPage=${encodeURIComponent(token)}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("You have no active subscriptions.");
    }
  });
});

describe("A store that sells no subscriptions (subscriptionConfig all off)", () => {
  beforeEach(async () => {
    const answer = await store.control("POST", "/__emulator/settings", {
      applicationContext: {
        subscriptionConfig: {
          subscriptionPlusEnabled: false,
          rlmSubscriptionEnabled: false,
          commerceSubscriptionARCUIEnabled: false,
        },
      },
    });
    expect(answer.ok).toBe(true);
  });

  test("offers the product once only, and refuses a plan posted anyway without adding it (JavaScript off and on)", async () => {
    const guest = store.visitor();
    const page = await guest.load(ROASTERS_CHOICE);
    expect(offered(page.html)).toEqual([ONE_TIME]);
    expect(page.text).not.toContain("Monthly Subscription");

    const refused = await guest.submit(ROASTERS_CHOICE, {
      intent: "add",
      quantity: "2",
      productSellingModelId: MONTHLY,
    });
    expect(refused.status).toBe(303);
    const back = await guest.load(refused.location!);
    expect(back.toasts).toContain("Choose one of this product's purchase options.");
    expect(back.html).toMatch(/name="quantity"[^>]*value="2"/);
    const withJs = await guest.submit(
      ROASTERS_CHOICE,
      { intent: "add", quantity: "1", productSellingModelId: YEAR_PLAN },
      { js: true },
    );
    expect(withJs.data).toMatchObject({ data: { ok: false, error: "Choose one of this product's purchase options." } });
    expect((await guest.load("/cart")).cartCount).toBe(0);

    const once = await guest.submit(ROASTERS_CHOICE, { intent: "add", quantity: "1", productSellingModelId: ONE_TIME });
    expect(once.status).toBe(303);
    expect((await guest.load("/cart")).cartCount).toBe(1);
  });
});
