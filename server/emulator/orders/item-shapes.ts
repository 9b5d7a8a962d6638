import { catalogStore, type ProductRow } from "../catalog/store.js";
import { labelledAttributes, productImage } from "../catalog/shapes.js";
import { money, quantity } from "../core/money.js";
import type { AdjustmentRow, ItemRow } from "./store.js";
import type { Emu } from "../core/state.js";
import { type Catalogue, entityFields, fieldMap, fieldsOf } from "./fields.js";
import { itemAggregates } from "./shapes.js";

/** The JSON shapes of order items (GET order-summaries/{id}/items, and the lines of an order lookup). */

export interface ItemView {
  item: ItemRow;
  adjustmentCents: number;
}

export const ITEM_FIELDS: Catalogue<ItemView> = {
  Id: { label: "Order Product Summary ID", type: "id", value: (v) => v.item.id },
  OrderSummaryId: { label: "Order Summary ID", type: "reference", value: (v) => v.item.order_summary_id },
  OrderDeliveryGroupSummaryId: {
    label: "Order Delivery Group Summary ID",
    type: "reference",
    value: (v) => v.item.order_delivery_group_id,
  },
  Product2Id: { label: "Product ID", type: "reference", value: (v) => v.item.product_id },
  StockKeepingUnit: { label: "Product Sku", type: "string", value: (v) => v.item.sku },
  Name: { label: "Product Name", type: "string", value: (v) => v.item.name },
  Type: { label: "Type", type: "picklist", value: (v) => v.item.type },
  Quantity: { label: "Quantity", type: "double", value: (v) => quantity(v.item.quantity) },
  UnitPrice: { label: "Unit Price", type: "currency", value: (v) => money(v.item.unit_price_cents) },
  ListPrice: { label: "List Price", type: "currency", value: (v) => money(v.item.list_price_cents) },
  TotalLineAmount: { label: "Line Subtotal", type: "currency", value: (v) => money(v.item.total_line_cents) },
  TotalLineAdjustmentAmount: { label: "Line Adjustments", type: "currency", value: (v) => money(v.adjustmentCents) },
  AdjustedLineAmount: {
    label: "Adjusted Line Subtotal",
    type: "currency",
    value: (v) => money(v.item.total_line_cents + v.adjustmentCents),
  },
  TotalTaxAmount: { label: "Tax", type: "currency", value: (v) => money(v.item.tax_cents) },
  TotalAmtWithTax: {
    label: "Total with Tax",
    type: "currency",
    value: (v) => money(v.item.total_line_cents + v.adjustmentCents + v.item.tax_cents),
  },
  // [I] The selling model a subscription line was bought on (OrderItem.ProductSellingModelId's summary): null for
  // a product sold without selling models. docs/emulator-orders.md says why it is inferred.
  ProductSellingModelId: {
    label: "Product Selling Model ID",
    type: "reference",
    value: (v) => v.item.product_selling_model_id,
  },
};

export const PRODUCT_FIELDS: Catalogue<ProductRow> = {
  Id: { label: "Product ID", type: "id", value: (p) => p.id },
  Name: { label: "Product Name", type: "string", value: (p) => p.name },
  StockKeepingUnit: { label: "SKU", type: "string", value: (p) => p.sku },
  Description: { label: "Description", type: "textarea", value: (p) => p.description },
  ProductClass: { label: "Product Class", type: "picklist", value: (p) => p.product_class },
  IsActive: { label: "Active", type: "boolean", value: (p) => String(p.is_sellable === 1) },
};

export const ITEM_ENTITIES = [
  { entity: "OrderItemSummary", catalogue: ITEM_FIELDS, bare: true },
  { entity: "Product2", catalogue: PRODUCT_FIELDS, bare: false },
];

export const DEFAULT_ITEM_FIELDS = [
  ...[
    "Id",
    "OrderSummaryId",
    "OrderDeliveryGroupSummaryId",
    "Product2Id",
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
  ].map((f) => `OrderItemSummary.${f}`),
  "Product2.Name",
  "Product2.StockKeepingUnit",
];

export function itemView(item: ItemRow, adjustments: AdjustmentRow[]): ItemView {
  return {
    item,
    adjustmentCents: adjustments.filter((a) => a.order_item_id === item.id).reduce((s, a) => s + a.amount_cents, 0),
  };
}

/**
 * Product Attribute Set Summary (ConnectApi.ProductAttributeSetSummary): the variation's attribute set, named as
 * its parent's set is, with each attribute's label and value in sequence; null for any other product.
 */
function productAttributes(emu: Emu, p: ProductRow) {
  const catalog = catalogStore(emu);
  const attributes = labelledAttributes(catalog, p);
  if (!attributes.length || !p.variation_parent_id) return null;
  const set = catalog.attributeSet(p.variation_parent_id)[0];
  return { apiName: set.developer_name, attributes, label: set.master_label };
}

/** The product part of an order line; null for a delivery charge. */
export function lineProductJson(emu: Emu, item: ItemRow, productFieldNames: string[], keyPrefix: string) {
  if (!item.product_id) return null;
  const p = catalogStore(emu).product(item.product_id);
  return {
    productId: item.product_id,
    canViewProduct: !!p,
    errorCode: p ? null : "ITEM_NOT_FOUND",
    errorMessage: p ? null : "The product is no longer available.",
    fields: p ? fieldMap(PRODUCT_FIELDS, productFieldNames, p, keyPrefix) : {},
    media: p ? productImage(p) : null,
    productAttributes: p ? productAttributes(emu, p) : null,
  };
}

/** One entry of GET order-summaries/{id}/items. */
export function itemJson(
  emu: Emu,
  v: ItemView,
  items: ItemRow[],
  adjustments: AdjustmentRow[],
  requested: string[],
  withAdjustmentDetails: boolean,
) {
  const item = v.item;
  return {
    orderItemSummaryId: item.id,
    orderSummaryId: item.order_summary_id,
    fields: entityFields(requested, "OrderItemSummary", ITEM_FIELDS, v, { bareNames: true }),
    adjustmentAggregates: withAdjustmentDetails ? itemAggregates(item, items, adjustments) : null,
    product: lineProductJson(
      emu,
      item,
      fieldsOf(requested, "Product2", PRODUCT_FIELDS, { bareNames: false }),
      "Product2.",
    ),
  };
}
