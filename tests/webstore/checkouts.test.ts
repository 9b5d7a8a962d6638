import { describe, expect, it } from "vitest";
import { apiError, json, noContent, rel, sequence, testClient } from "./fake-fetch.js";
import { NULL_CHECKOUTID } from "../../server/webstore/index.js";

const checkout = { checkoutId: "2z9A", cartSummary: { cartId: "0a6A" }, deliveryGroups: { count: 1, items: [] } };

describe("delivery groups", () => {
  it("lists 20 groups without their items, dropping empty groups and ensuring a default", async () => {
    const { client, calls } = testClient(() =>
      json({
        count: 2,
        items: [
          { id: "0a7A", isDefault: true, totalCartItemCount: 0 },
          { id: "0a7B", isDefault: false, totalCartItemCount: 3 },
        ],
      }),
    );
    const groups = await client.getDeliveryGroups("current");
    expect(groups.items).toEqual([{ id: "0a7B", isDefault: true, totalCartItemCount: 3 }]);
    expect(rel(calls[0])).toBe("carts/current/delivery-groups");
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ pageSize: "20", cartItemLimit: "0" });
  });

  it("refuses to load one group without options or an id: 'options required'", async () => {
    const { client, calls } = testClient();
    await expect(client.getDeliveryGroup("current", undefined)).rejects.toThrow("options required");
    await expect(client.getDeliveryGroup("current", { deliveryGroupId: "" })).rejects.toThrow("options required");
    expect(calls).toHaveLength(0);
  });

  it("loads, creates, updates and deletes a group", async () => {
    const { client, calls } = testClient((req) => (req.method === "DELETE" ? noContent() : json({ id: "0a7A" })));
    await client.getDeliveryGroup("current", { deliveryGroupId: "0a7A" });
    await client.createDeliveryGroup("current", { name: "Shipment 2" });
    await client.updateDeliveryGroup("current", "0a7A", { isGift: true, giftMessage: "Enjoy" });
    expect(await client.deleteDeliveryGroup("current", "0a7A", { deleteCartItems: false })).toEqual({
      status: 204,
      processing: false,
      data: null,
    });
    expect(calls.map((c) => [c.method, rel(c)])).toEqual([
      ["GET", "carts/current/delivery-groups/0a7A"],
      ["POST", "carts/current/delivery-groups"],
      ["PATCH", "carts/current/delivery-groups/0a7A"],
      ["DELETE", "carts/current/delivery-groups/0a7A"],
    ]);
    expect(calls[3].url.searchParams.get("deleteCartItems")).toBe("false");
  });

  it("arranges items with string quantities and shows the 202 answer as processing", async () => {
    const { client, calls } = testClient(() => json({ count: 0, items: [] }, 202));
    const answer = await client.arrangeItems(
      "current",
      [{ cartItemId: "0a9A", deliveryGroupId: "0a7B", quantity: 2 }],
      {
        deleteEmptyDeliveryGroups: true,
      },
    );
    expect(answer.processing).toBe(true);
    expect(rel(calls[0])).toBe("carts/current/delivery-groups/actions/arrange-items");
    expect(calls[0].url.searchParams.get("deleteEmptyDeliveryGroups")).toBe("true");
    expect(JSON.parse(calls[0].body)).toEqual({
      arrangements: [{ cartItemId: "0a9A", deliveryGroupId: "0a7B", quantity: "2" }],
    });
  });
});

describe("checkouts", () => {
  it("starts with PUT checkouts for the active cart, the delivery phone sent as shipToPhoneNumber", async () => {
    const { client, calls } = testClient(() => json(checkout, 202));
    const answer = await client.startCheckout({
      deliveryAddress: { addressId: "8lWA", phoneNumber: "5551234567", city: "Lyon" },
    });
    expect(answer).toMatchObject({ status: 202, processing: true, data: { checkoutId: "2z9A" } });
    expect(calls[0].method).toBe("PUT");
    expect(rel(calls[0])).toBe("checkouts");
    expect(JSON.parse(calls[0].body)).toEqual({
      cartId: "active",
      deliveryAddressInput: { id: "8lWA", shipToPhoneNumber: "5551234567", city: "Lyon" },
    });
  });

  it("deletes an expired (410) or unusable (422) checkout and starts again once", async () => {
    const { client, calls } = testClient(
      sequence(
        () => json({ checkoutId: "2z9Old", errors: [{ type: "x", detail: "stale" }] }, 422),
        () => noContent(),
        () => json(checkout),
      ),
    );
    expect(await client.startCheckout({ cartId: "0a6A" })).toMatchObject({ status: 200, data: { checkoutId: "2z9A" } });
    expect(calls.map((c) => [c.method, rel(c)])).toEqual([
      ["PUT", "checkouts"],
      ["DELETE", "checkouts/2z9Old"],
      ["PUT", "checkouts"],
    ]);
  });

  it("restarts only once, and not for other failures", async () => {
    const twice = testClient(
      sequence(
        () => apiError(410, "GONE", "expired"),
        () => noContent(),
        () => apiError(410, "GONE", "expired"),
      ),
    );
    await expect(twice.client.startCheckout()).rejects.toMatchObject({ status: 410 });
    expect(twice.calls.map((c) => c.method)).toEqual(["PUT", "DELETE", "PUT"]);
    expect(twice.calls[1].url.pathname.endsWith("checkouts/active")).toBe(true);

    const notFound = testClient(() => apiError(404, "NOT_FOUND", "no cart"));
    await expect(notFound.client.startCheckout()).rejects.toMatchObject({ status: 404 });
    expect(notFound.calls).toHaveLength(1);
  });

  it("fails with NULL_CHECKOUTID when the answer has no checkout id", async () => {
    const { client } = testClient(() => json({ cartSummary: {} }));
    await expect(client.startCheckout()).rejects.toMatchObject({ code: NULL_CHECKOUTID });
  });

  it("reads a 422 checkout as usable and a 202 one as processing", async () => {
    const { client, calls } = testClient(
      sequence(
        () => json({ ...checkout, errors: [{ type: "/commerce/errors/shipping-failure", detail: "x" }] }, 422),
        () => json(checkout, 202),
      ),
    );
    expect(await client.getCheckout()).toMatchObject({ status: 422, processing: false, data: { checkoutId: "2z9A" } });
    expect(await client.getCheckout("2z9A")).toMatchObject({ status: 202, processing: true });
    expect(calls.map(rel)).toEqual(["checkouts/active", "checkouts/2z9A"]);
  });

  it("fails on a missing checkout", async () => {
    const { client } = testClient(() => apiError(404, "CHECKOUT_NOT_FOUND", "No checkout"));
    await expect(client.getCheckout()).rejects.toMatchObject({ status: 404, code: "CHECKOUT_NOT_FOUND" });
  });

  it("updates one group per PATCH, renaming the delivery phone", async () => {
    const { client, calls } = testClient(() => json(checkout, 202));
    await client.updateCheckout("2z9A", { deliveryMethodId: "2DmA" });
    await client.updateCheckout("2z9A", {
      deliveryAddress: { city: "Paris", phoneNumber: "555" },
      shippingInstructions: "Door",
    });
    expect(calls.map((c) => [c.method, rel(c), JSON.parse(c.body)])).toEqual([
      ["PATCH", "checkouts/2z9A", { deliveryMethodId: "2DmA" }],
      [
        "PATCH",
        "checkouts/2z9A",
        { deliveryAddress: { city: "Paris", shipToPhoneNumber: "555" }, shippingInstructions: "Door" },
      ],
    ]);
  });

  it("pays, prepares, submits and places orders on the checkout", async () => {
    const { client, calls } = testClient(() => json({ orderReferenceNumber: "ER37G" }, 201));
    await client.makePayment("2z9A", { requestType: "SimplePurchaseOrder", paymentToken: "PO-1" });
    await client.orderActions("2z9A", [{ action: "prepare" }, { action: "submit", parameters: { a: 1 } }]);
    expect(await client.placeOrder("2z9A")).toEqual({ orderReferenceNumber: "ER37G" });
    expect(calls.map((c) => [c.method, rel(c), c.body])).toEqual([
      ["POST", "checkouts/2z9A/payments", JSON.stringify({ requestType: "SimplePurchaseOrder", paymentToken: "PO-1" })],
      [
        "POST",
        "checkouts/2z9A/orders/actions",
        JSON.stringify({ actions: [{ action: "prepare" }, { action: "submit", parameters: { a: 1 } }] }),
      ],
      ["POST", "checkouts/2z9A/orders", ""],
    ]);
  });

  it("tokenises a card with the documented body and reads only {token, errors}", async () => {
    const { client, calls } = testClient(() => json({ token: "tok_1", errors: [] }, 201));
    const card = {
      cardHolderName: "Sam Shopper",
      cardNumber: "4242424242424242",
      cvv: "123",
      expiryMonth: "12",
      expiryYear: "2030",
      cardType: "Visa" as const,
    };
    expect(await client.tokenizePayment({ cardPaymentMethod: card })).toEqual({ token: "tok_1", errors: [] });
    expect(calls.map((c) => [c.method, rel(c), JSON.parse(c.body)])).toEqual([
      ["POST", "payments/token", { cardPaymentMethod: card }],
    ]);
  });

  it("turns a refused card (422) into a FetchError whose errors name the refused fields, without the number", async () => {
    const refusal = {
      errors: [
        {
          type: "/commerce/errors/payment-failure",
          title: "Check your payment information.",
          detail: "Enter a valid security code.",
          instance: null,
          invalidParameters: [{ name: "cardPaymentMethod.cvv", reason: "Enter a valid security code." }],
        },
      ],
    };
    const { client, calls } = testClient(() => json(refusal, 422));
    const card = {
      cardHolderName: "Sam",
      cardNumber: "4242424242424242",
      cvv: "12",
      expiryMonth: "12",
      expiryYear: "2030",
    };
    const error = await client.tokenizePayment({ cardPaymentMethod: card }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "FetchError",
      status: 422,
      message: "Enter a valid security code.",
      code: "/commerce/errors/payment-failure",
      errors: [
        {
          type: "/commerce/errors/payment-failure",
          message: "Enter a valid security code.",
          invalidParameters: [{ name: "cardPaymentMethod.cvv", reason: "Enter a valid security code." }],
        },
      ],
    });
    expect(JSON.stringify(error) + String(error)).not.toContain(card.cardNumber);
    // A refusal is the gateway's answer, not a passing failure: it is not retried.
    expect(calls).toHaveLength(1);
  });

  it("deletes a checkout and handles coupons through the cart (not at 61-62)", async () => {
    const { client, calls } = testClient((req) => (req.method === "DELETE" ? noContent() : json({})));
    await client.applyCheckoutCoupon({ checkoutId: "2z9A", cartId: "0a6A" }, "SAVE10");
    expect(await client.removeCheckoutCoupon({ checkoutId: "2z9A", cartId: null }, "4r0A")).toMatchObject({
      status: 204,
      processing: false,
    });
    await client.deleteCheckout("2z9A");
    expect(calls.map((c) => [c.method, rel(c)])).toEqual([
      ["POST", "carts/0a6A/cart-coupons"],
      ["DELETE", "carts/active/cart-coupons/4r0A"],
      ["DELETE", "checkouts/2z9A"],
    ]);
    expect(JSON.parse(calls[0].body)).toEqual({ couponCode: "SAVE10" });
  });

  it("uses the checkout coupons at 61-62, where they exist", async () => {
    const { client, calls } = testClient(
      (req) => (req.method === "DELETE" ? new Response(null, { status: 202 }) : json({})),
      { apiVersion: "v62.0" },
    );
    await client.applyCheckoutCoupon({ checkoutId: "2z9A", cartId: "0a6A" }, "SAVE10");
    expect(await client.removeCheckoutCoupon({ checkoutId: "2z9A", cartId: "0a6A" }, "4r0A")).toMatchObject({
      processing: true,
    });
    expect(calls.map((c) => [c.method, c.url.pathname])).toEqual([
      ["POST", "/services/data/v62.0/commerce/webstores/0ZEDM0000000001/checkouts/2z9A/coupons"],
      ["DELETE", "/services/data/v62.0/commerce/webstores/0ZEDM0000000001/checkouts/2z9A/coupons/4r0A"],
    ]);
    expect(JSON.parse(calls[0].body)).toEqual({ couponCodes: ["SAVE10"] });
  });
});
