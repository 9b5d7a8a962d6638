import { beforeAll, describe, expect, it } from "vitest";
import {
  AddressCollectionSchema,
  AddressSchema,
  CartItemCollectionSchema,
  CartItemSchema,
  CartSummarySchema,
  CheckoutSchema,
  DeliveryGroupCollectionSchema,
  DeliveryGroupSchema,
  CommerceSubscriptionCollectionSchema,
  CommerceSubscriptionDetailSchema,
  FeaturedProductsOutputSchema,
  RecommendationResultsSchema,
  OrderShipmentCollectionSchema,
  OrderShipmentItemCollectionSchema,
  OrderSummaryCollectionSchema,
  OrderSummarySchema,
  PaymentTokenSchema,
  WishlistItemSchema,
  WishlistSchema,
  WishlistSummariesSchema,
} from "../../server/webstore/types/index.js";
import {
  PRODUCTS,
  TEXAS,
  addItem,
  payActiveCart,
  settled,
  shopper,
  startCheckout,
  type Shopper,
} from "./checkout-helpers.js";
import { shapeProblems } from "./strict-schema.js";
import { TARGET_NAMES } from "./targets.js";
import { useTarget } from "./use-target.js";
import type { z } from "zod";

/**
 * The client's types against the emulator's real answers for the main resources: every answer must parse with
 * the client's schema made strict (tests/contract/strict-schema.ts). A field the emulator invents, a documented
 * field in another shape, or one the client's types don't know fails here, with its path.
 */

const MUGS = ["01tDM0000000027", "01tDM0000000028", "01tDM0000000029"]; // 3 mugs: the automatic mug promotion applies

function expectShape(schema: z.ZodTypeAny, res: { status: number; body: unknown }, status: number) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
  expect(shapeProblems(schema, res.body)).toEqual([]);
}

describe("strictDeep", () => {
  it("refuses a key the schema doesn't list, at any depth, and the old nested first-payment object", () => {
    expect(shapeProblems(CartSummarySchema, { cartId: null, firstPymt: { GrandTotalAmount: "1.00" } })).toEqual([
      "(root): Unrecognized key(s) in object: 'firstPymt' firstPymt",
    ]);
    expect(
      shapeProblems(CartItemCollectionSchema, {
        cartItems: [
          { cartItem: { cartItemId: "0a9", productId: "01t", quantity: "1.0", type: "Product", invented: 1 } },
        ],
      }),
    ).toEqual(["cartItems.0.cartItem: Unrecognized key(s) in object: 'invented' invented"]);
    expect(shapeProblems(CartSummarySchema, { cartId: null, firstPymtGrandTotalAmount: "1.00" })).toEqual([]);
  });
});

describe.each(TARGET_NAMES)("the client's types fit the emulator's answers (%s)", (name) => {
  const { target, call } = useTarget(name);
  let guest: Shopper;
  let buyer: Shopper;
  beforeAll(async () => {
    await call("POST", "/__emulator/reset");
    guest = await shopper(target);
    buyer = await shopper(target, "buyer@demo.store");
  });

  it("Cart Summary: created, read, and `current` without a cart", async () => {
    const fresh = await shopper(target);
    expectShape(CartSummarySchema, await fresh.call("GET", "carts/current"), 200);
    const created = await fresh.call("POST", "carts", {});
    expectShape(CartSummarySchema, created, 201);
    expectShape(CartSummarySchema, await fresh.call("GET", `carts/${created.body.cartId}`), 200);
  });

  it("Cart Item and Cart Item Collection, with coupons and promotions", async () => {
    const added = await guest.call("POST", "carts/active/cart-items", {
      productId: MUGS[0],
      quantity: "2",
      type: "Product",
    });
    expectShape(CartItemSchema, added, 201);
    for (const mug of MUGS.slice(1)) await addItem(guest, mug, 1);
    expectShape(
      CartItemSchema,
      await guest.call("PATCH", `carts/active/cart-items/${added.body.cartItemId}`, { quantity: "3" }),
      200,
    );
    expect((await guest.call("POST", "carts/active/cart-coupons", { couponCode: "SAVE10" })).status).toBe(201);

    const collection = await guest.call(
      "GET",
      "carts/active/cart-items?includeCoupons=true&includePromotions=true&productFields=Name",
    );
    expectShape(CartItemCollectionSchema, collection, 200);
    expect(collection.body.cartPromotions.promotions.promotions.length).toBeGreaterThan(0);
    expect(collection.body.cartCoupons.cartCoupons.coupons).toHaveLength(1);
  });

  it("Delivery Group and its collection, with items, address and methods", async () => {
    const groups = await guest.call("GET", "carts/active/delivery-groups?cartItemLimit=5");
    expectShape(DeliveryGroupCollectionSchema, groups, 200);
    const id = groups.body.items[0].id;
    expectShape(
      DeliveryGroupSchema,
      await guest.call("PATCH", `carts/active/delivery-groups/${id}`, { deliveryAddress: TEXAS }),
      200,
    );
    expectShape(DeliveryGroupSchema, await guest.call("GET", `carts/active/delivery-groups/${id}`), 200);
  });

  it("Checkout: started, with an address and contact info, and with integration errors (422)", async () => {
    await addItem(buyer, PRODUCTS.coffee, 1);
    const checkoutId = await startCheckout(buyer);
    expectShape(CheckoutSchema, await buyer.call("GET", `checkouts/${checkoutId}`), 200);
    // Writes answer 202 with the checkout (the calculators run asynchronously); by default the calculation is over
    // by the next call, so the read right after is the calculated one (200), as orgs were seen answering.
    expectShape(CheckoutSchema, await buyer.call("PATCH", `checkouts/${checkoutId}`, { deliveryAddress: TEXAS }), 202);
    expectShape(CheckoutSchema, await buyer.call("GET", `checkouts/${checkoutId}`), 200);
    // A country nothing ships to is a shipping failure: GET answers 422 with the checkout and its errors.
    await buyer.call("PATCH", `checkouts/${checkoutId}`, {
      deliveryAddress: { ...TEXAS, region: null, country: "MX" },
    });
    const failing = await settled(buyer, checkoutId);
    expectShape(CheckoutSchema, failing, 422);
    expect(failing.body.errors.length).toBeGreaterThan(0);
    expect((await buyer.call("DELETE", `checkouts/${checkoutId}`)).status).toBe(204);
  });

  it("Payment token: a refused card's errors are checkout errors with invalidParameters", async () => {
    const refused = await guest.call("POST", "payments/token", {
      cardPaymentMethod: {
        cardHolderName: "Sam Shopper",
        cardNumber: "4242424242424241",
        cvv: "123",
        expiryMonth: "12",
        expiryYear: "2099",
      },
    });
    expectShape(PaymentTokenSchema, refused, 422);
  });

  it("Commerce Address and its collection", async () => {
    expectShape(AddressCollectionSchema, await buyer.call("GET", "accounts/current/addresses"), 200);
    const created = await buyer.call("POST", "accounts/current/addresses", {
      name: "Cabin",
      street: "1 Lake Road",
      city: "Tahoe City",
      region: "CA",
      postalCode: "96145",
      country: "US",
    });
    expectShape(AddressSchema, created, 201);
    expectShape(
      AddressSchema,
      await buyer.call("PATCH", `accounts/current/addresses/${created.body.addressId}`, { city: "Truckee" }),
      201,
    );
    expect((await buyer.call("DELETE", `accounts/current/addresses/${created.body.addressId}`)).status).toBe(204);
  });

  it("Wishlists: summaries with the displayed list, a wishlist, an item (with and without an error)", async () => {
    const summaries = await buyer.call("GET", "wishlists?includeDisplayedList=true");
    expectShape(WishlistSummariesSchema, summaries, 200);
    expect(summaries.body.displayedList.page.hasErrors).toBe(true); // ERR-100 is on the demo list
    const listId = summaries.body.summaries[0].id;
    expectShape(WishlistSchema, await buyer.call("GET", `wishlists/${listId}`), 200);
    expectShape(
      WishlistItemSchema,
      await buyer.call("POST", `wishlists/${listId}/wishlist-items`, { productId: PRODUCTS.mug }),
      201,
    );
    const created = await buyer.call("POST", "wishlists", {
      name: "Gifts",
      products: [{ productId: PRODUCTS.coffee }],
    });
    expectShape(WishlistSchema, created, 201);
  });

  it("Order Summary and its collection", async () => {
    expectShape(OrderSummaryCollectionSchema, await buyer.call("GET", "order-summaries"), 200);
    expectShape(
      OrderSummarySchema,
      await buyer.call("GET", "order-summaries/00000103?includeAdjustmentDetails=true"),
      200,
    );
  });

  it("Order Shipment Collection and Order Shipment Item Collection", async () => {
    const shipments = await buyer.call("GET", "order-summaries/00000103/shipments");
    expectShape(OrderShipmentCollectionSchema, shipments, 200);
    expectShape(
      OrderShipmentItemCollectionSchema,
      await buyer.call("GET", `shipments/${shipments.body.shipments[0].shipmentId}/items`),
      200,
    );
  });

  it("Featured Products Output: bare, and with every include flag", async () => {
    const press = "01tDM0000000023";
    expectShape(FeaturedProductsOutputSchema, await guest.call("GET", `products/${press}/featured-products`), 200);
    const full = await guest.call(
      "GET",
      `products/${press}/featured-products?includeMediaGroups=true&includeProductSellingModel=true` +
        "&includePurchaseQuantityRules=true&includeAttributeSetInfo=true",
    );
    expectShape(FeaturedProductsOutputSchema, full, 200);
    expect(full.body.featuredProductsByRelationshipType.similarProducts.length).toBeGreaterThan(0);
  });

  it("Commerce Einstein Recommendation Results: ids alone, and with products and prices", async () => {
    const ask = "ai/recommendations?recommender=CustomersWhoBoughtAlsoBought&anchorValues=01tDM0000000001";
    const cookie = { cookie: "cqcid=shapes" };
    expectShape(RecommendationResultsSchema, await call("GET", ask, undefined, cookie), 200);
    const full = await call("GET", `${ask}&includePricingAndProductInformation=true`, undefined, cookie);
    expectShape(RecommendationResultsSchema, full, 200);
    expect(full.body.productPage.products.length).toBeGreaterThan(0);
  });

  it("Commerce Subscription Detail, as the list and an action answer it", async () => {
    // The Monthly Subscription of Roaster's Choice: placing the order makes the subscription.
    await buyer.call("POST", "carts/active/cart-items", {
      productId: "01tDM0000000013",
      quantity: "1",
      type: "Product",
      productSellingModelId: "0jPDM00000MONTH",
    });
    expect((await buyer.call("POST", `checkouts/${await payActiveCart(buyer)}/orders`)).status).toBe(201);
    const list = await buyer.call("GET", "subscriptions");
    expect(list.status).toBe(200);
    expect(list.body.subscriptions.length).toBeGreaterThan(0);
    expectShape(CommerceSubscriptionCollectionSchema, list, 200);
    for (const detail of list.body.subscriptions)
      expectShape(CommerceSubscriptionDetailSchema, { status: 200, body: detail }, 200);
    expectShape(
      CommerceSubscriptionDetailSchema,
      await buyer.call("POST", "subscriptions/actions/initiate-cancellation", {
        subscriptionIds: [list.body.subscriptions[0].id],
      }),
      200,
    );
  });
});
