import { describe, expect, it } from "vitest";
import { API, TARGET_NAMES, guest, login } from "./targets.js";
import { useTarget } from "./use-target.js";
import { payableCheckout, PRODUCTS, shopper } from "./checkout-helpers.js";

/**
 * Order lookup and its safety (deliverable 7): POST/GET order-summaries/actions/lookup, actions/authorize, the
 * rate limit on failed lookups, and identical answers for an unknown order and a wrong e-mail.
 */

const NOT_FOUND = [{ errorCode: "NOT_FOUND", message: "Something's not right. Check your info and try again." }];
const GUEST_ORDER = "00000101";
const GUEST = { email: "guest@demo.store", lastName: "Guest", phoneNumber: "5550101010" };

describe.each(TARGET_NAMES)("order lookup (%s)", (name) => {
  // Failed lookups count against the rate limit; every case starts from the fixtures with a clean slate.
  const { target, call } = useTarget(name, { resetBeforeEach: true });

  /** The raw answer: status, body text byte for byte, content type. */
  async function raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await target.fetch(
      new Request(`${target.baseUrl}${API}/${path}`, {
        method,
        // A guest as a storefront calls: with a guest token of its own.
        headers: { "Content-Type": "application/json", ...(await guest(target)), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
  }

  const lookup = (body: unknown, headers: Record<string, string> = {}, query = "") =>
    call("POST", `order-summaries/actions/lookup${query}`, body, headers);
  const client = (n: number | string) => ({ "X-Forwarded-For": `203.0.113.${n}` });

  describe("POST actions/lookup", () => {
    it("opens a guest order with its e-mail (any case, surrounding spaces) and answers the lookup output", async () => {
      const res = await lookup({
        orderSummaryIdOrRefNumber: ` ${GUEST_ORDER} `,
        verification: { email: "  Guest@Demo.Store " },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: "1OsDM0000000101",
        orderNumber: GUEST_ORDER,
        status: "Fulfilled",
        currencyIsoCode: "USD",
        orderedDate: "2026-08-03T15:12:40.000Z",
        adjustmentAggregates: { available: true },
        adjustments: [],
      });
      expect(res.body.fields.OrderNumber.text).toBe(GUEST_ORDER);
      expect(res.body.fields.TotalAmount.text).toBe("58.49");
      const [group] = res.body.deliveryGroups;
      // A lookup delivery group is {id, currencyIsoCode, deliveryMethod{fields}, fields, lineItems} (reference §8).
      expect(Object.keys(group).sort()).toEqual(["currencyIsoCode", "deliveryMethod", "fields", "id", "lineItems"]);
      expect(group).toMatchObject({
        id: "0agDM00000101G1",
        currencyIsoCode: "USD",
        fields: { DeliverToCity: { text: "Portland" } },
        deliveryMethod: { fields: { Name: { text: "Standard Shipping" } } },
      });
      expect(group.deliveryMethod).toEqual({ fields: expect.any(Object) });
      const products = group.lineItems.filter((l: any) => l.fields.Type.text === "Order Product");
      expect(products).toHaveLength(2);
      expect(products[0]).toMatchObject({
        id: "10uDM0000010101",
        itemClass: "Simple",
        fields: { Quantity: { text: "2.0" }, StockKeepingUnit: { text: "CB-ETH-YRG" } },
        product: { productId: "01tDM0000000001", fields: { Name: { text: expect.any(String) } } },
        adjustments: [],
        associatedLineItems: [],
      });
      expect(res.body.payments).toEqual([
        expect.objectContaining({
          type: "CreditCard",
          cardBrand: "Visa",
          last4: "4242",
          amount: "58.49",
          status: "Processed",
        }),
      ]);
      // Only the last four digits exist anywhere in the answer.
      expect(JSON.stringify(res.body)).not.toMatch(/\d{12,}/);
    });

    it("checks the last name and phone number when they are given, and ignores a placeholder phone", async () => {
      expect((await lookup({ orderSummaryIdOrRefNumber: GUEST_ORDER, verification: GUEST })).status).toBe(200);
      expect(
        (
          await lookup({
            orderSummaryIdOrRefNumber: GUEST_ORDER,
            verification: { ...GUEST, phoneNumber: "(555) 010-1010" },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await lookup({
            orderSummaryIdOrRefNumber: GUEST_ORDER,
            verification: { email: GUEST.email, phoneNumber: "0000000000" },
          })
        ).status,
      ).toBe(200);
      const wrongName = await lookup({
        orderSummaryIdOrRefNumber: GUEST_ORDER,
        verification: { ...GUEST, lastName: "Guesst" },
      });
      expect({ status: wrongName.status, body: wrongName.body }).toEqual({ status: 404, body: NOT_FOUND });
      const wrongPhone = await lookup({
        orderSummaryIdOrRefNumber: GUEST_ORDER,
        verification: { ...GUEST, phoneNumber: "5550101011" },
      });
      expect(wrongPhone.status).toBe(404);
    });

    it("answers an unknown number and a wrong e-mail for a real order byte for byte the same", async () => {
      const unknown = await raw(
        "POST",
        "order-summaries/actions/lookup",
        { orderSummaryIdOrRefNumber: "00099999", verification: { email: GUEST.email } },
        client(1),
      );
      const wrongEmail = await raw(
        "POST",
        "order-summaries/actions/lookup",
        { orderSummaryIdOrRefNumber: GUEST_ORDER, verification: { email: "someone@else.example" } },
        client(2),
      );
      const noVerification = await raw(
        "POST",
        "order-summaries/actions/lookup",
        { orderSummaryIdOrRefNumber: GUEST_ORDER },
        client(3),
      );
      // A registered buyer's order can't be opened with guest details, even the buyer's own e-mail.
      const buyersOrder = await raw(
        "POST",
        "order-summaries/actions/lookup",
        { orderSummaryIdOrRefNumber: "00000103", verification: { email: "buyer@demo.store" } },
        client(4),
      );
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.text)).toEqual(NOT_FOUND);
      for (const other of [wrongEmail, noVerification, buyersOrder]) expect(other).toEqual(unknown);
    });

    it("refuses a blank order reference or a malformed verification with 400 INVALID_API_INPUT", async () => {
      for (const body of [
        {},
        { orderSummaryIdOrRefNumber: "  " },
        { orderSummaryIdOrRefNumber: 101 },
        { orderSummaryIdOrRefNumber: GUEST_ORDER, verification: "guest@demo.store" },
      ]) {
        const res = await lookup(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body[0].errorCode).toBe("INVALID_API_INPUT");
      }
    });

    it("opens a signed-in buyer's orders without verification, and another account's order never", async () => {
      const buyer = await login(target);
      const own = await lookup({ orderSummaryIdOrRefNumber: "00000103" }, buyer);
      expect(own.status).toBe(200);
      expect(own.body.deliveryGroups).toHaveLength(2);
      expect(own.body.deliveryGroups[1].fields).toMatchObject({
        IsGift: { text: "true" },
        GiftMessage: { text: expect.stringContaining("Happy birthday") },
      });
      expect(own.body.adjustments.map((a: any) => a.amount)).toEqual(["-1.20", "-1.60", "-18.02"]);
      const unknown = await raw(
        "POST",
        "order-summaries/actions/lookup",
        { orderSummaryIdOrRefNumber: "00099999" },
        buyer,
      );
      const foreign = await raw(
        "POST",
        "order-summaries/actions/lookup",
        { orderSummaryIdOrRefNumber: "00000107" },
        buyer,
      );
      expect(foreign).toEqual(unknown);
      expect(foreign.status).toBe(404);
      const b2b = await login(target, "b2b@demo.store");
      expect((await lookup({ orderSummaryIdOrRefNumber: "1OsDM0000000108" }, b2b)).status).toBe(200);
    });

    it("leaves out excluded parts, narrows to one delivery group and adds requested fields", async () => {
      const buyer = await login(target);
      const res = await lookup(
        { orderSummaryIdOrRefNumber: "00000103" },
        buyer,
        "?excludePayments=true&excludeAdjustments=true&deliveryGroupId=0agDM00000103G2&fields=OrderSummary.BillingEmailAddress,OrderItemSummary.Product2Id,OrderDeliveryMethod.Carrier",
      );
      expect(res.status).toBe(200);
      expect(res.body.payments).toBeNull();
      expect(res.body.adjustments).toBeNull();
      expect(res.body.adjustmentAggregates).not.toBeNull();
      expect(res.body.deliveryGroups.map((g: any) => g.id)).toEqual(["0agDM00000103G2"]);
      expect(res.body.fields.BillingEmailAddress.text).toBe("buyer@demo.store");
      expect(res.body.deliveryGroups[0].deliveryMethod.fields.Carrier.text).toBe("UPS");
      expect(res.body.deliveryGroups[0].lineItems[0].fields.Product2Id.text).toMatch(/^01t/);
      const bad = await lookup({ orderSummaryIdOrRefNumber: "00000103" }, buyer, "?fields=OrderSummary.Nope");
      expect(bad.body[0].errorCode).toBe("INVALID_FIELD");
    });
  });

  it("names the selling model a subscription line was bought on, and none for other lines", async () => {
    const buyer = await shopper(target);
    const added = await buyer.call("POST", "carts/active/cart-items", {
      productId: "01tDM0000000013",
      quantity: "1",
      type: "Product",
      productSellingModelId: "0jPDM00000MONTH",
    });
    expect(added.status).toBe(201);
    const checkoutId = await payableCheckout(buyer, [[PRODUCTS.coffee, 1]]);
    const placed = await buyer.call("POST", `checkouts/${checkoutId}/orders`);
    expect(placed.status).toBe(201);
    const res = await lookup({
      orderSummaryIdOrRefNumber: placed.body.orderReferenceNumber,
      verification: { email: "sam@example.com" },
    });
    expect(res.status).toBe(200);
    const lines = res.body.deliveryGroups
      .flatMap((g: any) => g.lineItems)
      .filter((l: any) => l.fields.Type.text === "Order Product");
    const models = Object.fromEntries(
      lines.map((l: any) => [l.product.productId, l.fields.ProductSellingModelId.text]),
    );
    expect(models).toEqual({ "01tDM0000000013": "0jPDM00000MONTH", [PRODUCTS.coffee]: null });
  });

  describe("authorize and GET actions/lookup", () => {
    const authorize = (body: unknown, headers: Record<string, string> = {}) =>
      call("POST", "order-summaries/actions/authorize", body, headers);

    it("requires the order reference, e-mail and phone number", async () => {
      const res = await authorize({ orderSummaryRefNumber: GUEST_ORDER, email: GUEST.email });
      expect(res.status).toBe(400);
      expect(res.body[0]).toMatchObject({
        errorCode: "INVALID_API_INPUT",
        message: expect.stringContaining("phoneNumber"),
      });
    });

    it("answers wrong details like an unknown order", async () => {
      const wrong = await raw(
        "POST",
        "order-summaries/actions/authorize",
        { orderSummaryRefNumber: GUEST_ORDER, email: GUEST.email, phoneNumber: "5550000000" },
        client(5),
      );
      const unknown = await raw(
        "POST",
        "order-summaries/actions/authorize",
        { orderSummaryRefNumber: "00099999", ...GUEST },
        client(6),
      );
      expect(wrong).toEqual(unknown);
      expect(JSON.parse(wrong.text)).toEqual(NOT_FOUND);
    });

    it("gives a token that opens the order for 60 minutes of virtual time", async () => {
      const auth = await authorize({ orderSummaryRefNumber: GUEST_ORDER, ...GUEST });
      expect(auth.status).toBe(200);
      const token = auth.body.accessToken;
      expect(token).toMatch(/^[\w-]{20,}$/);
      const url = `order-summaries/actions/lookup?orderSummaryIdOrRefNumber=${GUEST_ORDER}&accessToken=${encodeURIComponent(token)}`;
      const ok = await call("GET", `${url}&excludeParameters=LineItems,Payments`);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ orderNumber: GUEST_ORDER, payments: null });
      expect(ok.body.deliveryGroups[0].lineItems).toBeNull();
      // The token opens the lookup only: the order's resources are for registered users, and no other order.
      const items = await call("GET", `order-summaries/${GUEST_ORDER}/items?accessToken=${encodeURIComponent(token)}`);
      expect({ status: items.status, body: items.body }).toEqual({ status: 404, body: NOT_FOUND });
      const otherOrder = await call(
        "GET",
        `order-summaries/actions/lookup?orderSummaryIdOrRefNumber=00000103&accessToken=${encodeURIComponent(token)}`,
      );
      expect({ status: otherOrder.status, body: otherOrder.body }).toEqual({ status: 404, body: NOT_FOUND });

      await call("POST", "/__emulator/clock", { advanceSeconds: 59 * 60 });
      expect((await call("GET", url)).status).toBe(200);
      await call("POST", "/__emulator/clock", { advanceSeconds: 60 });
      const expired = await call("GET", url);
      expect({ status: expired.status, body: expired.body }).toEqual({ status: 404, body: NOT_FOUND });
    });

    it("refuses a GET lookup without a reference (400) or with a bad exclude list (400)", async () => {
      expect((await call("GET", "order-summaries/actions/lookup")).body[0].errorCode).toBe("INVALID_API_INPUT");
      const bad = await call(
        "GET",
        `order-summaries/actions/lookup?orderSummaryIdOrRefNumber=${GUEST_ORDER}&excludeParameters=Everything`,
      );
      expect(bad.status).toBe(400);
      expect(bad.body[0].errorCode).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
      expect((await call("GET", "order-summaries/actions/authorize")).status).toBe(405);
    });
  });

  describe("rate limit on failed lookups", () => {
    const fail = (key: string, headers: Record<string, string>) =>
      lookup({ orderSummaryIdOrRefNumber: key, verification: { email: "wrong@demo.store" } }, headers);
    const succeed = (headers: Record<string, string>) =>
      lookup({ orderSummaryIdOrRefNumber: GUEST_ORDER, verification: { email: GUEST.email } }, headers);

    it("stops a client after 10 failures in a minute, even with the right details, and lifts after the minute", async () => {
      for (let i = 0; i < 10; i++) expect((await fail(`0009000${i}`, client(7))).status).toBe(404);
      const limited = await succeed(client(7));
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual([
        { errorCode: "REQUEST_LIMIT_EXCEEDED", message: "Too many lookup attempts. Try again in a minute." },
      ]);
      // Another client is not affected.
      expect((await succeed(client(8))).status).toBe(200);
      await call("POST", "/__emulator/clock", { advanceSeconds: 60 });
      expect((await succeed(client(7))).status).toBe(200);
    });

    it("never locks an order: failures from other clients leave its guest and its owner free", async () => {
      for (let i = 0; i < 10; i++) expect((await fail(GUEST_ORDER, client(20 + i))).status).toBe(404);
      expect((await succeed(client(40))).status).toBe(200);
      // The order's id, a second name for it, is the same order.
      const byId = await lookup(
        { orderSummaryIdOrRefNumber: "1OsDM0000000101", verification: { email: GUEST.email } },
        client(41),
      );
      expect(byId.status).toBe(200);
      const buyer = await login(target);
      for (let i = 0; i < 10; i++) expect((await fail("00000103", client(60 + i))).status).toBe(404);
      expect((await lookup({ orderSummaryIdOrRefNumber: "00000103" }, buyer)).status).toBe(200);
    });

    it("backs off one client's tries at one order: 3 free, then 1 s, 2 s, 4 s between tries", async () => {
      for (let i = 0; i < 3; i++) expect((await fail(GUEST_ORDER, client(50))).status).toBe(404);
      expect((await fail(GUEST_ORDER, client(50))).status).toBe(429);
      expect((await succeed(client(50))).status).toBe(429);
      // Another order, or another client, is not held back.
      expect((await fail("00099999", client(50))).status).toBe(404);
      expect((await succeed(client(51))).status).toBe(200);
      await call("POST", "/__emulator/clock", { advanceSeconds: 1 });
      expect((await fail(GUEST_ORDER, client(50))).status).toBe(404);
      await call("POST", "/__emulator/clock", { advanceSeconds: 1 });
      expect((await fail(GUEST_ORDER, client(50))).status).toBe(429);
      await call("POST", "/__emulator/clock", { advanceSeconds: 1 });
      expect((await succeed(client(50))).status).toBe(200);
    });

    it("limits an unknown order number the same way as a real one", async () => {
      for (let i = 0; i < 3; i++) expect((await fail("00099999", client(70))).status).toBe(404);
      expect((await fail("00099999", client(70))).status).toBe(429);
    });

    it("counts failures of a signed-in buyer per buyer (never on their own orders), and forgets them on reset", async () => {
      let buyer = await login(target);
      for (let i = 0; i < 10; i++)
        expect((await lookup({ orderSummaryIdOrRefNumber: `0008000${i}` }, buyer)).status).toBe(404);
      expect(
        (await lookup({ orderSummaryIdOrRefNumber: GUEST_ORDER, verification: { email: GUEST.email } }, buyer)).status,
      ).toBe(429);
      expect((await lookup({ orderSummaryIdOrRefNumber: "00000103" }, buyer)).status).toBe(200);
      await call("POST", "/__emulator/reset");
      buyer = await login(target);
      expect(
        (await lookup({ orderSummaryIdOrRefNumber: GUEST_ORDER, verification: { email: GUEST.email } }, buyer)).status,
      ).toBe(200);
    });

    it("counts failed authorize calls too", async () => {
      for (let i = 0; i < 3; i++) {
        const res = await call(
          "POST",
          "order-summaries/actions/authorize",
          { orderSummaryRefNumber: GUEST_ORDER, email: "x@demo.store", phoneNumber: "5550101010" },
          client(90),
        );
        expect(res.status).toBe(404);
      }
      expect(
        (
          await call(
            "POST",
            "order-summaries/actions/authorize",
            { orderSummaryRefNumber: GUEST_ORDER, ...GUEST },
            client(90),
          )
        ).status,
      ).toBe(429);
    });
  });
});
