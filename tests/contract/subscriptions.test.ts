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

  describe("actions", () => {
    const subscriptionOf = async (s: Shopper, model: string) =>
      (await s.call("GET", "subscriptions")).body.subscriptions.find((x: any) => x.sellingModel.id === model);
    const today = async () => ((await call("GET", "/__emulator/clock")).body.now as string).slice(0, 10);

    it("cancels on the next billing date: listed active and cancelled until then, past after", async () => {
      const buyer = await shopper(target, "buyer@demo.store");
      await buy(buyer, [{ model: MONTHLY, quantity: 2 }]);
      const before = await subscriptionOf(buyer, MONTHLY);
      const next = before.billing.nextBillingDate;
      expect(next).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      const res = await buyer.call("POST", "subscriptions/actions/initiate-cancellation", {
        subscriptionIds: [before.id],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: before.id,
        cancelStatus: "Success",
        billing: { cancellationDate: next },
        lastAction: { type: "Cancel", effectiveDateTime: next, details: { status: "Success" } },
      });
      const listed = await subscriptionOf(buyer, MONTHLY);
      expect(listed).toMatchObject({ cancelStatus: "Success", billing: { cancellationDate: next } });
      expect(listed.endDate.slice(0, 10) < next).toBe(true);
      const again = await buyer.call("POST", "subscriptions/actions/initiate-cancellation", {
        subscriptions: [before.id],
      });
      expect(again.status).toBe(400);
      expect(again.body[0].errorCode).toBe("INVALID_API_INPUT");

      await call("POST", "/__emulator/clock", { advanceSeconds: 32 * 86_400 });
      const later = await shopper(target, "buyer@demo.store");
      expect((await later.call("GET", "subscriptions?state=Active")).body.subscriptions).toEqual([]);
      const past = await later.call("GET", "subscriptions?state=Past");
      expect(past.body.subscriptions.map((x: any) => [x.id, x.cancelStatus])).toEqual([[before.id, "Success"]]);
    });

    it("renews a term-defined plan once per term: the end date moves a term on", async () => {
      const buyer = await shopper(target, "buyer@demo.store");
      await buy(buyer, [
        { model: YEARLY, quantity: 1, term: 1 },
        { model: MONTHLY, quantity: 1 },
      ]);
      const yearly = await subscriptionOf(buyer, YEARLY);
      const res = await buyer.call("POST", "subscriptions/actions/initiate-renewal", { subscriptionIds: [yearly.id] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ renewalStatus: "Success", lastAction: { type: "Renew" } });
      const endBefore = Date.parse(yearly.endDate.replace("+0000", "Z"));
      const endAfter = Date.parse(res.body.endDate.replace("+0000", "Z"));
      expect(new Date(endAfter + 1).getUTCFullYear() - new Date(endBefore + 1).getUTCFullYear()).toBe(1);
      expect((await subscriptionOf(buyer, YEARLY)).endDate).toBe(res.body.endDate);

      const twice = await buyer.call("POST", "subscriptions/actions/initiate-renewal", {
        subscriptionIds: [yearly.id],
      });
      expect(twice.status).toBe(400);
      const monthly = await subscriptionOf(buyer, MONTHLY);
      const evergreen = await buyer.call("POST", "subscriptions/actions/initiate-renewal", {
        subscriptionIds: [monthly.id],
      });
      expect(evergreen.status).toBe(400);
      // A start date needs an end date or a term length and unit.
      const startOnly = await buyer.call("POST", "subscriptions/actions/initiate-renewal", {
        subscriptionIds: [monthly.id],
        renewalStartDate: "2030-01-01T00:00:00.000Z",
      });
      expect(startOnly.status).toBe(400);
      // A renewed subscription can't be cancelled before its renewal starts.
      const cancel = await buyer.call("POST", "subscriptions/actions/initiate-cancellation", {
        subscriptionIds: [yearly.id],
      });
      expect(cancel.status).toBe(400);
    });

    it("amends the quantity: an increase from its start date, a decrease only on the next billing date", async () => {
      const buyer = await shopper(target, "buyer@demo.store");
      await buy(buyer, [{ model: MONTHLY, quantity: 2 }]);
      const monthly = await subscriptionOf(buyer, MONTHLY);
      expect(monthly.billing.billingPeriodAmount).toBe("40.00");
      const start = `${await today()}T00:00:00.000Z`;
      const down = await buyer.call("POST", "subscriptions/actions/initiate-amendment", {
        subscriptionIds: [monthly.id],
        quantityChange: -1,
        amendStartDate: start,
      });
      expect(down.status).toBe(400);
      const up = await buyer.call("POST", "subscriptions/actions/initiate-amendment", {
        subscriptionIds: [monthly.id],
        quantityChange: 3,
        amendStartDate: start,
      });
      expect(up.status).toBe(200);
      expect(up.body).toMatchObject({
        quantity: 5,
        amendmentStatus: "Success",
        billing: { billingPeriodAmount: "100.00" },
        lastAction: {
          type: "Amend",
          details: { changes: [{ field: "quantity", previousValue: 2, newValue: 5 }], status: "Success" },
        },
      });
      expect(await subscriptionOf(buyer, MONTHLY)).toMatchObject({ quantity: 5, amendmentStatus: "Success" });

      for (const body of [
        { subscriptionIds: [monthly.id], quantityChange: 1 },
        { subscriptionIds: [monthly.id], quantityChange: 0, amendStartDate: start },
        { subscriptionIds: [monthly.id], quantityChange: 1, amendStartDate: "2020-01-01T00:00:00.000Z" },
        { subscriptionIds: [monthly.id, monthly.id], quantityChange: 1, amendStartDate: start },
        { quantityChange: 1, amendStartDate: start },
      ]) {
        const res = await buyer.call("POST", "subscriptions/actions/initiate-amendment", body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body[0].errorCode).toBe("INVALID_API_INPUT");
      }
    });

    it("updates the saved payment method the subscription bills", async () => {
      const buyer = await shopper(target, "buyer@demo.store");
      await buy(buyer, [{ model: MONTHLY, quantity: 1 }]);
      const monthly = await subscriptionOf(buyer, MONTHLY);
      const body = { merchantAccountId: "8zbxx00000000ODAAY", savedPaymentMethodId: "12qxx000002pmjEAAQ" };
      const res = await buyer.call("PATCH", `subscriptions/${monthly.id}/saved-payment-methods`, body);
      expect(res.status).toBe(200);
      // "The PATCH API populates only the billing, endDate, id, and startDate field values in the response."
      expect(res.body).toMatchObject({
        id: monthly.id,
        startDate: monthly.startDate,
        product: null,
        quantity: null,
        sellingModel: null,
        billing: { savedPaymentMethod: { id: "12qxx000002pmjEAAQ", merchantAccountId: "8zbxx00000000ODAAY" } },
      });
      expect((await subscriptionOf(buyer, MONTHLY)).billing.savedPaymentMethod.id).toBe("12qxx000002pmjEAAQ");
      const missing = await buyer.call("PATCH", `subscriptions/${monthly.id}/saved-payment-methods`, {
        merchantAccountId: "8zbxx00000000ODAAY",
      });
      expect(missing.status).toBe(400);
      const wrongKind = await buyer.call("PATCH", `subscriptions/${monthly.id}/saved-payment-methods`, {
        ...body,
        savedPaymentMethodId: "001DM0000000B2C",
      });
      expect(wrongKind.body[0].errorCode).toBe("INVALID_ID_FIELD");
    });

    it("acts on the account's own subscriptions, for registered shoppers, at the documented versions", async () => {
      const buyer = await shopper(target, "buyer@demo.store");
      await buy(buyer, [{ model: MONTHLY, quantity: 1 }]);
      const monthly = await subscriptionOf(buyer, MONTHLY);
      const b2b = await shopper(target, "b2b@demo.store");
      const foreign = await b2b.call("POST", "subscriptions/actions/initiate-cancellation", {
        subscriptionIds: [monthly.id],
      });
      expect(foreign.status).toBe(404);
      const unknown = await buyer.call("POST", "subscriptions/actions/initiate-cancellation", {
        subscriptionIds: ["02iDM0000000NOP"],
      });
      expect(unknown.status).toBe(404);
      const malformed = await buyer.call("POST", "subscriptions/actions/initiate-cancellation", {
        subscriptionIds: ["nope"],
      });
      expect(malformed.body[0].errorCode).toBe("INVALID_ID_FIELD");
      const guest = await shopper(target);
      expect(
        (await guest.call("POST", "subscriptions/actions/initiate-cancellation", { subscriptionIds: [monthly.id] }))
          .status,
      ).toBe(401);
      const cancel = { subscriptionIds: [monthly.id] };
      expect(
        (await buyer.call("POST", at("v62.0", "subscriptions/actions/initiate-cancellation"), cancel)).status,
      ).toBe(404);
      for (const path of ["subscriptions/actions/initiate-renewal", "subscriptions/actions/initiate-amendment"])
        expect((await buyer.call("POST", at("v64.0", path), cancel)).status, path).toBe(404);
      expect(
        (await buyer.call("PATCH", at("v62.0", `subscriptions/${monthly.id}/saved-payment-methods`), {})).status,
      ).toBe(404);
    });
  });
});
