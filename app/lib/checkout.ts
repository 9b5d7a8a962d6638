/**
 * Pure checkout helpers shared by the checkout routes (server) and their components (browser): the steps, the
 * shipments as the page shows them (spec §4 delivery-group normalisation, "Shipment {0}" labels), moving items
 * between shipments, delivery methods, the inventory reservation's countdown, the guest user context, and the
 * shopper's words for what went wrong.
 *
 * Money stays the API's strings: nothing here adds up a total (totals always come from the checkout summary).
 */
import { cartItemTerm } from "./subscriptions";
import { normalizeDeliveryGroups } from "../../server/webstore/api/delivery-groups";
import { formatCurrency, formatTime, parseMoney } from "./formats";
import { taxLabel } from "./money";
import { cardFieldOfMessage, cardInputField, type CardField } from "./card-fields";

export { taxLabel };
import { firstError, formatMessage, quantity } from "./validation";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined);
const money = (v: unknown): string | null =>
  typeof v === "string" && v !== "" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : null;

// ---------------------------------------------------------------------------------------------
// Steps

export const CHECKOUT_STEPS = [
  { id: "shipping", label: "Shipping", path: "/checkout/shipping" },
  { id: "delivery", label: "Delivery", path: "/checkout/delivery" },
  { id: "payment", label: "Payment", path: "/checkout/payment" },
  { id: "review", label: "Review", path: "/checkout/review" },
] as const;

export type CheckoutStepId = (typeof CHECKOUT_STEPS)[number]["id"];

export function stepPath(step: CheckoutStepId): string {
  return CHECKOUT_STEPS.find((s) => s.id === step)!.path;
}

export const CHECKOUT_START_PATH = "/checkout";

export function confirmationPath(orderNumber: string): string {
  return `/checkout/confirmation/${encodeURIComponent(orderNumber)}`;
}

/** Where the order pages (built elsewhere) show a placed order. */
export function orderSummaryPath(orderNumber: string): string {
  return `/OrderSummary/${encodeURIComponent(orderNumber)}`;
}

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
export function addressFromApi(raw: unknown): CheckoutAddress | null {
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
export function savedAddressesFrom(collection: unknown): SavedAddress[] {
  const items = isObject(collection) && Array.isArray(collection.items) ? collection.items : [];
  return items
    .filter(isObject)
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
export function transitTimeText(min: unknown, max: unknown): string | null {
  const low = typeof min === "number" && min >= 0 ? min : null;
  const high = typeof max === "number" && max >= 0 ? max : null;
  if (low === null && high === null) return null;
  const a = low ?? high!;
  const b = high ?? low!;
  if (a === b) return `${a} ${a === 1 ? "day" : "days"}`;
  return `${Math.min(a, b)}–${Math.max(a, b)} days`;
}

export function deliveryMethodView(raw: unknown, currency = "USD"): DeliveryMethodView | null {
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
}

/** The lines of a cart-items answer (Product items only). */
export function checkoutLinesFrom(collection: unknown): CheckoutLine[] {
  const entries = isObject(collection) && Array.isArray(collection.cartItems) ? collection.cartItems : [];
  const lines: CheckoutLine[] = [];
  for (const entry of entries) {
    const item = isObject(entry) && isObject(entry.cartItem) ? entry.cartItem : entry;
    if (!isObject(item) || !text(item.cartItemId)) continue;
    if (item.type && item.type !== "Product") continue;
    const details = isObject(item.productDetails) ? item.productDetails : {};
    const summary = isObject(item.messagesSummary) ? item.messagesSummary : {};
    const messages =
      summary.hasErrors === true && Array.isArray(summary.limitedMessages) ? summary.limitedMessages : [];
    const quantity = Number(item.quantity);
    lines.push({
      id: item.cartItemId as string,
      productId: String(item.productId ?? details.productId ?? ""),
      name: text(details.name) ?? text(item.name) ?? String(item.productId ?? item.cartItemId),
      quantity: Number.isFinite(quantity) && quantity > 0 ? quantity : 0,
      totalPrice: money(item.totalPrice),
      groupId: text(item.cartDeliveryGroupId) ?? null,
      errors: messages.map((m) => (isObject(m) ? text(m.message) : text(m))).filter((m): m is string => !!m),
      term: cartItemTerm(item),
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
  items: CheckoutLine[];
}

export interface Shipments {
  /** Groups with items (spec §4: empty groups are dropped; the first is the default when none is). */
  shipments: Shipment[];
  /** Groups the shopper added and has not filled yet: offered as targets to move items to. */
  emptyShipments: { id: string; label: string }[];
}

/**
 * The checkout's delivery groups as the page shows them. Item counts come from the cart's lines when they are
 * known (a group's `totalCartItemCount` otherwise); normalisation is the client's (spec §4).
 */
export function shipmentsFrom(groups: readonly unknown[], lines: readonly CheckoutLine[], currency = "USD"): Shipments {
  const raw = groups.filter(isObject).filter((g) => text(g.id));
  const linesOf = (id: string) => lines.filter((line) => line.groupId === id);
  const counted = raw.map((g) => ({
    group: g,
    isDefault: g.isDefault === true,
    totalCartItemCount: lines.length > 0 ? linesOf(g.id as string).length : Number(g.totalCartItemCount ?? 0),
  }));
  const kept = normalizeDeliveryGroups(counted);
  const shipments = kept.map(({ group, isDefault }, index): Shipment => {
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
    };
  });
  const keptIds = new Set(shipments.map((s) => s.id));
  const emptyShipments = counted
    .filter((c) => !keptIds.has(c.group.id as string))
    .map((c, index) => ({ id: c.group.id as string, label: shipmentLabel(shipments.length + index + 1) }));
  return { shipments, emptyShipments };
}

/** The name of a shipment the shopper adds: 'Shipment {0}' with its position after the existing ones. */
export function nextShipmentName(existing: Shipments): string {
  return shipmentLabel(existing.shipments.length + existing.emptyShipments.length + 1);
}

const quantitySchema = quantity();

/** Moving items between shipments: the form fields of one line's "Move" form. */
export const MOVE_FIELDS = { lineId: "lineId", target: "targetGroupId", quantity: "quantity" } as const;

export interface Arrangement {
  cartItemId: string;
  deliveryGroupId: string;
  quantity: number;
}

export type ArrangementResult =
  | { ok: true; arrangement: Arrangement; itemName: string; targetLabel: string }
  | { ok: false; lineId: string | null; error: string };

type FormLike = { get(name: string): FormDataEntryValue | null };

/**
 * The arrange-items input a line's "Move" form describes: a line of one shipment, another shipment as the target,
 * and a whole quantity from 1 to what the line holds. Errors are the kit's field messages.
 */
export function arrangementFromForm(formData: FormLike, shipments: Shipments): ArrangementResult {
  const read = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const lineId = read(MOVE_FIELDS.lineId);
  const line = shipments.shipments.flatMap((s) => s.items).find((l) => l.id === lineId);
  if (!line) return { ok: false, lineId: lineId || null, error: "That item is no longer in your cart." };
  const targets = [...shipments.shipments, ...shipments.emptyShipments].filter((s) => s.id !== line.groupId);
  const target = targets.find((s) => s.id === read(MOVE_FIELDS.target));
  if (!target) return { ok: false, lineId, error: "Choose the shipment to move the item to." };
  const parsed = quantitySchema.safeParse(read(MOVE_FIELDS.quantity));
  if (!parsed.success) {
    return {
      ok: false,
      lineId,
      error: firstError(parsed.error.issues.map((i) => i.message)) ?? "Enter a valid value.",
    };
  }
  if (parsed.data > line.quantity) return { ok: false, lineId, error: "The number is too high." };
  return {
    ok: true,
    arrangement: { cartItemId: line.id, deliveryGroupId: target.id, quantity: parsed.data },
    itemName: line.name,
    targetLabel: target.label,
  };
}

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

export const GIFT_WRAP_NOTE = "Gift wrap requested.";

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

// ---------------------------------------------------------------------------------------------
// Totals (always the API's)

export interface CheckoutTotals {
  currency: string;
  items: string | null;
  discounts: string | null;
  shipping: string | null;
  tax: string | null;
  /** taxType Gross: prices already include the tax, which the total does not add again. */
  taxIncluded: boolean;
  total: string | null;
  itemCount: number;
}

/** The totals' tax line: "Tax included" where prices are gross (the cart summary's taxType), else "Tax". */

export function checkoutTotals(cartSummary: unknown): CheckoutTotals {
  const s = isObject(cartSummary) ? cartSummary : {};
  const count = Number(s.totalProductCount);
  return {
    currency: text(s.currencyIsoCode) ?? "USD",
    items: money(s.totalProductAmount),
    discounts: money(s.totalPromotionalAdjustmentAmount),
    shipping: money(s.totalChargeAmount),
    tax: money(s.totalTaxAmount),
    taxIncluded: s.taxType === "Gross",
    total: money(s.grandTotalAmount),
    itemCount: Number.isFinite(count) && count > 0 ? count : 0,
  };
}

/** A discount line is worth showing only when it takes something off. */
export function isDiscount(amount: string | null): boolean {
  const value = parseMoney(amount);
  return value !== null && value !== 0;
}

// ---------------------------------------------------------------------------------------------
// Dates and the inventory reservation

/** The earliest desired delivery date a shopper may pick: tomorrow (the calendar day after `now`, UTC). */
export function tomorrowIso(now: Date | number): string {
  const date = new Date(typeof now === "number" ? now : now.getTime());
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function reservationRemainingMs(expiresAt: string | null | undefined, now: number): number {
  const end = expiresAt ? Date.parse(expiresAt) : NaN;
  if (Number.isNaN(end)) return 0;
  return Math.max(0, end - now);
}

/** "14:05" (minutes:seconds), "1:02:03" past an hour; rounded up so 0:00 means over. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

export const RESERVED_UNTIL = "Items reserved until {0}";
export const RESERVATION_EXPIRED = "Your items are no longer reserved. Place your order soon: they may sell out.";

/** "Items reserved until 3:05 PM" (spec time format h:mm a) in `timeZone` (UTC unless the browser's is known). */
export function reservedUntilText(expiresAt: string, timeZone?: string): string {
  const time = formatTime(expiresAt, timeZone ? { timeZone } : {});
  return formatMessage(RESERVED_UNTIL, timeZone ? time : `${time} UTC`);
}

// ---------------------------------------------------------------------------------------------
// Guest user context (spec §3): only non-blank strings are kept.

export interface GuestContact {
  lastName?: string;
  email?: string;
  phoneNumber?: string;
}

export function guestUserContextFrom(input: Record<string, unknown>): GuestContact {
  const out: GuestContact = {};
  for (const key of ["lastName", "email", "phoneNumber"] as const) {
    const value = input[key];
    if (typeof value === "string" && value.trim() !== "") out[key] = value.trim();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// What went wrong, in the shopper's words

export const CHECKOUT_MESSAGES = {
  cartChanged: "Your cart changed. Review it and try again.",
  inProgress: "We're still saving your last change. Try again in a moment.",
  expired: "Your checkout expired, so we started it again. Check your details before you continue.",
  missing: "Your checkout isn't available anymore. Start again from your cart.",
  emptyCart: "Your cart is empty.",
  signIn: "Sign in to check out.",
  inventoryOne: "{0} is no longer available in the quantity you asked for.",
  inventoryMany: "{0} are no longer available in the quantities you asked for.",
  inventoryGeneric: "Some items are no longer available in the quantities you asked for.",
  declined: "Your card was declined. Use another card or payment method.",
  paymentSystemError: "We couldn't process your payment. Try again.",
  cardInvalid: "Check your card number.",
  purchaseOrderInvalid: "Check your purchase order number.",
  unavailable: "We couldn't update your checkout. Try again.",
  placeFailed: "We couldn't place your order. Try again.",
} as const;

/** One problem the API reported: Connect `{errorCode, message}` or checkout `{type, title, detail, instance}`. */
export interface CheckoutProblem {
  code: string;
  title: string | null;
  detail: string | null;
  instance: string | null;
}

/**
 * Every problem in an answer or error body, whatever its shape: a Connect error array, a checkout's `errors`,
 * or the `actions[].errors` of place-order v2.
 */
export function problemsFrom(body: unknown): CheckoutProblem[] {
  if (Array.isArray(body)) return body.flatMap((entry) => problemsFrom(entry));
  if (!isObject(body)) return [];
  if (Array.isArray(body.actions))
    return body.actions.flatMap((a) => (isObject(a) ? problemsFrom(a.errors ?? []) : []));
  if (Array.isArray(body.errors)) return problemsFrom(body.errors);
  const code = text(body.errorCode) ?? text(body.type);
  if (!code) return [];
  return [
    {
      code,
      title: text(body.title) ?? null,
      detail: text(body.detail) ?? text(body.message) ?? null,
      instance: text(body.instance) ?? null,
    },
  ];
}

const INSUFFICIENT_INVENTORY = "INSUFFICIENT_INVENTORY";

/** Spec §8: the checkout error of the inventory integration. */
export function isInventoryProblem(problem: CheckoutProblem): boolean {
  return (
    problem.code === INSUFFICIENT_INVENTORY ||
    problem.title === INSUFFICIENT_INVENTORY ||
    /inventory-failure$/.test(problem.code)
  );
}

/** "Moka Pot is no longer available in the quantity you asked for." naming each product once. */
export function inventoryMessage(names: readonly string[]): string {
  const unique = [...new Set(names.filter(Boolean))];
  if (unique.length === 0) return CHECKOUT_MESSAGES.inventoryGeneric;
  if (unique.length === 1) return formatMessage(CHECKOUT_MESSAGES.inventoryOne, unique[0]);
  const list = `${unique.slice(0, -1).join(", ")} and ${unique[unique.length - 1]}`;
  return formatMessage(CHECKOUT_MESSAGES.inventoryMany, list);
}

/** The products an inventory problem is about: the line it names, else the lines the cart flags, else none. */
export function inventoryNames(problems: readonly CheckoutProblem[], lines: readonly CheckoutLine[]): string[] {
  const named = problems
    .filter(isInventoryProblem)
    .map((p) => lines.find((line) => line.id === p.instance || line.productId === p.instance)?.name)
    .filter((name): name is string => !!name);
  if (named.length > 0) return named;
  return lines.filter((line) => line.errors.length > 0).map((line) => line.name);
}

export type FailureKind =
  "inventory" | "conflict" | "inProgress" | "expired" | "missing" | "signIn" | "invalid" | "unavailable";

export interface CheckoutFailure {
  kind: FailureKind;
  message: string;
  /** Offer a link back to the cart (the shopper fixes it there). */
  cartLink: boolean;
}

/**
 * What a failed checkout call means for the shopper. Inventory first (it may come as 409, 412 or 422), then by
 * status: 409 the cart changed (never retried), 410 the checkout expired, 404 it is gone, 401 a guest who may not
 * check out, 400/412/422 the API's own words (still usable: the shopper can fix it).
 */
export function describeCheckoutFailure(
  input: { status?: number; code?: string; message?: string; problems?: readonly CheckoutProblem[] },
  lines: readonly CheckoutLine[] = [],
): CheckoutFailure {
  const problems = input.problems ?? [];
  if (input.code === INSUFFICIENT_INVENTORY || problems.some(isInventoryProblem)) {
    return { kind: "inventory", message: inventoryMessage(inventoryNames(problems, lines)), cartLink: true };
  }
  switch (input.status) {
    case 409:
      return input.code === "CHECKOUT_IN_PROGRESS"
        ? { kind: "inProgress", message: CHECKOUT_MESSAGES.inProgress, cartLink: false }
        : { kind: "conflict", message: CHECKOUT_MESSAGES.cartChanged, cartLink: true };
    case 410:
      return { kind: "expired", message: CHECKOUT_MESSAGES.expired, cartLink: false };
    case 404:
      return { kind: "missing", message: CHECKOUT_MESSAGES.missing, cartLink: true };
    case 401:
      return { kind: "signIn", message: CHECKOUT_MESSAGES.signIn, cartLink: false };
    case 400:
    case 412:
    case 422: {
      const words = problems
        .map((p) => (p.title && p.detail && p.title !== p.code ? `${p.title} ${p.detail}` : (p.detail ?? p.title)))
        .filter(Boolean);
      const message = words[0] ?? input.message ?? CHECKOUT_MESSAGES.unavailable;
      return { kind: "invalid", message, cartLink: false };
    }
    default:
      return { kind: "unavailable", message: CHECKOUT_MESSAGES.unavailable, cartLink: false };
  }
}

/** Messages for the problems a ready checkout reports (GET 422): inventory named, the rest in the API's words. */
export function problemMessages(problems: readonly CheckoutProblem[], lines: readonly CheckoutLine[]): string[] {
  const messages: string[] = [];
  if (problems.some(isInventoryProblem)) messages.push(inventoryMessage(inventoryNames(problems, lines)));
  for (const p of problems.filter((x) => !isInventoryProblem(x))) {
    const message = p.title && p.detail ? `${p.title} ${p.detail}` : (p.detail ?? p.title);
    if (message && !messages.includes(message)) messages.push(message);
  }
  return messages;
}

// ---------------------------------------------------------------------------------------------
// Payment

/** The order reference number of a place-order answer: v2's first action result, else v1's field (spec §3). */
export function orderNumberFrom(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const body = answer as { actions?: unknown; orderReferenceNumber?: unknown };
  if (Array.isArray(body.actions)) {
    const first = body.actions.find(
      (a) => typeof a === "object" && a !== null && typeof (a as Json).orderReferenceNumber === "string",
    );
    return first ? ((first as Json).orderReferenceNumber as string) : null;
  }
  return typeof body.orderReferenceNumber === "string" && body.orderReferenceNumber ? body.orderReferenceNumber : null;
}

export type PaymentMethod = "card" | "purchaseOrder";

export type PaymentOutcome =
  | { ok: true }
  | { ok: false; formError: string; field?: undefined }
  | { ok: false; field: CardField | "purchaseOrderNumber"; fieldError: string; formError?: undefined };

/** The shopper's reading of a payment answer (`salesforceResultCode` Success | Decline | SystemError | ValidationError). */
export function paymentOutcome(answer: unknown, method: PaymentMethod): PaymentOutcome {
  const body = isObject(answer) ? answer : {};
  const code = text(body.salesforceResultCode) ?? "SystemError";
  if (code === "Success") return { ok: true };
  if (code === "Decline") return { ok: false, formError: CHECKOUT_MESSAGES.declined };
  if (code === "ValidationError") {
    const detail = problemsFrom(body.errors ?? [])[0]?.detail;
    if (method === "purchaseOrder")
      return { ok: false, field: "purchaseOrderNumber", fieldError: detail ?? CHECKOUT_MESSAGES.purchaseOrderInvalid };
    // The gateway's words say which card detail it refused: an expired card is about its expiry date, not its number.
    return detail
      ? { ok: false, field: cardFieldOfMessage(detail), fieldError: detail }
      : { ok: false, field: "cardNumber", fieldError: CHECKOUT_MESSAGES.cardInvalid };
  }
  return { ok: false, formError: CHECKOUT_MESSAGES.paymentSystemError };
}

export { cardFieldOfMessage, type CardField } from "./card-fields";

/** A refusal as the client reports it: the error's words and the input fields it names. */
export interface CardRefusal {
  message: string;
  invalidParameters?: readonly { name: string }[];
}

/**
 * The payment gateway's refusal of a card (payments/token answering 422), as errors on the form's fields: each
 * error goes on the fields its invalidParameters name, else on the field its words are about.
 */
export function cardFieldErrors(refusals: readonly CardRefusal[]): Partial<Record<CardField, string[]>> {
  const errors: Partial<Record<CardField, string[]>> = {};
  for (const refusal of refusals) {
    const message = refusal.message || CHECKOUT_MESSAGES.cardInvalid;
    const named = (refusal.invalidParameters ?? [])
      .map((p) => cardInputField(p.name))
      .filter((f): f is CardField => f !== undefined);
    for (const field of named.length > 0 ? named : [cardFieldOfMessage(message)]) {
      const list = (errors[field] ??= []);
      if (!list.includes(message)) list.push(message);
    }
  }
  return errors;
}

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

export function expiryYears(now: Date | number, count = 15): string[] {
  const year = new Date(typeof now === "number" ? now : now.getTime()).getUTCFullYear();
  return Array.from({ length: count }, (_, i) => String(year + i));
}
