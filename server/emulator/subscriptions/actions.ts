import { effectiveAccountId } from "../core/context.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { json } from "../core/http.js";
import { recordId } from "../core/record-ids.js";
import { parseApiDate } from "../orders/query.js";
import {
  accountSubscription,
  addMonths,
  monthsPerTerm,
  nextBillingAt,
  recordAction,
  type SubscriptionRow,
  sellingModel,
  subscriptionById,
} from "./store.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu } from "../core/state.js";

/**
 * What a buyer may do to a Commerce subscription, each changing what GET `subscriptions` shows:
 * - POST `subscriptions/actions/initiate-cancellation` (63.0): "A subscription cancellation takes effect only on the
 *   subscription's next billing date."
 * - POST `subscriptions/actions/initiate-renewal` (65.0): "Subscription renewal takes effect after the end date of
 *   subscription. You can renew only once before the subscription term ends."
 * - POST `subscriptions/actions/initiate-amendment` (65.0): a quantity change from `amendStartDate`; "For negative
 *   amendments, changes are allowed only on the next billing date."
 * - PATCH `subscriptions/{id}/saved-payment-methods` (63.0): the saved payment method the subscription bills.
 * Each acts for one subscription of the account the buyer shops for. docs/emulator-orders.md, "Subscription actions".
 */

const DAY_MS = 86_400_000;
const apiDate = (ms: number) => new Date(ms).toISOString().replace("Z", "+0000");
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function requireBuyer(ctx: RequestContext) {
  // "This API is available only to registered shoppers": a guest is refused as by the subscriptions list [I].
  if (!ctx.user) throw new ApiError(401, "INVALID_SESSION_ID", "This resource requires an authenticated user.");
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw invalidInput("The request body must be an object.");
  return body as Record<string, unknown>;
}

/** The account's subscription an id names; another account's or an unknown one is not found [I]. */
function ownSubscription(ctx: RequestContext, raw: unknown): SubscriptionRow {
  const id = recordId(raw, "commerceSubscription", "subscriptionId");
  const account = effectiveAccountId(ctx)!;
  const row = accountSubscription(ctx.emu, id, ctx.webstoreId, account);
  if (!row) throw notFound(`Subscription not found: ${id}`);
  return row;
}

/**
 * `subscriptionIds` (the renewal and amendment pages, and the cancellation page's own example), or `subscriptions`,
 * a list of ids (the cancellation input's property table): "supports … only one digital product subscription per
 * request".
 */
function oneSubscription(ctx: RequestContext, body: Record<string, unknown>, names: string[]): SubscriptionRow {
  const name = names.find((n) => body[n] !== undefined);
  const ids = name === undefined ? undefined : body[name];
  if (!Array.isArray(ids) || ids.length === 0)
    throw invalidInput(`${names[0]} is required: a list of one subscription ID.`);
  if (ids.length > 1) throw invalidInput(`${names[0]} takes one subscription per request.`);
  return ownSubscription(ctx, ids[0]);
}

function dateInput(value: unknown, name: string): number {
  // Dates as the pages' examples send them ("2025-08-01T00:00:00.000Z"), or a calendar day.
  const ms =
    typeof value !== "string"
      ? null
      : /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? Date.parse(`${value}T00:00:00.000Z`)
        : parseApiDate(value);
  if (ms === null || Number.isNaN(ms)) throw invalidInput(`${name} must be a date such as 2025-08-01T00:00:00.000Z.`);
  return ms;
}

const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

function action(type: string, effectiveAt: number, now: number, changes: unknown[]) {
  return JSON.stringify({
    details: { changes, errors: null, status: "Success" },
    effectiveDateTime: day(effectiveAt),
    performedDateTime: new Date(now).toISOString(),
    type,
  });
}

/** Refuses an action while an amendment or renewal waits for its start date (the pages' considerations). */
function refusePending(s: SubscriptionRow, now: number, what: string) {
  if (s.amendment_start_at !== null && s.amendment_start_at > now)
    throw invalidInput(`An amended subscription can't be ${what} before its amendment start date.`);
  if (s.renewal_start_at !== null && s.renewal_start_at > now)
    throw invalidInput(`A renewed subscription can't be ${what} before its renewal start date.`);
}

function refuseEnded(s: SubscriptionRow, now: number) {
  if (s.end_at !== null && s.end_at < now) throw invalidInput("Only an active subscription can change.");
  if (s.cancel_status === "Success") throw invalidInput("The subscription is already cancelled.");
}

export function subscriptionActionRoutes(r: Router, emu: Emu, detail: (s: SubscriptionRow, now: number) => unknown) {
  const reread = (id: string) => subscriptionById(emu, id)!;

  r.webstore("POST", "subscriptions/actions/initiate-cancellation", { since: 63 }, async (ctx) => {
    requireBuyer(ctx);
    const s = oneSubscription(ctx, objectBody(await ctx.json()), ["subscriptionIds", "subscriptions"]);
    const now = emu.clock.now();
    refuseEnded(s, now);
    refusePending(s, now, "cancelled");
    const model = sellingModel(emu, s.selling_model_id)!;
    // It takes effect on the next billing date: the subscription runs (and is listed Active) until then.
    const at = nextBillingAt(s, model, now) ?? (s.end_at === null ? null : s.end_at + 1);
    if (at === null) throw invalidInput("The subscription has no billing date left to cancel on.");
    const endDate = (ms: number | null) => (ms === null ? null : apiDate(ms));
    recordAction(
      emu,
      s.id,
      { cancel_status: "Success", cancellation_at: at, end_at: at - 1 },
      action("Cancel", at, now, [{ field: "endDate", previousValue: endDate(s.end_at), newValue: endDate(at - 1) }]),
    );
    return json(detail(reread(s.id), now));
  });

  r.webstore("POST", "subscriptions/actions/initiate-renewal", { since: 65 }, async (ctx) => {
    requireBuyer(ctx);
    const body = objectBody(await ctx.json());
    const s = oneSubscription(ctx, body, ["subscriptionIds"]);
    const now = emu.clock.now();
    refuseEnded(s, now);
    if (s.end_at === null) throw invalidInput("An evergreen subscription has no term to renew.");
    if (s.renewal_start_at !== null && s.renewal_start_at > now)
      throw invalidInput("The subscription is already renewed for its next term.");
    refusePending(s, now, "renewed");
    // "renewalStartDate … Defaults to one day after the current subscription end date."
    const start =
      body.renewalStartDate === undefined ? s.end_at + 1 : dateInput(body.renewalStartDate, "renewalStartDate");
    if (start <= s.end_at) throw invalidInput("renewalStartDate must be after the subscription's end date.");
    let end: number;
    if (body.renewalEndDate !== undefined) {
      end = dateInput(body.renewalEndDate, "renewalEndDate");
    } else if (body.renewalTermLength !== undefined || body.renewalTermUnit !== undefined) {
      const length = body.renewalTermLength;
      const unit = typeof body.renewalTermUnit === "string" ? body.renewalTermUnit.toLowerCase() : null;
      if (!Number.isInteger(length) || (length as number) < 1)
        throw invalidInput("renewalTermLength must be a whole number of terms, 1 or more.");
      const months = unit?.startsWith("year") ? 12 : unit?.startsWith("month") ? 1 : null;
      if (months === null) throw invalidInput("renewalTermUnit must be Months or Years.");
      end = addMonths(startOfDay(start), (length as number) * months) - 1;
    } else if (body.renewalStartDate !== undefined) {
      throw invalidInput("With renewalStartDate, send renewalEndDate or both renewalTermLength and renewalTermUnit.");
    } else {
      // [I] Without dates: one more term as the selling model sets it.
      const model = sellingModel(emu, s.selling_model_id)!;
      end = addMonths(startOfDay(start), (s.subscription_term ?? 1) * monthsPerTerm(model)) - 1;
    }
    if (end <= start) throw invalidInput("The renewal must end after it starts.");
    recordAction(
      emu,
      s.id,
      { renewal_status: "Success", renewal_start_at: start, end_at: end },
      action("Renew", start, now, [{ field: "endDate", previousValue: apiDate(s.end_at), newValue: apiDate(end) }]),
    );
    return json(detail(reread(s.id), now));
  });

  r.webstore("POST", "subscriptions/actions/initiate-amendment", { since: 65 }, async (ctx) => {
    requireBuyer(ctx);
    const body = objectBody(await ctx.json());
    const s = oneSubscription(ctx, body, ["subscriptionIds"]);
    if (body.amendStartDate === undefined) throw invalidInput("amendStartDate is required.");
    const start = dateInput(body.amendStartDate, "amendStartDate");
    const change = body.quantityChange;
    if (typeof change !== "number" || !Number.isInteger(change) || change === 0)
      throw invalidInput("quantityChange is required: a whole number of units to add (or take away), not 0.");
    const now = emu.clock.now();
    refuseEnded(s, now);
    refusePending(s, now, "amended");
    // "The specified date must not be in the past and cannot be later than the subscription end date."
    if (start < startOfDay(now)) throw invalidInput("amendStartDate must not be in the past.");
    if (s.end_at !== null && start > s.end_at)
      throw invalidInput("amendStartDate can't be after the subscription ends.");
    const model = sellingModel(emu, s.selling_model_id)!;
    const nextBilling = nextBillingAt(s, model, now);
    if (change > 0 && nextBilling !== null && start >= nextBilling)
      throw invalidInput("A quantity increase must start before the next billing date.");
    if (change < 0 && (nextBilling === null || startOfDay(start) !== nextBilling))
      throw invalidInput("A quantity decrease may only start on the next billing date.");
    const quantity = currentQuantity(s, now) + change;
    if (quantity < 1) throw invalidInput("The amended quantity must be 1 or more.");
    recordAction(
      emu,
      s.id,
      { amendment_status: "Success", amended_quantity: quantity, amendment_start_at: start },
      action("Amend", start, now, [{ field: "quantity", previousValue: currentQuantity(s, now), newValue: quantity }]),
    );
    return json(detail(reread(s.id), now));
  });

  r.webstore("PATCH", "subscriptions/:subscriptionId/saved-payment-methods", { since: 63 }, async (ctx) => {
    requireBuyer(ctx);
    const body = objectBody(await ctx.json());
    const s = ownSubscription(ctx, ctx.params.subscriptionId);
    for (const name of ["merchantAccountId", "savedPaymentMethodId"])
      if (typeof body[name] !== "string" || (body[name] as string).trim() === "")
        throw invalidInput(`${name} is required.`);
    // [I] The key prefixes of the page's example ids: SavedPaymentMethod 12q, merchant account 8zb.
    recordId(body.savedPaymentMethodId, { prefix: "12q" }, "savedPaymentMethodId");
    recordId(body.merchantAccountId, { prefix: "8zb" }, "merchantAccountId");
    // Kept as sent: the page's example answers the ids as it was given them (18 characters).
    const method = (body.savedPaymentMethodId as string).trim();
    const merchant = (body.merchantAccountId as string).trim();
    recordAction(emu, s.id, { saved_payment_method_id: method, merchant_account_id: merchant }, null);
    const now = emu.clock.now();
    const full = detail(reread(s.id), now) as Record<string, unknown>;
    // "The PATCH API populates only the billing, endDate, id, and startDate field values in the response."
    return json({
      billing: full.billing,
      cancelStatus: null,
      endDate: full.endDate,
      id: full.id,
      product: null,
      quantity: null,
      sellingModel: null,
      startDate: full.startDate,
      subscriptionTerm: null,
    });
  });
}

/** The quantity at `now`: an amendment's from its start date on. */
export function currentQuantity(s: SubscriptionRow, now: number): number {
  return s.amended_quantity !== null && s.amendment_start_at !== null && s.amendment_start_at <= now
    ? s.amended_quantity
    : s.quantity;
}
