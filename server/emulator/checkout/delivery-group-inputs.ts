import { isIsoCountry } from "../accounts/addresses.js";
import type { CartRow } from "../carts/store.js";
import type { CartView } from "../carts/view.js";
import { ApiError, invalidInput } from "../core/errors.js";
import { recordId } from "../core/record-ids.js";
import { cheapestMethod, type DeliveryMethodRow } from "./shipping.js";
import type { Emu } from "../core/state.js";
import { lineNetCents } from "./delivery-group-rating.js";
import { type GroupAddress, type GroupRow, updateGroup, shippingStore } from "./store.js";
import { addressStore, type AddressRow } from "../accounts/store.js";

/**
 * What a delivery group is given: its address (typed in, or a saved address of the cart's account), desired date,
 * instructions and delivery method, each checked as the delivery group resources check them.
 */

const noAddress: GroupAddress = {
  address_id: null,
  address_name: null,
  address_first_name: null,
  address_last_name: null,
  address_company_name: null,
  address_street: null,
  address_city: null,
  address_region: null,
  address_postal_code: null,
  address_country: null,
  address_phone_number: null,
};

export function fromSavedAddress(a: AddressRow): GroupAddress {
  const fullName = [a.first_name, a.last_name].filter(Boolean).join(" ");
  return {
    address_id: a.id,
    address_name: fullName || a.name,
    address_first_name: a.first_name,
    address_last_name: a.last_name,
    address_company_name: a.company_name,
    address_street: a.street,
    address_city: a.city,
    address_region: a.region,
    address_postal_code: a.postal_code,
    address_country: a.country,
    address_phone_number: a.phone_number,
  };
}

/** A saved address the cart's account owns; guests have none. */
export function savedAddressForCart(emu: Emu, cart: CartRow, rawId: unknown, label: string): AddressRow {
  const id = recordId(rawId, "address", label);
  const row = cart.account_id ? addressStore(emu).inAccount(cart.account_id, id) : undefined;
  if (!row)
    throw new ApiError(400, "INVALID_ID_FIELD", `${label} doesn't name a saved address of the cart's account: ${id}`);
  if (!row.country) throw invalidInput(`The saved address ${id} has no country and can't be shipped to.`);
  return row;
}

function defaultSavedAddress(emu: Emu, cart: CartRow): AddressRow {
  const row = cart.account_id
    ? addressStore(emu)
        .list(cart.account_id)
        .find((a) => a.is_default === 1 && a.address_type === "Shipping")
    : undefined;
  if (!row) throw invalidInput("There is no default shipping address to use.");
  return row;
}

const ADDRESS_TEXT = {
  name: "address_name",
  firstName: "address_first_name",
  lastName: "address_last_name",
  companyName: "address_company_name",
  street: "address_street",
  city: "address_city",
  region: "address_region",
  postalCode: "address_postal_code",
  country: "address_country",
  shipToPhoneNumber: "address_phone_number",
} as const;

/**
 * A Checkout Address input → group columns: `{id}` of a saved address, `{shouldUseDefaultAddress:true}`, or the
 * fields themselves. The string "default" is what LWR sends for the latter. As "Checkout Address Input" documents
 * it (connect_requests_checkout_address_input.htm): `name`, `street` and `country` are required, `country` and
 * `region` are ISO codes (the org's State-Country picklist), `isDefault` is optional (default false; it says
 * nothing about the delivery and is not kept), `shipToPhoneNumber` from 63.0. Anything else is an unknown field.
 */
export function parseDeliveryAddress(emu: Emu, cart: CartRow, input: unknown, label = "deliveryAddress"): GroupAddress {
  if (input === "default") return fromSavedAddress(defaultSavedAddress(emu, cart));
  if (!input || typeof input !== "object" || Array.isArray(input))
    throw invalidInput(`${label} must be an address object.`);
  const a = input as Record<string, unknown>;
  for (const key of Object.keys(a)) {
    if (!(key in ADDRESS_TEXT) && key !== "id" && key !== "shouldUseDefaultAddress" && key !== "isDefault") {
      throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}" in ${label}.`);
    }
  }
  if (a.id !== undefined && a.id !== null && a.id !== "")
    return fromSavedAddress(savedAddressForCart(emu, cart, a.id, `${label}.id`));
  if (a.shouldUseDefaultAddress === true) return fromSavedAddress(defaultSavedAddress(emu, cart));
  if (a.isDefault !== undefined && a.isDefault !== null && typeof a.isDefault !== "boolean")
    throw invalidInput(`${label}.isDefault must be true or false.`);
  const out: GroupAddress = { ...noAddress };
  for (const [field, column] of Object.entries(ADDRESS_TEXT)) {
    const value = a[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") throw invalidInput(`${label}.${field} must be a string.`);
    if (value.length > 255) throw invalidInput(`${label}.${field} can't be longer than 255 characters.`);
    out[column] = value.trim() || null;
  }
  for (const [field, column] of [
    ["name", "address_name"],
    ["street", "address_street"],
    ["country", "address_country"],
  ] as const) {
    if (!out[column]) throw invalidInput(`${label}.${field} is required.`);
  }
  if (!isIsoCountry(out.address_country!))
    throw invalidInput(
      `${label}.country must be an ISO 3166 two-letter country code: ${JSON.stringify(out.address_country)}.`,
    );
  out.address_country = out.address_country!.toUpperCase();
  return out;
}

/** yyyy-MM-dd or an ISO date-time; stored as the calendar day's ISO date-time at midnight UTC. */
export function parseDesiredDate(value: unknown): string | null {
  if (value === null || value === "") return null;
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalidInput(
      `desiredDeliveryDate must be a date (yyyy-MM-dd) or an ISO 8601 date-time; got ${JSON.stringify(value)}.`,
    );
  }
  return `${value.slice(0, 10)}T00:00:00.000Z`;
}

export function optionalText(value: unknown, field: string, max = 255): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") throw invalidInput(`${field} must be a string.`);
  if (value.length > max) throw invalidInput(`${field} can't be longer than ${max} characters.`);
  return value.trim() || null;
}

const GROUP_FIELDS = new Set([
  "id",
  "name",
  "deliveryAddress",
  "deliveryMethodId",
  "desiredDeliveryDate",
  "shippingInstructions",
  "isGift",
  "giftMessage",
  "giftToName",
  "customFields",
]);

/**
 * A delivery group input → column changes. Setting an address re-rates the group: the method given in the same
 * input if it ships there (400 if not), else the cheapest method that does.
 */
export function parseGroupInput(emu: Emu, cart: CartRow, body: unknown, current: GroupRow | null): Partial<GroupRow> {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw invalidInput("The delivery group input must be a JSON object.");
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input))
    if (!GROUP_FIELDS.has(key)) throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}".`);
  const out: Partial<GroupRow> = {};
  if (input.name !== undefined) {
    const name = optionalText(input.name, "name");
    if (!name) throw invalidInput("name can't be blank.");
    out.name = name;
  }
  if (input.deliveryAddress !== undefined)
    Object.assign(
      out,
      input.deliveryAddress === null ? noAddress : parseDeliveryAddress(emu, cart, input.deliveryAddress),
    );
  if (input.desiredDeliveryDate !== undefined) out.desired_delivery_date = parseDesiredDate(input.desiredDeliveryDate);
  if (input.shippingInstructions !== undefined)
    out.shipping_instructions = optionalText(input.shippingInstructions, "shippingInstructions", 1000);
  if (input.isGift !== undefined) {
    if (typeof input.isGift !== "boolean") throw invalidInput("isGift must be true or false.");
    out.is_gift = input.isGift ? 1 : 0;
  }
  if (input.giftMessage !== undefined) out.gift_message = optionalText(input.giftMessage, "giftMessage", 1000);
  if (input.giftToName !== undefined) out.gift_to_name = optionalText(input.giftToName, "giftToName");
  const country = ("address_country" in out ? out.address_country : current?.address_country) ?? null;
  if (input.deliveryMethodId !== undefined && input.deliveryMethodId !== null) {
    out.delivery_method_id = methodForCountry(emu, input.deliveryMethodId, country).id;
  } else if ("address_country" in out) {
    out.delivery_method_id = null; // the cheapest is picked once the group's items are known (rerate)
  }
  return out;
}

/** The delivery method, which must exist (400) and ship to the country (400). */
export function methodForCountry(emu: Emu, rawId: unknown, country: string | null): DeliveryMethodRow {
  const id = recordId(rawId, "deliveryMethod", "deliveryMethodId");
  const store = shippingStore(emu);
  const method = store.method(id);
  if (!method) throw invalidInput(`Delivery method not found: ${id}`);
  if (!country) throw invalidInput("Set a delivery address before choosing a delivery method.");
  if (!store.methodsFor(country).some((m) => m.id === id))
    throw invalidInput(`The delivery method ${method.name} doesn't ship to ${country}.`);
  return method;
}

/** After an address change: the cheapest method that ships to the group's address for what the group holds. */
export function selectCheapestMethod(emu: Emu, view: CartView, group: GroupRow) {
  const methods = shippingStore(emu).methodsFor(group.address_country);
  const lines = view.lines.filter((l) => l.item.cart_delivery_group_id === group.id);
  const cheapest = cheapestMethod(
    methods,
    lines.reduce((a, l) => a + lineNetCents(l), 0),
  );
  updateGroup(emu, group.id, { delivery_method_id: cheapest?.id ?? null });
}
