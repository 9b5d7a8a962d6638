/**
 * The address book (spec §3 Address, §7 "Addresses"): a buyer's saved addresses as the pages show them, and the
 * form that adds or edits one. The form is the checkout's address form (lib/address/address: the same fields, labels
 * and schema) plus what only a saved address has: its name, its type (Shipping or Billing) and whether it is the
 * account's default of that type. Its schema is in address-book-schema.ts.
 *
 * Pure: runs on the server (authoritative) and in the browser (instant feedback).
 */
import type { Address } from "~/lib/address/address-schema";
import { addressFormValues, addressFromApi, addressLines } from "~/checkout/model/index";
import { isObject, text, type Json } from "~/lib/json";

// The book's URLs live with the other page paths, so the header can link to it without pulling zod into every page.
export { ADDRESS_BOOK_PATH, NEW_ADDRESS_PATH, addressPath } from "~/lib/paths";

/** Addresses a page of the book shows (the API's pageToken paging). */
export const ADDRESS_BOOK_PAGE_SIZE = 10;

export const ADDRESS_TYPES = ["Shipping", "Billing"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The platform's limit for an address's name. */
export const ADDRESS_NAME_MAX = 255;

/** The effective account of "no account" in session-context (fifteen zeros). */
const NO_ACCOUNT = /^0{15}(0{3})?$/;

/**
 * The account whose addresses the book shows: the account the buyer acts for (a B2B buyer's managed account), or
 * `current` (the API's own choice of it) when the session names none.
 */
export function addressBookAccount(effectiveAccountId: string | null | undefined): string {
  const id = (effectiveAccountId ?? "").trim();
  return id === "" || NO_ACCOUNT.test(id) ? "current" : id;
}

// The form's schema (createAddressBookSchema) and its values (AddressBookValues) are in address-book-schema.ts, which
// builds on this file: pages load zod only when it is used. The API's input for those values is made on the server
// (server/address-pages.server.ts addressBookInput).

/** The name an address gets when the shopper gives none: the person's ("Alex Buyer"). */
export function addressName(values: { name?: string; address: Pick<Address, "firstName" | "lastName"> }): string {
  return values.name || `${values.address.firstName} ${values.address.lastName}`.trim();
}

/** The book's list forms (Delete, Make default): POSTs to the book with an `intent`. */
export const ADDRESS_INTENTS = { remove: "deleteAddress", makeDefault: "makeDefaultAddress" } as const;

/** A saved address as the book lists it. */
export interface AddressBookEntry {
  id: string;
  name: string;
  type: AddressType;
  isDefault: boolean;
  lines: string[];
  country: string | null;
}

/** A saved address (Address of the addresses resource, or the JSON of one): null when it has no id. */
export function addressBookEntry(raw: Json): AddressBookEntry | null {
  const address = addressFromApi(raw);
  const id = text(raw.addressId) ?? text(raw.id);
  if (!id) return null;
  const lines = address ? addressLines(address) : [];
  return {
    id,
    name: text(raw.name) ?? lines[0] ?? id,
    type: raw.addressType === "Billing" ? "Billing" : "Shipping",
    isDefault: raw.isDefault === true,
    lines,
    country: address?.country ?? null,
  };
}

/** A page of the book: its addresses and the API's page tokens. */
export interface AddressBookPage {
  entries: AddressBookEntry[];
  count: number;
  nextPageToken: string | null;
  previousPageToken: string | null;
}

export function addressBookPage(collection: Json | null): AddressBookPage {
  const c = isObject(collection) ? collection : {};
  const entries = (Array.isArray(c.items) ? c.items : [])
    .filter(isObject)
    .map(addressBookEntry)
    .filter((e): e is AddressBookEntry => e !== null);
  return {
    entries,
    count: typeof c.count === "number" && c.count >= entries.length ? c.count : entries.length,
    nextPageToken: text(c.nextPageToken) ?? null,
    previousPageToken: text(c.previousPageToken) ?? null,
  };
}

/** The form's starting values for a saved address (Conform's defaultValue). */
export function addressBookFormValues(raw: Json) {
  const entry = addressBookEntry(raw);
  return {
    name: entry?.name ?? "",
    addressType: entry?.type ?? "Shipping",
    isDefault: entry?.isDefault ? "on" : undefined,
    address: addressFormValues(addressFromApi(raw)),
  };
}

/** "Default shipping address" / "Billing address": what the book calls an address of a type. */
export function addressTypeLabel(type: AddressType, isDefault = false): string {
  return isDefault ? `Default ${type.toLowerCase()} address` : `${type} address`;
}

/**
 * The countries the form offers: the store's shipping countries, plus the address's own when it is elsewhere (an
 * address saved before the store changed where it ships stays editable without a forced move).
 */
export function addressBookCountries(
  shippingCountries: readonly unknown[] | null | undefined,
  own?: string | null,
): string[] {
  const codes = (shippingCountries ?? [])
    .filter((c): c is string => typeof c === "string" && c.trim() !== "")
    .map((c) => c.trim().toUpperCase());
  const base = codes.length > 0 ? codes : ["US"];
  const mine = own?.trim().toUpperCase();
  return mine && !base.includes(mine) ? [...base, mine] : base;
}
