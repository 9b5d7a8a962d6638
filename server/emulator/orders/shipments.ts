import { existsSync } from "node:fs";
import { join } from "node:path";
import { effectiveAccountId, readFixture } from "../core/context.js";
import { isoDate } from "../core/clock.js";
import { quantity } from "../core/money.js";
import { json } from "../core/http.js";
import { intParam } from "../core/paging.js";
import { orderNotFound, readableOrder } from "./access.js";
import { type Catalogue, entityFields, checkFields, fieldsOf } from "./fields.js";
import { ITEM_FIELDS, itemView, lineProductJson, PRODUCT_FIELDS } from "./item-shapes.js";
import { enumParam, illegal, pageJson, pageStart, q } from "./paging.js";
import { parseFieldList, slicePage } from "./query.js";
import { fixtureIds } from "./seed.js";
import {
  orderReader,
  shipmentReader,
  shipmentWriter,
  type DeliveryGroupRow,
  type ItemRow,
  type OrderRow,
  type ShipmentRow,
  type ShipmentItemRow,
} from "./store.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu } from "../core/state.js";

/**
 * Shipments of an order (Commerce Webstore Order Shipments, GET order-summaries/{id}/shipments, 52.0) and the lines
 * each carried (Commerce Webstore Shipment Items, GET shipments/{id}/items, 52.0). An org's fulfilment records them
 * after the order: the demo store's come from fixtures/shipments.json, and an order placed through a checkout is
 * shipped on the virtual clock by `shipOnClock` (the timing is the emulator's [I]: docs/emulator-orders.md).
 * Who may read them: whoever may read the order (access.ts), the same "not found" for everyone else.
 */

const SHIPMENT_SORTS = [
  "ShipmentNumberAsc",
  "ShipmentNumberDesc",
  "ExpectedDeliveryDateAsc",
  "ExpectedDeliveryDateDesc",
] as const;
const ITEM_SORTS = ["IdAsc", "IdDesc"] as const;
// Both pages: "List of up to 15 additional … fields".
const MAX_FIELDS = 15;

interface ShipmentView {
  shipment: ShipmentRow;
  group: DeliveryGroupRow;
  itemsQuantity: number;
}

/** Shipment fields (field reference Shipment): the carrier is its Provider ("Shipping Provider"). */
export const SHIPMENT_FIELDS: Catalogue<ShipmentView> = {
  Id: { label: "Shipment ID", type: "id", value: (v) => v.shipment.id },
  ShipmentNumber: { label: "Shipment Number", type: "string", value: (v) => v.shipment.shipment_number },
  Status: { label: "Status", type: "picklist", value: (v) => v.shipment.status },
  Provider: { label: "Shipping Provider", type: "picklist", value: (v) => v.shipment.provider },
  TrackingNumber: { label: "Tracking Number", type: "string", value: (v) => v.shipment.tracking_number },
  TrackingUrl: { label: "Tracking URL", type: "string", value: (v) => v.shipment.tracking_url },
  ExpectedDeliveryDate: {
    label: "Expected Delivery Date",
    type: "datetime",
    value: (v) => date(v.shipment.expected_delivery_at),
  },
  ActualDeliveryDate: {
    label: "Actual Delivery Date",
    type: "datetime",
    value: (v) => date(v.shipment.actual_delivery_at),
  },
  CreatedDate: { label: "Created Date", type: "datetime", value: (v) => isoDate(v.shipment.shipped_at) },
  OrderSummaryId: { label: "Order Summary ID", type: "reference", value: (v) => v.shipment.order_summary_id },
  DeliveryMethodId: {
    label: "Order Delivery Method ID",
    type: "reference",
    value: (v) => v.group.delivery_method_id,
  },
  ShipToName: { label: "Ship To Name", type: "string", value: (v) => v.shipment.ship_to_name },
  ShipToStreet: { label: "Ship To Street", type: "textarea", value: (v) => v.group.deliver_to_street },
  ShipToCity: { label: "Ship To City", type: "string", value: (v) => v.group.deliver_to_city },
  ShipToState: { label: "Ship To State/Province", type: "string", value: (v) => v.group.deliver_to_state },
  ShipToPostalCode: { label: "Ship To Zip/Postal Code", type: "string", value: (v) => v.group.deliver_to_postal_code },
  ShipToCountry: { label: "Ship To Country", type: "string", value: (v) => v.group.deliver_to_country },
  TotalItemsQuantity: { label: "Total Items Quantity", type: "double", value: (v) => quantity(v.itemsQuantity) },
};

/** The shipment's delivery method: its delivery group's. */
export const SHIPMENT_METHOD_FIELDS: Catalogue<ShipmentView> = {
  Id: { label: "Order Delivery Method ID", type: "id", value: (v) => v.group.delivery_method_id },
  Name: { label: "Name", type: "string", value: (v) => v.group.delivery_method_name },
  Carrier: { label: "Carrier", type: "string", value: (v) => v.group.carrier },
};

const SHIPMENT_ENTITIES = [
  { entity: "Shipment", catalogue: SHIPMENT_FIELDS, bare: false },
  { entity: "OrderDeliveryMethod", catalogue: SHIPMENT_METHOD_FIELDS, bare: false },
];

/** [I] Without `fields`: the carrier, the tracking and the method, what a shipment is read for. */
const DEFAULT_SHIPMENT_FIELDS = [
  "Shipment.Provider",
  "Shipment.TrackingNumber",
  "Shipment.TrackingUrl",
  "OrderDeliveryMethod.Name",
];

interface ShipmentItemView {
  line: ShipmentItemRow;
  shipment: ShipmentRow;
  item: ItemRow;
}

/** ShipmentItem fields (field reference ShipmentItem). */
export const SHIPMENT_ITEM_FIELDS: Catalogue<ShipmentItemView> = {
  Id: { label: "Shipment Item ID", type: "id", value: (v) => v.line.id },
  Quantity: { label: "Quantity", type: "double", value: (v) => quantity(v.line.quantity) },
  ShipmentId: { label: "Shipment ID", type: "reference", value: (v) => v.line.shipment_id },
  OrderItemSummaryId: { label: "Order Product Summary ID", type: "reference", value: (v) => v.line.order_item_id },
  Product2Id: { label: "Product ID", type: "reference", value: (v) => v.item.product_id },
  ExpectedDeliveryDate: {
    label: "Expected Delivery Date",
    type: "datetime",
    value: (v) => date(v.shipment.expected_delivery_at),
  },
  TrackingNumber: { label: "Tracking Number", type: "string", value: (v) => v.shipment.tracking_number },
  TrackingUrl: { label: "Tracking URL", type: "string", value: (v) => v.shipment.tracking_url },
};

const SHIPMENT_ITEM_ENTITIES = [
  { entity: "ShipmentItem", catalogue: SHIPMENT_ITEM_FIELDS, bare: false },
  { entity: "OrderItemSummary", catalogue: ITEM_FIELDS, bare: false },
  { entity: "Product2", catalogue: PRODUCT_FIELDS, bare: false },
];

/** [I] Without `fields`: the line's name, SKU and quantity ordered, and the product's name. */
const DEFAULT_SHIPMENT_ITEM_FIELDS = [
  "OrderItemSummary.Name",
  "OrderItemSummary.StockKeepingUnit",
  "OrderItemSummary.Quantity",
  "Product2.Name",
];

const date = (ms: number | null) => (ms === null ? null : isoDate(ms));

function requestedFields(ctx: RequestContext, entities: typeof SHIPMENT_ENTITIES | typeof SHIPMENT_ITEM_ENTITIES) {
  const requested = q(() => parseFieldList(ctx.query.get("fields"), "fields", MAX_FIELDS));
  if (requested) checkFields(requested, entities);
  return requested;
}

function shipmentJson(v: ShipmentView, requested: string[]) {
  return {
    expectedDeliveryDate: date(v.shipment.expected_delivery_at),
    fields: {
      ...entityFields(requested, "Shipment", SHIPMENT_FIELDS, v, { bareNames: false }),
      ...entityFields(requested, "OrderDeliveryMethod", SHIPMENT_METHOD_FIELDS, v, { bareNames: false }),
    },
    orderSummaryId: v.shipment.order_summary_id,
    shipmentId: v.shipment.id,
    shipmentNumber: v.shipment.shipment_number,
    status: v.shipment.status,
  };
}

function orderFor(ctx: RequestContext, key: string): OrderRow {
  // Validates effectiveAccountId (403 for an account the buyer may not act for); independent of the order.
  if (ctx.user) effectiveAccountId(ctx);
  return readableOrder(ctx, key, {});
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** [I] How long the emulator's fulfilment takes: each delivery group ships 2 days after the order, arrives 5 days after. */
export const SHIPPED_AFTER_MS = 2 * DAY_MS;
export const DELIVERED_AFTER_MS = 5 * DAY_MS;

/** [I] A tracking number in each carrier's usual form, derived from the order and the group (no carrier is asked). */
function trackingNumber(carrier: string | null, orderNumber: string, seq: number): string {
  const digits = `${orderNumber}${String(seq).padStart(2, "0")}`;
  switch (carrier?.toUpperCase()) {
    case "UPS":
      return `1Z999AA1${digits}`;
    case "FEDEX":
      return `79${digits}`;
    case "USPS":
      return `940011189922${digits}`;
    case "DHL":
      return digits;
    default:
      return `EM${digits}`;
  }
}

/**
 * The emulator's fulfilment for orders placed through a checkout (the demo's own orders keep their fixture
 * shipments): once the virtual clock is `SHIPPED_AFTER_MS` past the order, each delivery group without a shipment
 * ships whole with the group's carrier (its delivery method's) as Provider, a tracking number and no tracking URL
 * (the field is nillable, and the emulator knows no carrier's site); at `DELIVERED_AFTER_MS` it is Delivered. The
 * rows are written when the order's shipments are read, in one transaction, so a read sees the clock's state.
 */
export function shipOnClock(emu: Emu, order: OrderRow) {
  if (order.checkout_id === null || order.status === "Cancelled") return;
  const now = emu.clock.now();
  const shippedAt = order.ordered_at + SHIPPED_AFTER_MS;
  if (now < shippedAt) return;
  const deliveredAt = order.ordered_at + DELIVERED_AFTER_MS;
  const reader = orderReader(emu);
  const shipments = shipmentReader(emu);
  const write = shipmentWriter(emu);
  emu.db.transaction(() => {
    const existing = shipments.ofOrder(order.id);
    const items = reader.items(order.id);
    for (const group of reader.groups(order.id)) {
      if (existing.some((s) => s.order_delivery_group_id === group.id)) continue;
      const lines = items.filter((i) => i.order_delivery_group_id === group.id && i.type !== "Delivery Charge");
      if (lines.length === 0) continue;
      const id = emu.ids("shipment");
      const delivered = now >= deliveredAt;
      write.shipment(
        id,
        order.id,
        group.id,
        write.nextNumber(),
        delivered ? "Delivered" : "Shipped",
        group.carrier,
        trackingNumber(group.carrier, order.order_number, group.seq),
        null,
        group.deliver_to_name,
        shippedAt,
        deliveredAt,
        delivered ? deliveredAt : null,
      );
      for (const line of lines) write.item(emu.ids("shipmentItem"), id, line.id, line.quantity);
    }
    if (now >= deliveredAt) for (const s of existing) if (s.status === "Shipped") write.deliver(s.id, deliveredAt);
  })();
}

export function addShipmentRoutes(r: Router, emu: Emu) {
  const shipments = shipmentReader(emu);
  const reader = orderReader(emu);

  r.webstore("GET", "order-summaries/:orderSummaryId/shipments", { since: 52 }, (ctx) => {
    const order = orderFor(ctx, ctx.params.orderSummaryId);
    shipOnClock(emu, order);
    const requested = requestedFields(ctx, SHIPMENT_ENTITIES) ?? DEFAULT_SHIPMENT_FIELDS;
    const pageSize = intParam(ctx.query, "pageSize", 25, 1, 100);
    const sort = enumParam(ctx.query, "sortOrder", SHIPMENT_SORTS, "ShipmentNumberAsc");
    const offset = pageStart(ctx.query, "pageToken", SHIPMENT_SORTS, sort);
    const rows = shipments.ofOrder(order.id);
    const byDate = sort.startsWith("ExpectedDeliveryDate");
    // The page: "If you're sorting by expected delivery date, make sure the expected delivery date is populated on
    // your shipment records. A null value isn't supported and results in an error."
    if (byDate && rows.some((s) => s.expected_delivery_at === null))
      throw illegal("sortOrder", `Invalid value for sortOrder: ${sort}. A shipment has no expected delivery date.`);
    const direction = sort.endsWith("Asc") ? 1 : -1;
    const key = (s: ShipmentRow) => (byDate ? s.expected_delivery_at! : 0);
    const sorted = [...rows].sort(
      (a, b) => direction * (key(a) - key(b) || a.shipment_number.localeCompare(b.shipment_number)),
    );
    const slice = slicePage(sorted, sort, offset, pageSize);
    const groups = reader.groups(order.id);
    const lines = (s: ShipmentRow) => shipments.items(s.id).reduce((n, i) => n + i.quantity, 0);
    return json({
      count: slice.rows.length,
      ...pageJson(ctx, "pageToken", slice),
      shipments: slice.rows.map((s) =>
        shipmentJson(
          { shipment: s, group: groups.find((g) => g.id === s.order_delivery_group_id)!, itemsQuantity: lines(s) },
          requested,
        ),
      ),
      sortOrder: sort,
    });
  });

  r.webstore("GET", "shipments/:shipmentId/items", { since: 52 }, (ctx) => {
    if (ctx.user) effectiveAccountId(ctx);
    const shipment = shipments.byId(ctx.params.shipmentId.slice(0, 15));
    // An unknown shipment and one of an order the caller may not read get the orders' one "not found".
    if (!shipment) throw orderNotFound();
    const order = orderFor(ctx, shipment.order_summary_id);
    const requested = requestedFields(ctx, SHIPMENT_ITEM_ENTITIES) ?? DEFAULT_SHIPMENT_ITEM_FIELDS;
    const pageSize = intParam(ctx.query, "pageSize", 25, 1, 100);
    const sort = enumParam(ctx.query, "sortOrder", ITEM_SORTS, "IdAsc");
    const offset = pageStart(ctx.query, "pageToken", ITEM_SORTS, sort);
    const rows = shipments.items(shipment.id);
    const sorted = sort === "IdAsc" ? rows : [...rows].reverse();
    const slice = slicePage(sorted, sort, offset, pageSize);
    const items = reader.items(order.id);
    const adjustments = reader.adjustments(order.id);
    return json({
      count: slice.rows.length,
      ...pageJson(ctx, "pageToken", slice),
      items: slice.rows.map((line) => {
        const item = items.find((i) => i.id === line.order_item_id)!;
        const v: ShipmentItemView = { line, shipment, item };
        return {
          fields: {
            ...entityFields(requested, "ShipmentItem", SHIPMENT_ITEM_FIELDS, v, { bareNames: false }),
            ...entityFields(requested, "OrderItemSummary", ITEM_FIELDS, itemView(item, adjustments), {
              bareNames: false,
            }),
          },
          orderItemSummaryId: item.id,
          product: lineProductJson(
            emu,
            item,
            fieldsOf(requested, "Product2", PRODUCT_FIELDS, { bareNames: false }),
            "Product2.",
          ),
          productId: item.product_id,
          // ConnectApi.OrderShipmentItem.quantity is a Double: a JSON number.
          quantity: line.quantity,
          shipmentId: shipment.id,
          shipmentItemId: line.id,
        };
      }),
      sortOrder: sort,
    });
  });
}

// --- demo data --------------------------------------------------------------------------------------------

interface FixtureShipment {
  orderNumber: string;
  /** The delivery group shipped (1-based, as the order fixture lists them). */
  group: number;
  status: ShipmentRow["status"];
  provider?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  shippedDate: string;
  expectedDeliveryDate?: string;
  actualDeliveryDate?: string;
  lines: { sku: string; quantity: number }[];
}

/** Fixture ids: shipment `0OBDM{number}S{n}`, its lines `0ODDM{number}{n}{m}` (n-th shipment of the order). */
export const shipmentIds = {
  shipment: (number: string, n: number) => `0OBDM${number}S${n}`,
  item: (number: string, n: number, m: number) => `0ODDM${number}${n}${m}`,
};

/** Seeds fixtures/shipments.json (after the orders): a fixture directory without it has no shipments. */
export function seedShipments(emu: Emu) {
  if (!existsSync(join(emu.fixturesDir, "shipments.json"))) return;
  const fixture = readFixture<{ shipments: FixtureShipment[] }>(emu, "shipments.json");
  const reader = orderReader(emu);
  const write = shipmentWriter(emu);
  const perOrder = new Map<string, number>();
  fixture.shipments.forEach((f, index) => {
    const orderId = fixtureIds.order(f.orderNumber);
    const group = reader.groups(orderId).find((g) => g.id === fixtureIds.group(f.orderNumber, f.group));
    if (!group) throw new Error(`fixtures/shipments.json: order ${f.orderNumber} has no delivery group ${f.group}`);
    const n = (perOrder.get(f.orderNumber) ?? 0) + 1;
    perOrder.set(f.orderNumber, n);
    const id = shipmentIds.shipment(f.orderNumber, n);
    const at = (iso: string | undefined) => (iso === undefined ? null : Date.parse(iso));
    write.shipment(
      id,
      orderId,
      group.id,
      String(index + 1).padStart(8, "0"),
      f.status,
      f.provider ?? null,
      f.trackingNumber ?? null,
      f.trackingUrl ?? null,
      group.deliver_to_name,
      Date.parse(f.shippedDate),
      at(f.expectedDeliveryDate),
      at(f.actualDeliveryDate),
    );
    const lines = reader.items(orderId).filter((i) => i.order_delivery_group_id === group.id);
    f.lines.forEach((l, m) => {
      const line = lines.find((i) => i.sku === l.sku);
      if (!line) throw new Error(`fixtures/shipments.json: order ${f.orderNumber} group ${f.group} has no ${l.sku}`);
      write.item(shipmentIds.item(f.orderNumber, n, m + 1), id, line.id, l.quantity);
    });
  });
}
