/**
 * The order page's "Shipments" (Commerce Webstore Order Shipments and Shipment Items, 52.0): each shipment's carrier,
 * tracking number (a link where there is a tracking page), status, dates and the lines it carried, and which of the
 * page's lines haven't shipped yet. Pure: the loader maps the API's answers, the page renders what it gets.
 */
import { fieldText, firstText } from "./json";
import type { OrderDeliveryGroup } from "./lines";
import { isObject } from "~/lib/json";
import type { OrderShipment, OrderShipmentCollection, OrderShipmentItem } from "../../../server/webstore/index";

/** The record fields the order page asks of each shipment (at most 15, as the resource allows). */
export const SHIPMENT_FIELDS = [
  "Shipment.Provider",
  "Shipment.TrackingNumber",
  "Shipment.TrackingUrl",
  "Shipment.ActualDeliveryDate",
  "Shipment.CreatedDate",
  "OrderDeliveryMethod.Name",
] as const;

/** The record fields the order page asks of each shipment's lines. */
export const SHIPMENT_ITEM_FIELDS = ["OrderItemSummary.Name", "OrderItemSummary.StockKeepingUnit"] as const;

/** Shipments the page reads at once (one page of the API's, and their lines: one request each). */
export const SHIPMENTS_PAGE_SIZE = 25;
/** Lines of one shipment the page reads (the API's largest page). */
export const SHIPMENT_ITEMS_PAGE_SIZE = 100;

/**
 * The store's own table of carriers' public tracking pages, not the API's: a shipment's `TrackingUrl` (which the
 * fulfilment system may leave empty) wins; without one, a carrier named here gets its tracking page for the number.
 * Keys are the carrier's name as a Shipping Provider is usually written, compared without case, spaces or dashes.
 */
export const CARRIER_TRACKING_URLS: Readonly<Record<string, string>> = {
  ups: "https://www.ups.com/track?tracknum={number}",
  fedex: "https://www.fedex.com/fedextrack/?trknbr={number}",
  usps: "https://tools.usps.com/go/TrackConfirmAction?tLabels={number}",
  dhl: "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={number}",
  royalmail: "https://www.royalmail.com/track-your-item#/tracking-results/{number}",
};

const carrierKey = (carrier: string) => carrier.toLowerCase().replace(/[\s_-]+/g, "");

/** The page where a shipment can be tracked: the API's URL (https only), else the store's for a known carrier. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null, apiUrl: string | null) {
  if (apiUrl && /^https:\/\//i.test(apiUrl)) return apiUrl;
  if (!carrier || !trackingNumber) return null;
  const template = CARRIER_TRACKING_URLS[carrierKey(carrier)];
  return template ? template.replace("{number}", encodeURIComponent(trackingNumber)) : null;
}

export interface ShipmentLine {
  orderItemSummaryId: string | null;
  name: string;
  sku: string | null;
  quantity: number;
}

export interface ShipmentView {
  id: string;
  number: string | null;
  /** The API's status ("Shipped", "Delivered", or whatever the org's picklist holds). */
  status: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  deliveryMethod: string | null;
  /** API dates (ISO 8601), or null. */
  shippedDate: string | null;
  expectedDeliveryDate: string | null;
  deliveredDate: string | null;
  lines: ShipmentLine[];
}

/** A line of the page that hasn't shipped (or not all of it). */
export interface UnshippedLine {
  name: string;
  quantity: number;
}

export type OrderShipments =
  /** `shipments` empty: "Not shipped yet". */
  | { kind: "shown"; shipments: ShipmentView[]; unshipped: UnshippedLine[]; more: boolean }
  /** The API couldn't answer now: the order shows, the section says so. */
  | { kind: "unavailable" }
  /** A guest's page (the order lookup): the shipment resources answer registered buyers only. */
  | { kind: "not-for-guests" };

/** The Order Shipment Item fields a shipment's line is read from. */
export type ShipmentLineInput = Pick<OrderShipmentItem, "orderItemSummaryId" | "quantity" | "fields" | "product">;

/** A shipment's items (GET `shipments/{id}/items`); null when they were not read. */
export type ShipmentItemsInput = { items: readonly ShipmentLineInput[] } | null | undefined;

const str = (v: string | null | undefined) => (typeof v === "string" && v.trim() !== "" ? v : null);
const num = (v: number | string | null | undefined) => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};

function toShipmentLine(raw: ShipmentLineInput): ShipmentLine | null {
  if (!isObject(raw)) return null;
  const product = isObject(raw.product) ? raw.product : {};
  return {
    orderItemSummaryId: str(raw.orderItemSummaryId),
    name:
      firstText(
        fieldText(raw.fields, "OrderItemSummary.Name"),
        fieldText(product.fields, "Product2.Name"),
        fieldText(product.fields, "Name"),
        product.name,
      ) ?? "Item",
    sku:
      fieldText(raw.fields, "OrderItemSummary.StockKeepingUnit") ??
      (typeof product.sku === "string" ? str(product.sku) : null),
    quantity: num(raw.quantity),
  };
}

/** One shipment of the collection with the lines its items answer listed. */
export function toShipmentView(raw: OrderShipment, items: ShipmentItemsInput): ShipmentView | null {
  if (!isObject(raw) || !str(raw.shipmentId)) return null;
  const fields = raw.fields;
  const carrier = fieldText(fields, "Shipment.Provider");
  const trackingNumber = fieldText(fields, "Shipment.TrackingNumber");
  const list = items && Array.isArray(items.items) ? items.items : [];
  return {
    id: str(raw.shipmentId)!,
    number: str(raw.shipmentNumber),
    status: str(raw.status) ?? "Shipped",
    carrier,
    trackingNumber,
    trackingUrl: trackingUrl(carrier, trackingNumber, fieldText(fields, "Shipment.TrackingUrl")),
    deliveryMethod: fieldText(fields, "OrderDeliveryMethod.Name"),
    shippedDate: fieldText(fields, "Shipment.CreatedDate"),
    expectedDeliveryDate: str(raw.expectedDeliveryDate),
    deliveredDate: fieldText(fields, "Shipment.ActualDeliveryDate"),
    lines: list.map(toShipmentLine).filter((line): line is ShipmentLine => line !== null),
  };
}

/**
 * The page's lines not (all) in a shipment: what "part of this order has shipped" names. Only the lines the page
 * shows are compared (a long group reads its lines a page at a time).
 */
export function unshippedLines(groups: OrderDeliveryGroup[], shipments: ShipmentView[]): UnshippedLine[] {
  const shipped = new Map<string, number>();
  for (const shipment of shipments)
    for (const line of shipment.lines)
      if (line.orderItemSummaryId)
        shipped.set(line.orderItemSummaryId, (shipped.get(line.orderItemSummaryId) ?? 0) + line.quantity);
  return groups.flatMap((group) =>
    group.items.flatMap((item) => {
      const left = (item.quantity ?? 0) - (shipped.get(item.id) ?? 0);
      return left > 0 ? [{ name: item.name, quantity: left }] : [];
    }),
  );
}

/** The collection and each shipment's items (in the same order) as the page shows them. */
export function toOrderShipments(
  collection: Pick<OrderShipmentCollection, "shipments" | "nextPageToken">,
  itemsOfEach: readonly ShipmentItemsInput[],
  groups: OrderDeliveryGroup[],
): OrderShipments {
  const list = Array.isArray(collection.shipments) ? collection.shipments : [];
  const shipments = list
    .map((raw, index) => toShipmentView(raw, itemsOfEach[index]))
    .filter((s): s is ShipmentView => s !== null);
  return {
    kind: "shown",
    shipments,
    unshipped: shipments.length ? unshippedLines(groups, shipments) : [],
    more: str(collection.nextPageToken) !== null,
  };
}
