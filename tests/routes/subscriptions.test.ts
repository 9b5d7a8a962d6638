/**
 * Subscriptions as the store configures them (application context `subscriptionConfig`): a product's plans are
 * offered only where the store sells subscriptions (subscriptionPlusEnabled or rlmSubscriptionEnabled); a plan goes
 * to the cart with its term; a plan posted to a store that sells none is refused, nothing added.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startStore, type Store } from "./harness";

const ROASTERS_CHOICE = "/product/01tDM0000000013";
const ONE_TIME = "0jPDM00000ONETM";
const MONTHLY = "0jPDM00000MONTH";
const YEAR_PLAN = "0jPDM00000YEAR1";

let store: Store;
beforeAll(async () => {
  store = await startStore();
});
afterAll(() => store?.close());
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
