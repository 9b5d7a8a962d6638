/**
 * The shipments as the page shows them (spec §4 delivery-group normalisation, "Shipment {0}" labels), addresses,
 * delivery methods, moving items between shipments, and the gift-wrap note.
 */
import { GIFT_WRAP_NOTE } from "./gift-wrap";
import { lineAttributes, type LineAttribute } from "~/catalog/model/variations";
import { normalizeDeliveryGroups } from "../../../server/webstore/api/delivery-groups";
import type { AddressCollection, CartItem } from "../../../server/webstore/index";
import { formatCurrency, parseMoney } from "~/lib/format/formats";
import { cartItemTerm } from "~/cart/model/subscriptions";
import { formatMessage } from "~/lib/validation/validity";
import { isObject, money, text, type JsonField } from "./read";

// ---------------------------------------------------------------------------------------------
// Shipments (delivery groups)

/** Spec §2: split-shipment groups are labelled Shipment {0}. */
export const SHIPMENT_LABEL = "Shipment {0}";

/** "Shipment 2" for the shipment at 1-based `position`. */
export function shipmentLabel(position: number): string {
  return formatMessage(SHIPMENT_LABEL, Math.max(1, Math.floor(position)));
}

/** The value of the address choice that means "the address typed below" rather than a saved one. */
export const NEW_ADDRESS = "new";

export interface CheckoutAddress {
  id: string | null;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  street: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  phoneNumber: string | null;
}

/** The fields an address has under the same names in the kit's AddressForm, the API's addresses and its inputs. */
const POSTAL_KEYS = [
  "firstName",
  "lastName",
  "companyName",
  "street",
  "city",
  "region",
  "postalCode",
  "country",
] as const;
type PostalKey = (typeof POSTAL_KEYS)[number];

const ADDRESS_KEYS = ["name", ...POSTAL_KEYS] as const;

/**
 * An address's postal fields (names through country, in the API's order), for copying an address from one of
 * those shapes to another; the full name and the phone are named differently on each side and stay with the caller.
 */
export function postalFields<A extends { [K in PostalKey]?: unknown }>(address: A): Pick<A, PostalKey & keyof A> {
  return Object.fromEntries(POSTAL_KEYS.map((key) => [key, address[key]])) as Pick<A, PostalKey & keyof A>;
}

/** A delivery address or saved address as the API answers it (`shipToPhoneNumber` or `phoneNumber`). */
export function addressFromApi(raw: JsonField): CheckoutAddress | null {
  if (!isObject(raw)) return null;
  const value = (key: string) => text(raw[key]) ?? null;
  const address: CheckoutAddress = {
    id: value("id") ?? value("addressId"),
    name: value("name"),
    firstName: value("firstName"),
    lastName: value("lastName"),
    companyName: value("companyName"),
    street: value("street"),
    city: value("city"),
    region: value("region"),
    postalCode: value("postalCode"),
    country: value("country"),
    phoneNumber: value("shipToPhoneNumber") ?? value("phoneNumber"),
  };
  return address.street || address.city || address.country ? address : null;
}

/** The lines of an address as a label shows them: name, company, street, "City, Region Postal", country. */
export function addressLines(address: CheckoutAddress | null | undefined): string[] {
  if (!address) return [];
  const person = [address.firstName, address.lastName].filter(Boolean).join(" ") || address.name;
  const place = [address.city, [address.region, address.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [person, address.companyName, address.street, place, address.country].filter((line): line is string => !!line);
}

/** True when two addresses name the same place (same saved id, or the same typed fields). */
export function sameAddress(a: CheckoutAddress | null | undefined, b: CheckoutAddress | null | undefined): boolean {
  if (!a || !b) return false;
  if (a.id && b.id) return a.id === b.id;
  const norm = (v: string | null) => (v ?? "").trim().toLowerCase();
  return [...ADDRESS_KEYS, "phoneNumber" as const].every((key) => key === "name" || norm(a[key]) === norm(b[key]));
}

/** A saved address as a choice: its name ("Home"), its lines, and the address itself. */
export interface SavedAddress {
  id: string;
  label: string;
  lines: string[];
  isDefault: boolean;
  address: CheckoutAddress;
}

/** The account's saved addresses (GET accounts/current/addresses, default first) as choices. */
export function savedAddressesFrom(collection: Pick<AddressCollection, "items">): SavedAddress[] {
  return collection.items
    .map((raw) => {
      const address = addressFromApi(raw);
      if (!address?.id) return null;
      const lines = addressLines(address);
      return {
        id: address.id,
        label: text(raw.name) ?? lines[0] ?? address.id,
        lines,
        isDefault: raw.isDefault === true,
        address,
      };
    })
    .filter((a): a is SavedAddress => a !== null);
}

/**
 * Which address choice a shipment starts with: the saved address it ships to (by id, or the same fields), the
 * typed one it has ("new"), else the account's default (listed first), else a new address.
 */
export function defaultAddressChoice(current: CheckoutAddress | null, saved: readonly SavedAddress[]): string {
  if (current) {
    const match = saved.find((a) =>
      current.id ? a.id === current.id : sameAddress({ ...a.address, id: null }, current),
    );
    return match?.id ?? NEW_ADDRESS;
  }
  return saved[0]?.id ?? NEW_ADDRESS;
}

/** The kit AddressForm's values for an address the checkout already has ("" fields left out). */
export function addressFormValues(address: CheckoutAddress | null): Record<string, string> {
  if (!address) return {};
  const values: Record<string, string | null> = { ...postalFields(address), shipToPhoneNumber: address.phoneNumber };
  return Object.fromEntries(
    Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
  );
}

export interface DeliveryMethodView {
  id: string;
  name: string;
  carrier: string | null;
  /** The fee the shopper pays (adjusted fee when there is one), the API's money string. */
  fee: string | null;
  currency: string;
  /** "3–5 days in transit". */
  transit: string | null;
}

/** "1 day" / "3–5 days" from the method's transit times; null when the API gives none. */
export function transitTimeText(min: JsonField, max: JsonField): string | null {
  const low = typeof min === "number" && min >= 0 ? min : null;
  const high = typeof max === "number" && max >= 0 ? max : null;
  if (low === null && high === null) return null;
  const a = low ?? high!;
  const b = high ?? low!;
  if (a === b) return `${a} ${a === 1 ? "day" : "days"}`;
  return `${Math.min(a, b)}–${Math.max(a, b)} days`;
}

export function deliveryMethodView(raw: JsonField, currency = "USD"): DeliveryMethodView | null {
  if (!isObject(raw) || !text(raw.id)) return null;
  const transit = transitTimeText(raw.transitTimeMin, raw.transitTimeMax);
  return {
    id: raw.id as string,
    name: text(raw.name) ?? (raw.id as string),
    carrier: text(raw.carrier) ?? null,
    fee: money(raw.adjustedShippingFee) ?? money(raw.shippingFee),
    currency: text(raw.currencyIsoCode) ?? currency,
    transit: transit ? `${transit} in transit` : null,
  };
}

/** 'Free' for a zero fee, else the formatted fee; "" when the API gave no fee. */
export function shippingFeeText(fee: string | null, currency = "USD", locale?: string): string {
  const value = parseMoney(fee);
  if (value === null) return "";
  return value === 0 ? "Free" : formatCurrency(value, currency, locale);
}

/** A cart item as the checkout shows it, with the shipment (delivery group) it belongs to. */
export interface CheckoutLine {
  id: string;
  productId: string;
  name: string;
  quantity: number;
  totalPrice: string | null;
  groupId: string | null;
  /** The API's product errors on the line (e.g. stock dropped below the quantity). */
  errors: string[];
  /** The subscription term bought ("12-month plan, billed monthly"); null or absent for a product sold without selling models. */
  term?: string | null;
  /** A variation's attribute values ("Color: Denim"); empty or absent for any other product. */
  attributes?: LineAttribute[];
}

/** The fields of a Cart Item Collection the lines are read from. */
export interface CartItemsInput {
  cartItems: readonly {
    cartItem: Pick<CartItem, "cartItemId" | "productId" | "quantity" | "type"> &
      Partial<
        Pick<
          CartItem,
          | "name"
          | "totalPrice"
          | "cartDeliveryGroupId"
          | "productSellingModelId"
          | "sellingModelType"
          | "billingFrequency"
          | "subscriptionTerm"
          | "messagesSummary"
        >
      > & { productDetails?: { name?: string | null; variationAttributes?: JsonField } | null };
  }[];
}

export function checkoutLinesFrom(collection: CartItemsInput): CheckoutLine[] {
  const lines: CheckoutLine[] = [];
  for (const { cartItem: item } of collection.cartItems) {
    if (!item.cartItemId?.trim() || (item.type && item.type !== "Product")) continue;
    const summary = item.messagesSummary;
    const messages = summary?.hasErrors === true ? (summary.limitedMessages ?? []) : [];
    const quantity = Number(item.quantity);
    lines.push({
      id: item.cartItemId,
      productId: item.productId,
      name: text(item.productDetails?.name) ?? text(item.name) ?? item.productId,
      quantity: Number.isFinite(quantity) && quantity > 0 ? quantity : 0,
      totalPrice: item.totalPrice || null,
      groupId: text(item.cartDeliveryGroupId) ?? null,
      errors: messages.map((m) => text(m.message)).filter((m): m is string => !!m),
      term: cartItemTerm(item),
      attributes: lineAttributes(item.productDetails?.variationAttributes),
    });
  }
  return lines;
}

export interface Shipment {
  id: string;
  /** "Shipment 1", by position among the shipments shown. */
  label: string;
  isDefault: boolean;
  address: CheckoutAddress | null;
  methods: DeliveryMethodView[];
  selectedMethodId: string | null;
  desiredDeliveryDate: string | null;
  shippingInstructions: string | null;
  giftWrap: boolean;
  isGift: boolean;
  giftMessage: string | null;
  /** Who the gift is for (the delivery group's giftToName). */
  giftToName: string | null;
  /** The shipment's lines among those the page shows (a long cart's checkout shows a page of its lines). */
  items: CheckoutLine[];
  /** All the shipment's lines, shown or not: the API's count when the page shows only some of the cart's lines. */
  itemCount: number;
}

export interface Shipments {
  /** Groups with items (spec §4: empty groups are dropped; the first is the default when none is). */
  shipments: Shipment[];
  /** Groups the shopper added and has not filled yet: offered as targets to move items to. */
  emptyShipments: { id: string; label: string }[];
}

/**
 * The checkout's delivery groups as the page shows them. Item counts come from the cart's lines when all of them are
 * known (a group's `totalCartItemCount` otherwise: no lines read, or only a page of a long cart's lines, `allLines`
 * false); normalisation is the client's (spec §4).
 */
export function shipmentsFrom(
  groups: readonly unknown[],
  lines: readonly CheckoutLine[],
  currency = "USD",
  allLines = true,
): Shipments {
  const raw = groups.filter(isObject).filter((g) => text(g.id));
  const linesOf = (id: string) => lines.filter((line) => line.groupId === id);
  const counted = raw.map((g) => ({
    group: g,
    isDefault: g.isDefault === true,
    totalCartItemCount:
      lines.length > 0 && allLines ? linesOf(g.id as string).length : Number(g.totalCartItemCount ?? 0),
  }));
  const kept = normalizeDeliveryGroups(counted);
  const shipments = kept.map(({ group, isDefault, totalCartItemCount }, index): Shipment => {
    const { instructions, giftWrap } = splitInstructions(text(group.shippingInstructions) ?? null);
    const methods = (Array.isArray(group.availableDeliveryMethods) ? group.availableDeliveryMethods : [])
      .map((m) => deliveryMethodView(m, currency))
      .filter((m): m is DeliveryMethodView => m !== null);
    const selected = isObject(group.selectedDeliveryMethod) ? text(group.selectedDeliveryMethod.id) : undefined;
    return {
      id: group.id as string,
      label: shipmentLabel(index + 1),
      isDefault,
      address: addressFromApi(group.deliveryAddress),
      methods,
      selectedMethodId: selected ?? null,
      desiredDeliveryDate: text(group.desiredDeliveryDate)?.slice(0, 10) ?? null,
      shippingInstructions: instructions,
      giftWrap,
      isGift: group.isGift === true,
      giftMessage: text(group.giftMessage) ?? null,
      giftToName: text(group.giftToName) ?? null,
      items: linesOf(group.id as string),
      itemCount: totalCartItemCount,
    };
  });
  const keptIds = new Set(shipments.map((s) => s.id));
  const emptyShipments = counted
    .filter((c) => !keptIds.has(c.group.id as string))
    .map((c, index) => ({ id: c.group.id as string, label: shipmentLabel(shipments.length + index + 1) }));
  return { shipments, emptyShipments };
}

/**
 * For a page of a long cart's lines: how many of the shipment's lines the page doesn't show ("and 105 more lines on
 * the order summary's other pages"), or null when it shows them all.
 */
export function moreItemsNote(shipment: Pick<Shipment, "items" | "itemCount">): string | null {
  const more = shipment.itemCount - shipment.items.length;
  if (more <= 0) return null;
  return `and ${more} more ${more === 1 ? "line" : "lines"} on the order summary's other pages`;
}

/** The name of a shipment the shopper adds: 'Shipment {0}' with its position after the existing ones. */
export function nextShipmentName(existing: Shipments): string {
  return shipmentLabel(existing.shipments.length + existing.emptyShipments.length + 1);
}

/** Moving items between shipments: the form fields of one line's "Move" form. */
export const MOVE_FIELDS = { lineId: "lineId", target: "targetGroupId", quantity: "quantity" } as const;

/** Steps still to do, in order: contact details (guests), an address per shipment, a method per shipment. */
export function firstIncompleteStep(input: {
  shipments: readonly Shipment[];
  needsContact: boolean;
  contact: { email: string | null; lastName: string | null };
}): "shipping" | "delivery" | "payment" {
  if (input.shipments.length === 0) return "shipping";
  if (input.needsContact && (!input.contact.email || !input.contact.lastName)) return "shipping";
  if (input.shipments.some((s) => !s.address)) return "shipping";
  if (input.shipments.some((s) => !s.selectedMethodId)) return "delivery";
  return "payment";
}

// ---------------------------------------------------------------------------------------------
// Gift wrap: the API has no field for it, so the wish travels in the shipment's instructions.

export { GIFT_WRAP_NOTE };

export function composeInstructions(instructions: string | null | undefined, giftWrap: boolean): string {
  const typed = (instructions ?? "").trim();
  return giftWrap ? [GIFT_WRAP_NOTE, typed].filter(Boolean).join(" ") : typed;
}

export function splitInstructions(stored: string | null | undefined): {
  instructions: string | null;
  giftWrap: boolean;
} {
  const value = (stored ?? "").trim();
  if (!value.startsWith(GIFT_WRAP_NOTE)) return { instructions: value || null, giftWrap: false };
  return { instructions: value.slice(GIFT_WRAP_NOTE.length).trim() || null, giftWrap: true };
}

/** The longest shipping instructions, gift message and gift recipient the delivery step takes. */
export const DELIVERY_TEXT_MAX = 255;

/** Which gift options the store offers (application context giftingConfig). */
export interface Gifting {
  gift: boolean;
  message: boolean;
  wrap: boolean;
}
