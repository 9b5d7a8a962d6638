import { z } from "zod";
import { id, money, tokenPage, optional, jsonValue, jsonField } from "./common.js";

/** Order summaries and their record fields. */

/** A record field of the order resources: `{dataName, label, text, type}` (LWR order fixtures). */
export const RecordFieldSchema = z
  .object({
    dataName: optional(z.string()),
    label: optional(z.string()),
    text: optional(z.string()),
    type: optional(z.string()),
  })
  .catchall(jsonField);

/** Order Summary (connect_responses_order_summary). */
export const OrderSummarySchema = z
  .object({
    orderSummaryId: id,
    orderNumber: optional(z.string()),
    createdDate: optional(z.string()),
    orderedDate: optional(z.string()),
    ownerId: optional(id),
    status: optional(z.string()),
    totalAmount: optional(money),
    currencyIsoCode: optional(z.string()),
    orderProductTopLevelLineCount: optional(z.number().int()),
    adjustmentAggregates: optional(z.record(jsonValue)),
    fields: optional(z.record(RecordFieldSchema)),
    products: optional(z.array(z.record(jsonValue))),
  })
  .catchall(jsonField);

/** Order Summary Collection (connect_responses_order_summary_collection). */
export const OrderSummaryCollectionSchema = z
  .object({
    count: optional(z.number().int()),
    orderSummaries: z.array(OrderSummarySchema),
    ...tokenPage,
    sortOrder: optional(z.string()),
  })
  .catchall(jsonField);

/**
 * Order Shipment (ConnectApi.OrderShipment, 52.0): `fields` holds the asked `Shipment.X` and `OrderDeliveryMethod.X`
 * record fields (the carrier is `Shipment.Provider`, with `Shipment.TrackingNumber` and `Shipment.TrackingUrl`).
 */
export const OrderShipmentSchema = z
  .object({
    expectedDeliveryDate: optional(z.string()),
    fields: optional(z.record(RecordFieldSchema)),
    orderSummaryId: optional(id),
    shipmentId: id,
    shipmentNumber: optional(z.string()),
    status: optional(z.string()),
  })
  .catchall(jsonField);
export type OrderShipment = z.infer<typeof OrderShipmentSchema>;

/** Order Shipment Collection (GET `order-summaries/{id}/shipments`). */
export const OrderShipmentCollectionSchema = z
  .object({
    count: optional(z.number().int()),
    shipments: z.array(OrderShipmentSchema),
    ...tokenPage,
    sortOrder: optional(z.string()),
  })
  .catchall(jsonField);
export type OrderShipmentCollection = z.infer<typeof OrderShipmentCollectionSchema>;

/**
 * Order Shipment Item (ConnectApi.OrderShipmentItem, 52.0): the order line a shipment carried and how many of it
 * (`quantity` a Double: a JSON number), with the asked `ShipmentItem.X` / `OrderItemSummary.X` fields and the product.
 */
export const OrderShipmentItemSchema = z
  .object({
    fields: optional(z.record(RecordFieldSchema)),
    orderItemSummaryId: optional(id),
    product: optional(z.record(jsonValue)),
    productId: optional(id),
    quantity: optional(z.number()),
    shipmentId: optional(id),
    shipmentItemId: id,
  })
  .catchall(jsonField);
export type OrderShipmentItem = z.infer<typeof OrderShipmentItemSchema>;

/** Order Shipment Item Collection (GET `shipments/{id}/items`). */
export const OrderShipmentItemCollectionSchema = z
  .object({
    count: optional(z.number().int()),
    items: z.array(OrderShipmentItemSchema),
    ...tokenPage,
    sortOrder: optional(z.string()),
  })
  .catchall(jsonField);
export type OrderShipmentItemCollection = z.infer<typeof OrderShipmentItemCollectionSchema>;

/**
 * Commerce Subscription Detail (connect_responses_commerce_subscription_detail): what GET `subscriptions` lists and,
 * in the emulator, what each subscription action answers. The statuses and `lastAction` say what an action did.
 */
export const CommerceSubscriptionDetailSchema = z
  .object({
    id,
    product: optional(z.record(jsonValue)),
    quantity: optional(z.union([z.number(), z.string()])),
    sellingModel: optional(z.record(jsonValue)),
    subscriptionTerm: optional(z.union([z.number(), z.string()])),
    startDate: optional(z.string()),
    endDate: optional(z.string()),
    billing: optional(z.record(jsonValue)),
    cancelStatus: optional(z.string()),
    amendmentStatus: optional(z.string()),
    renewalStatus: optional(z.string()),
    lastAction: optional(z.record(jsonValue)),
    processExceptions: optional(z.array(jsonValue)),
  })
  .catchall(jsonField);
export type CommerceSubscriptionDetail = z.infer<typeof CommerceSubscriptionDetailSchema>;

/**
 * Commerce Subscription Collection (connect_responses_commerce_subscription_collection, 63.0): a page of
 * GET `subscriptions`.
 */
export const CommerceSubscriptionCollectionSchema = z
  .object({
    count: optional(z.number().int()),
    subscriptions: z.array(CommerceSubscriptionDetailSchema),
    ...tokenPage,
    sortOrder: optional(z.string()),
  })
  .catchall(jsonField);
export type CommerceSubscriptionCollection = z.infer<typeof CommerceSubscriptionCollectionSchema>;
