import { catalogStore, type SellingModelRow } from "../catalog/store.js";
import { productImage, sellingModelJson } from "../catalog/shapes.js";
import { effectiveAccountId } from "../core/context.js";
import { ApiError } from "../core/errors.js";
import { json } from "../core/http.js";
import { illegalQuery, intParam } from "../core/paging.js";
import { decodePageToken, encodePageToken, pageOfRead, QueryError } from "../orders/query.js";
import { nextBillingAt, type SubscriptionRow, sellingModel, subscriptionPage } from "./store.js";
import { currentQuantity, subscriptionActionRoutes } from "./actions.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";

/**
 * Commerce Subscriptions (GET `commerce/webstores/{webstoreId}/subscriptions`, 63.0): the subscriptions of the
 * account the buyer shops for, a page at a time.
 * https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_resources_commerce_subscription_get_subscriptions.htm
 * The answer is a Commerce Subscription Collection of Commerce Subscription Details (docs/emulator-orders.md,
 * "Commerce subscriptions").
 */

const SORTS = ["CreatedDateAsc", "CreatedDateDesc"] as const;
const STATES = ["Active", "Past"] as const;

function illegal(name: string, value: string | null, expected: string) {
  return illegalQuery(name, value, expected);
}

function sortParam(query: URLSearchParams): (typeof SORTS)[number] {
  const raw = query.get("sortOrder");
  if (raw === null || raw === "") return "CreatedDateDesc";
  const found = SORTS.find((s) => s === raw);
  if (!found) throw illegal("sortOrder", raw, `Expected one of ${SORTS.join(", ")}.`);
  return found;
}

/** `state`: Active or Past (the page's own example writes `state=active`, so the case is not significant [I]). */
function stateParam(query: URLSearchParams): (typeof STATES)[number] {
  const raw = query.get("state");
  if (raw === null || raw === "") return "Active";
  const found = STATES.find((s) => s.toLowerCase() === raw.toLowerCase());
  if (!found) throw illegal("state", raw, `Expected one of ${STATES.join(", ")}.`);
  return found;
}

/** Where the page starts: a page token of the same sort (the order summaries' tokens, orders/query.ts). */
function pageStart(query: URLSearchParams, sort: string): number {
  const raw = query.get("pageToken");
  if (!raw) return 0;
  let token;
  try {
    token = decodePageToken(raw, "pageToken", SORTS);
  } catch (e) {
    if (e instanceof QueryError) throw new ApiError(400, "ILLEGAL_QUERY_PARAMETER_VALUE", e.message);
    throw e;
  }
  if (token.sort !== sort) throw illegal("pageToken", raw, `The page token belongs to a list sorted by ${token.sort}.`);
  return token.offset;
}

// The API prints the subscription's dates with an RFC 822 zone ("2025-09-26T00:00:00.000+0000").
const apiDate = (ms: number) => new Date(ms).toISOString().replace("Z", "+0000");
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const money = (cents: number) => (cents / 100).toFixed(2);

function subscriptionJson(emu: Emu, s: SubscriptionRow, now: number) {
  const catalog = catalogStore(emu);
  const product = catalog.product(s.product_id);
  const model = sellingModel(emu, s.selling_model_id) as SellingModelRow;
  const field = (dataName: string, text: string | null) => ({
    dataName,
    dataType: "STANDARD",
    label: dataName,
    text,
    type: "STRING",
  });
  const quantity = currentQuantity(s, now);
  const nextBilling = nextBillingAt(s, model, now);
  return {
    amendmentStatus: s.amendment_status,
    // Commerce Subscription Billing Summary: billed in advance, one pricing term a period [I: the values].
    billing: {
      billingMethod: "OrderAmount",
      // One unit's price × the quantity now (an amendment changes it from its start date).
      billingPeriodAmount: money(Math.round((s.billing_period_cents / s.quantity) * quantity)),
      billingTerm: model.pricing_term ?? 1,
      billingTermUnit: /^annual|^year/i.test(model.pricing_term_unit ?? "") ? "Year" : "Month",
      billingType: "Advance",
      cancellationDate: s.cancellation_at === null ? null : day(s.cancellation_at),
      currencyIsoCode: s.currency_iso_code,
      nextBillingDate: nextBilling === null ? null : day(nextBilling),
      // [I] The saved payment method's display name (the page's example masks one: "Ra*****") is not known here.
      savedPaymentMethod:
        s.saved_payment_method_id === null
          ? null
          : {
              gatewayResponse: {},
              id: s.saved_payment_method_id,
              merchantAccountId: s.merchant_account_id,
              name: null,
            },
    },
    cancelStatus: s.cancel_status,
    endDate: s.end_at === null ? null : apiDate(s.end_at),
    id: s.id,
    lastAction: s.last_action === null ? null : JSON.parse(s.last_action),
    processExceptions: [],
    // Buyer Product Summary.
    product: product
      ? {
          canViewProduct: true,
          error: null,
          fields: { Name: field("Name", product.name), StockKeepingUnit: field("StockKeepingUnit", product.sku) },
          id: product.id,
          image: productImage(product),
          name: product.name,
          purchaseQuantityRule: null,
          sku: product.sku,
          success: true,
          variationAttributes: [],
        }
      : null,
    quantity,
    renewalStatus: s.renewal_status,
    sellingModel: sellingModelJson(model),
    startDate: apiDate(s.start_at),
    subscriptionTerm: s.subscription_term,
  };
}

function requireBuyer(ctx: RequestContext) {
  // "This API is available only to registered shoppers": a guest is refused as by the order summaries [I].
  if (!ctx.user) throw new ApiError(401, "INVALID_SESSION_ID", "This resource requires an authenticated user.");
  return ctx.user;
}

export function subscriptionRoutes(r: Router, emu: Emu) {
  r.webstore("GET", "subscriptions", { since: 63 }, (ctx) => {
    requireBuyer(ctx);
    const account = effectiveAccountId(ctx)!;
    const pageSize = intParam(ctx.query, "pageSize", 25, 1, 100);
    const sort = sortParam(ctx.query);
    const state = stateParam(ctx.query);
    const offset = pageStart(ctx.query, sort);
    const now = emu.clock.now();
    const direction = sort === "CreatedDateAsc" ? "ASC" : "DESC";
    // Active: still running (evergreen, or its term not over); Past: its term has ended. The page and one row
    // more (is there a next page?), along the account's index.
    const rows = subscriptionPage(emu, state === "Active", direction, {
      webstore: ctx.webstoreId,
      account,
      now,
      limit: pageSize + 1,
      offset,
    });
    const slice = pageOfRead(rows, sort, offset, pageSize);
    const url = (token: string) => {
      const query = new URLSearchParams(ctx.url.searchParams);
      query.set("pageToken", token);
      return `${ctx.url.pathname}?${query.toString()}`;
    };
    const next = slice.next && encodePageToken(slice.next);
    const previous = slice.previous && encodePageToken(slice.previous);
    return json({
      count: slice.rows.length,
      currentPageToken: ctx.query.get("pageToken") || null,
      currentPageUrl: `${ctx.url.pathname}${ctx.url.search}`,
      nextPageToken: next,
      nextPageUrl: next && url(next),
      previousPageToken: previous,
      previousPageUrl: previous && url(previous),
      sortOrder: sort,
      subscriptions: slice.rows.map((s) => subscriptionJson(emu, s, now)),
    });
  });

  subscriptionActionRoutes(r, emu, (s, now) => subscriptionJson(emu, s, now));
}

export const subscriptionsModule: EmulatorModule = { name: "subscriptions", routes: subscriptionRoutes };
