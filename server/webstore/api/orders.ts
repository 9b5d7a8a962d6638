/**
 * Order summaries, lookup and reorder (spec §7 "Orders"). Missing ids fail with a TypeError before any request
 * (spec §5); API failures carry the HTTP status text as message (spec §8).
 */
import { type ClientCore, documentedAt, required, send } from "../core.js";
import { path } from "../http.js";
import type {
  CommerceSubscriptionCollection,
  CommerceSubscriptionDetail,
  JsonObject,
  OrderShipmentCollection,
  OrderShipmentItemCollection,
} from "../types/index.js";

export interface GuestVerification {
  lastName?: string;
  email?: string;
  phoneNumber?: string;
}

export type OrderSummariesQuery = {
  fields?: string[];
  pageSize?: number;
  pageToken?: string;
  sortOrder?: "CreatedDateAsc" | "CreatedDateDesc" | "OrderedDateAsc" | "OrderedDateDesc";
  earliestDate?: string;
  latestDate?: string;
  ownerScoped?: boolean;
  includeProducts?: boolean;
};

export type OrderItemsQuery = {
  fields?: string[];
  orderDeliveryGroupSummaryId?: string;
  sort?: string;
  page?: string;
  pageSize?: number;
  includeAdjustmentDetails?: boolean;
};

export type LookupQuery = {
  fields?: string[];
  deliveryGroupId?: string;
  /** GET lookup: the parts to leave out, as a list. */
  excludeParameters?: string[];
} & {
  /** POST lookup: a flag per part to leave out. */
  [K in `exclude${"AdjustmentAggregates" | "Adjustments" | "DeliveryGroups" | "LineItems" | "Payments"}`]?: boolean;
};

/** Commerce Subscriptions (GET `subscriptions`, 63.0): pageSize 1–100 (25), a page token, Active (default) or Past. */
export type SubscriptionsQuery = {
  pageSize?: number;
  pageToken?: string;
  sortOrder?: "CreatedDateAsc" | "CreatedDateDesc";
  state?: "Active" | "Past";
};

/** Commerce Webstore Order Shipments (52.0): up to 15 `Shipment.X` / `OrderDeliveryMethod.X` fields, pages of 1–100. */
export type OrderShipmentsQuery = {
  fields?: string[];
  pageSize?: number;
  pageToken?: string;
  sortOrder?: "ShipmentNumberAsc" | "ShipmentNumberDesc" | "ExpectedDeliveryDateAsc" | "ExpectedDeliveryDateDesc";
};

/** Commerce Webstore Shipment Items (52.0): up to 15 `ShipmentItem.X` / `OrderItemSummary.X` / `Product2.X` fields. */
export type ShipmentItemsQuery = {
  fields?: string[];
  pageSize?: number;
  pageToken?: string;
  sortOrder?: "IdAsc" | "IdDesc";
};

/**
 * Commerce Subscription Renewal Initiation (65.0): without dates the renewal starts the day after the end date;
 * an end date, or a term length and unit, say how long it lasts.
 */
export type SubscriptionRenewalInput = {
  subscriptionId: string;
  renewalStartDate?: string;
  renewalEndDate?: string;
  renewalTermLength?: number;
  renewalTermUnit?: "Months" | "Years";
};

/**
 * Commerce Subscription Amendment Initiation (65.0): the units to add (or, negative, take away) from `amendStartDate`;
 * a decrease only on the next billing date.
 */
export type SubscriptionAmendmentInput = {
  subscriptionId: string;
  amendStartDate: string;
  quantityChange: number;
};

const orderSummary = (id: string) => required(id, "orderSummaryId is required", TypeError);
const withFields = <Q extends { fields?: string[] }>(query: Q) => ({
  ...query,
  fields: query.fields?.length ? query.fields : undefined,
});

export function ordersApi(core: ClientCore) {
  const request = <T>(r: Parameters<typeof send>[1]) => send<T>(core, { ...r, statusTextAsMessage: true });

  return {
    async getOrderSummary(
      orderSummaryId: string,
      query: { fields?: string[]; includeAdjustmentDetails?: boolean } = {},
    ): Promise<JsonObject> {
      return request({ path: path`order-summaries/${orderSummary(orderSummaryId)}`, query: withFields(query) });
    },

    async getOrderSummaries(query: OrderSummariesQuery = {}): Promise<JsonObject> {
      return request({ path: "order-summaries", query: withFields(query) });
    },

    async getOrderDeliveryGroups(
      orderSummaryId: string,
      query: { fields?: string[]; page?: string; pageSize?: number; sort?: "IdAsc" | "IdDesc" } = {},
    ): Promise<JsonObject> {
      return request({
        path: path`order-summaries/${orderSummary(orderSummaryId)}/delivery-groups`,
        query: withFields(query),
      });
    },

    async getOrderItems(orderSummaryId: string, query: OrderItemsQuery = {}): Promise<JsonObject> {
      return request({ path: path`order-summaries/${orderSummary(orderSummaryId)}/items`, query: withFields(query) });
    },

    async getOrderAdjustments(orderSummaryId: string): Promise<JsonObject> {
      return request({ path: path`order-summaries/${orderSummary(orderSummaryId)}/adjustments` });
    },

    /** A read, although the API makes it a POST (the ids travel in the body). */
    async getOrderItemAdjustments(orderSummaryId: string, orderItemSummaryIds: readonly string[]): Promise<JsonObject> {
      if (!orderItemSummaryIds.length) throw new TypeError("orderItemSummaryIds is required");
      return request({
        method: "POST",
        path: path`order-summaries/${orderSummary(orderSummaryId)}/items/adjustments`,
        body: { orderItemSummaries: orderItemSummaryIds.map((orderItemSummaryId) => ({ orderItemSummaryId })) },
      });
    },

    async getPurchasedProducts(
      query: { fields?: string[]; pageSize?: number; pageToken?: string } = {},
    ): Promise<JsonObject> {
      return request({ path: "order-summaries/purchased-products", query: withFields(query) });
    },

    /**
     * The subscriptions of the account the buyer shops for (Commerce Subscriptions, registered shoppers only),
     * documented from 63.0: null before, when no version has the resource.
     */
    async getSubscriptions(query: SubscriptionsQuery = {}): Promise<CommerceSubscriptionCollection | null> {
      if (!documentedAt(core, 63)) return null;
      return request({ path: "subscriptions", query });
    },

    /** An order's shipments (Commerce Webstore Order Shipments, 52.0): carrier, tracking and status of each. */
    async getOrderShipments(orderSummaryId: string, query: OrderShipmentsQuery = {}): Promise<OrderShipmentCollection> {
      return request({
        path: path`order-summaries/${orderSummary(orderSummaryId)}/shipments`,
        query: withFields(query),
      });
    },

    /** The order lines one shipment carried, and how many of each (Commerce Webstore Shipment Items, 52.0). */
    async getShipmentItems(shipmentId: string, query: ShipmentItemsQuery = {}): Promise<OrderShipmentItemCollection> {
      required(shipmentId, "shipmentId is required", TypeError);
      return request({ path: path`shipments/${shipmentId}/items`, query: withFields(query) });
    },

    /**
     * Commerce Subscription Cancellation (63.0): the subscription ends on its next billing date. One subscription per
     * request, as the page says.
     */
    async cancelSubscription(subscriptionId: string): Promise<CommerceSubscriptionDetail> {
      required(subscriptionId, "subscriptionId is required", TypeError);
      return request({
        method: "POST",
        path: "subscriptions/actions/initiate-cancellation",
        body: { subscriptionIds: [subscriptionId] },
      });
    },

    /** Commerce Subscription Renewal Initiation (65.0): a term-defined plan renewed once before its term ends. */
    async renewSubscription({
      subscriptionId,
      ...dates
    }: SubscriptionRenewalInput): Promise<CommerceSubscriptionDetail> {
      required(subscriptionId, "subscriptionId is required", TypeError);
      return request({
        method: "POST",
        path: "subscriptions/actions/initiate-renewal",
        body: { subscriptionIds: [subscriptionId], ...dates },
      });
    },

    /** Commerce Subscription Amendment Initiation (65.0): a change of quantity from a start date. */
    async amendSubscription({
      subscriptionId,
      amendStartDate,
      quantityChange,
    }: SubscriptionAmendmentInput): Promise<CommerceSubscriptionDetail> {
      required(subscriptionId, "subscriptionId is required", TypeError);
      return request({
        method: "POST",
        path: "subscriptions/actions/initiate-amendment",
        body: { subscriptionIds: [subscriptionId], amendStartDate, quantityChange },
      });
    },

    /** Guests verify with e-mail, last name and phone; signed-in buyers need only the number. */
    async lookupOrder(
      input: { orderSummaryIdOrRefNumber: string; verification?: GuestVerification },
      query: LookupQuery = {},
    ): Promise<JsonObject> {
      required(input.orderSummaryIdOrRefNumber, "orderSummaryIdOrRefNumber is required", TypeError);
      return request({ method: "POST", path: "order-summaries/actions/lookup", query: withFields(query), body: input });
    },

    /** The GET form, for a guest holding an access token from authorizeGuestOrder. */
    async lookupOrderWithToken(
      input: { orderSummaryIdOrRefNumber: string; accessToken?: string },
      query: LookupQuery = {},
    ): Promise<JsonObject> {
      required(input.orderSummaryIdOrRefNumber, "orderSummaryIdOrRefNumber is required", TypeError);
      return request({ path: "order-summaries/actions/lookup", query: withFields({ ...query, ...input }) });
    },

    async addOrderToCart(input: {
      cartStateOrId: string;
      orderSummaryIdOrRefNumber: string;
      verification?: GuestVerification;
      accessToken?: string;
    }): Promise<JsonObject> {
      required(input.cartStateOrId, "cartStateOrId is required", TypeError);
      required(input.orderSummaryIdOrRefNumber, "orderSummaryIdOrRefNumber is required", TypeError);
      return request({ method: "POST", path: "order-summaries/actions/add-order-to-cart", body: input });
    },

    /** Guest order access: answers `{accessToken}`, valid 60 minutes. */
    async authorizeGuestOrder(input: {
      orderSummaryRefNumber: string;
      email: string;
      phoneNumber: string;
      lastName?: string;
    }): Promise<{ accessToken: string }> {
      required(input.orderSummaryRefNumber, "orderSummaryRefNumber is required", TypeError);
      return request({ method: "POST", path: "order-summaries/actions/authorize", body: input });
    },
  };
}
