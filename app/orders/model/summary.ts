/**
 * An order's summary (spec §3 "Order summary") and its adjustments (spec §3 "Order adjustments"), with the
 * first-payment fields of subscription orders in the place of the regular totals.
 */
import { centsToAmount, fieldText, firstText, isObject, nonBlank, toCents, type Json, type JsonValue } from "./json";

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
  const firstPayment: [string, JsonValue | undefined][] = [];
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

function toAdjustment(raw: Json): OrderAdjustment | null {
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
export function mergeAdjustments(adjustments: readonly JsonValue[]): OrderAdjustment[] {
  const merged = new Map<string, { adjustment: OrderAdjustment; cents: number }>();
  for (const raw of adjustments) {
    const adjustment = isObject(raw) ? toAdjustment(raw) : null;
    if (!adjustment) continue;
    const cents = toCents(adjustment.amount) ?? 0;
    const entry = merged.get(adjustment.displayName);
    if (entry) entry.cents += cents;
    else merged.set(adjustment.displayName, { adjustment, cents });
  }
  return [...merged.values()].map(({ adjustment, cents }) => ({ ...adjustment, amount: centsToAmount(cents) }));
}

/** Whether an adjustment of the lookup answer belongs to a line (the rest are order-level). */
export const isItemAdjustment = (raw: Json) => raw.targetType === "Item" || nonBlank(raw.orderItemSummaryId) !== null;

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
export function toOrderSummary(raw: Json | null | undefined): OrderSummaryData {
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
