/**
 * The cart page's view of the API's cart-items answer. Money stays the API's strings: the page formats them
 * and never adds them up.
 */
import { parseQuantity } from "../../lib/cart";
import { cartItemTerm } from "../../lib/subscriptions";
import { imageOf, type ProductImage } from "./product";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const money = (v: unknown): string | null =>
  typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : null;

export interface CartLineView {
  id: string;
  productId: string;
  name: string;
  sku?: string;
  urlName?: string;
  image: ProductImage | null;
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
  promotions: { name: string; amount: string | null; couponCode?: string }[];
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

function lineErrors(summary: unknown): string[] {
  if (!isObject(summary) || summary.hasErrors !== true) return [];
  const messages = Array.isArray(summary.limitedMessages) ? summary.limitedMessages : [];
  return messages.map((m) => (isObject(m) ? text(m.message) : text(m))).filter((m): m is string => !!m);
}

export function cartLineView(entry: unknown): CartLineView | null {
  const item = isObject(entry) && isObject(entry.cartItem) ? entry.cartItem : entry;
  if (!isObject(item) || !text(item.cartItemId)) return null;
  if (item.type && item.type !== "Product") return null;
  const details = isObject(item.productDetails) ? item.productDetails : {};
  const name = text(details.name) ?? text(item.name) ?? String(item.productId ?? item.cartItemId);
  const fieldsSku = isObject(details.fields) ? text(details.fields.StockKeepingUnit) : undefined;
  return {
    id: item.cartItemId as string,
    productId: String(item.productId ?? details.productId ?? ""),
    name,
    sku: text(details.sku) ?? fieldsSku,
    urlName: text(details.productUrlName),
    image: imageOf(details.thumbnailImage, name),
    quantity: parseQuantity(item.quantity),
    unitPrice: money(item.salesPrice) ?? money(item.listPrice),
    listPrice: money(item.listPrice),
    totalPrice: money(item.totalPrice),
    totalListPrice: money(item.totalListPrice),
    errors: lineErrors(item.messagesSummary),
    term: cartItemTerm(item),
  };
}

/** The cart-items collection as the page shows it. */
export function cartView(collection: unknown): CartView {
  if (!isObject(collection)) return EMPTY_CART;
  const summary = isObject(collection.cartSummary) ? collection.cartSummary : {};
  // `cartCoupons` is `{coupons}` in the client's types and the whole Cart Coupons output (`{cartCoupons:
  // {coupons}, cartId, …}`) in the emulator; read either.
  const couponsOuter = isObject(collection.cartCoupons) ? collection.cartCoupons : {};
  const couponsWrapper = isObject(couponsOuter.cartCoupons) ? couponsOuter.cartCoupons : couponsOuter;
  const promotionsWrapper =
    isObject(collection.cartPromotions) && isObject(collection.cartPromotions.promotions)
      ? collection.cartPromotions.promotions
      : {};
  const lines = (Array.isArray(collection.cartItems) ? collection.cartItems : [])
    .map(cartLineView)
    .filter((line): line is CartLineView => line !== null);
  return {
    cartId: text(summary.cartId) ?? null,
    lines,
    totals: {
      currency: text(summary.currencyIsoCode) ?? "USD",
      subtotal: money(summary.totalProductAmount),
      discounts: money(summary.totalPromotionalAdjustmentAmount),
      tax: money(summary.totalTaxAmount),
      taxIncluded: summary.taxType === "Gross",
      total: money(summary.grandTotalAmount) ?? money(summary.totalProductAmountAfterAdjustments),
      itemCount: parseQuantity(summary.totalProductCount),
    },
    coupons: (Array.isArray(couponsWrapper.coupons) ? couponsWrapper.coupons : [])
      .filter(isObject)
      .map((c) => ({ id: text(c.cartCouponId) ?? "", code: text(c.couponCode) ?? "" }))
      .filter((c) => c.id && c.code),
    promotions: (Array.isArray(promotionsWrapper.promotions) ? promotionsWrapper.promotions : [])
      .filter(isObject)
      .map((p) => ({
        name: text(p.displayName) ?? "Promotion",
        amount: money(p.adjustmentAmount),
        couponCode: text(p.couponCode),
      })),
    currentPage: typeof collection.currentPage === "number" ? collection.currentPage : 1,
    totalPages: typeof collection.totalNumberOfPages === "number" ? collection.totalNumberOfPages : 1,
    totalLines: typeof collection.totalItemCount === "number" ? collection.totalItemCount : lines.length,
  };
}

/** A money string that is present and not zero ("0.00", "-0.00" count as nothing to show). */
export function isNonZeroMoney(amount: string | null | undefined): amount is string {
  if (!amount) return false;
  const value = Number(amount);
  return Number.isFinite(value) && value !== 0;
}
