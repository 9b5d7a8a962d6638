/**
 * An order's delivery groups (spec §3 "Order delivery group") and their line items (spec §3 "Only line items of
 * type Product or Order Product are kept"), paged on the order page.
 */
import { parseMoney } from "~/lib/format/formats";
import { ORDER_ACCESS_PARAM } from "~/lib/paths";
import { GIFT_WRAP_NOTE } from "~/checkout/model/gift-wrap";
import { asArray, fieldText, firstText, isObject, nonBlank, type Json, type JsonField, type JsonValue } from "./json";
import { mergeAdjustments, type OrderAdjustment } from "./summary";
import { attributeSetSummary, type LineAttribute } from "~/catalog/model/variations";

export const PRODUCT_LINE_TYPES: readonly string[] = ["Product", "Order Product"];

const ITEM_ENTITY = ["OrderItemSummary"];
const PRODUCT_ENTITY = ["Product2"];

function itemType(raw: Json): string | null {
  return firstText(raw.type, fieldText(raw.fields, "Type", ITEM_ENTITY));
}

/** Keeps the product lines: type Product or Order Product (delivery charges and the like are dropped). */
export function keepProductLines<T>(items: readonly T[]): T[] {
  return items.filter((item) => isObject(item) && PRODUCT_LINE_TYPES.includes(itemType(item) ?? ""));
}

export interface OrderLineItem {
  id: string;
  productId: string | null;
  name: string;
  sku: string | null;
  quantity: number | null;
  unitPrice: string | null;
  /** The line after its own adjustments. */
  totalPrice: string | null;
  image: { url: string; alt: string } | null;
  adjustments: OrderAdjustment[];
  /** The selling model a subscription line was bought on (its id), when the API says. */
  sellingModelId: string | null;
  /** Its name ("Monthly Subscription"), filled in from the product's selling models; null when unknown. */
  term: string | null;
  /** A variation's attribute values (the product's Product Attribute Set Summary), in sequence. */
  attributes: LineAttribute[];
}

/** One line item (of the lookup's groups or of `order-summaries/{id}/items`) as the order page shows it. */
export function toLineItem(raw: Json, index: number): OrderLineItem {
  const fields = raw.fields;
  const product = isObject(raw.product) ? raw.product : {};
  const media = isObject(product.media) ? product.media : null;
  const name =
    firstText(fieldText(product.fields, "Name", PRODUCT_ENTITY), fieldText(fields, "Name", ITEM_ENTITY), raw.name) ??
    "Product";
  const quantity = parseMoney(fieldText(fields, "Quantity", ITEM_ENTITY));
  const imageUrl = media ? firstText(media.thumbnailUrl, media.url) : null;
  return {
    id: firstText(raw.id, raw.orderItemSummaryId, fieldText(fields, "Id", ITEM_ENTITY)) ?? `line-${index + 1}`,
    productId: firstText(product.productId, product.id, fieldText(fields, "Product2Id", ITEM_ENTITY)),
    name,
    sku: firstText(
      fieldText(product.fields, "StockKeepingUnit", PRODUCT_ENTITY),
      fieldText(fields, "StockKeepingUnit", ITEM_ENTITY),
    ),
    quantity: quantity === null ? null : quantity,
    unitPrice: fieldText(fields, "UnitPrice", ITEM_ENTITY),
    totalPrice:
      fieldText(fields, "AdjustedLineAmount", ITEM_ENTITY) ?? fieldText(fields, "TotalLineAmount", ITEM_ENTITY),
    image: imageUrl ? { url: imageUrl, alt: firstText(media?.alternateText, media?.title) ?? name } : null,
    adjustments: mergeAdjustments(asArray(raw.adjustments)),
    sellingModelId: fieldText(fields, "ProductSellingModelId", ITEM_ENTITY),
    term: null,
    attributes: attributeSetSummary(product.productAttributes),
  };
}

/** The products whose selling models name the order's subscription lines (each once). */
export function subscriptionProductIds(groups: readonly OrderDeliveryGroup[]): string[] {
  const ids = groups
    .flatMap((g) => g.items)
    .filter((item) => item.sellingModelId && item.productId)
    .map((item) => item.productId as string);
  return [...new Set(ids)];
}

/** The groups with each subscription line's term named, from selling model id → name; unknown ids stay unnamed. */
export function withTerms(
  groups: readonly OrderDeliveryGroup[],
  names: ReadonlyMap<string, string>,
): OrderDeliveryGroup[] {
  return groups.map((g) => ({
    ...g,
    items: g.items.map((item) => ({
      ...item,
      term: item.sellingModelId ? (names.get(item.sellingModelId) ?? null) : null,
    })),
  }));
}

// ---------------------------------------------------------------------------------------------
// Delivery groups (spec §3 "Order delivery group")

export interface OrderDeliveryGroup {
  id: string;
  /** The group's name; 'Delivery Group N' (N its position, from 1) when it has none. */
  name: string;
  deliverToName: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  companyName: string | null;
  phoneNumber: string | null;
  deliveryMethod: string | null;
  /** YYYY-MM-DD. */
  desiredDeliveryDate: string | null;
  totalListAmount: string | null;
  /** The group's total: its items after adjustments, its delivery charge and tax (GrandTotalAmount). */
  grandTotal: string | null;
  isGift: boolean;
  giftMessage: string | null;
  /** Who the gift is for (the checkout's giftToName, kept on the order). */
  giftToName: string | null;
  /** The shopper asked for gift wrap (the wish travels in the shipping instructions: checkout/model/shipments). */
  giftWrap: boolean;
  items: OrderLineItem[];
  /**
   * The page of items shown, when the items were read a page at a time (`order-summaries/{id}/items`): the page's
   * token (null for the first) and the next page's (null on the last). Absent when every item came at once.
   */
  itemsPage?: { current: string | null; next: string | null };
}

const GROUP_ENTITY = ["OrderDeliveryGroupSummary"];

export function deliveryGroupName(name: string | null | undefined, index: number): string {
  return nonBlank(name) ?? `Delivery Group ${index + 1}`;
}

function toBoolean(value: JsonField): boolean {
  return value === true || (typeof value === "string" && value.trim().toLowerCase() === "true");
}

/**
 * Delivery groups as the order page shows them: named ('Delivery Group N' when unnamed), the deliver-to details
 * from the group's fields (plain properties as fallback), and only their product lines.
 */
export function normalizeDeliveryGroups(groups: readonly JsonValue[]): OrderDeliveryGroup[] {
  return groups.filter(isObject).map((raw, index) => {
    const fields = raw.fields;
    const field = (name: string) => fieldText(fields, name, GROUP_ENTITY);
    const method = isObject(raw.deliveryMethod) ? raw.deliveryMethod : {};
    const giftFlag = field("IsGift") ?? raw.isGift;
    return {
      id: firstText(raw.id, field("Id")) ?? `group-${index + 1}`,
      name: deliveryGroupName(nonBlank(raw.name), index),
      deliverToName: firstText(field("DeliverToName"), raw.deliverToName),
      street: firstText(field("DeliverToStreet"), raw.deliverToStreet),
      city: firstText(field("DeliverToCity"), raw.deliverToCity),
      state: firstText(field("DeliverToState"), raw.deliverToState),
      postalCode: firstText(field("DeliverToPostalCode"), raw.deliverToPostalCode),
      country: firstText(field("DeliverToCountry"), raw.deliverToCountry),
      companyName: firstText(field("DeliverToCompanyName"), raw.companyName),
      phoneNumber: firstText(field("PhoneNumber"), raw.phoneNumber),
      deliveryMethod: firstText(
        method.name,
        fieldText(method.fields, "Name", ["OrderDeliveryMethod"]),
        fieldText(fields, "Name", ["OrderDeliveryMethod"]),
        raw.deliveryMethodName,
      ),
      desiredDeliveryDate: firstText(field("DesiredDeliveryDate"), raw.desiredDeliveryDate),
      totalListAmount: firstText(field("TotalLineAmount"), raw.totalLineAmount),
      grandTotal: firstText(field("GrandTotalAmount"), raw.grandTotalAmount),
      isGift: toBoolean(giftFlag),
      giftMessage: firstText(field("GiftMessage"), raw.giftMessage),
      giftToName: firstText(field("GiftToName"), raw.giftToName),
      giftWrap: (firstText(field("ShippingInstructions"), raw.shippingInstructions) ?? "").startsWith(GIFT_WRAP_NOTE),
      items: keepProductLines(asArray(raw.lineItems)).map((item, n) => toLineItem(item as Json, n)),
    };
  });
}

/** One page of a group's items: the first `limit`, and whether there are more to show. */
export function pageOfItems<T>(
  items: readonly T[],
  limit: number,
): { shown: T[]; hasMore: boolean; nextLimit: number } {
  const size = Math.max(1, Math.floor(limit) || 1);
  return { shown: items.slice(0, size), hasMore: items.length > size, nextLimit: size + ORDER_ITEMS_PAGE_SIZE };
}

export const ORDER_ITEMS_PAGE_SIZE = 10;

/** Items per page of a group when they are read from `order-summaries/{id}/items` (the API's default size). */
export const ORDER_ITEMS_API_PAGE_SIZE = 25;

/** The n-th group's (from 0) page token of `order-summaries/{id}/items` in the page's URL; null for the first page. */
export function itemsPageToken(params: URLSearchParams, index: number): string | null {
  const value = params.get(groupItemsParam(index))?.trim() ?? "";
  // A limit ("20") is the lookup's paging; tokens are opaque but never bare numbers or long.
  return value && !/^\d+$/.test(value) && value.length <= 200 ? value : null;
}

/** The query parameter holding how many items of the n-th group (from 0) are shown. */
export const groupItemsParam = (index: number) => `items${index + 1}`;

/** What the order page's URL asks, read by its route: a guest's access token, and each group's page of items. */
export interface OrderPageQuery {
  /** The order's access token (`?access=`, a guest's link to the order); null when there is none. */
  accessToken: string | null;
  /** The page token of each delivery group's items the page shows, by the group's index (from 0); none: the first. */
  itemsPages: Readonly<Record<number, string>>;
}

export function readOrderPageQuery(params: URLSearchParams): OrderPageQuery {
  const itemsPages: Record<number, string> = {};
  for (const key of new Set(params.keys())) {
    const group = /^items([1-9]\d*)$/.exec(key);
    const token = group ? itemsPageToken(params, Number(group[1]) - 1) : null;
    if (group && token) itemsPages[Number(group[1]) - 1] = token;
  }
  return { accessToken: params.get(ORDER_ACCESS_PARAM)?.trim() || null, itemsPages };
}

export function itemsLimit(params: URLSearchParams, index: number): number {
  const value = Number(params.get(groupItemsParam(index)));
  return Number.isInteger(value) && value > 0 ? Math.min(value, 1000) : ORDER_ITEMS_PAGE_SIZE;
}
