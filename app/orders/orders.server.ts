/**
 * The orders domain: the order provider over the shopper's client, the lookup form, guest verification in the
 * session (spec §6; this module owns the `guestVerification` key), order history, the SEO properties of a record
 * and reorder ("Buy again").
 *
 * Who may see an order is the API's decision: a signed-in buyer reads the orders of the accounts they may act
 * for; a guest reads an order after verifying it (e-mail + placeholder phone, kept in the session after a
 * successful lookup). Every refusal looks the same to the shopper, so a page never tells an existing order
 * number from an unknown one.
 */
import { createHash } from "node:crypto";
import { data, redirectDocument } from "@remix-run/node";
import { isFetchError, QUANTITY_MAX, QUANTITY_MIN, type GuestVerification } from "../../server/webstore/index";
import { DEFAULT_CURRENCY, STORE_LOCALE } from "~/lib/format/formats";
import {
  EMPTY_HISTORY_PAGE,
  GUEST_PHONE_PLACEHOLDER,
  historyPage,
  isItemAdjustment,
  itemsPageToken,
  keepProductLines,
  mergeAdjustments,
  normalizeDeliveryGroups,
  ORDER_ITEMS_API_PAGE_SIZE,
  toLineItem,
  toOrderSummary,
  toPayments,
  ORDER_LOOKUP_RATE_LIMITED_MESSAGE,
  ORDER_LOOKUP_TITLE,
  orderNumberFromQuery,
  orderProviderFailed,
  orderProviderKey,
  orderProviderLoaded,
  orderStatusLabel,
  reorderOutcome,
  subscriptionProductIds,
  withTerms,
  type HistoryPage,
  type HistoryQuery,
  type OrderData,
  type OrderDeliveryGroup,
  type OrderLookupInput,
  type OrderProviderState,
  type OrderStatusNames,
  type SeoProperties,
  SHIPMENT_FIELDS,
  SHIPMENT_ITEM_FIELDS,
  SHIPMENT_ITEMS_PAGE_SIZE,
  SHIPMENTS_PAGE_SIZE,
  toOrderShipments,
  type OrderShipments,
} from "~/orders/model";
import { asArray, isObject, type Json } from "~/lib/json";
import { ORDER_ACCESS_PARAM, orderAccessPath, orderLookupPath, orderSummaryPath, ORDER_LOOKUP_PATH } from "~/lib/paths";
import { orderLinkSchema, orderLookupSchema, parseOrderForm, reorderSchema } from "~/orders/forms/orders-forms.server";
import { formConstraint } from "~/lib/validation/constraint.server";
import { sellingModelOptions } from "~/cart/model/subscriptions";
import {
  SUBSCRIPTIONS_PAGE_SIZE,
  toSubscriptionsView,
  type SubscriptionState,
  type SubscriptionsView,
} from "~/account/model/subscriptions";
import { TOAST_MESSAGES } from "~/lib/toast";
import type { StoreSession } from "~/shop/session.server";
import { toast } from "~/shop/toast.server";
import { submitSubscriptionAction } from "~/orders/server/subscription-actions.server";
import type { ShopCore } from "~/shop/core.server";

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

export interface OrderLoad {
  state: OrderProviderState;
  /** HTTP status of the failure (404 unknown or not yours, 429 rate-limited, …); null when loaded. */
  status: number | null;
  key: string;
  /** A buyer's order (read from the order resources): its shipments, or why they can't be shown. */
  shipments?: OrderShipments;
}

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

/** What /OrderSummary/{orderNumber} becomes for this shopper. */
export type OrderPage =
  | { kind: "order"; orderNumber: string; order: OrderData; providerKey: string; shipments: OrderShipments }
  /** A buyer's order that is unknown or not theirs: the same "not found" page either way. */
  | { kind: "not-found" }
  /** A guest whose session's verification doesn't open this order (or lookups are paused): verify again. */
  | { kind: "verify"; rateLimited: boolean }
  | { kind: "unavailable" };

/** One page of the order history, or `restart` when its page token is stale (start from the first page). */
export type HistoryResult = { kind: "page"; page: HistoryPage } | { kind: "restart" };

export interface OrdersHandler extends OrderReads {
  /** /OrderLookup[/{recordId}]: the lookup page with its form's constraints (the number from `?orderNumber=`). */
  lookupForm(recordId: string | undefined): ReturnType<typeof lookupForm>;
  /**
   * The lookup form posted: refused or unmatched, the form again as typed (the handler flashed the toast); a match
   * loads the order summary as a new document (spec: "the page reloads").
   */
  submitLookup(form: FormData): ReturnType<typeof submitLookup>;
  /**
   * /OrderSummary/{orderNumber}: the order, or the "not found" page (404); a guest without a verification that opens
   * it goes to the lookup form (thrown redirect); an order the API can't read now is a thrown 503.
   */
  summary(orderNumberParam: string | undefined): ReturnType<typeof orderSummary>;
  /** The order page's forms: a guest's "Get a link to this order", else "Buy again". */
  submitSummary(orderNumberParam: string | undefined, form: FormData): ReturnType<typeof submitSummary>;
  /** The account page's subscription forms: cancel, renew, change the quantity (subscription-actions.server.ts). */
  submitSubscription(form: FormData): ReturnType<typeof submitSubscriptionAction>;
}

/** The orders as the API gives them to this shopper. */
export interface OrderReads {
  /** The guest's verification from the session, or null (signed-in buyers never send one). */
  guestVerification(): GuestVerification | null;
  /** Whether an order can be read for the shopper at all (a guest needs a verified lookup first). */
  mayLoad(): boolean;
  /**
   * One order (by number or id): a buyer's as themselves, a guest's with the session's verification. Never throws
   * for an API refusal: the state says hasErrors and every data section is null.
   */
  load(recordId: string): Promise<OrderLoad>;
  /**
   * The order page of a number, decided for this shopper. `search` is the page's query: the page of each delivery
   * group's items it shows.
   */
  orderPage(orderNumber: string, search?: URLSearchParams): Promise<OrderPage>;
  /** The store's names for order statuses (application context), or none when the context can't be read. */
  statusNames(): Promise<OrderStatusNames>;
  /** The record's SEO properties; null when the record has none or the site has no SEO configured. */
  seo(recordId: string | null): Promise<SeoProperties | null>;
  /** The lookup page: the number to fill in (the query's, else the record's) and the page's metadata. */
  lookupPage(recordId: string | null, orderNumberFromQuery: string): Promise<OrderLookupView>;
  /**
   * The lookup form's validated input, asked of the API's documented lookup: the order's number when it opens (a
   * guest's verification is then in the session), else null with the spec's toast flashed. An unknown number and
   * a wrong e-mail answer alike.
   */
  lookup(input: OrderLookupInput): Promise<string | null>;
  /** A page of the buyer's order history, statuses in the store's words. */
  history(query: HistoryQuery): Promise<HistoryResult>;
  /**
   * "Buy again": the order's products into the active cart, then to the cart with a toast naming what failed. A
   * guest holding the order's access token (the page's link) reorders with it.
   */
  reorder(orderNumber: string, accessToken?: string | null): Promise<Response>;
  /**
   * A guest's access token for one order (POST `order-summaries/actions/authorize`, valid 60 minutes): asked with
   * the session's e-mail and the contact the guest gave at checkout, or the phone number `typed` on the order
   * page. Null when the API refuses (details that don't match, too many tries) or for a signed-in buyer.
   */
  guestAccessToken(orderNumber: string, typed?: { phoneNumber: string }): Promise<string | null>;
  /** A guest's order page opened from its access-token link (GET `order-summaries/actions/lookup?accessToken=`). */
  orderPageWithToken(orderNumber: string, accessToken: string): Promise<OrderPage>;
  /**
   * One page of the subscriptions of the account the buyer shops for (GET `subscriptions`, 63.0): `state` Active or
   * Past, a page token from the previous page. Null when the API can't list them (before 63.0, a failure): the
   * account page then says so instead of showing none.
   */
  subscriptions(state: SubscriptionState, pageToken: string | null): Promise<SubscriptionsView | null>;
  /** After a guest's order (checkout, the orders' sibling): their e-mail kept as the session's verification. */
  rememberGuestVerification(email: string): void;
}

/** After a guest's successful lookup (or order): the e-mail and a placeholder phone number. */
export function rememberGuestVerification(session: StoreSession, email: string): void {
  session.set("guestVerification", { email, phoneNumber: GUEST_PHONE_PLACEHOLDER });
}

const digest = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 16);

/** What the payments-only lookup leaves out: the rest of the order comes from the order resources. */
const LOOKUP_ONLY_THE_PAYMENTS = {
  excludeAdjustmentAggregates: true,
  excludeAdjustments: true,
  excludeDeliveryGroups: true,
  excludeLineItems: true,
} as const;

/** The most item ids POST `order-summaries/{id}/items/adjustments` takes at once. */
const ITEM_ADJUSTMENT_IDS_MAX = 100;

/** The form only asks whether the order opens: its lines, groups and payments are read on the summary page. */
const LOOKUP_ONLY_THE_ORDER = {
  excludeAdjustmentAggregates: true,
  excludeAdjustments: true,
  excludeDeliveryGroups: true,
  excludeLineItems: true,
  excludePayments: true,
} as const;

// Metadata is decoration: a site without SEO set up says so once, not per page.
const seoWarnings = new Set<string>();

export function createOrdersHandler(shop: ShopCore): OrdersHandler {
  const reads = createOrderReads(shop);
  return {
    ...reads,
    lookupForm: (recordId) => lookupForm(shop, reads, recordId),
    submitLookup: (form) => submitLookup(shop, reads, form),
    summary: (orderNumberParam) => orderSummary(shop, reads, orderNumberParam),
    submitSummary: (orderNumberParam, form) => submitSummary(shop, reads, orderNumberParam, form),
    submitSubscription: (form) => submitSubscriptionAction(shop, form),
  };
}

function createOrderReads(shop: ShopCore): OrderReads {
  const { client, session, shopper, toasts } = shop;

  function guestVerification(): GuestVerification | null {
    if (shopper.isLoggedIn) return null;
    const stored = session.get("guestVerification");
    if (!stored?.email) return null;
    const out: GuestVerification = {};
    // Spec §3: only non-blank strings are kept.
    for (const key of ["lastName", "email", "phoneNumber"] as const) {
      const value = stored[key];
      if (typeof value === "string" && value.trim() !== "") out[key] = value;
    }
    return out;
  }

  /** The provider's key for this shopper: record, fields, a digest of the credentials, effective account. */
  function providerKeyFor(recordId: string): string {
    const credentials = shopper.isLoggedIn ? session.get("accessToken") : guestVerification()?.email;
    return orderProviderKey({
      recordId,
      fields: ORDER_REQUIRED_FIELDS,
      accessToken: credentials ? digest(credentials) : null,
      effectiveAccountId: shopper.effectiveAccountId ?? null,
    });
  }

  /**
   * Names each subscription line's term from its product's selling models (products/{id}: productSellingModels),
   * one call per product. A product that can't be read (no longer sold, not entitled) leaves its lines unnamed.
   */
  async function nameSubscriptionTerms(groups: OrderDeliveryGroup[]): Promise<OrderDeliveryGroup[]> {
    const productIds = subscriptionProductIds(groups);
    if (productIds.length === 0) return groups;
    const names = new Map<string, string>();
    await Promise.all(
      productIds.map((productId) =>
        client.getProduct(productId, { fields: ["Name"] }).then(
          (product) => {
            for (const model of sellingModelOptions(product.productSellingModels)) names.set(model.id, model.name);
          },
          () => undefined,
        ),
      ),
    );
    return withTerms(groups, names);
  }

  async function load(recordId: string): Promise<OrderLoad> {
    const key = providerKeyFor(recordId);
    const verification = guestVerification();
    try {
      const raw = await client.lookupOrder(
        { orderSummaryIdOrRefNumber: recordId, ...(verification ? { verification } : {}) },
        { fields: [...ORDER_REQUIRED_FIELDS] },
      );
      const state = orderProviderLoaded(raw);
      if (!state.hasErrors && state.deliveryGroups)
        state.deliveryGroups = await nameSubscriptionTerms(state.deliveryGroups);
      return { state, status: null, key };
    } catch (error) {
      const status = isFetchError(error) ? error.status : 500;
      if (status >= 500 || status === 0) console.error("Order lookup failed:", error);
      return { state: orderProviderFailed(error), status, key };
    }
  }

  /**
   * A signed-in buyer's order from the order resources (issue 27): GET `order-summaries/{id}` (the summary and
   * totals), `/delivery-groups`, `/adjustments`, then one page of each group's `/items` (the page the URL names)
   * and POST `/items/adjustments` for the shown lines that have promotions (to name them). Payments are in none
   * of these resources: a lookup that leaves out everything but the payments brings them.
   */
  async function loadFromResources(recordId: string, search: URLSearchParams): Promise<OrderLoad> {
    const key = providerKeyFor(recordId);
    try {
      const summaryRaw = await client.getOrderSummary(recordId, { fields: [...ORDER_REQUIRED_FIELDS] });
      const summary = toOrderSummary(summaryRaw);
      const id = summary.orderSummaryId ?? recordId;
      // Beside everything else the page reads, and never its failure: the order shows without its shipments.
      const shipmentsRead = readShipments(id);
      const [groupsRaw, adjustmentsRaw, paymentsRaw] = await Promise.all([
        client.getOrderDeliveryGroups(id, { pageSize: 100 }),
        client.getOrderAdjustments(id),
        client.lookupOrder({ orderSummaryIdOrRefNumber: id }, LOOKUP_ONLY_THE_PAYMENTS),
      ]);
      const groups = normalizeDeliveryGroups(asArray(groupsRaw.orderDeliveryGroups));
      const pages = await Promise.all(
        groups.map((group, index) =>
          readItemsPage(id, group.id, itemsPageToken(search, index)).catch((error) => {
            // A stale or foreign page token: the group's first page instead of a failed order page.
            if (isFetchError(error) && error.status === 400) return readItemsPage(id, group.id, null);
            throw error;
          }),
        ),
      );
      const lines = pages.flatMap((page) => page.items);
      const promoted = lines
        .filter((raw) =>
          Number(isObject(raw.adjustmentAggregates) ? raw.adjustmentAggregates.totalLinePromotionAmount : 0),
        )
        .map((raw) => String(raw.orderItemSummaryId ?? ""))
        .filter(Boolean)
        .slice(0, ITEM_ADJUSTMENT_IDS_MAX);
      const itemAdjustments = promoted.length
        ? await client.getOrderItemAdjustments(id, promoted).then((answer) => answer.orderItemSummaries)
        : {};
      const adjustmentsOf = (itemId: string): unknown[] =>
        isObject(itemAdjustments) && isObject(itemAdjustments[itemId])
          ? asArray((itemAdjustments[itemId] as Json).adjustments)
          : [];

      const allAdjustments = asArray(adjustmentsRaw.adjustments);
      const deliveryGroups = groups.map((group, index) => ({
        ...group,
        items: pages[index].items.map((raw, n) => {
          const line = toLineItem(raw, n);
          return { ...line, adjustments: mergeAdjustments(adjustmentsOf(line.id)) };
        }),
        itemsPage: { current: pages[index].current, next: pages[index].next },
      }));
      const state: OrderProviderState = {
        isLoading: false,
        hasErrors: false,
        errors: [],
        summary,
        deliveryGroups: await nameSubscriptionTerms(deliveryGroups),
        adjustments: [
          ...mergeAdjustments(allAdjustments.filter((a) => !isItemAdjustment(a))),
          ...mergeAdjustments(allAdjustments.filter(isItemAdjustment)),
        ],
        payments: toPayments(asArray(paymentsRaw.payments)),
      };
      const shipped = await shipmentsRead;
      const shipments: OrderShipments =
        shipped === null
          ? { kind: "unavailable" }
          : toOrderShipments(shipped.collection, shipped.items, deliveryGroups);
      return { state, status: null, key, shipments };
    } catch (error) {
      const status = isFetchError(error) ? error.status : 500;
      if (status >= 500 || status === 0) console.error("Order read failed:", error);
      return { state: orderProviderFailed(error), status, key };
    }
  }

  /**
   * The order's shipments (GET `order-summaries/{id}/shipments`, one page) and the lines each carried (GET
   * `shipments/{id}/items`, one request per shipment, side by side); null when the API can't answer them now.
   */
  async function readShipments(orderSummaryId: string) {
    try {
      const collection = await client.getOrderShipments(orderSummaryId, {
        fields: [...SHIPMENT_FIELDS],
        pageSize: SHIPMENTS_PAGE_SIZE,
      });
      const items = await Promise.all(
        asArray(collection.shipments).map((shipment) =>
          isObject(shipment) && typeof shipment.shipmentId === "string"
            ? client.getShipmentItems(shipment.shipmentId, {
                fields: [...SHIPMENT_ITEM_FIELDS],
                pageSize: SHIPMENT_ITEMS_PAGE_SIZE,
              })
            : null,
        ),
      );
      return { collection, items };
    } catch (error) {
      console.error("Reading the order's shipments failed:", error);
      return null;
    }
  }

  /** One page of a delivery group's product lines (`order-summaries/{id}/items`), with its page tokens. */
  async function readItemsPage(orderSummaryId: string, groupId: string, page: string | null) {
    const answer = await client.getOrderItems(orderSummaryId, {
      orderDeliveryGroupSummaryId: groupId,
      pageSize: ORDER_ITEMS_API_PAGE_SIZE,
      includeAdjustmentDetails: true,
      ...(page ? { page } : {}),
    });
    const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
    return {
      items: keepProductLines(asArray(answer.items)).filter(isObject),
      current: page,
      next: text(answer.nextPageToken),
    };
  }

  async function statusNames(): Promise<OrderStatusNames> {
    return shop.appContext?.orderStatuses ?? null;
  }

  async function seo(recordId: string | null): Promise<SeoProperties | null> {
    if (!recordId) return null;
    try {
      const raw = await client.getSeoProperties(recordId);
      const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : null);
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

  const mayLoad = () => shopper.isLoggedIn || guestVerification() !== null;

  return {
    guestVerification,
    mayLoad,
    rememberGuestVerification: (email) => rememberGuestVerification(session, email),
    load,
    statusNames,
    seo,

    async orderPage(orderNumber, search = new URLSearchParams()) {
      // Guests read an order only with the verification of a lookup (spec §6): without one, the lookup form.
      if (!mayLoad()) return { kind: "verify", rateLimited: false };
      // A buyer's page reads the order resources (registered users only); a guest's, the lookup.
      const read = shopper.isLoggedIn ? loadFromResources(orderNumber, search) : load(orderNumber);
      const [{ state, status, key, shipments }, names] = await Promise.all([read, statusNames()]);
      if (!state.hasErrors && !state.isLoading) {
        return {
          kind: "order",
          orderNumber: state.summary.orderNumber ?? orderNumber,
          order: {
            summary: { ...state.summary, status: orderStatusLabel(state.summary.status, names) },
            deliveryGroups: state.deliveryGroups,
            adjustments: state.adjustments,
            payments: state.payments,
          },
          providerKey: key,
          // The shipment resources answer whoever may read the order resources: registered buyers, not a guest.
          shipments: shipments ?? { kind: "not-for-guests" },
        };
      }
      if (!shopper.isLoggedIn) return { kind: "verify", rateLimited: status === 429 };
      if (status === 404 || status === 403 || status === 400) return { kind: "not-found" };
      return { kind: "unavailable" };
    },

    async lookupPage(recordId, orderNumberFromQuery) {
      // The record id is the order provider's identifier; its data fills in the number the page reference lacks.
      const [order, seoProperties] = await Promise.all([
        recordId && mayLoad() ? load(recordId) : Promise.resolve(null),
        seo(recordId),
      ]);
      const fromRecord = order && !order.state.hasErrors ? (order.state.summary?.orderNumber ?? "") : "";
      return {
        isGuest: !shopper.isLoggedIn,
        orderNumber: orderNumberFromQuery || fromRecord,
        recordId,
        seo: seoProperties,
        providerKey: order?.key ?? null,
        dataLayer: {
          page: ORDER_LOOKUP_TITLE,
          pageType: "OrderLookup",
          recordId,
          shopperType: shopper.isLoggedIn ? "buyer" : "guest",
          locale: STORE_LOCALE,
          currency: DEFAULT_CURRENCY,
        },
      };
    },

    async lookup({ orderNumber, email }) {
      const isGuest = !shopper.isLoggedIn;
      let failure: string = TOAST_MESSAGES.lookupFailed;
      try {
        const answer = await client.lookupOrder(
          { orderSummaryIdOrRefNumber: orderNumber, ...(isGuest && email ? { verification: { email } } : {}) },
          LOOKUP_ONLY_THE_ORDER,
        );
        if (isGuest && email) rememberGuestVerification(session, email);
        return typeof answer.orderNumber === "string" && answer.orderNumber ? answer.orderNumber : orderNumber;
      } catch (error) {
        if (isFetchError(error) && error.status === 429) failure = ORDER_LOOKUP_RATE_LIMITED_MESSAGE;
        else if (!isFetchError(error) || error.status >= 500 || error.status === 0) {
          console.error("Order lookup failed:", error);
          failure = LOOKUP_UNAVAILABLE_MESSAGE;
        }
      }
      toasts.flash(toast("error", failure));
      return null;
    },

    async history(query) {
      try {
        const [answer, names] = await Promise.all([
          client.getOrderSummaries({ ...query.api, includeProducts: false }),
          statusNames(),
        ]);
        const page = historyPage(answer);
        return {
          kind: "page",
          page: { ...page, rows: page.rows.map((row) => ({ ...row, status: orderStatusLabel(row.status, names) })) },
        };
      } catch (error) {
        // Buyers without orders may get 404 instead of an empty list (reference §8).
        if (isFetchError(error) && error.status === 404) return { kind: "page", page: EMPTY_HISTORY_PAGE };
        // A page token from another sort or a stale one: start again from the first page.
        if (isFetchError(error) && error.status === 400 && query.pageToken) return { kind: "restart" };
        throw error;
      }
    },

    async guestAccessToken(orderNumber, typed) {
      if (shopper.isLoggedIn) return null;
      const contact = session.get("guestUserContext") ?? {};
      const email = guestVerification()?.email ?? contact.email;
      const phoneNumber = typed?.phoneNumber ?? contact.phoneNumber;
      if (!email || !phoneNumber) return null;
      try {
        const answer = await client.authorizeGuestOrder({
          orderSummaryRefNumber: orderNumber,
          email,
          phoneNumber,
          ...(!typed && contact.lastName ? { lastName: contact.lastName } : {}),
        });
        return typeof answer.accessToken === "string" && answer.accessToken ? answer.accessToken : null;
      } catch (error) {
        if (!isFetchError(error) || error.status >= 500 || error.status === 0)
          console.error("Order authorization failed:", error);
        return null;
      }
    },

    async orderPageWithToken(orderNumber, accessToken) {
      const key = orderProviderKey({
        recordId: orderNumber,
        fields: ORDER_REQUIRED_FIELDS,
        accessToken: digest(accessToken),
        effectiveAccountId: null,
      });
      try {
        const [raw, names] = await Promise.all([
          client.lookupOrderWithToken(
            { orderSummaryIdOrRefNumber: orderNumber, accessToken },
            { fields: [...ORDER_REQUIRED_FIELDS] },
          ),
          statusNames(),
        ]);
        const state = orderProviderLoaded(raw);
        if (state.hasErrors || state.isLoading) return { kind: "verify", rateLimited: false };
        return {
          kind: "order",
          orderNumber: state.summary.orderNumber ?? orderNumber,
          order: {
            summary: { ...state.summary, status: orderStatusLabel(state.summary.status, names) },
            deliveryGroups: await nameSubscriptionTerms(state.deliveryGroups),
            adjustments: state.adjustments,
            payments: state.payments,
          },
          providerKey: key,
          shipments: { kind: "not-for-guests" },
        };
      } catch (error) {
        // An expired or foreign token answers "not found", like every refusal: the lookup form again.
        if (isFetchError(error) && error.status < 500 && error.status !== 0) {
          return { kind: "verify", rateLimited: error.status === 429 };
        }
        console.error("Order lookup with an access token failed:", error);
        return { kind: "unavailable" };
      }
    },

    async subscriptions(state, pageToken) {
      const read = (token: string | null) =>
        client.getSubscriptions({ pageSize: SUBSCRIPTIONS_PAGE_SIZE, state, ...(token ? { pageToken: token } : {}) });
      let token = pageToken;
      for (;;) {
        try {
          const collection = await read(token);
          // Renewal and amendment are documented from 65.0; cancellation from 63.0, as the list itself.
          return collection
            ? toSubscriptionsView(collection, state, token !== null, client.apiVersion >= 65, {
                min: QUANTITY_MIN,
                max: QUANTITY_MAX,
              })
            : null;
        } catch (error) {
          // A token from another list (or a stale one) is refused: the first page instead.
          if (token && isFetchError(error) && error.status === 400) {
            token = null;
            continue;
          }
          if (!isFetchError(error) || error.status >= 500 || error.status === 0)
            console.error("Reading the subscriptions failed:", error);
          return null;
        }
      }
    },

    async reorder(orderNumber, accessToken) {
      const verification = guestVerification();
      const token = !shopper.isLoggedIn && !verification ? accessToken || null : null;
      if (!shopper.isLoggedIn && !verification && !token) return shop.redirect(orderLookupPath(orderNumber));

      if (!shopper.isLoggedIn) {
        if (shop.appContext?.guestCartEnabled === false) {
          return shop.redirect(orderSummaryPath(orderNumber), toast("info", "Sign in to add items to your cart."));
        }
      }

      let result;
      try {
        // `active`: the shopper's open cart (a guest's through the guest cart session), opened when there is none.
        result = await client.addOrderToCart({
          cartStateOrId: "active",
          orderSummaryIdOrRefNumber: orderNumber,
          ...(verification ? { verification } : {}),
          ...(token ? { accessToken: token } : {}),
        });
      } catch (error) {
        if (isFetchError(error) && error.status === 404 && !shopper.isLoggedIn) {
          return shop.redirect(orderLookupPath(orderNumber));
        }
        if (isFetchError(error) && error.status === 429) {
          return shop.redirect(orderSummaryPath(orderNumber), toast("error", ORDER_LOOKUP_RATE_LIMITED_MESSAGE));
        }
        if (!isFetchError(error) || error.status >= 500) console.error("add-order-to-cart failed:", error);
        // A buyer's order page answers "not found" itself when the order is not theirs.
        return shop.redirect(orderSummaryPath(orderNumber), toast("error", REORDER_FAILED_MESSAGE));
      }
      const cartId = typeof result.cartId === "string" ? result.cartId : null;
      if (!shopper.isLoggedIn && cartId) session.set("guestCartId", cartId);
      const outcome = reorderOutcome(result);
      return shop.redirect("/cart", toast(outcome.variant, outcome.message));
    },
  };
}

async function lookupForm(shop: ShopCore, orders: OrderReads, recordIdParam: string | undefined) {
  const recordId = recordIdParam?.trim() || null;
  const orderNumber = orderNumberFromQuery(new URL(shop.request.url).searchParams.get("orderNumber"));
  const page = await orders.lookupPage(recordId, orderNumber);
  return { ...page, constraint: formConstraint(orderLookupSchema({ isGuest: page.isGuest })) };
}

/** Validated with the same schema as the browser: nothing reaches the API otherwise. */
async function submitLookup(shop: ShopCore, orders: OrderReads, form: FormData) {
  const submission = parseOrderForm(form, orderLookupSchema({ isGuest: !shop.shopper.isLoggedIn }));
  if (submission.status !== "success") return shop.reply({ result: submission.reply() }, { status: 400 });
  const found = await orders.lookup(submission.value);
  if (!found) return shop.reply({ result: submission.reply() });
  return redirectDocument(orderSummaryPath(found), { status: 303, headers: await shop.headers() });
}

async function orderSummary(shop: ShopCore, orders: OrderReads, orderNumberParam: string | undefined) {
  const orderNumber = orderNumberFromQuery(orderNumberParam);
  const notFound = () =>
    shop.reply({ orderNumber: orderNumber || (orderNumberParam ?? ""), order: null }, { status: 404 });
  if (!orderNumber) return notFound();
  const search = new URL(shop.request.url).searchParams;
  // A guest's order link carries the order's access token: it opens the order without the lookup form.
  const accessToken = shop.shopper.isLoggedIn ? null : search.get(ORDER_ACCESS_PARAM)?.trim() || null;
  const page = accessToken
    ? await orders.orderPageWithToken(orderNumber, accessToken)
    : await orders.orderPage(orderNumber, search);
  switch (page.kind) {
    case "order":
      return shop.reply({
        orderNumber: page.orderNumber,
        order: page.order,
        providerKey: page.providerKey,
        shipments: page.shipments,
        guest: shop.shopper.isLoggedIn ? null : { openedByLink: accessToken !== null },
      });
    case "verify":
      throw await shop.redirect(
        orderLookupPath(orderNumber),
        page.rateLimited ? toast("error", ORDER_LOOKUP_RATE_LIMITED_MESSAGE) : null,
      );
    case "not-found":
      return notFound();
    case "unavailable":
      throw data("We couldn't load this order. Try again in a moment.", {
        status: 503,
        headers: await shop.headers(),
      });
  }
}

async function submitSummary(shop: ShopCore, orders: OrderReads, orderNumberParam: string | undefined, form: FormData) {
  const orderNumber = orderNumberFromQuery(orderNumberParam);
  if (orderNumber && form.get("intent") === "order-link") {
    const submission = parseOrderForm(form, orderLinkSchema);
    const typed = String(form.get("phoneNumber") ?? "");
    if (submission.status !== "success") {
      return shop.reply({ linkError: submission.error?.phoneNumber?.[0] ?? null, phoneNumber: typed }, { status: 400 });
    }
    const token = await orders.guestAccessToken(orderNumber, { phoneNumber: submission.value.phoneNumber });
    if (!token) {
      return shop.reply(
        {
          linkError: "That phone number doesn't match this order. Enter the one you gave with your order.",
          phoneNumber: typed,
        },
        { status: 400 },
      );
    }
    return shop.redirect(orderAccessPath(orderNumber, token));
  }
  const submission = parseOrderForm(form, reorderSchema);
  if (submission.status !== "success" || !orderNumber) {
    return shop.redirect(orderNumber ? orderSummaryPath(orderNumber) : ORDER_LOOKUP_PATH);
  }
  return orders.reorder(orderNumber, new URL(shop.request.url).searchParams.get(ORDER_ACCESS_PARAM));
}
