/**
 * The order provider (spec §4): its states (loading, loaded, failed) and data built from a lookup answer, its key,
 * the order's payments, failures as the provider reports them (spec §8), and reorder's ("Buy again") outcome.
 */
import type { Caught } from "~/lib/caught";
import { asArray, firstText, isObject, nonBlank, type Json, type JsonValue } from "./json";
import { normalizeDeliveryGroups, type OrderDeliveryGroup } from "./lines";
import {
  isItemAdjustment,
  mergeAdjustments,
  toOrderSummary,
  type OrderAdjustment,
  type OrderSummaryData,
} from "./summary";

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
export function lastFour(value: string | null): string | null {
  const text = nonBlank(value)?.replace(/\s+/g, "");
  return text ? text.slice(-4) : null;
}

export function toPayments(payments: readonly JsonValue[]): OrderPayment[] {
  return payments.filter(isObject).map((raw, index) => {
    const type = nonBlank(raw.type);
    const brand = nonBlank(raw.cardBrand);
    const what = brand ?? (type ? (PAYMENT_TYPE_LABELS[type] ?? type) : "Payment");
    const last4 = lastFour(nonBlank(raw.last4)) ?? lastFour(nonBlank(raw.purchaseOrderNumber));
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
 * a raw API error body (`[{errorCode, message}]`) or any Error; never throws. What was thrown may be any of these (or
 * none), so the value is read as it was thrown.
 */
export function toProviderErrors(failure: Caught): OrderProviderError[] {
  const error = failure.thrown;
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

/** A failed order call, read by toProviderErrors. */
export function orderProviderFailed(failure: Caught): OrderProviderState {
  return { isLoading: false, hasErrors: true, errors: toProviderErrors(failure), ...NO_DATA };
}

/** The provider's data from an order lookup answer (summary, groups with their lines, adjustments, payments). */
export function orderDataFromLookup(raw: Json): OrderData {
  const record = isObject(raw) ? raw : {};
  const allAdjustments = asArray(record.adjustments).filter(isObject);
  const orderLevel = allAdjustments.filter((a) => !isItemAdjustment(a));
  const lineLevel = allAdjustments.filter(isItemAdjustment);
  return {
    summary: toOrderSummary(record),
    deliveryGroups: normalizeDeliveryGroups(asArray(record.deliveryGroups)),
    adjustments: [...mergeAdjustments(orderLevel), ...mergeAdjustments(lineLevel)],
    payments: toPayments(asArray(record.payments)),
  };
}

export function orderProviderLoaded(raw: Json): OrderProviderState {
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
export function reorderOutcome(result: Json): ReorderOutcome {
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
