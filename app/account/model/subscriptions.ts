/**
 * The account page's "Subscriptions" (Commerce Subscriptions, GET `subscriptions`): the API's Commerce Subscription
 * Collection as rows a buyer reads (product, plan and term, quantity, dates) and the page's paging. Pure: the
 * loader maps the answer, the page renders what it gets.
 */
import { isObject, type Json, type JsonField } from "~/lib/json";
import type { CommerceSubscriptionDetail } from "../../../server/webstore/index";

export type SubscriptionState = "Active" | "Past";

/** The subscriptions the account page shows at once (the API's pageSize). */
export const SUBSCRIPTIONS_PAGE_SIZE = 10;

/** The account page's query names: the page token of the list and which list (Active, the default, or Past). */
export const SUBSCRIPTIONS_TOKEN_PARAM = "subscriptionsPage";
export const SUBSCRIPTIONS_STATE_PARAM = "subscriptions";

export interface SubscriptionRow {
  id: string;
  productId: string | null;
  productName: string;
  sku: string | null;
  /** The selling model's name as the store names it ("12-Month Plan"). */
  plan: string;
  /** The term in words: "Renews every month until you cancel", "24-month plan, billed yearly". */
  term: string;
  quantity: number | null;
  /** API dates ("2026-11-27T00:00:00.000+0000"), or null (an evergreen subscription has no end). */
  startDate: string | null;
  endDate: string | null;
  nextBillingDate: string | null;
  /** The UTC day it started (yyyy-MM-dd): the order history of that day holds the order that bought it. */
  startDay: string | null;
  /** The day a cancellation takes effect (billing.cancellationDate), once the buyer has cancelled. */
  cancellationDate: string | null;
  /** Whether a renewal was made (renewalStatus Success): a plan renews once per term. */
  renewed: boolean;
  /** A term-defined plan, whose term can be renewed (an evergreen one runs until cancelled). */
  termDefined: boolean;
  /** A quantity change that starts later (the last action an Amend effective after today): what and from when. */
  pendingQuantity: { quantity: number; from: string } | null;
}

/** The subscription actions, each a form on the account page (intent values). */
export const SUBSCRIPTION_INTENTS = {
  cancel: "subscription-cancel",
  renew: "subscription-renew",
  quantity: "subscription-quantity",
} as const;
export type SubscriptionIntent = (typeof SUBSCRIPTION_INTENTS)[keyof typeof SUBSCRIPTION_INTENTS];

export function isSubscriptionIntent(value: FormDataEntryValue | null): value is SubscriptionIntent {
  return Object.values(SUBSCRIPTION_INTENTS).includes(value as SubscriptionIntent);
}

/** What a refused subscription form answers (400): which form, what was typed, the messages by field. */
export interface SubscriptionFormFailure {
  subscriptionId: string;
  intent: SubscriptionIntent;
  quantity: string;
  errors: { quantity?: string[] };
}

export interface SubscriptionsView {
  state: SubscriptionState;
  rows: SubscriptionRow[];
  nextPageToken: string | null;
  /** Renewal and amendment are documented from 65.0 (cancellation from 63.0, as the list). */
  canRenewAndAmend: boolean;
  /** The quantities a subscription may have (the API's cart quantity limits), for the quantity field. */
  quantityRange: { min: number; max: number };
  /** Whether this is a later page (the page then offers the first one again). */
  isLaterPage: boolean;
}

const text = (v: JsonField): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);
const count = (v: JsonField): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** The state a query asks for: `?subscriptions=past` shows the ended ones, anything else the active ones. */
export function subscriptionStateOf(params: URLSearchParams): SubscriptionState {
  return params.get(SUBSCRIPTIONS_STATE_PARAM)?.toLowerCase() === "past" ? "Past" : "Active";
}

/** A page token as the API writes them (base64), else none: a hand-made value starts from the first page. */
export function subscriptionsTokenOf(params: URLSearchParams): string | null {
  const raw = params.get(SUBSCRIPTIONS_TOKEN_PARAM);
  return raw && /^[A-Za-z0-9+/_-]{1,512}={0,2}$/.test(raw) ? raw : null;
}

/**
 * The term in words from the subscription's selling model (Product Selling Model: sellingModelType, pricingTerm,
 * pricingTermUnit) and its `subscriptionTerm` (pricing terms the plan lasts; one when none is given).
 */
export function subscriptionTermText(
  sellingModel: CommerceSubscriptionDetail["sellingModel"],
  subscriptionTerm: CommerceSubscriptionDetail["subscriptionTerm"],
): string {
  if (!isObject(sellingModel)) return "Subscription";
  const yearly = /^(annual|year)/i.test(text(sellingModel.pricingTermUnit) ?? "");
  const monthsPerTerm = (count(sellingModel.pricingTerm) ?? 1) * (yearly ? 12 : 1);
  if (sellingModel.sellingModelType === "Evergreen")
    return monthsPerTerm === 1
      ? "Renews every month until you cancel"
      : monthsPerTerm === 12
        ? "Renews every year until you cancel"
        : `Renews every ${monthsPerTerm} months until you cancel`;
  if (sellingModel.sellingModelType === "TermDefined") {
    const months = (count(subscriptionTerm) ?? 1) * monthsPerTerm;
    return `${months}-month plan, billed ${yearly ? "yearly" : "monthly"}`;
  }
  return "Subscription";
}

/** One Commerce Subscription Detail as a row; null when it names no subscription. */
/** Partial: a detail the API answers without an id is skipped, not trusted. */
export function toSubscriptionRow(detail: Partial<CommerceSubscriptionDetail>): SubscriptionRow | null {
  if (!isObject(detail) || !text(detail.id)) return null;
  const product = isObject(detail.product) ? detail.product : {};
  const model = isObject(detail.sellingModel) ? detail.sellingModel : {};
  const billing = isObject(detail.billing) ? detail.billing : {};
  const startDate = text(detail.startDate);
  return {
    ...actionState(detail, billing),
    id: text(detail.id)!,
    productId: text(product.id),
    productName: text(product.name) ?? "Subscription",
    sku: text(product.sku),
    plan: text(model.displayName) ?? text(model.name) ?? "Subscription",
    term: subscriptionTermText(detail.sellingModel, detail.subscriptionTerm),
    quantity: count(detail.quantity),
    startDate,
    endDate: text(detail.endDate),
    nextBillingDate: text(billing.nextBillingDate),
    startDay: startDate && /^\d{4}-\d{2}-\d{2}/.test(startDate) ? startDate.slice(0, 10) : null,
  };
}

/**
 * What the buyer's actions left on the subscription: a cancellation date, a renewal, a quantity change still to come
 * (`today`: yyyy-MM-dd, the day the page is read, to tell a change to come from one in effect).
 */
function actionState(detail: Json, billing: Json, today = todayUtc()) {
  const model = isObject(detail.sellingModel) ? detail.sellingModel : {};
  const last = isObject(detail.lastAction) ? detail.lastAction : null;
  let pendingQuantity: SubscriptionRow["pendingQuantity"] = null;
  const from = last ? text(last.effectiveDateTime)?.slice(0, 10) : null;
  if (last && last.type === "Amend" && from && from > today && isObject(last.details)) {
    const changes = Array.isArray(last.details.changes) ? last.details.changes : [];
    const change = changes.find((c) => isObject(c) && c.field === "quantity");
    const quantity = isObject(change) ? count(change.newValue) : null;
    if (quantity) pendingQuantity = { quantity, from };
  }
  return {
    cancellationDate: detail.cancelStatus === "Success" ? text(billing.cancellationDate) : null,
    renewed: detail.renewalStatus === "Success",
    termDefined: model.sellingModelType === "TermDefined",
    pendingQuantity,
  };
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The collection as the page shows it. */
export function toSubscriptionsView(
  collection: { subscriptions: readonly Partial<CommerceSubscriptionDetail>[]; nextPageToken?: string | null } | null,
  state: SubscriptionState,
  isLaterPage: boolean,
  canRenewAndAmend: boolean,
  quantityRange: SubscriptionsView["quantityRange"],
): SubscriptionsView {
  const list = isObject(collection) && Array.isArray(collection.subscriptions) ? collection.subscriptions : [];
  return {
    state,
    rows: list.map(toSubscriptionRow).filter((row): row is SubscriptionRow => row !== null),
    nextPageToken: isObject(collection) ? text(collection.nextPageToken) : null,
    isLaterPage,
    canRenewAndAmend,
    quantityRange,
  };
}
