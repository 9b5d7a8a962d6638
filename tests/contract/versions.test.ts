import { describe, expect, it } from "vitest";
import { PRODUCTS, addItem, payableCheckout, settled, shopper, startCheckout } from "./checkout-helpers.js";
import { TARGET_NAMES, api, at, guestClients, login, type Target } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * Each resource answers at the API versions its Salesforce page documents, and 404 NOT_FOUND (the standard body)
 * elsewhere, as a real org does: the gated resources at the last version without them and the first with them.
 */

const NOT_FOUND = { status: 404, body: [{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }] };
const ITEM_ADJUSTMENTS = { orderItemSummaries: [{ orderItemSummaryId: "10uDM0000010301" }] };
const GUEST_ORDER = { orderSummaryIdOrRefNumber: "00000101", verification: { email: "guest@demo.store" } };

/** A raw call at an API version; how the request is built (and authenticated) lives here only. */
function versioned(target: Target) {
  const raw = api(target);
  return async (
    version: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await raw(method, at(version, path), body, headers);
    return { status: res.status, body: res.body };
  };
}

/** The storefront's client at an API version, for a guest (their guest token minted through the client). */
const guestClient = (target: Target, apiVersion: string) => guestClients(target, { apiVersion });

describe.each(TARGET_NAMES)("API versions (%s)", (name) => {
  const { target } = useTarget(name, { resetBeforeEach: true });
  const call = versioned(target);

  it("answers 404 NOT_FOUND outside a resource's documented versions", async () => {
    const outside: [string, string, string, unknown?][] = [
      ["v60.0", "POST", "checkouts/active/coupons", { couponCodes: ["SAVE10"] }], // 61.0-62.0
      ["v63.0", "POST", "checkouts/active/coupons", { couponCodes: ["SAVE10"] }],
      ["v65.0", "POST", "checkouts/active/coupons", { couponCodes: ["SAVE10"] }],
      ["v65.0", "DELETE", "checkouts/active/coupons/4r0DM0000000001"],
      ["v57.0", "PUT", "carts/current/inventory-reservations", {}], // 58.0-63.0
      ["v64.0", "PUT", "carts/current/inventory-reservations", {}],
      ["v65.0", "DELETE", "carts/current/inventory-reservations"],
      ["v63.0", "POST", "checkouts/active/orders/actions", { actions: [{ action: "prepare" }] }], // 64.0
      ["v63.0", "GET", "carts/compact-summary"], // 64.0: not a cart id either
      ["v63.0", "GET", "order-summaries/actions/lookup?orderSummaryIdOrRefNumber=00000101"], // GET 64.0
      ["v63.0", "POST", "order-summaries/actions/authorize", {}], // 64.0
      ["v57.0", "POST", "order-summaries/actions/lookup", GUEST_ORDER], // 58.0
      ["v58.0", "GET", "carts/current/delivery-groups"], // 59.0
      ["v59.0", "GET", "carts/current/products"], // 60.0
      ["v59.0", "POST", "carts/0a6DM0000000001/actions/preserve"], // 60.0
      ["v53.0", "GET", "accounts/current/addresses"], // 54.0
      ["v57.0", "GET", "search/products?searchTerm=mug"], // 58.0
      ["v56.0", "PUT", "checkouts", { cartId: "active" }], // PUT 57.0
      ["v50.0", "GET", "order-summaries"], // 51.0
      ["v52.0", "GET", "order-summaries/00000103/adjustments"], // 53.0
      ["v52.0", "POST", "order-summaries/00000103/items/adjustments", ITEM_ADJUSTMENTS], // 53.0
      ["v56.0", "POST", "order-summaries/00000102/actions/add-order-to-cart", { cartStateOrId: "active" }], // 57.0
      ["v54.0", "GET", "ai/configuration"], // 55.0
      ["v66.0", "GET", "application-context"], // newer than the emulator's v65.0
    ];
    for (const [version, method, path, body] of outside) {
      expect({ request: `${method} ${version} ${path}`, ...(await call(version, method, path, body)) }).toEqual({
        request: `${method} ${version} ${path}`,
        ...NOT_FOUND,
      });
    }
  });

  it("answers the gated cart resources at the first and last versions they are documented at", async () => {
    const guest = await shopper(target);
    const { cartId } = await addItem(guest, PRODUCTS.coffee, 2);
    const asGuest = (version: string, method: string, path: string, body?: unknown) =>
      guest.call(method, at(version, path), body);
    expect((await asGuest("v64.0", "GET", "carts/compact-summary")).body).toMatchObject({
      cartId,
      totalProductCount: "2.0",
      uniqueProductCount: 1,
    });
    expect(
      (await asGuest("v58.0", "PUT", `carts/${cartId}/inventory-reservations`, { durationInSeconds: 60 })).status,
    ).toBe(200);
    expect(
      (await asGuest("v63.0", "PUT", `carts/${cartId}/inventory-reservations`, { durationInSeconds: 60 })).status,
    ).toBe(200);
    expect((await asGuest("v63.0", "DELETE", `carts/${cartId}/inventory-reservations`)).status).toBe(204);
    expect((await asGuest("v59.0", "GET", `carts/${cartId}/delivery-groups`)).status).toBe(200);
    expect((await asGuest("v60.0", "GET", `carts/${cartId}/products`)).body).toMatchObject({
      count: 1,
      products: [{ productId: PRODUCTS.coffee }],
    });
    expect((await asGuest("v58.0", "GET", "search/products?searchTerm=mug")).status).toBe(200);

    const id = await startCheckout(guest);
    const applied = await asGuest("v61.0", "POST", `checkouts/${id}/coupons`, { couponCodes: ["SAVE10"] });
    expect(applied.status).toBe(202);
    const couponId = applied.body.cartCoupons.coupons[0].cartCouponId;
    await settled(guest, id);
    expect((await asGuest("v62.0", "DELETE", `checkouts/${id}/coupons/${couponId}`)).status).toBe(202);
  });

  it("answers the gated order resources from their first documented version", async () => {
    expect((await call("v58.0", "POST", "order-summaries/actions/lookup", GUEST_ORDER)).status).toBe(200);
    const authorized = await call("v64.0", "POST", "order-summaries/actions/authorize", {
      orderSummaryRefNumber: "00000101",
      email: "guest@demo.store",
      phoneNumber: "555-010-1010",
    });
    expect(authorized.status).toBe(200);
    const token = encodeURIComponent(authorized.body.accessToken);
    expect(
      (
        await call(
          "v64.0",
          "GET",
          `order-summaries/actions/lookup?orderSummaryIdOrRefNumber=00000101&accessToken=${token}`,
        )
      ).body,
    ).toMatchObject({
      orderNumber: "00000101",
    });
    expect((await call("v54.0", "GET", "accounts/current/addresses", undefined, await login(target))).status).toBe(200);

    const guest = await shopper(target);
    const id = await payableCheckout(guest);
    expect(
      (await guest.call("POST", at("v64.0", `checkouts/${id}/orders/actions`), { actions: [{ action: "prepare" }] }))
        .status,
    ).toBe(200);
  });

  it("answers the buyer's order reads and the Einstein configuration from the versions their pages give", async () => {
    const buyer = await login(target);
    const list = await call("v51.0", "GET", "order-summaries", undefined, buyer);
    expect(list.status).toBe(200);
    expect(list.body.orderSummaries.map((o: { orderNumber: string }) => o.orderNumber)).toContain("00000103");
    const adjustments = await call("v53.0", "GET", "order-summaries/00000103/adjustments", undefined, buyer);
    expect(adjustments.status).toBe(200);
    expect(adjustments.body.adjustments).toHaveLength(3);
    const items = await call("v53.0", "POST", "order-summaries/00000103/items/adjustments", ITEM_ADJUSTMENTS, buyer);
    expect(items.status).toBe(200);
    expect(Object.keys(items.body.orderItemSummaries)).toEqual(["10uDM0000010301"]);
    const reorder = await call(
      "v57.0",
      "POST",
      "order-summaries/00000102/actions/add-order-to-cart",
      { cartStateOrId: "active" },
      buyer,
    );
    expect(reorder.status).toBe(200);
    const einstein = await call("v55.0", "GET", "ai/configuration", undefined, buyer);
    expect(einstein.status).toBe(200);
    expect(einstein.body).toHaveProperty("activityTrackingEnabled");
  });

  it("lets the storefront's client change a coupon during checkout at v65 (cart coupons) and at v62 (checkout coupons)", async () => {
    for (const version of ["v65.0", "v62.0"]) {
      const client = await guestClient(target, version);
      const item = await client().addCartItem("active", { productId: PRODUCTS.coffee, quantity: 2 });
      const checkoutId = (await client().startCheckout({ cartId: "active" })).data.checkoutId!;
      // The client waits for the checkout's calculators after each change, as the guide asks.
      const ready = () => client().waitForReady(() => client().getCheckout(checkoutId));
      await ready();
      const at = { checkoutId, cartId: item.data.cartId };
      const coupons = (await client().applyCheckoutCoupon(at, "SAVE10")) as {
        cartCoupons: { coupons: { cartCouponId: string }[] };
      };
      const checkout = await ready();
      expect({ version, status: checkout.status, cart: checkout.data.cartSummary }).toMatchObject({
        version,
        status: 200,
        cart: { status: "Checkout", totalProductAmountAfterAdjustments: "33.30" },
      });
      await client().removeCheckoutCoupon(at, coupons.cartCoupons.coupons[0].cartCouponId);
      expect((await ready()).data.cartSummary).toMatchObject({
        totalProductAmountAfterAdjustments: "37.00",
      });
      await client().deleteCheckout(checkoutId);
      await client().deleteCart("active");
    }
  });
});
