import { describe, expect, it } from "vitest";
import { payActiveCart, shopper, type Shopper } from "./checkout-helpers.js";
import { TARGET_NAMES, at } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * Commerce Subscriptions (GET `subscriptions`, 63.0): what a buyer bought on a subscription selling model, listed for
 * the account they shop for, with the term its cart item was sent with.
 */

const ROASTERS_CHOICE = "01tDM0000000013";
const MONTHLY = "0jPDM00000MONTH";
const YEARLY = "0jPDM00000YEAR1";
const ONCE = "0jPDM00000ONETM";

async function buy(s: Shopper, lines: { model: string; quantity: number; term?: number }[]) {
  for (const line of lines) {
    const res = await s.call("POST", "carts/active/cart-items", {
      productId: ROASTERS_CHOICE,
      quantity: String(line.quantity),
      type: "Product",
      productSellingModelId: line.model,
      ...(line.term ? { subscriptionTerm: line.term } : {}),
    });
    expect(res.status).toBe(201);
  }
  const checkoutId = await payActiveCart(s);
  const placed = await s.call("POST", `checkouts/${checkoutId}/orders`);
  expect(placed.status).toBe(201);
  return placed.body.orderReferenceNumber as string;
}

describe.each(TARGET_NAMES)("commerce subscriptions (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });

  it("lists a buyer's subscriptions with the term each was bought with; one-time lines are none", async () => {
    const buyer = await shopper(target, "buyer@demo.store");
    expect((await buyer.call("GET", "subscriptions")).body).toMatchObject({ count: 0, subscriptions: [] });

    await buy(buyer, [
      { model: ONCE, quantity: 1 },
      { model: MONTHLY, quantity: 2 },
      { model: YEARLY, quantity: 1, term: 2 },
    ]);
    const res = await buyer.call("GET", "subscriptions");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, sortOrder: "CreatedDateDesc", nextPageToken: null });
    const byModel = new Map(res.body.subscriptions.map((s: any) => [s.sellingModel.id, s]));
    expect(byModel.get(MONTHLY)).toMatchObject({
      id: expect.stringMatching(/^02i/),
      quantity: 2,
      subscriptionTerm: null,
      endDate: null,
      product: { id: ROASTERS_CHOICE, name: "Roaster's Choice Coffee Subscription", sku: "SUB-ROASTER" },
      sellingModel: { name: "Monthly Subscription", sellingModelType: "Evergreen", pricingTermUnit: "Months" },
      billing: { billingPeriodAmount: "40.00", billingTermUnit: "Month", currencyIsoCode: "USD" },
      cancelStatus: null,
      processExceptions: [],
    });
    // Two annual terms: from the order's day to the end of the day before, two years on.
    const yearly = byModel.get(YEARLY) as any;
    expect(yearly).toMatchObject({ quantity: 1, subscriptionTerm: 2, sellingModel: { name: "12-Month Plan" } });
    const start = Date.parse(yearly.startDate.replace("+0000", "Z"));
    const end = Date.parse(yearly.endDate.replace("+0000", "Z"));
    expect(new Date(end + 1).getUTCFullYear() - new Date(start).getUTCFullYear()).toBe(2);
    expect(yearly.startDate).toMatch(/T00:00:00\.000\+0000$/);
    expect(yearly.endDate).toMatch(/T23:59:59\.999\+0000$/);
  });

  it("pages with pageSize and pageToken, and moves a finished plan to state=Past", async () => {
    const buyer = await shopper(target, "buyer@demo.store");
    await buy(buyer, [{ model: YEARLY, quantity: 1, term: 1 }]);
    await buy(buyer, [{ model: MONTHLY, quantity: 1 }]);
    const first = await buyer.call("GET", "subscriptions?pageSize=1");
    expect(first.body.count).toBe(1);
    expect(first.body.subscriptions[0].sellingModel.id).toBe(MONTHLY);
    const second = await buyer.call("GET", `subscriptions?pageSize=1&pageToken=${first.body.nextPageToken}`);
    expect(second.body.subscriptions[0].sellingModel.id).toBe(YEARLY);
    expect(second.body.nextPageToken).toBeNull();
    const oldest = await buyer.call("GET", "subscriptions?sortOrder=CreatedDateAsc");
    expect(oldest.body.subscriptions.map((s: any) => s.sellingModel.id)).toEqual([YEARLY, MONTHLY]);

    // A year and two days on, the one-year plan has ended; the evergreen one runs on.
    await call("POST", "/__emulator/clock", { advanceSeconds: 367 * 86_400 });
    const again = await shopper(target, "buyer@demo.store");
    const active = await again.call("GET", "subscriptions?state=Active");
    expect(active.body.subscriptions.map((s: any) => s.sellingModel.id)).toEqual([MONTHLY]);
    const past = await again.call("GET", "subscriptions?state=past");
    expect(past.body.subscriptions.map((s: any) => s.sellingModel.id)).toEqual([YEARLY]);
    expect(past.body.subscriptions[0].billing.nextBillingDate).toBeNull();
  });

  it("names each model's Subscription Term Rule on the product: the 12-month plan lasts 1 to 3 annual terms", async () => {
    const buyer = await shopper(target, "buyer@demo.store");
    const product = await buyer.call("GET", `products/${ROASTERS_CHOICE}`);
    const rules = Object.fromEntries(product.body.productSellingModels.map((m: any) => [m.id, m.subscriptionTermRule]));
    expect(rules).toEqual({ [ONCE]: null, [MONTHLY]: null, [YEARLY]: { minimum: 1, maximum: 3, increment: 1 } });
  });

  it("belongs to the account shopped for, and is for registered shoppers at 63.0 and later", async () => {
    const buyer = await shopper(target, "buyer@demo.store");
    await buy(buyer, [{ model: MONTHLY, quantity: 1 }]);
    const b2b = await shopper(target, "b2b@demo.store");
    expect((await b2b.call("GET", "subscriptions")).body.count).toBe(0);

    const guest = await shopper(target);
    const refused = await guest.call("GET", "subscriptions");
    expect(refused.status).toBe(401);
    expect(refused.body[0].errorCode).toBe("INVALID_SESSION_ID");
    expect((await buyer.call("GET", at("v62.0", "subscriptions"))).status).toBe(404);
    for (const bad of ["pageSize=0", "pageSize=101", "sortOrder=NameAsc", "state=Cancelled", "pageToken=nope"]) {
      const res = await buyer.call("GET", `subscriptions?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body[0].errorCode, bad).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
    }
    expect((await buyer.call("GET", "subscriptions?effectiveAccountId=001DM00000ACME1")).status).toBe(403);
  });
});
