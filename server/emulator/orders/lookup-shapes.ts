import { catalogStore } from "../catalog/store.js";
import { isoDate } from "../core/clock.js";
import { GUEST_USER_ID } from "../core/context.js";
import { money } from "../core/money.js";
import type { AdjustmentRow, DeliveryGroupRow, ItemRow, OrderRow, PaymentRow } from "./store.js";
import type { Emu } from "../core/state.js";
import { fieldMap, fieldsOf } from "./fields.js";
import { ITEM_FIELDS, PRODUCT_FIELDS, itemView, lineProductJson } from "./item-shapes.js";
import {
  DEFAULT_ORDER_FIELDS,
  ORDER_FIELDS,
  GROUP_FIELDS,
  METHOD_FIELDS,
  orderView,
  adjustmentJson,
  itemAggregates,
  orderFieldMap,
  orderAggregates,
  groupView,
} from "./shapes.js";

/** The output of an order lookup: the order with the parts asked for (groups, lines, adjustments, payments). */

export type LookupPart = "AdjustmentAggregates" | "Adjustments" | "DeliveryGroups" | "LineItems" | "Payments";
export const LOOKUP_PARTS: readonly LookupPart[] = [
  "AdjustmentAggregates",
  "Adjustments",
  "DeliveryGroups",
  "LineItems",
  "Payments",
];

export const DEFAULT_LOOKUP_ORDER_FIELDS = DEFAULT_ORDER_FIELDS;
const DEFAULT_LOOKUP_GROUP_FIELDS = [
  "Id",
  "DeliverToName",
  "DeliverToStreet",
  "DeliverToCity",
  "DeliverToState",
  "DeliverToPostalCode",
  "DeliverToCountry",
  "DeliverToCompanyName",
  "PhoneNumber",
  "DesiredDeliveryDate",
  "IsGift",
  "GiftMessage",
  "GiftToName",
  "ShippingInstructions",
  "TotalLineAmount",
  "TotalAmount",
  "TotalTaxAmount",
  "GrandTotalAmount",
];
const DEFAULT_LOOKUP_ITEM_FIELDS = [
  "Id",
  "StockKeepingUnit",
  "Name",
  "Type",
  "Quantity",
  "UnitPrice",
  "ListPrice",
  "TotalLineAmount",
  "TotalLineAdjustmentAmount",
  "AdjustedLineAmount",
  "TotalTaxAmount",
  "TotalAmtWithTax",
  "ProductSellingModelId",
];

export const LOOKUP_ENTITIES = [
  { entity: "OrderSummary", catalogue: ORDER_FIELDS, bare: true },
  { entity: "OrderDeliveryGroupSummary", catalogue: GROUP_FIELDS, bare: false },
  { entity: "OrderDeliveryMethod", catalogue: METHOD_FIELDS, bare: false },
  { entity: "OrderItemSummary", catalogue: ITEM_FIELDS, bare: false },
  { entity: "Product2", catalogue: PRODUCT_FIELDS, bare: false },
];

const merge = (defaults: string[], extra: string[]) => [...new Set([...defaults, ...extra])];

export function paymentJson(p: PaymentRow, currency: string) {
  return {
    id: p.id,
    type: p.type,
    status: p.status,
    amount: money(p.amount_cents),
    currencyIsoCode: currency,
    cardBrand: p.card_brand,
    last4: p.last4,
    purchaseOrderNumber: p.purchase_order_number,
    createdDate: isoDate(p.created_at),
  };
}

export interface LookupData {
  order: OrderRow;
  groups: DeliveryGroupRow[];
  items: ItemRow[];
  adjustments: AdjustmentRow[];
  payments: PaymentRow[];
}

/**
 * Order Summary Lookup Output. Fields in each map are keyed by their bare names; `requested` adds fields
 * ("OrderSummary.X", "OrderItemSummary.X", …) to the defaults. Excluded parts come back null.
 */
export function lookupJson(
  emu: Emu,
  d: LookupData,
  requested: string[],
  exclude: Set<LookupPart>,
  deliveryGroupId: string | null,
) {
  const o = d.order;
  const currency = o.currency_iso_code;
  const view = orderView(o, d.adjustments, d.items);
  const orderFields = merge(
    DEFAULT_LOOKUP_ORDER_FIELDS,
    fieldsOf(requested, "OrderSummary", ORDER_FIELDS, { bareNames: true }),
  );
  const groupFields = merge(
    DEFAULT_LOOKUP_GROUP_FIELDS,
    fieldsOf(requested, "OrderDeliveryGroupSummary", GROUP_FIELDS, { bareNames: false }),
  );
  const methodFields = merge(["Name"], fieldsOf(requested, "OrderDeliveryMethod", METHOD_FIELDS, { bareNames: false }));
  const itemFields = merge(
    DEFAULT_LOOKUP_ITEM_FIELDS,
    fieldsOf(requested, "OrderItemSummary", ITEM_FIELDS, { bareNames: false }),
  );
  const productFields = merge(
    ["Name", "StockKeepingUnit"],
    fieldsOf(requested, "Product2", PRODUCT_FIELDS, { bareNames: false }),
  );
  const catalog = catalogStore(emu);

  const lineItem = (item: ItemRow) => {
    const p = item.product_id ? catalog.product(item.product_id) : undefined;
    return {
      id: item.id,
      itemClass: p?.product_class ?? null,
      fields: fieldMap(ITEM_FIELDS, itemFields, itemView(item, d.adjustments)),
      product: lineProductJson(emu, item, productFields, ""),
      adjustments: d.adjustments.filter((a) => a.order_item_id === item.id).map((a) => adjustmentJson(a, currency)),
      adjustmentAggregates: itemAggregates(item, d.items, d.adjustments),
      associatedLineItems: [],
    };
  };

  const groups = d.groups.filter((g) => !deliveryGroupId || g.id === deliveryGroupId.slice(0, 15));
  return {
    id: o.id,
    orderNumber: o.order_number,
    status: o.status,
    currencyIsoCode: currency,
    orderedDate: isoDate(o.ordered_at),
    createdDate: isoDate(o.created_at),
    ownerId: o.owner_user_id ?? GUEST_USER_ID,
    fields: orderFieldMap(view, orderFields),
    adjustmentAggregates: exclude.has("AdjustmentAggregates") ? null : orderAggregates(d.items, d.adjustments),
    adjustments: exclude.has("Adjustments") ? null : d.adjustments.map((a) => adjustmentJson(a, currency)),
    deliveryGroups: exclude.has("DeliveryGroups")
      ? null
      : groups.map((g) => {
          const v = groupView(g, d.items, d.adjustments);
          return {
            id: g.id,
            currencyIsoCode: currency,
            deliveryMethod: { fields: fieldMap(METHOD_FIELDS, methodFields, v) },
            fields: fieldMap(GROUP_FIELDS, groupFields, v),
            lineItems: exclude.has("LineItems")
              ? null
              : d.items.filter((i) => i.order_delivery_group_id === g.id).map(lineItem),
          };
        }),
    payments: exclude.has("Payments") ? null : d.payments.map((p) => paymentJson(p, currency)),
  };
}
