/**
 * The server side of the order pages: the order provider over the webstore client, the lookup form's action,
 * guest verification in the session (spec §6), the SEO properties of a record and reorder ("Buy again").
 *
 * Who may see an order is the API's decision: a signed-in buyer reads the orders of the accounts they may act
 * for; a guest reads an order after verifying it (e-mail + placeholder phone, kept in the session after a
 * successful lookup). Every refusal looks the same to the shopper, so a page never tells an existing order
 * number from an unknown one.
 */
import { createHash } from "node:crypto";
import { redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { isFetchError, type GuestVerification } from "../server/webstore/index";
import {
  GUEST_PHONE_PLACEHOLDER,
  ORDER_LOOKUP_RATE_LIMITED_MESSAGE,
  ORDER_LOOKUP_TITLE,
  orderLookupPath,
  orderLookupSchema,
  orderNumberFromQuery,
  orderProviderFailed,
  orderProviderKey,
  orderProviderLoaded,
  orderSummaryPath,
  reorderOutcome,
  type OrderProviderState,
  type SeoProperties,
} from "./lib/orders";
import { DEFAULT_CURRENCY, STORE_LOCALE } from "./lib/formats";
import { TOAST_MESSAGES } from "./lib/toast";
import type { StoreSession } from "./session.server";
import { toast } from "./toast.server";
import { getWebstore, rethrowResponse, type Webstore } from "./webstore.server";
import type { OrderStatusNames } from "./lib/orders";
import { subscriptionProductIds, withTerms, type OrderDeliveryGroup } from "./lib/orders";
import { sellingModelOptions } from "./lib/subscriptions";

/** The order provider's required fields: what the order page shows, added to the lookup's defaults. */
export const ORDER_REQUIRED_FIELDS = [
  "OrderSummary.OrderNumber",
  "OrderSummary.OrderedDate",
  "OrderSummary.CreatedDate",
  "OrderSummary.Status",
  "OrderSummary.OwnerId",
  "OrderSummary.CurrencyIsoCode",
  "OrderSummary.TotalProductAmount",
  "OrderSummary.TotalAdjustedProductAmount",
  "OrderSummary.TotalAdjustedDeliveryAmount",
  "OrderSummary.TotalTaxAmount",
  "OrderSummary.TotalAmount",
  "OrderSummary.GrandTotalAmount",
] as const;

const REORDER_FAILED_MESSAGE = "We couldn't add this order to your cart. Try again in a moment.";
const LOOKUP_UNAVAILABLE_MESSAGE = "We couldn't look up your order right now. Try again in a moment.";

// ---------------------------------------------------------------------------------------------
// Guest verification (spec §6)

/** The guest's verification from the session, or null (signed-in buyers never send one). */
export function guestVerification(ws: Pick<Webstore, "session" | "shopper">): GuestVerification | null {
  if (ws.shopper.isLoggedIn) return null;
  const stored = ws.session.get("guestVerification");
  if (!stored?.email) return null;
  const out: GuestVerification = {};
  // Spec §3: only non-blank strings are kept.
  for (const key of ["lastName", "email", "phoneNumber"] as const) {
    const value = stored[key];
    if (typeof value === "string" && value.trim() !== "") out[key] = value;
  }
  return out;
}

/** After a guest's successful lookup: the e-mail and a placeholder phone number. */
export function rememberGuestVerification(session: StoreSession, email: string): void {
  session.set("guestVerification", { email, phoneNumber: GUEST_PHONE_PLACEHOLDER });
}

const digest = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 16);

/** The provider's key for this shopper: record, fields, a digest of the credentials, effective account. */
export function providerKeyFor(ws: Webstore, recordId: string): string {
  const credentials = ws.shopper.isLoggedIn ? ws.session.get("accessToken") : guestVerification(ws)?.email;
  return orderProviderKey({
    recordId,
    fields: ORDER_REQUIRED_FIELDS,
    accessToken: credentials ? digest(credentials) : null,
    effectiveAccountId: ws.shopper.effectiveAccountId ?? null,
  });
}

// ---------------------------------------------------------------------------------------------
// The order provider

export interface OrderLoad {
  state: OrderProviderState;
  /** HTTP status of the failure (404 unknown or not yours, 429 rate-limited, …); null when loaded. */
  status: number | null;
  key: string;
}

/**
 * Loads one order (by number or id) for the shopper: a buyer as themselves, a guest with the session's
 * verification. Never throws for an API refusal: the state says hasErrors and every data section is null.
 * Redirects thrown by the client (an expired buyer session) pass through.
 */
export async function loadOrder(ws: Webstore, recordId: string): Promise<OrderLoad> {
  const key = providerKeyFor(ws, recordId);
  const verification = guestVerification(ws);
  try {
    const raw = await ws.client.lookupOrder(
      { orderSummaryIdOrRefNumber: recordId, ...(verification ? { verification } : {}) },
      { fields: [...ORDER_REQUIRED_FIELDS] },
    );
    const state = orderProviderLoaded(raw);
    if (!state.hasErrors && state.deliveryGroups)
      state.deliveryGroups = await nameSubscriptionTerms(ws, state.deliveryGroups);
    return { state, status: null, key };
  } catch (error) {
    rethrowResponse(error);
    const status = isFetchError(error) ? error.status : 500;
    if (status >= 500 || status === 0) console.error("Order lookup failed:", error);
    return { state: orderProviderFailed(error), status, key };
  }
}

/**
 * Names each subscription line's term from its product's selling models (products/{id}: productSellingModels), one
 * call per product. A product that can't be read (no longer sold, not entitled) leaves its lines unnamed.
 */
async function nameSubscriptionTerms(ws: Webstore, groups: OrderDeliveryGroup[]): Promise<OrderDeliveryGroup[]> {
  const productIds = subscriptionProductIds(groups);
  if (productIds.length === 0) return groups;
  const names = new Map<string, string>();
  await Promise.all(
    productIds.map((productId) =>
      ws.client.getProduct(productId, { fields: ["Name"] }).then(
        (product) => {
          for (const model of sellingModelOptions(product.productSellingModels)) names.set(model.id, model.name);
        },
        (error: unknown) => rethrowResponse(error),
      ),
    ),
  );
  return withTerms(groups, names);
}

/** Whether a shopper can have an order read for them at all (a guest needs a verified lookup first). */
export function mayLoadOrders(ws: Webstore): boolean {
  return ws.shopper.isLoggedIn || guestVerification(ws) !== null;
}

// ---------------------------------------------------------------------------------------------
// SEO properties (spec §7 "Other": cached one hour by the client)

const seoWarnings = new Set<string>();

/** The record's SEO properties; null when the record has none or the site has no SEO configured. */
export async function loadSeo(ws: Webstore, recordId: string | null): Promise<SeoProperties | null> {
  if (!recordId) return null;
  try {
    const raw = (await ws.client.getSeoProperties(recordId)) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : null);
    return {
      title: text(raw.title),
      description: text(raw.description),
      keywords: text(raw.keywords),
      imageUrl: text(raw.imageUrl),
    };
  } catch (error) {
    rethrowResponse(error);
    // Metadata is decoration: a page never fails for it. A site without SEO set up says so once, not per page.
    const reason = error instanceof Error ? error.message : String(error);
    if (!(isFetchError(error) && error.status === 404) && !seoWarnings.has(reason)) {
      seoWarnings.add(reason);
      console.warn("SEO properties unavailable:", reason);
    }
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The Order Lookup page (/OrderLookup and /OrderLookup/{recordId})

/** Non-personal facts about the page for analytics (the page data layer). */
export interface PageDataLayer {
  page: string;
  pageType: string;
  recordId: string | null;
  shopperType: "guest" | "buyer";
  locale: string;
  currency: string;
}

export async function orderLookupLoader({ request, params, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  const recordId = params.recordId?.trim() || null;
  const fromQuery = orderNumberFromQuery(new URL(request.url).searchParams.get("orderNumber"));

  // The record id is the order provider's identifier; its data fills in the number the page reference lacks.
  const [order, seo] = await Promise.all([
    recordId && mayLoadOrders(ws) ? loadOrder(ws, recordId) : Promise.resolve(null),
    loadSeo(ws, recordId),
  ]);
  const fromRecord = order && !order.state.hasErrors ? (order.state.summary?.orderNumber ?? "") : "";

  const dataLayer: PageDataLayer = {
    page: ORDER_LOOKUP_TITLE,
    pageType: "OrderLookup",
    recordId,
    shopperType: ws.shopper.isLoggedIn ? "buyer" : "guest",
    locale: STORE_LOCALE,
    currency: DEFAULT_CURRENCY,
  };
  return ws.reply({
    isGuest: !ws.shopper.isLoggedIn,
    orderNumber: fromQuery || fromRecord,
    recordId,
    seo,
    providerKey: order?.key ?? null,
    dataLayer,
  });
}

/**
 * The lookup form: validates with the same schema as the browser (nothing reaches the API otherwise), then asks
 * the API's documented lookup, `order-summaries/actions/lookup` (a guest verifies with their e-mail). Success: a
 * guest's verification goes into the session and the browser loads the order summary as a new document (spec:
 * "the page reloads"). Failure: the spec's toast and the form again with what the shopper typed. An unknown
 * number and a wrong e-mail answer alike, so the toast cannot tell them apart either.
 */
export async function orderLookupAction({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const ws = await getWebstore(request, context);
  const isGuest = !ws.shopper.isLoggedIn;
  const submission = parseWithZod(formData, { schema: orderLookupSchema({ isGuest }) });
  if (submission.status !== "success") {
    return ws.reply({ result: submission.reply() }, { status: 400 });
  }
  const { orderNumber, email } = submission.value;

  let found: string | null = null;
  let failure: string = TOAST_MESSAGES.lookupFailed;
  try {
    const answer = await ws.client.lookupOrder(
      { orderSummaryIdOrRefNumber: orderNumber, ...(isGuest && email ? { verification: { email } } : {}) },
      LOOKUP_ONLY_THE_ORDER,
    );
    found = typeof answer.orderNumber === "string" && answer.orderNumber ? answer.orderNumber : orderNumber;
  } catch (error) {
    rethrowResponse(error);
    if (isFetchError(error) && error.status === 429) failure = ORDER_LOOKUP_RATE_LIMITED_MESSAGE;
    else if (!isFetchError(error) || error.status >= 500 || error.status === 0) {
      console.error("Order lookup failed:", error);
      failure = LOOKUP_UNAVAILABLE_MESSAGE;
    }
  }

  if (found) {
    if (isGuest && email) rememberGuestVerification(ws.session, email);
    return redirectDocument(orderSummaryPath(found), { status: 303, headers: await ws.headers() });
  }
  ws.session.flashToast(toast("error", failure));
  return ws.reply({ result: submission.reply() });
}

/** The form only asks whether the order opens: its lines, groups and payments are read on the summary page. */
const LOOKUP_ONLY_THE_ORDER = {
  excludeAdjustmentAggregates: true,
  excludeAdjustments: true,
  excludeDeliveryGroups: true,
  excludeLineItems: true,
  excludePayments: true,
} as const;

// ---------------------------------------------------------------------------------------------
// Reorder ("Buy again")

/**
 * Adds the order's products to the shopper's active cart (opened when there is none) and goes to the cart with a toast naming every product that could not be added.
 */
export async function reorder(ws: Webstore, orderNumber: string): Promise<Response> {
  const verification = guestVerification(ws);
  if (!ws.shopper.isLoggedIn && !verification) return ws.redirect(orderLookupPath(orderNumber));

  if (!ws.shopper.isLoggedIn) {
    const appContext = await ws.client.getApplicationContext().catch((error: unknown) => {
      rethrowResponse(error);
      return null;
    });
    if (appContext && appContext.guestCartEnabled === false) {
      return ws.redirect(orderSummaryPath(orderNumber), toast("info", "Sign in to add items to your cart."));
    }
  }

  let result;
  try {
    // `active`: the shopper's open cart (a guest's through the guest cart session), opened when there is none.
    result = await ws.client.addOrderToCart({
      cartStateOrId: "active",
      orderSummaryIdOrRefNumber: orderNumber,
      ...(verification ? { verification } : {}),
    });
  } catch (error) {
    rethrowResponse(error);
    if (isFetchError(error) && error.status === 404 && !ws.shopper.isLoggedIn) {
      return ws.redirect(orderLookupPath(orderNumber));
    }
    if (isFetchError(error) && error.status === 429) {
      return ws.redirect(orderSummaryPath(orderNumber), toast("error", ORDER_LOOKUP_RATE_LIMITED_MESSAGE));
    }
    if (!isFetchError(error) || error.status >= 500) console.error("add-order-to-cart failed:", error);
    // A buyer's order page answers "not found" itself when the order is not theirs.
    return ws.redirect(orderSummaryPath(orderNumber), toast("error", REORDER_FAILED_MESSAGE));
  }
  const cartId = typeof result?.cartId === "string" ? result.cartId : null;
  if (!ws.shopper.isLoggedIn && cartId) ws.session.set("guestCartId", cartId);
  const outcome = reorderOutcome(result);
  return ws.redirect("/cart", toast(outcome.variant, outcome.message));
}

/** The store's names for order statuses (application context), or none when the context can't be read. */
export async function orderStatusNames(ws: Webstore): Promise<OrderStatusNames> {
  const context = await ws.client.getApplicationContext().catch((error: unknown) => {
    rethrowResponse(error);
    return null;
  });
  return context?.orderStatuses ?? null;
}
