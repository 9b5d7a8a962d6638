/**
 * Order data of the storefront (spec §3 "Order summary", "Order delivery group", "Order adjustments", §4 "Order
 * provider", §5 "Order lookup", §8): the lookup form's schema, the order provider's states and the rules that
 * turn the API's order answers into what the order pages show.
 *
 * Pure: no React, no cookies, no API client. The API's JSON comes in loosely typed (`unknown`) and is read
 * defensively, because the real API and the emulator may leave out any field that was not asked for.
 */
import { z } from "zod";
import { parseMoney } from "./formats";
import { email, EMAIL_MAX_LENGTH, requiredText, validateDate } from "./validation";

// ---------------------------------------------------------------------------------------------
// The lookup form (spec §3 "Lookup form", §5 "Order lookup")

export const ORDER_LOOKUP_TITLE = "Order Lookup";
export const ORDER_LOOKUP_LABELS = {
  orderNumber: "Order Number",
  email: "Email Address",
  submit: "View order details",
  loading: "Loading",
} as const;
/** Spec §9: the lookup form's wrapper. */
export const ORDER_LOOKUP_WRAPPER_MAX_WIDTH = "34.375rem";
/**
 * Spec §6: after a guest's lookup the session keeps the e-mail and a placeholder phone number. A number without
 * a non-zero digit is what the API treats as "no phone given".
 */
export const GUEST_PHONE_PLACEHOLDER = "0000000000";
/** Our wording for the API's 429 on lookups (the spec gives none). */
export const ORDER_LOOKUP_RATE_LIMITED_MESSAGE = "Too many lookup attempts. Wait a minute, then try again.";
/** Order numbers longer than this are not order numbers (and never reach the API). */
export const ORDER_NUMBER_MAX_LENGTH = 80;

/** Signed-in buyers give only the order number; guests give their e-mail too. */
const buyerLookupSchema = z.object({
  orderNumber: requiredText({ max: ORDER_NUMBER_MAX_LENGTH }),
  // Not on the buyer's form; whatever arrives is ignored rather than sent.
  email: z
    .any()
    .optional()
    .transform((): undefined => undefined),
});

const guestLookupSchema = z.object({
  orderNumber: requiredText({ max: ORDER_NUMBER_MAX_LENGTH }),
  email: email({ max: EMAIL_MAX_LENGTH }),
});

/** The lookup form's schema: one object per kind of shopper, so `useZodForm` keeps a stable reference. */
export function orderLookupSchema(shopper: { isGuest: boolean }) {
  return shopper.isGuest ? guestLookupSchema : buyerLookupSchema;
}

export type OrderLookupInput = { orderNumber: string; email?: string };

/** The `?orderNumber=` of the page reference, as a value the form may show (blank when unusable). */
export function orderNumberFromQuery(value: string | null | undefined): string {
  const text = (value ?? "").replace(/[\s\u00a0]+/g, " ").trim();
  return text.length > ORDER_NUMBER_MAX_LENGTH ? "" : text;
}

export function orderSummaryPath(orderNumber: string): string {
  return `/OrderSummary/${encodeURIComponent(orderNumber)}`;
}

export function orderLookupPath(orderNumber?: string | null): string {
  return orderNumber ? `/OrderLookup?${new URLSearchParams({ orderNumber })}` : "/OrderLookup";
}

/** A record's search-engine properties (spec §7 "Other"). */
export interface SeoProperties {
  title: string | null;
  description: string | null;
  keywords: string | null;
  imageUrl: string | null;
}

// ---------------------------------------------------------------------------------------------
// Reading the API's JSON

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | null =>
  typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : null;
const nonBlank = (value: unknown): string | null => {
  const text = str(value);
  return text !== null && text.trim() !== "" ? text : null;
};

/**
 * The text of a record field (`fields: { Name: { dataName, label, text, type } }`). The API keys
 * fields by their bare name or by `Entity.Name` depending on the resource; both are tried.
 */
export function fieldText(fields: unknown, name: string, entities: readonly string[] = []): string | null {
  if (!isObject(fields)) return null;
  for (const key of [name, ...entities.map((entity) => `${entity}.${name}`)]) {
    const field = fields[key];
    if (isObject(field)) {
      const text = str(field.text);
      if (text !== null) return text;
    }
  }
  return null;
}

function firstText(...values: unknown[]): string | null {
  for (const value of values) {
    const text = nonBlank(value);
    if (text !== null) return text;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Money (the API's money strings, summed without floating-point drift)

function toCents(amount: unknown): number | null {
  const value = parseMoney(typeof amount === "number" || typeof amount === "string" ? amount : null);
  // toPrecision first: 1.005 * 100 is 100.49999999999999 in floating point, and must round to 101.
  return value === null ? null : Math.round(Number((value * 100).toPrecision(12)));
}

const centsToAmount = (cents: number): string => (cents / 100).toFixed(2);

/** Sums money amounts to 2 decimals ("-1.95" + "-1.95" = "-3.90"); amounts that are not numbers count as 0. */
export function sumAmounts(amounts: readonly unknown[]): string {
  return centsToAmount(amounts.reduce<number>((total, amount) => total + (toCents(amount) ?? 0), 0));
}

// ---------------------------------------------------------------------------------------------
// First-payment fields (spec §3 "Order adjustments")

const FIRST_PAYMENT_KEY = /^((?:[A-Za-z0-9_]+\.)?)([fF]irstPymt)(?=[A-Z])(.*)$/;

/**
 * Subscription orders carry what the first payment charges in `firstPymt…` fields (`firstPymtTotalAmount`,
 * `FirstPymtGrandTotalAmount`, `OrderSummary.FirstPymtTotalTaxAmount`). They are what the shopper paid, so they
 * take the place of the regular totals: `firstPymtTotalAmount` → `totalAmount`, `FirstPymtGrandTotalAmount` →
 * `GrandTotalAmount`. A first-payment field without a value leaves the regular one alone; the `firstPymt…` keys
 * themselves are dropped.
 */
export function mapFirstPaymentFields(record: Json): Json {
  const out: Json = {};
  const firstPayment: [string, unknown][] = [];
  for (const [key, value] of Object.entries(record)) {
    const match = FIRST_PAYMENT_KEY.exec(key);
    if (!match) {
      out[key] = value;
      continue;
    }
    const [, entity, prefix, rest] = match;
    // camelCase keys (firstPymtTotalAmount) stay camelCase; PascalCase keys (FirstPymtTotalAmount) stay PascalCase.
    const regular = prefix[0] === "f" ? rest[0].toLowerCase() + rest.slice(1) : rest;
    firstPayment.push([`${entity}${regular}`, value]);
  }
  for (const [key, value] of firstPayment) {
    if (value === null || value === undefined) continue;
    // A record field ({text, …}) without text is as empty as a null.
    if (isObject(value) && "text" in value && (value.text === null || value.text === undefined)) continue;
    out[key] = value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Adjustments (spec §3 "Order adjustments")

export interface OrderAdjustment {
  displayName: string;
  /** Money string with 2 decimals, negative for a discount. */
  amount: string;
  type: string | null;
}

function toAdjustment(raw: unknown): OrderAdjustment | null {
  if (!isObject(raw)) return null;
  const cents = toCents(raw.amount);
  if (cents === null) return null;
  return {
    displayName: firstText(raw.displayName, raw.name, raw.description) ?? "Adjustment",
    amount: centsToAmount(cents),
    type: nonBlank(raw.type),
  };
}

/**
 * Line-item adjustments merged by displayName, amounts summed to 2 decimals, in the order each name first
 * appears ("Buy 3+ mugs, save 5%" on two lines → one entry with both amounts).
 */
export function mergeAdjustments(adjustments: readonly unknown[]): OrderAdjustment[] {
  const merged = new Map<string, { adjustment: OrderAdjustment; cents: number }>();
  for (const raw of adjustments) {
    const adjustment = toAdjustment(raw);
    if (!adjustment) continue;
    const cents = toCents(adjustment.amount) ?? 0;
    const entry = merged.get(adjustment.displayName);
    if (entry) entry.cents += cents;
    else merged.set(adjustment.displayName, { adjustment, cents });
  }
  return [...merged.values()].map(({ adjustment, cents }) => ({ ...adjustment, amount: centsToAmount(cents) }));
}

/** Whether an adjustment of the lookup answer belongs to a line (the rest are order-level). */
const isItemAdjustment = (raw: unknown) =>
  isObject(raw) && (raw.targetType === "Item" || nonBlank(raw.orderItemSummaryId) !== null);

// ---------------------------------------------------------------------------------------------
// Order summary (spec §3 "Order summary")

export interface OrderTotals {
  /** Products before adjustments. */
  subtotal: string | null;
  /** Product adjustments (promotions), negative; null when unknown. */
  discounts: string | null;
  shipping: string | null;
  tax: string | null;
  /** What the shopper pays: grand total, else the pretax total. */
  total: string | null;
}

export interface OrderSummaryData {
  orderSummaryId: string | null;
  orderNumber: string | null;
  orderedDate: string | null;
  createdDate: string | null;
  /** The API's TotalAmount (pretax). */
  totalAmount: string | null;
  ownerId: string | null;
  status: string | null;
  currencyIsoCode: string;
  totals: OrderTotals;
  /** Product lines of the order (order history's item count). */
  itemCount: number | null;
}

const ORDER_ENTITY = ["OrderSummary"];

/**
 * The order provider's summary: orderSummaryId from the record's id, and orderedDate, createdDate, totalAmount,
 * ownerId from the fields OrderedDate, CreatedDate, TotalAmount, OwnerId (the plain properties only when a field
 * was not returned). First-payment fields count as their regular totals.
 */
export function toOrderSummary(raw: unknown): OrderSummaryData {
  const record = isObject(raw) ? mapFirstPaymentFields(raw) : {};
  const fields = isObject(record.fields) ? mapFirstPaymentFields(record.fields) : {};
  const aggregates = isObject(record.adjustmentAggregates) ? mapFirstPaymentFields(record.adjustmentAggregates) : {};
  const field = (name: string) => fieldText(fields, name, ORDER_ENTITY);

  // Subtotal before adjustments and the discounts on it; with only the adjusted subtotal, that is the subtotal.
  const listed = field("TotalProductAmount");
  const adjusted = field("TotalAdjustedProductAmount");
  const listedCents = toCents(listed);
  const adjustedCents = toCents(adjusted);
  let subtotal = listed;
  let discounts: string | null = null;
  if (listedCents !== null && adjustedCents !== null) discounts = centsToAmount(adjustedCents - listedCents);
  else if (listedCents !== null) discounts = nonBlank(aggregates.totalProductPromotionTotalAmount);
  else subtotal = adjusted;
  const lineCount = Number(record.orderProductTopLevelLineCount);

  return {
    orderSummaryId: firstText(record.id, record.orderSummaryId, field("Id")),
    orderNumber: firstText(field("OrderNumber"), record.orderNumber),
    orderedDate: firstText(field("OrderedDate"), record.orderedDate),
    createdDate: firstText(field("CreatedDate"), record.createdDate),
    totalAmount: firstText(field("TotalAmount"), record.totalAmount),
    ownerId: firstText(field("OwnerId"), record.ownerId),
    status: firstText(field("Status"), record.status),
    currencyIsoCode: firstText(field("CurrencyIsoCode"), record.currencyIsoCode) ?? "USD",
    totals: {
      subtotal,
      discounts,
      shipping: field("TotalAdjustedDeliveryAmount") ?? field("TotalDeliveryAmount"),
      tax: field("TotalTaxAmount"),
      total: field("GrandTotalAmount") ?? firstText(field("TotalAmount"), record.totalAmount),
    },
    itemCount: Number.isInteger(lineCount) && lineCount >= 0 ? lineCount : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Line items (spec §3 "Only line items of type Product or Order Product are kept")

export const PRODUCT_LINE_TYPES: readonly string[] = ["Product", "Order Product"];

const ITEM_ENTITY = ["OrderItemSummary"];
const PRODUCT_ENTITY = ["Product2"];

function itemType(raw: Json): string | null {
  return firstText(raw.type, fieldText(raw.fields, "Type", ITEM_ENTITY));
}

/** Keeps the product lines: type Product or Order Product (delivery charges and the like are dropped). */
export function keepProductLines<T>(items: readonly T[]): T[] {
  return items.filter((item) => isObject(item) && PRODUCT_LINE_TYPES.includes(itemType(item) ?? ""));
}

export interface OrderLineItem {
  id: string;
  productId: string | null;
  name: string;
  sku: string | null;
  quantity: number | null;
  unitPrice: string | null;
  /** The line after its own adjustments. */
  totalPrice: string | null;
  image: { url: string; alt: string } | null;
  adjustments: OrderAdjustment[];
  /** The selling model a subscription line was bought on (its id), when the API says. */
  sellingModelId: string | null;
  /** Its name ("Monthly Subscription"), filled in from the product's selling models; null when unknown. */
  term: string | null;
}

function toLineItem(raw: Json, index: number): OrderLineItem {
  const fields = raw.fields;
  const product = isObject(raw.product) ? raw.product : {};
  const media = isObject(product.media) ? product.media : null;
  const name =
    firstText(fieldText(product.fields, "Name", PRODUCT_ENTITY), fieldText(fields, "Name", ITEM_ENTITY), raw.name) ??
    "Product";
  const quantity = parseMoney(fieldText(fields, "Quantity", ITEM_ENTITY));
  const imageUrl = media ? firstText(media.thumbnailUrl, media.url) : null;
  return {
    id: firstText(raw.id, raw.orderItemSummaryId, fieldText(fields, "Id", ITEM_ENTITY)) ?? `line-${index + 1}`,
    productId: firstText(product.productId, product.id, fieldText(fields, "Product2Id", ITEM_ENTITY)),
    name,
    sku: firstText(
      fieldText(product.fields, "StockKeepingUnit", PRODUCT_ENTITY),
      fieldText(fields, "StockKeepingUnit", ITEM_ENTITY),
    ),
    quantity: quantity === null ? null : quantity,
    unitPrice: fieldText(fields, "UnitPrice", ITEM_ENTITY),
    totalPrice:
      fieldText(fields, "AdjustedLineAmount", ITEM_ENTITY) ?? fieldText(fields, "TotalLineAmount", ITEM_ENTITY),
    image: imageUrl ? { url: imageUrl, alt: firstText(media?.alternateText, media?.title) ?? name } : null,
    adjustments: mergeAdjustments(asArray(raw.adjustments)),
    sellingModelId: fieldText(fields, "ProductSellingModelId", ITEM_ENTITY),
    term: null,
  };
}

/** The products whose selling models name the order's subscription lines (each once). */
export function subscriptionProductIds(groups: readonly OrderDeliveryGroup[]): string[] {
  const ids = groups
    .flatMap((g) => g.items)
    .filter((item) => item.sellingModelId && item.productId)
    .map((item) => item.productId as string);
  return [...new Set(ids)];
}

/** The groups with each subscription line's term named, from selling model id → name; unknown ids stay unnamed. */
export function withTerms(
  groups: readonly OrderDeliveryGroup[],
  names: ReadonlyMap<string, string>,
): OrderDeliveryGroup[] {
  return groups.map((g) => ({
    ...g,
    items: g.items.map((item) => ({
      ...item,
      term: item.sellingModelId ? (names.get(item.sellingModelId) ?? null) : null,
    })),
  }));
}

// ---------------------------------------------------------------------------------------------
// Delivery groups (spec §3 "Order delivery group")

export interface OrderDeliveryGroup {
  id: string;
  /** The group's name; 'Delivery Group N' (N its position, from 1) when it has none. */
  name: string;
  deliverToName: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  companyName: string | null;
  phoneNumber: string | null;
  deliveryMethod: string | null;
  /** YYYY-MM-DD. */
  desiredDeliveryDate: string | null;
  totalListAmount: string | null;
  /** The group's total: its items after adjustments, its delivery charge and tax (GrandTotalAmount). */
  grandTotal: string | null;
  isGift: boolean;
  giftMessage: string | null;
  items: OrderLineItem[];
}

const GROUP_ENTITY = ["OrderDeliveryGroupSummary"];

export function deliveryGroupName(name: unknown, index: number): string {
  return nonBlank(name) ?? `Delivery Group ${index + 1}`;
}

function toBoolean(value: unknown): boolean {
  return value === true || (typeof value === "string" && value.trim().toLowerCase() === "true");
}

/**
 * Delivery groups as the order page shows them: named ('Delivery Group N' when unnamed), the deliver-to details
 * from the group's fields (plain properties as fallback), and only their product lines.
 */
export function normalizeDeliveryGroups(groups: readonly unknown[]): OrderDeliveryGroup[] {
  return groups.filter(isObject).map((raw, index) => {
    const fields = raw.fields;
    const field = (name: string) => fieldText(fields, name, GROUP_ENTITY);
    const method = isObject(raw.deliveryMethod) ? raw.deliveryMethod : {};
    const giftFlag = field("IsGift") ?? raw.isGift;
    return {
      id: firstText(raw.id, field("Id")) ?? `group-${index + 1}`,
      name: deliveryGroupName(raw.name, index),
      deliverToName: firstText(field("DeliverToName"), raw.deliverToName),
      street: firstText(field("DeliverToStreet"), raw.deliverToStreet),
      city: firstText(field("DeliverToCity"), raw.deliverToCity),
      state: firstText(field("DeliverToState"), raw.deliverToState),
      postalCode: firstText(field("DeliverToPostalCode"), raw.deliverToPostalCode),
      country: firstText(field("DeliverToCountry"), raw.deliverToCountry),
      companyName: firstText(field("DeliverToCompanyName"), raw.companyName),
      phoneNumber: firstText(field("PhoneNumber"), raw.phoneNumber),
      deliveryMethod: firstText(
        method.name,
        fieldText(method.fields, "Name", ["OrderDeliveryMethod"]),
        fieldText(fields, "Name", ["OrderDeliveryMethod"]),
        raw.deliveryMethodName,
      ),
      desiredDeliveryDate: firstText(field("DesiredDeliveryDate"), raw.desiredDeliveryDate),
      totalListAmount: firstText(field("TotalLineAmount"), raw.totalLineAmount),
      grandTotal: firstText(field("GrandTotalAmount"), raw.grandTotalAmount),
      isGift: toBoolean(giftFlag),
      giftMessage: firstText(field("GiftMessage"), raw.giftMessage),
      items: keepProductLines(asArray(raw.lineItems)).map((item, n) => toLineItem(item as Json, n)),
    };
  });
}

/** One page of a group's items: the first `limit`, and whether there are more to show. */
export function pageOfItems<T>(
  items: readonly T[],
  limit: number,
): { shown: T[]; hasMore: boolean; nextLimit: number } {
  const size = Math.max(1, Math.floor(limit) || 1);
  return { shown: items.slice(0, size), hasMore: items.length > size, nextLimit: size + ORDER_ITEMS_PAGE_SIZE };
}

export const ORDER_ITEMS_PAGE_SIZE = 10;

/** The query parameter holding how many items of the n-th group (from 0) are shown. */
export const groupItemsParam = (index: number) => `items${index + 1}`;

export function itemsLimit(params: URLSearchParams, index: number): number {
  const value = Number(params.get(groupItemsParam(index)));
  return Number.isInteger(value) && value > 0 ? Math.min(value, 1000) : ORDER_ITEMS_PAGE_SIZE;
}

// ---------------------------------------------------------------------------------------------
// Payments

export interface OrderPayment {
  id: string;
  /** "Visa ending in 4242": the type (or brand) and the last 4 characters only. */
  label: string;
  amount: string | null;
}

const PAYMENT_TYPE_LABELS: Record<string, string> = {
  CreditCard: "Card",
  PurchaseOrder: "Purchase order",
  DigitalWallet: "Digital wallet",
};

/** Never a full number: at most the last 4 characters of a card or purchase order number. */
export function lastFour(value: unknown): string | null {
  const text = nonBlank(value)?.replace(/\s+/g, "");
  return text ? text.slice(-4) : null;
}

export function toPayments(payments: readonly unknown[]): OrderPayment[] {
  return payments.filter(isObject).map((raw, index) => {
    const type = nonBlank(raw.type);
    const brand = nonBlank(raw.cardBrand);
    const what = brand ?? (type ? (PAYMENT_TYPE_LABELS[type] ?? type) : "Payment");
    const last4 = lastFour(raw.last4) ?? lastFour(raw.purchaseOrderNumber);
    return {
      id: firstText(raw.id) ?? `payment-${index + 1}`,
      label: last4 ? `${what} ending in ${last4}` : what,
      amount: nonBlank(raw.amount),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Errors (spec §8 "Order provider: response errors become {code from error type, message}")

export interface OrderProviderError {
  code: string;
  message: string;
}

/**
 * A failed order call as the provider reports it. Reads the client's FetchError (`errors: [{type, message}]`),
 * a raw API error body (`[{errorCode, message}]`) or any Error; never throws.
 */
export function toProviderErrors(error: unknown): OrderProviderError[] {
  const fallbackMessage = error instanceof Error || isObject(error) ? (nonBlank((error as Json).message) ?? "") : "";
  const list = Array.isArray(error)
    ? error
    : isObject(error) || error instanceof Error
      ? asArray((error as Json).errors)
      : [];
  const mapped = list.filter(isObject).map((item) => ({
    code: firstText(item.type, item.errorCode) ?? "UNKNOWN_ERROR",
    message: firstText(item.message, item.detail, item.title) ?? fallbackMessage,
  }));
  if (mapped.length) return mapped;
  const code =
    isObject(error) || error instanceof Error
      ? firstText((error as Json).code, (error as Json).name !== "Error" ? (error as Json).name : null)
      : null;
  return [{ code: code ?? "UNKNOWN_ERROR", message: fallbackMessage || "The order could not be loaded." }];
}

// ---------------------------------------------------------------------------------------------
// The order provider (spec §4)

export interface OrderData {
  summary: OrderSummaryData;
  deliveryGroups: OrderDeliveryGroup[];
  /** Order-level adjustments, then the lines' adjustments merged by name. */
  adjustments: OrderAdjustment[];
  payments: OrderPayment[];
}

interface ProviderStatus {
  isLoading: boolean;
  hasErrors: boolean;
  errors: OrderProviderError[];
}

/** Loading, loaded with data, or loaded with errors: then every data section is null. */
export type OrderProviderState =
  | (ProviderStatus & { isLoading: true; hasErrors: false } & { [K in keyof OrderData]: null })
  | (ProviderStatus & { isLoading: false; hasErrors: false } & OrderData)
  | (ProviderStatus & { isLoading: false; hasErrors: true } & { [K in keyof OrderData]: null });

const NO_DATA = { summary: null, deliveryGroups: null, adjustments: null, payments: null } as const;

export function orderProviderLoading(): OrderProviderState {
  return { isLoading: true, hasErrors: false, errors: [], ...NO_DATA };
}

export function orderProviderFailed(error: unknown): OrderProviderState {
  return { isLoading: false, hasErrors: true, errors: toProviderErrors(error), ...NO_DATA };
}

/** The provider's data from an order lookup answer (summary, groups with their lines, adjustments, payments). */
export function orderDataFromLookup(raw: unknown): OrderData {
  const record = isObject(raw) ? raw : {};
  const allAdjustments = asArray(record.adjustments);
  const orderLevel = allAdjustments.filter((a) => !isItemAdjustment(a));
  const lineLevel = allAdjustments.filter(isItemAdjustment);
  return {
    summary: toOrderSummary(record),
    deliveryGroups: normalizeDeliveryGroups(asArray(record.deliveryGroups)),
    adjustments: [...mergeAdjustments(orderLevel), ...mergeAdjustments(lineLevel)],
    payments: toPayments(asArray(record.payments)),
  };
}

export function orderProviderLoaded(raw: unknown): OrderProviderState {
  return { isLoading: false, hasErrors: false, errors: [], ...orderDataFromLookup(raw) };
}

/**
 * What the provider's data depends on: it re-requests when the record id, the required fields, the access
 * token or the effective account change. Pass a digest of the token, never the token itself (the key may
 * reach the page).
 */
export function orderProviderKey(input: {
  recordId: string | null | undefined;
  fields?: readonly string[];
  accessToken?: string | null;
  effectiveAccountId?: string | null;
}): string {
  const fields = [...new Set(input.fields ?? [])].sort().join(",");
  return JSON.stringify([input.recordId ?? "", fields, input.accessToken ?? "", input.effectiveAccountId ?? ""]);
}

// ---------------------------------------------------------------------------------------------
// Reorder ("Buy again")

export interface UnaddedProduct {
  name: string;
  reason: string;
}

export interface ReorderOutcome {
  variant: "success" | "warning" | "error";
  message: string;
}

const products = (n: number) => `${n} ${n === 1 ? "product" : "products"}`;

/** The toast after add-order-to-cart: what went in, and every product that couldn't (name + reason). */
export function reorderOutcome(result: unknown): ReorderOutcome {
  const record = isObject(result) ? result : {};
  const added = Math.max(0, Math.floor(Number(record.totalSucceededProductCount) || 0));
  const unadded: UnaddedProduct[] = asArray(record.unaddedProducts)
    .filter(isObject)
    .map((p) => ({
      name: firstText(p.productName, p.productSKU, p.productId) ?? "A product",
      reason: firstText(p.errorMessage, p.errorCode) ?? "It couldn't be added.",
    }));
  if (unadded.length === 0) {
    return added > 0
      ? { variant: "success", message: `Added ${products(added)} to your cart.` }
      : { variant: "warning", message: "This order has no products to add to your cart." };
  }
  const list = unadded.map((p) => `${p.name} (${p.reason.replace(/\.$/, "")})`).join("; ");
  if (added === 0) return { variant: "error", message: `We couldn't add these products to your cart: ${list}.` };
  return { variant: "warning", message: `Added ${products(added)} to your cart. We couldn't add: ${list}.` };
}

// ---------------------------------------------------------------------------------------------
// Order history (spec §7 GET order-summaries)

export const ORDER_HISTORY_PAGE_SIZE = 10;
export const ORDER_HISTORY_MAX_PAGE_SIZE = 100;
export const HISTORY_SORTS = {
  newest: { label: "Newest first", sortOrder: "OrderedDateDesc" },
  oldest: { label: "Oldest first", sortOrder: "OrderedDateAsc" },
} as const;
export type HistorySort = keyof typeof HISTORY_SORTS;
export const HISTORY_EMPTY_MESSAGES = {
  none: "You haven't placed any orders yet.",
  filtered: "No orders match these dates.",
} as const;

/** A calendar day as the API's date-time (yyyy-MM-ddTHH:mm:ss.SSSZ, UTC): its first or its last millisecond. */
export function toApiDateTime(isoDay: string, edge: "start" | "end"): string {
  return `${isoDay}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}Z`;
}

export interface HistoryQuery {
  from: string;
  to: string;
  sort: HistorySort;
  pageToken: string | null;
  pageSize: number;
  /** Messages of the date inputs; when any is set the API is not asked. */
  errors: { from?: string; to?: string };
  /** The query of GET order-summaries (valid only when `errors` is empty). */
  api: {
    sortOrder: (typeof HISTORY_SORTS)[HistorySort]["sortOrder"];
    pageSize: number;
    pageToken?: string;
    earliestDate?: string;
    latestDate?: string;
  };
}

/** Page tokens are opaque but short and URL-safe-ish; anything else is ignored rather than sent. */
const PAGE_TOKEN = /^[A-Za-z0-9+/=_-]{1,512}$/;

/** The history page's URL query: date range (From / To), sort, page token and page size. */
export function readHistoryQuery(params: URLSearchParams): HistoryQuery {
  const from = (params.get("from") ?? "").trim();
  const to = (params.get("to") ?? "").trim();
  const sort: HistorySort = params.get("sort") === "oldest" ? "oldest" : "newest";
  const rawToken = params.get("pageToken");
  const pageToken = rawToken && PAGE_TOKEN.test(rawToken) ? rawToken : null;
  const size = Number(params.get("pageSize"));
  const pageSize =
    Number.isInteger(size) && size >= 1 ? Math.min(size, ORDER_HISTORY_MAX_PAGE_SIZE) : ORDER_HISTORY_PAGE_SIZE;

  const errors: HistoryQuery["errors"] = {};
  const fromError = validateDate(from);
  if (fromError) errors.from = fromError;
  const fromDay = fromError ? undefined : normaliseDay(from);
  const toError = validateDate(to, { min: fromDay });
  if (toError) errors.to = toError;
  const toDay = toError ? undefined : normaliseDay(to);

  return {
    from,
    to,
    sort,
    pageToken,
    pageSize,
    errors,
    api: {
      sortOrder: HISTORY_SORTS[sort].sortOrder,
      pageSize,
      ...(pageToken ? { pageToken } : {}),
      ...(fromDay ? { earliestDate: toApiDateTime(fromDay, "start") } : {}),
      ...(toDay ? { latestDate: toApiDateTime(toDay, "end") } : {}),
    },
  };
}

/** "YYYY-MM-DD" or "M/d/yyyy" → "YYYY-MM-DD" (undefined when blank). validateDate has accepted it already. */
function normaliseDay(value: string): string | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[1].padStart(2, "0")}-${match[2].padStart(2, "0")}` : undefined;
}

export function isFiltered(query: Pick<HistoryQuery, "from" | "to">): boolean {
  return query.from !== "" || query.to !== "";
}

/** A history URL keeping the filter, sort and page size, with `pageToken` (or the first page). */
export function historySearch(
  query: Pick<HistoryQuery, "from" | "to" | "sort" | "pageSize">,
  pageToken?: string | null,
): string {
  const params = new URLSearchParams();
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (query.pageSize !== ORDER_HISTORY_PAGE_SIZE) params.set("pageSize", String(query.pageSize));
  if (pageToken) params.set("pageToken", pageToken);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export interface HistoryRow {
  orderNumber: string;
  orderedDate: string | null;
  status: string | null;
  total: string | null;
  currencyIsoCode: string;
  itemCount: number | null;
}

export interface HistoryPage {
  rows: HistoryRow[];
  nextPageToken: string | null;
  previousPageToken: string | null;
  hasPrevious: boolean;
}

export const EMPTY_HISTORY_PAGE: HistoryPage = {
  rows: [],
  nextPageToken: null,
  previousPageToken: null,
  hasPrevious: false,
};

/** The order-summaries answer as the history list shows it. */
export function historyPage(raw: unknown): HistoryPage {
  const record = isObject(raw) ? raw : {};
  const rows = asArray(record.orderSummaries)
    .map(toOrderSummary)
    .filter((s): s is OrderSummaryData & { orderNumber: string } => s.orderNumber !== null)
    .map((s) => ({
      orderNumber: s.orderNumber,
      orderedDate: s.orderedDate,
      status: s.status,
      total: s.totals.total,
      currencyIsoCode: s.currencyIsoCode,
      itemCount: s.itemCount,
    }));
  return {
    rows,
    nextPageToken: nonBlank(record.nextPageToken),
    previousPageToken: nonBlank(record.previousPageToken),
    hasPrevious: nonBlank(record.previousPageToken) !== null,
  };
}

/** The application context's `orderStatuses` (apiName → displayValue): the store's own words for a status. */
export type OrderStatusNames = readonly { apiName: string; displayValue: string }[] | null | undefined;

/** A status as the store names it (its displayValue), else the API's name. */
export function orderStatusLabel(status: string | null, names: OrderStatusNames): string | null {
  if (!status) return status;
  return names?.find((n) => n.apiName === status)?.displayValue || status;
}
