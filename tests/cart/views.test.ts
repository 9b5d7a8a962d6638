import { describe, expect, it } from "vitest";
import type { CartItemCollection, SortRule } from "../../server/webstore/types";
import { cartView, EMPTY_CART } from "../../app/cart/model/view";
import { isNonZeroMoney } from "../../app/cart/ui/CartTotals";
import {
  fieldValue,
  productCardView,
  productDetailView,
  quantityRuleOf,
  sortOptions,
  type ProductSummary,
} from "../../app/catalog/model/product";

describe("product views", () => {
  it("reads field values in both of the API's shapes", () => {
    expect(fieldValue({ Name: { value: "Mug" } }, "Name")).toBe("Mug");
    expect(fieldValue({ Name: "Mug" }, "Name")).toBe("Mug");
    expect(fieldValue({}, "Name")).toBeUndefined();
    expect(fieldValue(null, "Name")).toBeUndefined();
  });

  it("maps a search result", () => {
    const view = productCardView({
      id: "01t1",
      name: "Coffee Mug",
      urlName: "coffee-mug",
      defaultImage: { url: "/img/mug.svg", alternateText: "A mug" },
      fields: { Name: { value: "Coffee Mug" }, StockKeepingUnit: { value: "MUG-1" } },
      prices: { listPrice: "14.00", unitPrice: "12.00" },
    });
    expect(view).toEqual({
      id: "01t1",
      name: "Coffee Mug",
      urlName: "coffee-mug",
      sku: "MUG-1",
      image: { url: "/img/mug.svg", alt: "A mug" },
      unitPrice: "12.00",
      listPrice: "14.00",
    });
    // A malformed answer (no id), as a real org might send: the reader still refuses it.
    expect(productCardView({ name: "no id" } as unknown as ProductSummary)).toBeNull();
  });

  it("maps a product detail with its category path and quantity rule", () => {
    const view = productDetailView({
      id: "01t1",
      fields: { Name: "Coffee Mug", StockKeepingUnit: "MUG-1", Description: "Holds coffee." },
      defaultImage: { url: "/img/mug.svg" },
      primaryProductCategoryPath: {
        path: [
          { id: "0ZG1", name: "Mugs" },
          { id: "0ZG2", name: "Classic" },
        ],
      },
      purchaseQuantityRule: { minimum: "2", maximum: "10", increment: "2" },
      productClass: "Simple",
    });
    expect(view).toMatchObject({
      name: "Coffee Mug",
      sku: "MUG-1",
      description: "Holds coffee.",
      image: { url: "/img/mug.svg", alt: "Coffee Mug" },
      quantityRule: { minimum: 2, maximum: 10, increment: 2 },
      categoryPath: [
        { id: "0ZG1", name: "Mugs" },
        { id: "0ZG2", name: "Classic" },
      ],
    });
  });

  it("has no quantity rule when the product has none", () => {
    expect(quantityRuleOf(null)).toBeNull();
    expect(quantityRuleOf({})).toBeNull();
  });
});

describe("cartView", () => {
  const answer: CartItemCollection = {
    cartItems: [
      {
        cartItem: {
          cartItemId: "0a91",
          productId: "01t1",
          name: "Coffee Mug",
          quantity: "2.0",
          type: "Product",
          listPrice: "14.00",
          salesPrice: "12.00",
          totalPrice: "24.00",
          totalListPrice: "28.00",
          productDetails: {
            productId: "01t1",
            name: "Coffee Mug",
            sku: "MUG-1",
            thumbnailImage: { url: "/img/mug.svg", alternateText: "Mug" },
            productUrlName: "coffee-mug",
          },
          messagesSummary: {
            hasErrors: true,
            limitedMessages: [{ message: "Not enough inventory for selected quantity" }],
          },
        },
        status: "Success",
      },
      { cartItem: { cartItemId: "0a92", productId: "01tX", quantity: "1.0", type: "DeliveryCharge" } },
    ],
    cartSummary: {
      cartId: "0a61",
      totalProductCount: "2.0",
      totalProductAmount: "24.00",
      totalPromotionalAdjustmentAmount: "-2.40",
      totalTaxAmount: "1.73",
      grandTotalAmount: "23.33",
      currencyIsoCode: "USD",
    },
    cartCoupons: { cartCoupons: { coupons: [{ cartCouponId: "4r01", couponCode: "SAVE10" }] } },
    cartPromotions: {
      promotions: {
        promotions: [{ promotionId: "0c81", displayName: "10% off", adjustmentAmount: "-2.40", couponCode: "SAVE10" }],
      },
    },
    currentPage: 1,
    totalNumberOfPages: 1,
    totalItemCount: 1,
  };

  it("keeps the API's money strings and product errors", () => {
    const view = cartView(answer);
    expect(view.cartId).toBe("0a61");
    expect(view.lines).toHaveLength(1);
    expect(view.lines[0]).toMatchObject({
      id: "0a91",
      name: "Coffee Mug",
      sku: "MUG-1",
      quantity: 2,
      unitPrice: "12.00",
      totalPrice: "24.00",
      errors: ["Not enough inventory for selected quantity"],
    });
    expect(view.totals).toEqual({
      currency: "USD",
      subtotal: "24.00",
      discounts: "-2.40",
      tax: "1.73",
      taxIncluded: false,
      total: "23.33",
      itemCount: 2,
    });
    expect(view.coupons).toEqual([{ id: "4r01", code: "SAVE10" }]);
    expect(view.promotions).toEqual([{ name: "10% off", amount: "-2.40", couponCode: "SAVE10" }]);
  });

  it("gives a line its promotions' badge and saving, and a summary promotion its terms", () => {
    const [entry] = answer.cartItems;
    const promoted = {
      ...answer,
      cartItems: [
        {
          ...entry,
          cartItem: {
            ...entry.cartItem,
            promotionDisplayName: "Buy 3+ mugs, save 5%",
            itemizedAdjustmentAmount: "-1.20",
          },
        },
      ],
      cartPromotions: {
        promotions: {
          promotions: [
            {
              promotionId: "0c81",
              displayName: "10% off",
              adjustmentAmount: "-2.40",
              termsAndConditions: "Cart subtotal only.",
            },
          ],
        },
      },
    };
    const view = cartView(promoted);
    expect(view.lines[0].promotion).toEqual({ name: "Buy 3+ mugs, save 5%", amount: "-1.20" });
    expect(view.promotions).toEqual([{ name: "10% off", amount: "-2.40", termsAndConditions: "Cart subtotal only." }]);
    // A line no item promotion applies to has no badge; one that took nothing off shows no amount.
    expect(cartView(answer).lines[0].promotion).toBeNull();
    const nothingOff = { ...promoted.cartItems[0].cartItem, itemizedAdjustmentAmount: "0.00" };
    expect(cartView({ ...promoted, cartItems: [{ ...entry, cartItem: nothingOff }] }).lines[0].promotion).toEqual({
      name: "Buy 3+ mugs, save 5%",
      amount: null,
    });
  });

  it("reads coupons nested as the whole Cart Coupons output too", () => {
    const nested = {
      ...answer,
      cartCoupons: { cartCoupons: { coupons: [{ cartCouponId: "4r02", couponCode: "MUGLOVE" }] }, cartId: "0a61" },
    };
    expect(cartView(nested).coupons).toEqual([{ id: "4r02", code: "MUGLOVE" }]);
  });

  it("reads a missing answer as the empty cart", () => {
    expect(cartView(null)).toEqual(EMPTY_CART);
    expect(cartView({ cartItems: [], cartSummary: { cartId: null } }).lines).toEqual([]);
  });

  it("knows which amounts are worth a row", () => {
    expect(isNonZeroMoney("-2.40")).toBe(true);
    expect(isNonZeroMoney("0.00")).toBe(false);
    expect(isNonZeroMoney(null)).toBe(false);
  });
});

describe("sort options", () => {
  it("lists the store's sort rules in their sortOrder, labelled with their suffix's words", () => {
    const options = sortOptions({
      sortRules: [
        { sortRuleId: "0qU3", label: "Price", labelSuffix: "LowHigh", direction: "Ascending", sortOrder: 3 },
        { sortRuleId: "0qU1", label: "Best Match", labelSuffix: null, direction: "Default", sortOrder: 1 },
        { sortRuleId: "0qU2", label: "Product Name", labelSuffix: "Az", direction: "Ascending", sortOrder: 2 },
        { sortRuleId: "0qU4", label: "Price", labelSuffix: "PriceDecreasing", sortOrder: 4 },
      ],
    });
    expect(options).toEqual([
      { value: "0qU1", label: "Best Match" },
      { value: "0qU2", label: "Product Name (A-Z)" },
      { value: "0qU3", label: "Price (Low-High)" },
      { value: "0qU4", label: "Price ($$-$)" },
    ]);
  });

  it("falls back to the direction without a suffix (before 54.0), and skips rules without an id", () => {
    expect(
      sortOptions({
        sortRules: [
          { sortRuleId: "0qU2", label: "Product Name", nameOrId: "Name", direction: "Descending" },
          { label: "No id" } as unknown as SortRule,
        ],
      }),
    ).toEqual([{ value: "0qU2", label: "Product Name (Descending)" }]);
    expect(sortOptions(null)).toEqual([]);
    expect(sortOptions({ sortRules: "nope" } as unknown as { sortRules: SortRule[] })).toEqual([]);
  });
});
