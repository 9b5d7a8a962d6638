import { catalogStore } from "../catalog/store.js";
import { productImage, variationAttributeMap } from "../catalog/shapes.js";
import { isoDate } from "../core/clock.js";
import { distribute } from "../carts/pricing.js";
import { GUEST_USER_ID } from "../core/context.js";
import { money } from "../core/money.js";
import type { AdjustmentRow, DeliveryGroupRow, ItemRow, OrderRow } from "./store.js";
import type { Emu } from "../core/state.js";
import { type Catalogue, entityFields, fieldMap } from "./fields.js";

/**
 * The JSON shapes of the order resources: order summaries with their adjustments, and delivery groups. Field maps:
 * fields.ts; items: item-shapes.ts; the lookup output: lookup-shapes.ts.
 */

// --- order summary ----------------------------------------------------------------------------------------

/** An order with its totals worked out once. */
export interface OrderView {
  order: OrderRow;
  adjustedProductCents: number;
  adjustedDeliveryCents: number;
  pretaxCents: number;
  orderLevelAdjustmentCents: number;
  /** Tax on the product lines and on the delivery charges (the lines keep tax on their adjusted amounts). */
  productTaxCents: number;
  deliveryTaxCents: number;
}

export function orderView(order: OrderRow, adjustments: AdjustmentRow[], items: ItemRow[]): OrderView {
  const orderLevel = adjustments.filter((a) => a.order_item_id === null).reduce((s, a) => s + a.amount_cents, 0);
  const adjustedProduct = order.total_product_cents + order.total_product_adjustment_cents;
  const adjustedDelivery = order.total_delivery_cents + order.total_delivery_adjustment_cents;
  const taxOf = (charges: boolean) =>
    items.filter((i) => (i.type === "Delivery Charge") === charges).reduce((s, i) => s + i.tax_cents, 0);
  return {
    order,
    adjustedProductCents: adjustedProduct,
    adjustedDeliveryCents: adjustedDelivery,
    pretaxCents: adjustedProduct + adjustedDelivery,
    orderLevelAdjustmentCents: orderLevel,
    productTaxCents: taxOf(false),
    deliveryTaxCents: taxOf(true),
  };
}

const currency = (label: string, cents: (v: OrderView) => number) =>
  ({ label, type: "currency", value: (v: OrderView) => money(cents(v)) }) as const;

/**
 * OrderSummary fields the order resources answer in `fields` (field reference OrderSummary:
 * https://developer.salesforce.com/docs/platform/field-reference/references/field-reference/salesforce-field-reference-ordersummary.html).
 * The emulator keeps tax on each line's adjusted amount, so no tax is ever distributed onto an adjustment: the
 * `…AdjDist…Tax…` amounts are 0 and a tax before adjustments equals the tax after them [I].
 */
export const ORDER_FIELDS: Catalogue<OrderView> = {
  Id: { label: "Order Summary ID", type: "id", value: (v) => v.order.id },
  OrderNumber: { label: "Order Number", type: "string", value: (v) => v.order.order_number },
  OrderedDate: { label: "Ordered Date", type: "datetime", value: (v) => isoDate(v.order.ordered_at) },
  CreatedDate: { label: "Created Date", type: "datetime", value: (v) => isoDate(v.order.created_at) },
  Status: { label: "Status", type: "picklist", value: (v) => v.order.status },
  OwnerId: { label: "Owner ID", type: "reference", value: (v) => v.order.owner_user_id ?? GUEST_USER_ID },
  AccountId: { label: "Account ID", type: "reference", value: (v) => v.order.account_id },
  CurrencyIsoCode: { label: "Currency ISO Code", type: "picklist", value: (v) => v.order.currency_iso_code },
  TotalProductAmount: currency("Subtotal Before Adjustments", (v) => v.order.total_product_cents),
  TotalProductTaxAmount: currency("Product Tax", (v) => v.productTaxCents),
  TotalProductAdjDistAmount: currency("Order Adjustments", (v) => v.orderLevelAdjustmentCents),
  TotalProductAdjDistTaxAmount: currency("Order Adjustments Tax", () => 0),
  TotalProductAdjDistAmtWithTax: currency("Order Adjustments with Tax", (v) => v.orderLevelAdjustmentCents),
  TotalAdjustedProductAmount: currency("Subtotal", (v) => v.adjustedProductCents),
  TotalAdjustedProductTaxAmount: currency("Subtotal Tax", (v) => v.productTaxCents),
  TotalAdjProductAmtWithTax: currency("Subtotal with Tax", (v) => v.adjustedProductCents + v.productTaxCents),
  TotalDeliveryAmount: currency("Shipping Before Adjustments", (v) => v.order.total_delivery_cents),
  TotalDeliveryTaxAmount: currency("Shipping Tax Before Adjustments", (v) => v.deliveryTaxCents),
  TotalDeliveryAdjDistAmount: currency("Shipping Adjustments", (v) => v.order.total_delivery_adjustment_cents),
  TotalDeliveryAdjDistTaxAmount: currency("Shipping Adjustments Tax", () => 0),
  TotalDeliveryAdjDistAmtWithTax: currency(
    "Shipping Adjustments with Tax",
    (v) => v.order.total_delivery_adjustment_cents,
  ),
  TotalAdjustedDeliveryAmount: currency("Shipping", (v) => v.adjustedDeliveryCents),
  TotalAdjustedDeliveryTaxAmount: currency("Shipping Tax", (v) => v.deliveryTaxCents),
  TotalAdjDeliveryAmtWithTax: currency("Shipping with Tax", (v) => v.adjustedDeliveryCents + v.deliveryTaxCents),
  TotalAdjDistAmount: currency(
    "Total Adjustments",
    (v) => v.orderLevelAdjustmentCents + v.order.total_delivery_adjustment_cents,
  ),
  TotalAdjDistTaxAmount: currency("Total Adjustments Tax", () => 0),
  TotalAdjDistAmountWithTax: currency(
    "Total Adjustments with Tax",
    (v) => v.orderLevelAdjustmentCents + v.order.total_delivery_adjustment_cents,
  ),
  TotalAmount: currency("Pretax Total", (v) => v.pretaxCents),
  TotalTaxAmount: currency("Tax", (v) => v.order.total_tax_cents),
  GrandTotalAmount: currency("Total", (v) => v.order.grand_total_cents),
  BillingEmailAddress: { label: "Email", type: "email", value: (v) => v.order.email },
  BillingPhoneNumber: { label: "Phone", type: "phone", value: (v) => v.order.phone },
  BillingFirstName: { label: "First Name", type: "string", value: (v) => v.order.first_name },
  BillingLastName: { label: "Last Name", type: "string", value: (v) => v.order.last_name },
  // The billing address, labelled as the field reference labels it.
  BillingStreet: { label: "Address", type: "textarea", value: (v) => v.order.billing_street },
  BillingCity: { label: "City", type: "string", value: (v) => v.order.billing_city },
  BillingState: { label: "State/Province", type: "string", value: (v) => v.order.billing_state },
  BillingPostalCode: { label: "Zip", type: "string", value: (v) => v.order.billing_postal_code },
  BillingCountry: { label: "Country", type: "string", value: (v) => v.order.billing_country },
  BillingLatitude: { label: "Latitude", type: "double", value: (v) => numberText(v.order.billing_latitude) },
  BillingLongitude: { label: "Longitude", type: "double", value: (v) => numberText(v.order.billing_longitude) },
};

const numberText = (n: number | null) => (n === null ? null : String(n));

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
          variationAttributes: p ? variationAttributeMap(catalog, p) : {},
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
  // Emulator-only (docs/emulator-orders.md): the cart delivery group's giftToName, which no documented field of the
  // order's delivery group carries, kept so the order page can name who the gift is for.
  GiftToName: { label: "Gift Recipient", type: "string", value: (v) => v.group.gift_to_name },
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
      ...entityFields(requested, "OrderDeliveryGroupSummary", GROUP_FIELDS, v, { bareNames: true }),
      ...entityFields(requested, "OrderDeliveryMethod", METHOD_FIELDS, v, { bareNames: false }),
    },
  };
}
