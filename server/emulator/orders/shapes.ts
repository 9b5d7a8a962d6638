import { catalogStore, type ProductRow } from "../catalog/store.js";
import { productImage, variationAttributes } from "../catalog/shapes.js";
import { isoDate } from "../core/clock.js";
import { distribute } from "../carts/pricing.js";
import { GUEST_USER_ID } from "../core/context.js";
import { ApiError } from "../core/errors.js";
import { money, quantity } from "../core/money.js";
import type { AdjustmentRow, DeliveryGroupRow, ItemRow, OrderRow, PaymentRow } from "./store.js";
import type { Emu } from "../core/state.js";

/**
 * The JSON shapes of the order resources: record field maps (`{dataName, label, text, type}` per field, as the LWR
 * order fixtures show them),
 * order summaries, delivery groups, items, adjustments and the lookup output.
 */

export interface RecordField {
  dataName: string;
  label: string;
  text: string | null;
  type: string;
}

interface FieldDef<R> {
  label: string;
  /** The Connect "type" (lower case, as the API prints it). */
  type:
    | "id"
    | "reference"
    | "string"
    | "datetime"
    | "date"
    | "currency"
    | "double"
    | "boolean"
    | "picklist"
    | "email"
    | "phone"
    | "textarea"
    | "address";
  value(row: R): string | null;
}

type Catalogue<R> = Record<string, FieldDef<R>>;

function field<R>(name: string, def: FieldDef<R>, row: R): RecordField {
  return { dataName: name, label: def.label, text: def.value(row), type: def.type };
}

/** Splits requested names of several entities ("Product2.Name") into the names each entity knows. */
export function fieldsOf(
  requested: string[],
  entity: string,
  catalogue: Catalogue<any>,
  { bareNames }: { bareNames: boolean },
): string[] {
  const out: string[] = [];
  for (const name of requested) {
    const dot = name.indexOf(".");
    const [prefix, bare] = dot < 0 ? [null, name] : [name.slice(0, dot), name.slice(dot + 1)];
    if (prefix === null ? bareNames : prefix === entity) out.push(bare);
  }
  return out.filter((n) => n in catalogue);
}

/** Unknown names answer 400 INVALID_FIELD, as the API does for a field it doesn't have. */
export function checkFields(
  requested: string[],
  known: { entity: string; catalogue: Catalogue<any>; bare: boolean }[],
) {
  for (const name of requested) {
    const dot = name.indexOf(".");
    const prefix = dot < 0 ? null : name.slice(0, dot);
    const bare = dot < 0 ? name : name.slice(dot + 1);
    const ok = known.some((k) => (prefix === null ? k.bare : prefix === k.entity) && bare in k.catalogue);
    if (!ok)
      throw new ApiError(400, "INVALID_FIELD", `No such column '${bare}' on entity '${prefix ?? known[0].entity}'.`);
  }
}

function fieldMap<R>(catalogue: Catalogue<R>, names: string[], row: R, keyPrefix = ""): Record<string, RecordField> {
  return Object.fromEntries(names.map((n) => [`${keyPrefix}${n}`, field(n, catalogue[n], row)]));
}

// --- order summary ----------------------------------------------------------------------------------------

/** An order with its totals worked out once. */
export interface OrderView {
  order: OrderRow;
  adjustedProductCents: number;
  adjustedDeliveryCents: number;
  pretaxCents: number;
  orderLevelAdjustmentCents: number;
}

export function orderView(order: OrderRow, adjustments: AdjustmentRow[]): OrderView {
  const orderLevel = adjustments.filter((a) => a.order_item_id === null).reduce((s, a) => s + a.amount_cents, 0);
  const adjustedProduct = order.total_product_cents + order.total_product_adjustment_cents;
  const adjustedDelivery = order.total_delivery_cents + order.total_delivery_adjustment_cents;
  return {
    order,
    adjustedProductCents: adjustedProduct,
    adjustedDeliveryCents: adjustedDelivery,
    pretaxCents: adjustedProduct + adjustedDelivery,
    orderLevelAdjustmentCents: orderLevel,
  };
}

export const ORDER_FIELDS: Catalogue<OrderView> = {
  Id: { label: "Order Summary ID", type: "id", value: (v) => v.order.id },
  OrderNumber: { label: "Order Number", type: "string", value: (v) => v.order.order_number },
  OrderedDate: { label: "Ordered Date", type: "datetime", value: (v) => isoDate(v.order.ordered_at) },
  CreatedDate: { label: "Created Date", type: "datetime", value: (v) => isoDate(v.order.created_at) },
  Status: { label: "Status", type: "picklist", value: (v) => v.order.status },
  OwnerId: { label: "Owner ID", type: "reference", value: (v) => v.order.owner_user_id ?? GUEST_USER_ID },
  AccountId: { label: "Account ID", type: "reference", value: (v) => v.order.account_id },
  CurrencyIsoCode: { label: "Currency ISO Code", type: "picklist", value: (v) => v.order.currency_iso_code },
  TotalProductAmount: {
    label: "Subtotal Before Adjustments",
    type: "currency",
    value: (v) => money(v.order.total_product_cents),
  },
  TotalProductAdjDistAmount: {
    label: "Order Adjustments",
    type: "currency",
    value: (v) => money(v.orderLevelAdjustmentCents),
  },
  TotalAdjustedProductAmount: { label: "Subtotal", type: "currency", value: (v) => money(v.adjustedProductCents) },
  TotalDeliveryAdjDistAmount: {
    label: "Shipping Adjustments",
    type: "currency",
    value: (v) => money(v.order.total_delivery_adjustment_cents),
  },
  TotalAdjustedDeliveryAmount: { label: "Shipping", type: "currency", value: (v) => money(v.adjustedDeliveryCents) },
  TotalAmount: { label: "Pretax Total", type: "currency", value: (v) => money(v.pretaxCents) },
  TotalTaxAmount: { label: "Tax", type: "currency", value: (v) => money(v.order.total_tax_cents) },
  GrandTotalAmount: { label: "Total", type: "currency", value: (v) => money(v.order.grand_total_cents) },
  BillingEmailAddress: { label: "Email", type: "email", value: (v) => v.order.email },
  BillingPhoneNumber: { label: "Phone", type: "phone", value: (v) => v.order.phone },
  BillingFirstName: { label: "First Name", type: "string", value: (v) => v.order.first_name },
  BillingLastName: { label: "Last Name", type: "string", value: (v) => v.order.last_name },
};

/** Shown when no `fields` are asked for. Contact details only appear when asked for by name. */
export const DEFAULT_ORDER_FIELDS = [
  "Id",
  "OrderNumber",
  "OrderedDate",
  "CreatedDate",
  "Status",
  "OwnerId",
  "AccountId",
  "CurrencyIsoCode",
  "TotalAdjustedProductAmount",
  "TotalAdjustedDeliveryAmount",
  "TotalAmount",
  "TotalTaxAmount",
  "GrandTotalAmount",
];

export function orderFieldMap(view: OrderView, names: string[]) {
  return fieldMap(ORDER_FIELDS, names, view);
}

export interface ProductSummaryOptions {
  withProducts: boolean;
  withAdjustmentDetails: boolean;
}

/** Order Summary output (GET order-summaries and order-summaries/{id}). */
export function orderSummaryJson(
  emu: Emu,
  view: OrderView,
  items: ItemRow[],
  adjustments: AdjustmentRow[],
  fields: string[],
  opts: ProductSummaryOptions,
) {
  const o = view.order;
  const productLines = items.filter(isProductLine);
  const body: Record<string, unknown> = {
    adjustmentAggregates: opts.withAdjustmentDetails ? orderAggregates(items, adjustments) : null,
    createdDate: isoDate(o.created_at),
    currencyIsoCode: o.currency_iso_code,
    fields: orderFieldMap(view, fields),
    orderNumber: o.order_number,
    orderProductTopLevelLineCount: productLines.length,
    orderSummaryId: o.id,
    orderedDate: isoDate(o.ordered_at),
    ownerId: o.owner_user_id ?? GUEST_USER_ID,
    status: o.status,
    totalAmount: money(view.pretaxCents),
  };
  if (opts.withProducts) {
    const catalog = catalogStore(emu);
    const seen = new Set<string>();
    body.products = productLines
      .filter((i) => !seen.has(i.product_id!) && seen.add(i.product_id!))
      .map((i) => {
        const p = catalog.product(i.product_id!);
        return {
          canViewProduct: !!p,
          errorCode: p ? null : "ITEM_NOT_FOUND",
          errorMessage: p ? null : "The product is no longer available.",
          fields: {},
          id: i.product_id,
          media: p ? productImage(p) : null,
          variationAttributes: p ? variationAttributes(p) : {},
        };
      });
  }
  return body;
}

export const isProductLine = (i: ItemRow) => i.type !== "Delivery Charge";

const promotionSum = (list: AdjustmentRow[]) =>
  list.filter((a) => a.type === "Promotion").reduce((s, a) => s + a.amount_cents, 0);

/** Item-level promotions per line, and order-level promotions spread over the product lines by their amounts. */
function promotionSplit(items: ItemRow[], adjustments: AdjustmentRow[]) {
  const products = items.filter(isProductLine);
  const orderLevel = promotionSum(adjustments.filter((a) => a.order_item_id === null));
  const shares = distribute(
    orderLevel,
    products.map((i) => i.total_line_cents),
  );
  const dist = new Map(products.map((i, n) => [i.id, shares[n]]));
  return { dist, orderLevel };
}

export function orderAggregates(items: ItemRow[], adjustments: AdjustmentRow[]) {
  const deliveryIds = new Set(items.filter((i) => !isProductLine(i)).map((i) => i.id));
  const itemLevel = adjustments.filter((a) => a.order_item_id !== null);
  const productLine = promotionSum(itemLevel.filter((a) => !deliveryIds.has(a.order_item_id!)));
  const deliveryLine = promotionSum(itemLevel.filter((a) => deliveryIds.has(a.order_item_id!)));
  const { orderLevel } = promotionSplit(items, adjustments);
  return {
    available: true,
    status: "Submitted",
    totalDeliveryPromotionDistAmount: money(0),
    totalDeliveryPromotionLineAmount: money(deliveryLine),
    totalDeliveryPromotionTotalAmount: money(deliveryLine),
    totalProductPromotionDistAmount: money(orderLevel),
    totalProductPromotionLineAmount: money(productLine),
    totalProductPromotionTotalAmount: money(productLine + orderLevel),
  };
}

export function itemAggregates(item: ItemRow, items: ItemRow[], adjustments: AdjustmentRow[]) {
  const line = promotionSum(adjustments.filter((a) => a.order_item_id === item.id));
  const { dist } = promotionSplit(items, adjustments);
  return {
    available: true,
    status: "Submitted",
    totalLinePromotionAmount: money(line),
    totalPromotionDistAmount: money(dist.get(item.id) ?? 0),
  };
}

export function adjustmentJson(a: AdjustmentRow, currency: string) {
  return {
    amount: money(a.amount_cents),
    currencyIsoCode: currency,
    displayName: a.display_name,
    targetType: a.order_item_id === null ? "Order" : "Item",
    type: a.type,
  };
}

// --- delivery groups --------------------------------------------------------------------------------------

export interface GroupView {
  group: DeliveryGroupRow;
  lineCents: number;
  adjustmentCents: number;
  chargeCents: number;
  taxCents: number;
}

export function groupView(group: DeliveryGroupRow, items: ItemRow[], adjustments: AdjustmentRow[]): GroupView {
  const mine = items.filter((i) => i.order_delivery_group_id === group.id);
  const ids = new Set(mine.map((i) => i.id));
  return {
    group,
    lineCents: mine.filter(isProductLine).reduce((s, i) => s + i.total_line_cents, 0),
    adjustmentCents: adjustments
      .filter((a) => a.order_item_id && ids.has(a.order_item_id))
      .reduce((s, a) => s + a.amount_cents, 0),
    chargeCents: mine.filter((i) => !isProductLine(i)).reduce((s, i) => s + i.total_line_cents, 0),
    taxCents: mine.reduce((s, i) => s + i.tax_cents, 0),
  };
}

function addressText(g: DeliveryGroupRow) {
  return (
    [g.deliver_to_street, g.deliver_to_city, g.deliver_to_state, g.deliver_to_postal_code, g.deliver_to_country]
      .filter(Boolean)
      .join(", ") || null
  );
}

export const GROUP_FIELDS: Catalogue<GroupView> = {
  Id: { label: "Order Delivery Group Summary ID", type: "id", value: (v) => v.group.id },
  OrderSummaryId: { label: "Order Summary ID", type: "reference", value: (v) => v.group.order_summary_id },
  DeliverToName: { label: "Recipient", type: "string", value: (v) => v.group.deliver_to_name },
  DeliverToStreet: { label: "Street", type: "textarea", value: (v) => v.group.deliver_to_street },
  DeliverToCity: { label: "City", type: "string", value: (v) => v.group.deliver_to_city },
  DeliverToState: { label: "State", type: "string", value: (v) => v.group.deliver_to_state },
  DeliverToPostalCode: { label: "Postal Code", type: "string", value: (v) => v.group.deliver_to_postal_code },
  DeliverToCountry: { label: "Country", type: "string", value: (v) => v.group.deliver_to_country },
  DeliverToAddress: { label: "Shipping Address", type: "address", value: (v) => addressText(v.group) },
  DeliverToCompanyName: { label: "Company", type: "string", value: (v) => v.group.deliver_to_company_name },
  PhoneNumber: { label: "Phone", type: "phone", value: (v) => v.group.deliver_to_phone },
  DesiredDeliveryDate: { label: "Desired Delivery Date", type: "date", value: (v) => v.group.desired_delivery_date },
  ShippingInstructions: {
    label: "Shipping Instructions",
    type: "textarea",
    value: (v) => v.group.shipping_instructions,
  },
  IsGift: { label: "Gift", type: "boolean", value: (v) => String(v.group.is_gift === 1) },
  GiftMessage: { label: "Gift Message", type: "textarea", value: (v) => v.group.gift_message },
  OrderDeliveryMethodId: { label: "Delivery Method ID", type: "reference", value: (v) => v.group.delivery_method_id },
  TotalLineAmount: { label: "Subtotal", type: "currency", value: (v) => money(v.lineCents) },
  TotalAdjustmentDistAmount: { label: "Adjustments", type: "currency", value: (v) => money(v.adjustmentCents) },
  TotalAmount: {
    label: "Pretax Total",
    type: "currency",
    value: (v) => money(v.lineCents + v.adjustmentCents + v.chargeCents),
  },
  TotalTaxAmount: { label: "Tax", type: "currency", value: (v) => money(v.taxCents) },
  GrandTotalAmount: {
    label: "Total",
    type: "currency",
    value: (v) => money(v.lineCents + v.adjustmentCents + v.chargeCents + v.taxCents),
  },
};

export const METHOD_FIELDS: Catalogue<GroupView> = {
  Id: { label: "Order Delivery Method ID", type: "id", value: (v) => v.group.delivery_method_id },
  Name: { label: "Name", type: "string", value: (v) => v.group.delivery_method_name },
  Carrier: { label: "Carrier", type: "string", value: (v) => v.group.carrier },
};

/** The default `fields` of the delivery-groups resource (its limit is 15). */
export const DEFAULT_GROUP_FIELDS = [
  "OrderDeliveryGroupSummary.Id",
  "OrderDeliveryGroupSummary.DeliverToName",
  "OrderDeliveryGroupSummary.DeliverToStreet",
  "OrderDeliveryGroupSummary.DeliverToCity",
  "OrderDeliveryGroupSummary.DeliverToState",
  "OrderDeliveryGroupSummary.DeliverToPostalCode",
  "OrderDeliveryGroupSummary.DeliverToCountry",
  "OrderDeliveryGroupSummary.DeliverToCompanyName",
  "OrderDeliveryGroupSummary.PhoneNumber",
  "OrderDeliveryGroupSummary.DesiredDeliveryDate",
  "OrderDeliveryGroupSummary.IsGift",
  "OrderDeliveryGroupSummary.GiftMessage",
  "OrderDeliveryGroupSummary.TotalLineAmount",
  "OrderDeliveryGroupSummary.GrandTotalAmount",
  "OrderDeliveryMethod.Name",
];

export const GROUP_ENTITIES = [
  { entity: "OrderDeliveryGroupSummary", catalogue: GROUP_FIELDS, bare: true },
  { entity: "OrderDeliveryMethod", catalogue: METHOD_FIELDS, bare: false },
];

/**
 * One entry of GET order-summaries/{id}/delivery-groups: its requested fields (prefixed keys) and nothing else, as the
 * LWR fixture shows it (`{fields: {"OrderDeliveryGroupSummary.Id": {dataName, label, text, type}, …}}`).
 */
export function deliveryGroupJson(v: GroupView, requested: string[]) {
  return {
    fields: {
      ...fieldMap(
        GROUP_FIELDS,
        fieldsOf(requested, "OrderDeliveryGroupSummary", GROUP_FIELDS, { bareNames: true }),
        v,
        "OrderDeliveryGroupSummary.",
      ),
      ...fieldMap(
        METHOD_FIELDS,
        fieldsOf(requested, "OrderDeliveryMethod", METHOD_FIELDS, { bareNames: false }),
        v,
        "OrderDeliveryMethod.",
      ),
    },
  };
}

// --- items ------------------------------------------------------------------------------------------------

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

function productAttributes(p: ProductRow) {
  const attrs = Object.entries(variationAttributes(p));
  if (!attrs.length) return null;
  return {
    apiName: "VariationAttributes",
    label: "Variation Attributes",
    attributes: attrs.map(([apiName, value], sequence) => ({ apiName, label: apiName, sequence, value })),
  };
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
    productAttributes: p ? productAttributes(p) : null,
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
    fields: fieldMap(
      ITEM_FIELDS,
      fieldsOf(requested, "OrderItemSummary", ITEM_FIELDS, { bareNames: true }),
      v,
      "OrderItemSummary.",
    ),
    adjustmentAggregates: withAdjustmentDetails ? itemAggregates(item, items, adjustments) : null,
    product: lineProductJson(
      emu,
      item,
      fieldsOf(requested, "Product2", PRODUCT_FIELDS, { bareNames: false }),
      "Product2.",
    ),
  };
}

// --- lookup output ----------------------------------------------------------------------------------------

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
  const view = orderView(o, d.adjustments);
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
