/**
 * The order page (/OrderSummary/{orderNumber}): one order for this shopper (a buyer's from the order resources, a
 * guest's through the lookup with the session's verification or the page's access token), or the "not found" page,
 * or the lookup form; and its forms: a guest's "Get a link to this order", else "Buy again".
 */
import { data } from "@remix-run/node";
import { isFetchError } from "../../../server/webstore/index";
import {
  isItemAdjustment,
  keepProductLines,
  mergeAdjustments,
  normalizeDeliveryGroups,
  ORDER_ITEMS_API_PAGE_SIZE,
  ORDER_LOOKUP_RATE_LIMITED_MESSAGE,
  orderNumberFromQuery,
  orderProviderFailed,
  orderProviderKey,
  orderProviderLoaded,
  orderStatusLabel,
  SHIPMENT_FIELDS,
  SHIPMENT_ITEM_FIELDS,
  SHIPMENT_ITEMS_PAGE_SIZE,
  SHIPMENTS_PAGE_SIZE,
  toLineItem,
  toOrderShipments,
  toOrderSummary,
  toPayments,
  type OrderData,
  type OrderPageQuery,
  type OrderProviderState,
  type OrderShipments,
} from "~/orders/model";
import { asArray, isObject, type Json, type JsonField, type JsonValue } from "~/lib/json";
import { orderAccessPath, orderLookupPath, orderSummaryPath, ORDER_LOOKUP_PATH } from "~/lib/paths";
import { orderLinkSchema, parseOrderForm, reorderSchema } from "~/orders/forms/orders-forms.server";
import { toast } from "~/shop/toast.server";
import { caught } from "~/shop/errors.server";
import {
  credentialDigest,
  loadOrder,
  mayLoad,
  nameSubscriptionTerms,
  ORDER_REQUIRED_FIELDS,
  providerKeyFor,
  statusNames,
  type OrderLoad,
  type OrderShop,
  type OrdersCartSibling,
  type OrdersCore,
} from "~/orders/server/provider.server";
import { guestAccessToken } from "~/orders/server/order-link.server";
import { reorder } from "~/orders/server/reorder.server";

/** What /OrderSummary/{orderNumber} becomes for this shopper. */
export type OrderPage =
  | { kind: "order"; orderNumber: string; order: OrderData; providerKey: string; shipments: OrderShipments }
  /** A buyer's order that is unknown or not theirs: the same "not found" page either way. */
  | { kind: "not-found" }
  /** A guest whose session's verification doesn't open this order (or lookups are paused): verify again. */
  | { kind: "verify"; rateLimited: boolean }
  | { kind: "unavailable" };

/** What the payments-only lookup leaves out: the rest of the order comes from the order resources. */
const LOOKUP_ONLY_THE_PAYMENTS = {
  excludeAdjustmentAggregates: true,
  excludeAdjustments: true,
  excludeDeliveryGroups: true,
  excludeLineItems: true,
} as const;

/** The most item ids POST `order-summaries/{id}/items/adjustments` takes at once. */
const ITEM_ADJUSTMENT_IDS_MAX = 100;

/**
 * A signed-in buyer's order from the order resources (issue 27): GET `order-summaries/{id}` (the summary and
 * totals), `/delivery-groups`, `/adjustments`, then one page of each group's `/items` (the page the URL names)
 * and POST `/items/adjustments` for the shown lines that have promotions (to name them). Payments are in none
 * of these resources: a lookup that leaves out everything but the payments brings them.
 */
async function loadFromResources(
  shop: OrderShop,
  recordId: string,
  itemsPages: OrderPageQuery["itemsPages"],
): Promise<OrderLoad> {
  const { client } = shop;
  const key = providerKeyFor(shop, recordId);
  try {
    const summaryRaw = await client.getOrderSummary(recordId, { fields: [...ORDER_REQUIRED_FIELDS] });
    const summary = toOrderSummary(summaryRaw);
    const id = summary.orderSummaryId ?? recordId;
    // Beside everything else the page reads, and never its failure: the order shows without its shipments.
    const shipmentsRead = readShipments(shop, id);
    const [groupsRaw, adjustmentsRaw, paymentsRaw] = await Promise.all([
      client.getOrderDeliveryGroups(id, { pageSize: 100 }),
      client.getOrderAdjustments(id),
      client.lookupOrder({ orderSummaryIdOrRefNumber: id }, LOOKUP_ONLY_THE_PAYMENTS),
    ]);
    const groups = normalizeDeliveryGroups(asArray(groupsRaw.orderDeliveryGroups));
    const pages = await Promise.all(
      groups.map((group, index) =>
        readItemsPage(shop, id, group.id, itemsPages[index] ?? null).catch((error) => {
          // A stale or foreign page token: the group's first page instead of a failed order page.
          if (isFetchError(error) && error.status === 400) return readItemsPage(shop, id, group.id, null);
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
    const adjustmentsOf = (itemId: string): JsonValue[] =>
      isObject(itemAdjustments) && isObject(itemAdjustments[itemId])
        ? asArray((itemAdjustments[itemId] as Json).adjustments)
        : [];

    const allAdjustments = asArray(adjustmentsRaw.adjustments).filter(isObject);
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
      deliveryGroups: await nameSubscriptionTerms(shop, deliveryGroups),
      adjustments: [
        ...mergeAdjustments(allAdjustments.filter((a) => !isItemAdjustment(a))),
        ...mergeAdjustments(allAdjustments.filter(isItemAdjustment)),
      ],
      payments: toPayments(asArray(paymentsRaw.payments)),
    };
    const shipped = await shipmentsRead;
    const shipments: OrderShipments =
      shipped === null ? { kind: "unavailable" } : toOrderShipments(shipped.collection, shipped.items, deliveryGroups);
    return { state, status: null, key, shipments };
  } catch (error) {
    const status = isFetchError(error) ? error.status : 500;
    if (status >= 500 || status === 0) console.error("Order read failed:", error);
    return { state: orderProviderFailed(caught(error)), status, key };
  }
}

/**
 * The order's shipments (GET `order-summaries/{id}/shipments`, one page) and the lines each carried (GET
 * `shipments/{id}/items`, one request per shipment, side by side); null when the API can't answer them now.
 */
async function readShipments({ client }: Pick<OrderShop, "client">, orderSummaryId: string) {
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
async function readItemsPage(
  { client }: Pick<OrderShop, "client">,
  orderSummaryId: string,
  groupId: string,
  page: string | null,
) {
  const answer = await client.getOrderItems(orderSummaryId, {
    orderDeliveryGroupSummaryId: groupId,
    pageSize: ORDER_ITEMS_API_PAGE_SIZE,
    includeAdjustmentDetails: true,
    ...(page ? { page } : {}),
  });
  const text = (value: JsonField) => (typeof value === "string" && value !== "" ? value : null);
  return {
    items: keepProductLines(asArray(answer.items)).filter(isObject),
    current: page,
    next: text(answer.nextPageToken),
  };
}

/**
 * The order page of a number, decided for this shopper, showing the page of each delivery group's items its URL
 * names (a buyer's order: the order resources page its items).
 */
export async function orderPage(
  shop: OrderShop,
  orderNumber: string,
  itemsPages: OrderPageQuery["itemsPages"] = {},
): Promise<OrderPage> {
  // Guests read an order only with the verification of a lookup (spec §6): without one, the lookup form.
  if (!mayLoad(shop)) return { kind: "verify", rateLimited: false };
  // A buyer's page reads the order resources (registered users only); a guest's, the lookup.
  const read = shop.shopper.isLoggedIn
    ? loadFromResources(shop, orderNumber, itemsPages)
    : loadOrder(shop, orderNumber);
  const [{ state, status, key, shipments }, names] = await Promise.all([read, statusNames(shop)]);
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
  if (!shop.shopper.isLoggedIn) return { kind: "verify", rateLimited: status === 429 };
  if (status === 404 || status === 403 || status === 400) return { kind: "not-found" };
  return { kind: "unavailable" };
}

/** A guest's order page opened from its access-token link (GET `order-summaries/actions/lookup?accessToken=`). */
export async function orderPageWithToken(
  shop: OrderShop,
  orderNumber: string,
  accessToken: string,
): Promise<OrderPage> {
  const key = orderProviderKey({
    recordId: orderNumber,
    fields: ORDER_REQUIRED_FIELDS,
    accessToken: credentialDigest(accessToken),
    effectiveAccountId: null,
  });
  try {
    const [raw, names] = await Promise.all([
      shop.client.lookupOrderWithToken(
        { orderSummaryIdOrRefNumber: orderNumber, accessToken },
        { fields: [...ORDER_REQUIRED_FIELDS] },
      ),
      statusNames(shop),
    ]);
    const state = orderProviderLoaded(raw);
    if (state.hasErrors || state.isLoading) return { kind: "verify", rateLimited: false };
    return {
      kind: "order",
      orderNumber: state.summary.orderNumber ?? orderNumber,
      order: {
        summary: { ...state.summary, status: orderStatusLabel(state.summary.status, names) },
        deliveryGroups: await nameSubscriptionTerms(shop, state.deliveryGroups),
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
}

/**
 * /OrderSummary/{orderNumber}: the order, or the "not found" page (404); a guest without a verification that opens
 * it goes to the lookup form (thrown redirect); an order the API can't read now is a thrown 503.
 */
export async function orderSummary(shop: OrdersCore, orderNumberParam: string | undefined, query: OrderPageQuery) {
  const orderNumber = orderNumberFromQuery(orderNumberParam);
  const notFound = () =>
    shop.reply({ orderNumber: orderNumber || (orderNumberParam ?? ""), order: null }, { status: 404 });
  if (!orderNumber) return notFound();
  // A guest's order link carries the order's access token: it opens the order without the lookup form.
  const accessToken = shop.shopper.isLoggedIn ? null : query.accessToken;
  const page = accessToken
    ? await orderPageWithToken(shop, orderNumber, accessToken)
    : await orderPage(shop, orderNumber, query.itemsPages);
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

/** The order page's forms: a guest's "Get a link to this order", else "Buy again". */
export async function submitSummary(
  shop: OrdersCore,
  cart: OrdersCartSibling,
  orderNumberParam: string | undefined,
  form: FormData,
  query: OrderPageQuery,
) {
  const orderNumber = orderNumberFromQuery(orderNumberParam);
  if (orderNumber && form.get("intent") === "order-link") {
    const submission = parseOrderForm(form, orderLinkSchema);
    const typed = String(form.get("phoneNumber") ?? "");
    if (submission.status !== "success") {
      return shop.reply({ linkError: submission.error?.phoneNumber?.[0] ?? null, phoneNumber: typed }, { status: 400 });
    }
    const token = await guestAccessToken(shop, orderNumber, { phoneNumber: submission.value.phoneNumber });
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
  return reorder(shop, orderNumber, cart, query.accessToken);
}
