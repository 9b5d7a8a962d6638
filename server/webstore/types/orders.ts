import { z } from "zod";
import { id, money, tokenPage, optional } from "./common.js";

/** Order summaries and their record fields. */

/** A record field of the order resources: `{dataName, label, text, type}` (LWR order fixtures). */
export const RecordFieldSchema = z
  .object({
    dataName: optional(z.string()),
    label: optional(z.string()),
    text: optional(z.string()),
    type: optional(z.string()),
  })
  .passthrough();

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
    adjustmentAggregates: optional(z.record(z.unknown())),
    fields: optional(z.record(RecordFieldSchema)),
    products: optional(z.array(z.record(z.unknown()))),
  })
  .passthrough();

/** Order Summary Collection (connect_responses_order_summary_collection). */
export const OrderSummaryCollectionSchema = z
  .object({
    count: optional(z.number().int()),
    orderSummaries: z.array(OrderSummarySchema),
    ...tokenPage,
    sortOrder: optional(z.string()),
  })
  .passthrough();
