/**
 * The cart page's view of the API's cart-items answer (the client's typed CartItemCollection). Money stays the API's
 * strings: the page formats them and never adds them up.
 */
import type { CartItem, CartItemCollection } from "../../../server/webstore/index";
import { parseQuantity } from ".";
import { parseMoney } from "~/lib/format/money";
import { cartItemTerm } from "./subscriptions";
import { imageOf, type ProductLineView } from "~/catalog/model/product";
import { lineAttributes } from "~/catalog/model/variations";

export interface CartLineView extends ProductLineView {
  quantity: number;
  /** What one unit costs the shopper (salesPrice). */
  unitPrice: string | null;
  listPrice: string | null;
  totalPrice: string | null;
  totalListPrice: string | null;
  /** Product errors of the line (spec §8), in the API's words. */
  errors: string[];
  /** The subscription term bought ("Monthly subscription"); null for a product sold without selling models. */
  term: string | null;
  /**
   * The line's badge: the item promotions that apply to it (the item's `promotionDisplayName`) and what they take off
   * it (`itemizedAdjustmentAmount`, ≤ 0); null when none does.
   */
  promotion: { name: string; amount: string | null } | null;
}

/** A promotion of the cart's summary (Cart Promotion: cart-items' `cartPromotions`, as GET carts/{id}/promotions). */
export interface CartPromotionView {
  name: string;
  amount: string | null;
  couponCode?: string;
  termsAndConditions?: string;
}

export interface CartTotalsView {
  currency: string;
  subtotal: string | null;
  discounts: string | null;
  tax: string | null;
  /** taxType Gross: the prices include the tax. */
  taxIncluded: boolean;
  total: string | null;
  itemCount: number;
}

export interface CartView {
  cartId: string | null;
  lines: CartLineView[];
  totals: CartTotalsView;
  coupons: { id: string; code: string }[];
  promotions: CartPromotionView[];
  currentPage: number;
  totalPages: number;
  totalLines: number;
}

export const EMPTY_CART: CartView = {
  cartId: null,
  lines: [],
  totals: {
    currency: "USD",
    subtotal: null,
    discounts: null,
    tax: null,
    taxIncluded: false,
    total: null,
    itemCount: 0,
  },
  coupons: [],
  promotions: [],
  currentPage: 1,
  totalPages: 1,
  totalLines: 0,
};

function lineErrors(summary: CartItem["messagesSummary"]): string[] {
  if (summary?.hasErrors !== true) return [];
  return (summary.limitedMessages ?? []).map((m) => m.message).filter((m): m is string => !!m);
}

export function cartLineView({ cartItem: item }: CartItemCollection["cartItems"][number]): CartLineView | null {
  if (!item.cartItemId || item.type !== "Product") return null;
  const details = item.productDetails;
  const name = details?.name || item.name || item.productId || item.cartItemId;
  const fieldsSku = details?.fields?.StockKeepingUnit;
  return {
    id: item.cartItemId,
    productId: item.productId,
    name,
    sku: details?.sku || (typeof fieldsSku === "string" && fieldsSku ? fieldsSku : undefined),
    urlName: details?.productUrlName || undefined,
    image: imageOf(details?.thumbnailImage, name),
    attributes: lineAttributes(details?.variationAttributes),
    quantity: parseQuantity(item.quantity),
    unitPrice: item.salesPrice || item.listPrice || null,
    listPrice: item.listPrice || null,
    totalPrice: item.totalPrice || null,
    totalListPrice: item.totalListPrice || null,
    errors: lineErrors(item.messagesSummary),
    term: cartItemTerm(item),
    promotion: item.promotionDisplayName
      ? { name: item.promotionDisplayName, amount: nonZero(item.itemizedAdjustmentAmount) }
      : null,
  };
}

/** The API's money string unless it is zero (a promotion that took nothing off shows no amount). */
function nonZero(amount: string | null | undefined): string | null {
  return parseMoney(amount) ? amount! : null;
}

/** The cart-items collection as the page shows it. */
export function cartView(collection: CartItemCollection | null | undefined): CartView {
  if (!collection) return EMPTY_CART;
  const summary = collection.cartSummary;
  const lines = collection.cartItems.map(cartLineView).filter((line): line is CartLineView => line !== null);
  return {
    cartId: summary?.cartId || null,
    lines,
    totals: {
      currency: summary?.currencyIsoCode || "USD",
      subtotal: summary?.totalProductAmount || null,
      discounts: summary?.totalPromotionalAdjustmentAmount || null,
      tax: summary?.totalTaxAmount || null,
      taxIncluded: summary?.taxType === "Gross",
      total: summary?.grandTotalAmount || summary?.totalProductAmountAfterAdjustments || null,
      itemCount: parseQuantity(summary?.totalProductCount),
    },
    coupons: (collection.cartCoupons?.cartCoupons.coupons ?? [])
      .map((c) => ({ id: c.cartCouponId, code: c.couponCode }))
      .filter((c) => c.id && c.code),
    promotions: (collection.cartPromotions?.promotions.promotions ?? []).map((p) => ({
      name: p.displayName || "Promotion",
      amount: p.adjustmentAmount || null,
      ...(p.couponCode ? { couponCode: p.couponCode } : {}),
      ...(p.termsAndConditions ? { termsAndConditions: p.termsAndConditions } : {}),
    })),
    currentPage: collection.currentPage ?? 1,
    totalPages: collection.totalNumberOfPages ?? 1,
    totalLines: collection.totalItemCount ?? lines.length,
  };
}
