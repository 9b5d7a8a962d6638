/**
 * The Order Lookup page (/OrderLookup[/{recordId}]): the number to fill in, the record's SEO properties and the
 * page's data layer; and its form, asked of the API's documented lookup. Every refusal looks the same to the
 * shopper, so the page never tells an existing order number from an unknown one.
 */
import { redirectDocument } from "@remix-run/node";
import { isFetchError } from "../../../server/webstore/index";
import { DEFAULT_CURRENCY, STORE_LOCALE } from "~/lib/format/formats";
import {
  ORDER_LOOKUP_RATE_LIMITED_MESSAGE,
  ORDER_LOOKUP_TITLE,
  orderNumberFromQuery,
  type OrderLookupInput,
  type SeoProperties,
} from "~/orders/model";
import { orderSummaryPath } from "~/lib/paths";
import type { JsonField } from "~/lib/json";
import { orderLookupSchema, parseOrderForm } from "~/orders/forms/orders-forms.server";
import { formConstraint } from "~/lib/validation/constraint.server";
import { TOAST_MESSAGES } from "~/lib/toast";
import { toast } from "~/shop/toast.server";
import {
  loadOrder,
  mayLoad,
  rememberGuestVerification,
  type OrderShop,
  type OrdersCore,
} from "~/orders/server/provider.server";

const LOOKUP_UNAVAILABLE_MESSAGE = "We couldn't look up your order right now. Try again in a moment.";

/** The form only asks whether the order opens: its lines, groups and payments are read on the summary page. */
const LOOKUP_ONLY_THE_ORDER = {
  excludeAdjustmentAggregates: true,
  excludeAdjustments: true,
  excludeDeliveryGroups: true,
  excludeLineItems: true,
  excludePayments: true,
} as const;

/** Non-personal facts about the page for analytics (the page data layer). */
export interface PageDataLayer {
  page: string;
  pageType: string;
  recordId: string | null;
  shopperType: "guest" | "buyer";
  locale: string;
  currency: string;
}

/** What /OrderLookup (and /OrderLookup/{recordId}) shows. */
export interface OrderLookupView {
  isGuest: boolean;
  orderNumber: string;
  recordId: string | null;
  seo: SeoProperties | null;
  providerKey: string | null;
  dataLayer: PageDataLayer;
}

// Metadata is decoration: a site without SEO set up says so once, not per page.
const seoWarnings = new Set<string>();

/** The record's SEO properties; null when the record has none or the site has no SEO configured. */
export async function seo(
  { client }: Pick<OrderShop, "client">,
  recordId: string | null,
): Promise<SeoProperties | null> {
  if (!recordId) return null;
  try {
    const raw = await client.getSeoProperties(recordId);
    const text = (v: JsonField) => (typeof v === "string" && v.trim() !== "" ? v : null);
    return {
      title: text(raw.title),
      description: text(raw.description),
      keywords: text(raw.keywords),
      imageUrl: text(raw.imageUrl),
    };
  } catch (error) {
    // A page never fails for its metadata.
    const reason = error instanceof Error ? error.message : String(error);
    if (!(isFetchError(error) && error.status === 404) && !seoWarnings.has(reason)) {
      seoWarnings.add(reason);
      console.warn("SEO properties unavailable:", reason);
    }
    return null;
  }
}

/** The lookup page: the number to fill in (the query's, else the record's) and the page's metadata. */
export async function lookupPage(
  shop: OrderShop,
  recordId: string | null,
  orderNumberFromQuery: string,
): Promise<OrderLookupView> {
  // The record id is the order provider's identifier; its data fills in the number the page reference lacks.
  const [order, seoProperties] = await Promise.all([
    recordId && mayLoad(shop) ? loadOrder(shop, recordId) : Promise.resolve(null),
    seo(shop, recordId),
  ]);
  const fromRecord = order && !order.state.hasErrors ? (order.state.summary?.orderNumber ?? "") : "";
  return {
    isGuest: !shop.shopper.isLoggedIn,
    orderNumber: orderNumberFromQuery || fromRecord,
    recordId,
    seo: seoProperties,
    providerKey: order?.key ?? null,
    dataLayer: {
      page: ORDER_LOOKUP_TITLE,
      pageType: "OrderLookup",
      recordId,
      shopperType: shop.shopper.isLoggedIn ? "buyer" : "guest",
      locale: STORE_LOCALE,
      currency: DEFAULT_CURRENCY,
    },
  };
}

/**
 * The lookup form's validated input, asked of the API's documented lookup: the order's number when it opens (a
 * guest's verification is then in the session), else null with the spec's toast flashed. An unknown number and a
 * wrong e-mail answer alike.
 */
export async function lookup(
  shop: Pick<OrdersCore, "client" | "session" | "shopper" | "toasts">,
  { orderNumber, email }: OrderLookupInput,
): Promise<string | null> {
  const isGuest = !shop.shopper.isLoggedIn;
  let failure: string = TOAST_MESSAGES.lookupFailed;
  try {
    const answer = await shop.client.lookupOrder(
      { orderSummaryIdOrRefNumber: orderNumber, ...(isGuest && email ? { verification: { email } } : {}) },
      LOOKUP_ONLY_THE_ORDER,
    );
    if (isGuest && email) rememberGuestVerification(shop.session, email);
    return typeof answer.orderNumber === "string" && answer.orderNumber ? answer.orderNumber : orderNumber;
  } catch (error) {
    if (isFetchError(error) && error.status === 429) failure = ORDER_LOOKUP_RATE_LIMITED_MESSAGE;
    else if (!isFetchError(error) || error.status >= 500 || error.status === 0) {
      console.error("Order lookup failed:", error);
      failure = LOOKUP_UNAVAILABLE_MESSAGE;
    }
  }
  shop.toasts.flash(toast("error", failure));
  return null;
}

/**
 * /OrderLookup[/{recordId}]: the lookup page with its form's constraints, the number filled in from the URL's
 * `?orderNumber=` (`orderNumberParam`, as the route read it).
 */
export async function lookupForm(shop: OrdersCore, recordIdParam: string | undefined, orderNumberParam: string | null) {
  const recordId = recordIdParam?.trim() || null;
  const orderNumber = orderNumberFromQuery(orderNumberParam);
  const page = await lookupPage(shop, recordId, orderNumber);
  return { ...page, constraint: formConstraint(orderLookupSchema({ isGuest: page.isGuest })) };
}

/**
 * The lookup form posted, validated with the same schema as the browser (nothing reaches the API otherwise):
 * refused or unmatched, the form again as typed (`lookup` flashed the toast); a match loads the order summary as a
 * new document (spec: "the page reloads").
 */
export async function submitLookup(shop: OrdersCore, form: FormData) {
  const submission = parseOrderForm(form, orderLookupSchema({ isGuest: !shop.shopper.isLoggedIn }));
  if (submission.status !== "success") return shop.reply({ result: submission.reply() }, { status: 400 });
  const found = await lookup(shop, submission.value);
  if (!found) return shop.reply({ result: submission.reply() });
  return redirectDocument(orderSummaryPath(found), { status: 303, headers: await shop.headers() });
}
