import type { Emu } from "../core/state.js";
import type { SellingModelRow } from "../catalog/store.js";

/**
 * Commerce subscriptions as the order that bought them leaves them (db/022_subscriptions.sql): one per subscription
 * line of a buyer's order, written with the order. How an org makes them (Subscription Management, after the order)
 * isn't described on the resource's page; the emulator makes them at once, so the buyer's account lists a
 * subscription as soon as its order is placed [I].
 */

export interface SubscriptionRow {
  id: string;
  webstore_id: string;
  account_id: string;
  owner_user_id: string;
  order_summary_id: string;
  order_item_id: string;
  product_id: string;
  selling_model_id: string;
  quantity: number;
  subscription_term: number | null;
  currency_iso_code: string;
  billing_period_cents: number;
  start_at: number;
  end_at: number | null;
  created_at: number;
  // What the buyer's actions did (db/026_subscription_actions.sql; subscriptions/actions.ts).
  cancel_status: ActionStatus | null;
  renewal_status: ActionStatus | null;
  amendment_status: ActionStatus | null;
  cancellation_at: number | null;
  renewal_start_at: number | null;
  amended_quantity: number | null;
  amendment_start_at: number | null;
  last_action: string | null;
  saved_payment_method_id: string | null;
  merchant_account_id: string | null;
}

export type ActionStatus = "Failed" | "InProgress" | "Success";

export interface SubscriptionLine {
  orderSummaryId: string;
  orderItemId: string;
  productId: string;
  sellingModelId: string;
  quantity: number;
  unitPriceCents: number;
  subscriptionTerm: number | null;
}

const DAY_MS = 86_400_000;

/** Months in one pricing term of a selling model (Months: its pricingTerm; Annual: 12 × it). */
export function monthsPerTerm(model: Pick<SellingModelRow, "pricing_term" | "pricing_term_unit">): number {
  const term = model.pricing_term ?? 1;
  return /^annual|^year/i.test(model.pricing_term_unit ?? "") ? term * 12 : term;
}

/** The first millisecond of `ms`'s day (UTC), `months` calendar months later (the day clamped to the month's end). */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d.getUTCDate(), lastDay));
}

/**
 * When a subscription bought at `orderedAt` starts and ends: from the start of that day; a term-defined plan lasts
 * its subscriptionTerm pricing terms (one when the cart item sent none [I]) and ends on the last millisecond of the
 * day before; an evergreen subscription has no end.
 */
export function subscriptionPeriod(
  orderedAt: number,
  model: Pick<SellingModelRow, "selling_model_type" | "pricing_term" | "pricing_term_unit">,
  subscriptionTerm: number | null,
): { startAt: number; endAt: number | null } {
  const startAt = Math.floor(orderedAt / DAY_MS) * DAY_MS;
  if (model.selling_model_type !== "TermDefined") return { startAt, endAt: null };
  return { startAt, endAt: addMonths(startAt, (subscriptionTerm ?? 1) * monthsPerTerm(model)) - 1 };
}

/**
 * Writes the subscriptions an order's lines bought, inside the order's transaction: lines sold by a selling model
 * other than OneTime, for a buyer's order only (the resource is for registered shoppers; a guest has no account to
 * list them under).
 */
export function recordSubscriptions(
  emu: Emu,
  order: {
    webstoreId: string;
    accountId: string | null;
    ownerUserId: string | null;
    orderedAt: number;
    currency: string;
  },
  lines: readonly SubscriptionLine[],
): void {
  if (!order.ownerUserId || !order.accountId || lines.length === 0) return;
  const modelOf = emu.db.prepare("SELECT * FROM selling_models WHERE id = ?");
  const insert = emu.db.prepare(`
    INSERT INTO commerce_subscriptions(id, webstore_id, account_id, owner_user_id, order_summary_id, order_item_id,
      product_id, selling_model_id, quantity, subscription_term, currency_iso_code, billing_period_cents, start_at,
      end_at, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const line of lines) {
    const model = modelOf.get(line.sellingModelId) as SellingModelRow | undefined;
    if (!model || model.selling_model_type === "OneTime") continue;
    const { startAt, endAt } = subscriptionPeriod(order.orderedAt, model, line.subscriptionTerm);
    insert.run(
      emu.ids("commerceSubscription"),
      order.webstoreId,
      order.accountId,
      order.ownerUserId,
      line.orderSummaryId,
      line.orderItemId,
      line.productId,
      model.id,
      line.quantity,
      line.subscriptionTerm,
      order.currency,
      line.unitPriceCents * line.quantity,
      startAt,
      endAt,
      order.orderedAt,
    );
  }
}

/**
 * The next billing date of a subscription still running at `now` (the first period start after now), or null when
 * it ends before another period starts.
 */
export function nextBillingAt(
  s: Pick<SubscriptionRow, "start_at" | "end_at">,
  model: Pick<SellingModelRow, "pricing_term" | "pricing_term_unit">,
  now: number,
): number | null {
  if (s.end_at !== null && s.end_at < now) return null;
  const months = monthsPerTerm(model);
  let periods = 1;
  while (addMonths(s.start_at, periods * months) <= now) periods++;
  const next = addMonths(s.start_at, periods * months);
  return s.end_at !== null && next > s.end_at ? null : next;
}

export function sellingModel(emu: Emu, id: string): SellingModelRow | undefined {
  return emu.db.prepare("SELECT * FROM selling_models WHERE id = ?").get(id) as SellingModelRow | undefined;
}

/**
 * A page of an account's subscriptions and one row more (is there a next page?), along the account's index. Active:
 * still running (evergreen, or its term not over); past: its term has ended.
 */
export function subscriptionPage(
  emu: Emu,
  active: boolean,
  direction: "ASC" | "DESC",
  params: { webstore: string; account: string; now: number; limit: number; offset: number },
): SubscriptionRow[] {
  return emu.db
    .prepare(
      `SELECT * FROM commerce_subscriptions
         WHERE webstore_id = @webstore AND account_id = @account
           AND ${active ? "(end_at IS NULL OR end_at >= @now)" : "end_at < @now"}
         ORDER BY created_at ${direction}, id ${direction} LIMIT @limit OFFSET @offset`,
    )
    .all(params) as SubscriptionRow[];
}

export function subscriptionById(emu: Emu, id: string): SubscriptionRow | undefined {
  return emu.db.prepare("SELECT * FROM commerce_subscriptions WHERE id = ?").get(id) as SubscriptionRow | undefined;
}

/** A subscription of one account in one store, or undefined. */
export function accountSubscription(emu: Emu, id: string, webstore: string, account: string) {
  return emu.db
    .prepare("SELECT * FROM commerce_subscriptions WHERE id = ? AND webstore_id = ? AND account_id = ?")
    .get(id, webstore, account) as SubscriptionRow | undefined;
}

type ActionColumns = Partial<
  Pick<
    SubscriptionRow,
    | "cancel_status"
    | "renewal_status"
    | "amendment_status"
    | "cancellation_at"
    | "renewal_start_at"
    | "amended_quantity"
    | "amendment_start_at"
    | "end_at"
    | "saved_payment_method_id"
    | "merchant_account_id"
  >
>;

const ACTION_COLUMNS = new Set<string>([
  "cancel_status",
  "renewal_status",
  "amendment_status",
  "cancellation_at",
  "renewal_start_at",
  "amended_quantity",
  "amendment_start_at",
  "end_at",
  "saved_payment_method_id",
  "merchant_account_id",
]);

/** Writes what an action changed, and the action itself as the subscription's last (none: the last stays). */
export function recordAction(emu: Emu, id: string, changes: ActionColumns, lastAction: string | null) {
  const columns = Object.keys(changes).filter((c) => ACTION_COLUMNS.has(c));
  const sets = [...columns.map((c) => `${c} = @${c}`), ...(lastAction === null ? [] : ["last_action = @last_action"])];
  emu.db
    .prepare(`UPDATE commerce_subscriptions SET ${sets.join(", ")} WHERE id = @id`)
    .run({ ...changes, ...(lastAction === null ? {} : { last_action: lastAction }), id });
}
