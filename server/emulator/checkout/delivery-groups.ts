import { addressStore, isIsoCountry, type AddressRow } from "../accounts/addresses.js";
import { assertEditable, asyncKey, requireCart, touchCart, type CartRow } from "../carts/store.js";
import { cartItemJson, loadCartView, type CartItemRow, type CartLine, type CartView } from "../carts/view.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { json, noContent } from "../core/http.js";
import { money, parseQuantity } from "../core/money.js";
import { booleanParam, illegalQuery, intParam, pageFields, pageWindow } from "../core/paging.js";
import { recordId } from "../core/record-ids.js";
import type { RequestContext, Router } from "../core/router.js";
import {
  deliveryMethodJson,
  shippingFeeCents,
  shippingStore,
  taxCents,
  cheapestMethod,
  type DeliveryMethodRow,
  type TaxType,
} from "./shipping.js";
import type { Emu, EmulatorModule } from "../core/state.js";

/**
 * Cart delivery groups (split shipments): every cart has one default group, created the first time anything
 * looks at the cart's groups, and items without a group belong to it. Each group is rated here: the delivery
 * methods that ship to its address, the selected method's fee, and tax by destination — the numbers checkouts
 * add to the cart's totals.
 */

export const DEFAULT_GROUP_NAME = "Default Delivery";
const GROUP_SORTS = ["CreatedDateAsc", "CreatedDateDesc", "NameAsc", "NameDesc"] as const;

export interface GroupRow {
  id: string;
  cart_id: string;
  name: string;
  is_default: 0 | 1;
  address_id: string | null;
  address_name: string | null;
  address_first_name: string | null;
  address_last_name: string | null;
  address_company_name: string | null;
  address_street: string | null;
  address_city: string | null;
  address_region: string | null;
  address_postal_code: string | null;
  address_country: string | null;
  address_phone_number: string | null;
  desired_delivery_date: string | null;
  shipping_instructions: string | null;
  delivery_method_id: string | null;
  is_gift: 0 | 1;
  gift_message: string | null;
  gift_to_name: string | null;
  created_at: number;
  seq: number;
}

/** The address columns of a group; all null = no address yet. */
export type GroupAddress = Pick<
  GroupRow,
  | "address_id"
  | "address_name"
  | "address_first_name"
  | "address_last_name"
  | "address_company_name"
  | "address_street"
  | "address_city"
  | "address_region"
  | "address_postal_code"
  | "address_country"
  | "address_phone_number"
>;

// ---------------------------------------------------------------------------------------------------------
// Store

export function groupsOf(emu: Emu, cartId: string): GroupRow[] {
  return emu.db
    .prepare("SELECT * FROM cart_delivery_groups WHERE cart_id = ? ORDER BY is_default DESC, seq")
    .all(cartId) as GroupRow[];
}

function groupById(emu: Emu, cartId: string, id: string): GroupRow | undefined {
  return emu.db.prepare("SELECT * FROM cart_delivery_groups WHERE id = ? AND cart_id = ?").get(id, cartId) as
    GroupRow | undefined;
}

function insertGroup(emu: Emu, cartId: string, values: Partial<GroupRow> & { name: string }): GroupRow {
  const id = emu.ids("cartDeliveryGroup");
  const seq = (
    emu.db.prepare("SELECT coalesce(max(seq), 0) + 1 AS n FROM cart_delivery_groups WHERE cart_id = ?").get(cartId) as {
      n: number;
    }
  ).n;
  const row = { is_default: 0, is_gift: 0, ...values, id, cart_id: cartId, created_at: emu.clock.now(), seq };
  const columns = Object.keys(row);
  emu.db
    .prepare(
      `INSERT INTO cart_delivery_groups(${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`,
    )
    .run(row);
  return groupById(emu, cartId, id)!;
}

export function updateGroup(emu: Emu, id: string, changes: Partial<GroupRow>) {
  const columns = Object.keys(changes);
  if (!columns.length) return;
  emu.db
    .prepare(`UPDATE cart_delivery_groups SET ${columns.map((c) => `${c} = @${c}`).join(", ")} WHERE id = @id`)
    .run({ ...changes, id });
}

/**
 * The cart's groups, default first, after making sure there is a default group and that every item belongs to
 * a group (items added by the cart resources start without one). Call inside a transaction when writing.
 */
export function ensureDeliveryGroups(emu: Emu, cartId: string): GroupRow[] {
  let groups = groupsOf(emu, cartId);
  let fallback = groups.find((g) => g.is_default === 1);
  if (!fallback) {
    if (groups.length) {
      emu.db.prepare("UPDATE cart_delivery_groups SET is_default = 1 WHERE id = ?").run(groups[0].id);
    } else {
      insertGroup(emu, cartId, { name: DEFAULT_GROUP_NAME, is_default: 1 });
    }
    groups = groupsOf(emu, cartId);
    fallback = groups[0];
  }
  const orphans = emu.db
    .prepare(
      `SELECT * FROM cart_items WHERE cart_id = ? AND (cart_delivery_group_id IS NULL
         OR cart_delivery_group_id NOT IN (SELECT id FROM cart_delivery_groups WHERE cart_id = ?))
       ORDER BY created_at, seq`,
    )
    .all(cartId, cartId) as CartItemRow[];
  for (const item of orphans) moveUnits(emu, item, fallback.id, item.quantity);
  return groups;
}

export function defaultGroup(emu: Emu, cartId: string): GroupRow {
  return ensureDeliveryGroups(emu, cartId)[0];
}

/**
 * Moves `qty` units of an item to another group of its cart: the whole line when it's all of it, else the line
 * splits. Units join the target's line of the same product and selling model when there is one, so a group never
 * holds two lines of one product.
 */
export function moveUnits(emu: Emu, item: CartItemRow, targetGroupId: string, qty: number) {
  if (item.cart_delivery_group_id === targetGroupId || qty <= 0) return;
  const twin = emu.db
    .prepare(
      `SELECT * FROM cart_items WHERE cart_id = ? AND cart_delivery_group_id = ? AND product_id = ?
       AND coalesce(product_selling_model_id, '') = ? AND id <> ?`,
    )
    .get(item.cart_id, targetGroupId, item.product_id, item.product_selling_model_id ?? "", item.id) as
    CartItemRow | undefined;
  const whole = qty >= item.quantity;
  if (twin) {
    emu.db.prepare("UPDATE cart_items SET quantity = quantity + ? WHERE id = ?").run(qty, twin.id);
    if (whole) emu.db.prepare("DELETE FROM cart_items WHERE id = ?").run(item.id);
    else emu.db.prepare("UPDATE cart_items SET quantity = quantity - ? WHERE id = ?").run(qty, item.id);
  } else if (whole) {
    emu.db.prepare("UPDATE cart_items SET cart_delivery_group_id = ? WHERE id = ?").run(targetGroupId, item.id);
  } else {
    emu.db.prepare("UPDATE cart_items SET quantity = quantity - ? WHERE id = ?").run(qty, item.id);
    const seq = (
      emu.db.prepare("SELECT coalesce(max(seq), 0) + 1 AS n FROM cart_items WHERE cart_id = ?").get(item.cart_id) as {
        n: number;
      }
    ).n;
    emu.db
      .prepare(
        `INSERT INTO cart_items(id, cart_id, product_id, type, quantity, product_selling_model_id, subscription_term, cart_delivery_group_id, created_at, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        emu.ids("cartItem"),
        item.cart_id,
        item.product_id,
        item.type,
        qty,
        item.product_selling_model_id,
        item.subscription_term,
        targetGroupId,
        emu.clock.now(),
        seq,
      );
  }
}

function itemsOfGroup(emu: Emu, groupId: string): CartItemRow[] {
  return emu.db
    .prepare("SELECT * FROM cart_items WHERE cart_delivery_group_id = ? ORDER BY created_at, seq")
    .all(groupId) as CartItemRow[];
}

/**
 * Drops groups without items. When the default group is among them and another group holds items, that group
 * becomes the default: a cart always has exactly one default group.
 */
function dropEmptyGroups(emu: Emu, cartId: string) {
  const counts = new Map(
    (
      emu.db
        .prepare(
          "SELECT cart_delivery_group_id AS id, count(*) AS n FROM cart_items WHERE cart_id = ? GROUP BY cart_delivery_group_id",
        )
        .all(cartId) as { id: string; n: number }[]
    ).map((r) => [r.id, r.n]),
  );
  const groups = groupsOf(emu, cartId);
  const empty = groups.filter((g) => !counts.get(g.id));
  const keep = groups.filter((g) => counts.get(g.id));
  if (!keep.length) {
    // An empty cart keeps its default group (and only it).
    for (const g of empty)
      if (g.is_default !== 1) emu.db.prepare("DELETE FROM cart_delivery_groups WHERE id = ?").run(g.id);
    return;
  }
  for (const g of empty) emu.db.prepare("DELETE FROM cart_delivery_groups WHERE id = ?").run(g.id);
  if (!keep.some((g) => g.is_default === 1))
    emu.db.prepare("UPDATE cart_delivery_groups SET is_default = 1 WHERE id = ?").run(keep[0].id);
}

// ---------------------------------------------------------------------------------------------------------
// Addresses and inputs

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

export function hasAddress(g: GroupAddress): boolean {
  return g.address_country !== null;
}

function fromSavedAddress(a: AddressRow): GroupAddress {
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

function optionalText(value: unknown, field: string, max = 255): string | null {
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
function parseGroupInput(emu: Emu, cart: CartRow, body: unknown, current: GroupRow | null): Partial<GroupRow> {
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

// ---------------------------------------------------------------------------------------------------------
// Rating: shipping and tax per group

/** What a line costs after its item promotions and its share of the cart's promotions (pre-tax). */
export function lineNetCents(l: CartLine): number {
  return l.priced.lineCents + l.priced.itemAdjustmentCents + l.priced.cartAdjustmentCents;
}

export interface CheckoutError {
  type: string;
  title: string;
  detail: string;
  instance: string | null;
}

export interface RatedGroup {
  row: GroupRow;
  lines: CartLine[];
  /** Σ sale price × quantity of the group's lines, before promotions. */
  productCents: number;
  /** After promotions: what free-shipping thresholds and tax look at. */
  netProductCents: number;
  methods: DeliveryMethodRow[];
  selected: DeliveryMethodRow | null;
  shippingCents: number;
  shippingTaxCents: number;
  lineTaxCents: Map<string, number>;
  taxCents: number;
  errors: CheckoutError[];
}

export interface RatedCart {
  view: CartView;
  groups: RatedGroup[];
  shippingCents: number;
  taxCents: number;
  grandTotalCents: number;
  taxType: TaxType;
}

export function rateGroups(emu: Emu, view: CartView, groups: GroupRow[]): RatedCart {
  const store = shippingStore(emu);
  const taxType: TaxType = view.taxType === "Gross" ? "Gross" : "Net";
  const rated = groups.map((row): RatedGroup => {
    const lines = view.lines.filter((l) => l.item.cart_delivery_group_id === row.id);
    const netProductCents = lines.reduce((a, l) => a + lineNetCents(l), 0);
    const methods = store.methodsFor(row.address_country);
    const selected = methods.find((m) => m.id === row.delivery_method_id) ?? null;
    const shippingCents = selected && lines.length ? shippingFeeCents(selected, netProductCents) : 0;
    const rate = store.taxRate(row.address_country, row.address_region);
    const lineTaxCents = new Map(lines.map((l) => [l.item.id, taxCents(taxType, rate, lineNetCents(l), 0)]));
    const shippingTaxCents = taxCents(taxType, rate, 0, shippingCents);
    const errors: CheckoutError[] = [];
    if (hasAddress(row) && methods.length === 0 && lines.length) {
      errors.push({
        type: "/commerce/errors/shipping-failure",
        title: "We can't ship to this address.",
        detail: `No delivery method ships to ${row.address_country}. Choose another address for ${row.name}.`,
        instance: row.id,
      });
    }
    return {
      row,
      lines,
      productCents: lines.reduce((a, l) => a + l.priced.lineCents, 0),
      netProductCents,
      methods,
      selected,
      shippingCents,
      shippingTaxCents,
      lineTaxCents,
      taxCents: [...lineTaxCents.values()].reduce((a, b) => a + b, 0) + shippingTaxCents,
      errors,
    };
  });
  const shippingCents = rated.reduce((a, g) => a + g.shippingCents, 0);
  const tax = rated.reduce((a, g) => a + g.taxCents, 0);
  const products = view.pricing.totals.totalProductAfterAdjustmentsCents;
  return {
    view,
    groups: rated,
    shippingCents,
    taxCents: tax,
    // Gross prices already hold their tax: it is shown, never added.
    grandTotalCents: products + shippingCents + (taxType === "Net" ? tax : 0),
    taxType,
  };
}

/** The cart with its groups (made sure of) and their rates. */
export function rateCart(emu: Emu, cart: CartRow, processing = false): RatedCart {
  const groups = ensureDeliveryGroups(emu, cart.id);
  return rateGroups(emu, loadCartView(emu, cart, processing), groups);
}

// ---------------------------------------------------------------------------------------------------------
// JSON

export function groupAddressJson(g: GroupAddress) {
  if (!hasAddress(g)) return null;
  return {
    id: g.address_id,
    name: g.address_name,
    firstName: g.address_first_name,
    lastName: g.address_last_name,
    companyName: g.address_company_name,
    street: g.address_street,
    city: g.address_city,
    region: g.address_region,
    postalCode: g.address_postal_code,
    country: g.address_country,
    shipToPhoneNumber: g.address_phone_number,
  };
}

/** A cart item inside a rated group: the cart's item JSON with the group's tax filled in. */
function ratedItemJson(rated: RatedCart, g: RatedGroup, line: CartLine) {
  const item = cartItemJson(rated.view, line);
  const tax = g.lineTaxCents.get(line.item.id) ?? 0;
  const added = rated.taxType === "Net" ? tax : 0;
  const m = (cents: number) => (rated.view.processing ? null : money(cents));
  return {
    ...item,
    totalTax: m(tax),
    totalAmount: m(lineNetCents(line) + added),
    firstPymtTotalAmount: m(lineNetCents(line) + added),
    firstPymtTotalTax: m(tax),
  };
}

export function deliveryGroupJson(rated: RatedCart, g: RatedGroup, cartItemLimit: number, now: number) {
  const currency = rated.view.cart.currency_iso_code;
  const row = g.row;
  const methodJson = (m: DeliveryMethodRow) => deliveryMethodJson(m, g.netProductCents, now, currency);
  return {
    id: row.id,
    name: row.name,
    isDefault: row.is_default === 1,
    cartId: row.cart_id,
    deliveryAddress: groupAddressJson(row),
    desiredDeliveryDate: row.desired_delivery_date,
    shippingInstructions: row.shipping_instructions,
    availableDeliveryMethods: g.methods.map(methodJson),
    selectedDeliveryMethod: g.selected ? methodJson(g.selected) : null,
    cartItems:
      cartItemLimit > 0
        ? {
            cartItems: g.lines
              .slice(0, cartItemLimit)
              .map((l) => ({ cartItem: ratedItemJson(rated, g, l), status: "Success", message: null })),
            totalItemCount: g.lines.length,
          }
        : null,
    errors: g.errors,
    totalCartItemCount: g.lines.length,
    totalProductAmount: rated.view.processing ? null : money(g.productCents),
    isGift: row.is_gift === 1,
    giftMessage: row.gift_message,
    giftToName: row.gift_to_name,
    isAllDigitalCartItems: false,
    customFields: [],
  };
}

/**
 * A Delivery Group Collection page: `pageSize` 1–100, default 25, and a `page` token, as the resource documents them
 * (connect_resources_commerce_webstore_cart_delivery_groups.htm); there is no `limit` parameter.
 */
export function deliveryGroupCollectionJson(ctx: RequestContext, rated: RatedCart) {
  const q = ctx.query;
  const size = intParam(q, "pageSize", 25, 1, 100);
  const cartItemLimit = intParam(q, "cartItemLimit", 0, 0, 100);
  const sort = q.get("sort") || null;
  if (sort !== null && !(GROUP_SORTS as readonly string[]).includes(sort))
    throw illegalQuery("sort", sort, `Expected one of ${GROUP_SORTS.join(", ")}.`);
  const groups = [...rated.groups];
  if (sort === "CreatedDateDesc") groups.reverse();
  if (sort === "NameAsc") groups.sort((a, b) => a.row.name.localeCompare(b.row.name));
  if (sort === "NameDesc") groups.sort((a, b) => b.row.name.localeCompare(a.row.name));
  const window = pageWindow(q, groups.length, size);
  const now = ctx.emu.clock.now();
  const { currentPage: _p, totalItemCount: _t, totalNumberOfPages: _n, ...tokens } = pageFields(ctx.url, window);
  return {
    count: groups.length,
    items: groups
      .slice(window.offset, window.offset + size)
      .map((g) => deliveryGroupJson(rated, g, cartItemLimit, now)),
    ...tokens,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Arrange items

interface Arrangement {
  cartItemId?: unknown;
  productId?: unknown;
  deliveryGroupId?: unknown;
  deliveryGroupName?: unknown;
  deliveryAddress?: unknown;
  deliveryAddressId?: unknown;
  quantity?: unknown;
}

function uniqueGroupName(emu: Emu, cartId: string): string {
  const names = new Set(groupsOf(emu, cartId).map((g) => g.name));
  let n = names.size + 1;
  while (names.has(`Shipment ${n}`)) n++;
  return `Shipment ${n}`;
}

/**
 * The group an arrangement sends units to: by id; by name (created when new, with the arrangement's address);
 * by saved address id (the group already shipping there, else a new one); or a new group for an inline address.
 */
function targetGroup(emu: Emu, cart: CartRow, a: Arrangement, i: number): GroupRow {
  const label = `arrangements[${i}]`;
  if (a.deliveryGroupId !== undefined && a.deliveryGroupId !== null) {
    const id = recordId(a.deliveryGroupId, "cartDeliveryGroup", `${label}.deliveryGroupId`);
    const g = groupById(emu, cart.id, id);
    if (!g) throw invalidInput(`${label}.deliveryGroupId doesn't name a delivery group of this cart: ${id}`);
    return g;
  }
  const address =
    a.deliveryAddressId !== undefined && a.deliveryAddressId !== null
      ? fromSavedAddress(savedAddressForCart(emu, cart, a.deliveryAddressId, `${label}.deliveryAddressId`))
      : a.deliveryAddress !== undefined && a.deliveryAddress !== null
        ? parseDeliveryAddress(emu, cart, a.deliveryAddress, `${label}.deliveryAddress`)
        : null;
  if (a.deliveryGroupName !== undefined && a.deliveryGroupName !== null) {
    const name = optionalText(a.deliveryGroupName, `${label}.deliveryGroupName`);
    if (!name) throw invalidInput(`${label}.deliveryGroupName can't be blank.`);
    const existing = groupsOf(emu, cart.id).find((g) => g.name === name);
    if (existing) {
      if (address) updateGroup(emu, existing.id, { ...address, delivery_method_id: null });
      return groupById(emu, cart.id, existing.id)!;
    }
    return insertGroup(emu, cart.id, { name, ...(address ?? {}) });
  }
  if (!address)
    throw invalidInput(`${label} needs a deliveryGroupId, deliveryGroupName, deliveryAddressId or deliveryAddress.`);
  const sameAddress = address.address_id
    ? groupsOf(emu, cart.id).find((g) => g.address_id === address.address_id)
    : undefined;
  return sameAddress ?? insertGroup(emu, cart.id, { name: uniqueGroupName(emu, cart.id), ...address });
}

/**
 * Places `quantity` units of an item (cartItemId) or of a product (productId: its lines in other groups, in
 * cart order) into the target group, splitting lines as needed. Moving more than there is is a 400.
 */
function arrange(emu: Emu, cart: CartRow, a: Arrangement, i: number): string {
  const label = `arrangements[${i}]`;
  const qty = parseQuantity(a.quantity);
  if (qty === null || qty < 1)
    throw invalidInput(
      `${label}.quantity must be a whole number of at least 1; got ${JSON.stringify(a.quantity ?? null)}.`,
    );
  const target = targetGroup(emu, cart, a, i);
  let sources: CartItemRow[];
  if (a.cartItemId !== undefined && a.cartItemId !== null) {
    const id = recordId(a.cartItemId, "cartItem", `${label}.cartItemId`);
    const item = emu.db.prepare("SELECT * FROM cart_items WHERE id = ? AND cart_id = ?").get(id, cart.id) as
      CartItemRow | undefined;
    if (!item) throw invalidInput(`${label}.cartItemId doesn't name an item of this cart: ${id}`);
    sources = [item];
  } else if (a.productId !== undefined && a.productId !== null) {
    const productId = recordId(a.productId, "product", `${label}.productId`);
    sources = emu.db
      .prepare("SELECT * FROM cart_items WHERE cart_id = ? AND product_id = ? ORDER BY created_at, seq")
      .all(cart.id, productId) as CartItemRow[];
    if (!sources.length) throw invalidInput(`${label}.productId isn't in this cart: ${productId}`);
  } else {
    throw invalidInput(`${label} needs a cartItemId or a productId.`);
  }
  sources = sources.filter((s) => s.cart_delivery_group_id !== target.id);
  const movable = sources.reduce((n, s) => n + s.quantity, 0);
  if (qty > movable) throw invalidInput(`${label} moves ${qty} units, but only ${movable} can move to ${target.name}.`);
  let left = qty;
  for (const s of sources) {
    if (left === 0) break;
    const take = Math.min(left, s.quantity);
    moveUnits(emu, s, target.id, take);
    left -= take;
  }
  return target.id;
}

// ---------------------------------------------------------------------------------------------------------
// Routes

function cartForGroups(ctx: RequestContext, write: boolean): CartRow {
  const cart = requireCart(ctx, ctx.params.cartStateOrId);
  if (write) assertEditable(cart);
  return cart;
}

function findGroup(emu: Emu, cart: CartRow, raw: string): GroupRow {
  const id = recordId(raw, "cartDeliveryGroup", "deliveryGroupId");
  ensureDeliveryGroups(emu, cart.id);
  const group = groupById(emu, cart.id, id);
  if (!group) throw notFound(`Delivery group not found: ${id}`);
  return group;
}

/** After a group write: a group whose address changed without a method gets the cheapest one that ships there. */
function rerate(emu: Emu, cart: CartRow, groupId: string, addressChanged: boolean, methodGiven: boolean) {
  if (!addressChanged || methodGiven) return;
  const groups = ensureDeliveryGroups(emu, cart.id);
  selectCheapestMethod(
    emu,
    loadCartView(emu, cart),
    groups.find((g) => g.id === groupId)!,
  );
}

export function deliveryGroupRoutes(r: Router, emu: Emu) {
  const base = "carts/:cartStateOrId/delivery-groups";

  r.webstore("GET", base, { since: 59 }, (ctx) => {
    const rated = emu.db.transaction(() => {
      const cart = cartForGroups(ctx, false);
      return rateCart(emu, cart, emu.async.poll(asyncKey(cart.id)));
    })();
    const body = deliveryGroupCollectionJson(ctx, rated);
    return rated.view.processing ? json(body, 202, { Location: ctx.url.pathname, "Retry-After": "1" }) : json(body);
  });

  r.webstore("GET", `${base}/:deliveryGroupId`, { since: 59 }, (ctx) => {
    const cartItemLimit = intParam(ctx.query, "cartItemLimit", 0, 0, 100);
    const { rated, id } = emu.db.transaction(() => {
      const cart = cartForGroups(ctx, false);
      const id = findGroup(emu, cart, ctx.params.deliveryGroupId).id;
      return { rated: rateCart(emu, cart, emu.async.poll(asyncKey(cart.id))), id };
    })();
    const body = deliveryGroupJson(
      rated,
      rated.groups.find((g) => g.row.id === id)!,
      cartItemLimit,
      emu.clock.now(),
    );
    return rated.view.processing ? json(body, 202) : json(body);
  });

  r.webstore("POST", base, { since: 59 }, async (ctx) => {
    const body = await ctx.json();
    const rated = emu.db.transaction(() => {
      const cart = cartForGroups(ctx, true);
      ensureDeliveryGroups(emu, cart.id);
      const changes = parseGroupInput(emu, cart, body, null);
      const created = insertGroup(emu, cart.id, { ...changes, name: changes.name ?? uniqueGroupName(emu, cart.id) });
      rerate(emu, cart, created.id, "address_country" in changes, !!changes.delivery_method_id);
      emu.async.begin(asyncKey(cart.id));
      return { rated: rateCart(emu, cart), id: created.id };
    })();
    return json(
      deliveryGroupJson(
        rated.rated,
        rated.rated.groups.find((g) => g.row.id === rated.id)!,
        0,
        emu.clock.now(),
      ),
      201,
    );
  });

  r.webstore("PATCH", `${base}/:deliveryGroupId`, { since: 59 }, async (ctx) => {
    const body = await ctx.json();
    const { rated, id } = emu.db.transaction(() => {
      const cart = cartForGroups(ctx, true);
      const group = findGroup(emu, cart, ctx.params.deliveryGroupId);
      const changes = parseGroupInput(emu, cart, body, group);
      updateGroup(emu, group.id, changes);
      rerate(emu, cart, group.id, "address_country" in changes, !!changes.delivery_method_id);
      emu.async.begin(asyncKey(cart.id));
      return { rated: rateCart(emu, cart), id: group.id };
    })();
    return json(
      deliveryGroupJson(
        rated,
        rated.groups.find((g) => g.row.id === id)!,
        0,
        emu.clock.now(),
      ),
    );
  });

  // The default group stays; another group's items either go with it (deleteCartItems=true) or move to the default.
  r.webstore("DELETE", `${base}/:deliveryGroupId`, { since: 59 }, (ctx) => {
    const deleteItems = booleanParam(ctx.query, "deleteCartItems", false);
    emu.db.transaction(() => {
      const cart = cartForGroups(ctx, true);
      const group = findGroup(emu, cart, ctx.params.deliveryGroupId);
      if (group.is_default === 1)
        throw invalidInput("The default delivery group can't be deleted; move its items to another group first.");
      const items = itemsOfGroup(emu, group.id);
      if (deleteItems) {
        emu.db.prepare("DELETE FROM cart_items WHERE cart_delivery_group_id = ?").run(group.id);
      } else {
        const fallback = defaultGroup(emu, cart.id);
        for (const item of items) moveUnits(emu, item, fallback.id, item.quantity);
      }
      emu.db.prepare("DELETE FROM cart_delivery_groups WHERE id = ?").run(group.id);
      // Removing items is a cart edit (it cancels a checkout); moving them between groups is not.
      if (deleteItems && items.length) touchCart(emu, cart, { itemsChanged: true });
      else emu.async.begin(asyncKey(cart.id));
    })();
    return noContent();
  });

  r.webstore("POST", `${base}/actions/arrange-items`, { since: 60 }, async (ctx) => {
    const dropEmpty = booleanParam(ctx.query, "deleteEmptyDeliveryGroups", true);
    const body = await ctx.json();
    const arrangements = body?.arrangements;
    if (!Array.isArray(arrangements) || arrangements.length === 0) {
      throw invalidInput(
        "arrangements is required: a list of {cartItemId or productId, deliveryGroupId / deliveryGroupName / deliveryAddress(Id), quantity}.",
      );
    }
    if (arrangements.length > 100)
      throw new ApiError(400, "MAX_LIMIT_EXCEEDED", "At most 100 arrangements per request.");
    const rated = emu.db.transaction(() => {
      const cart = cartForGroups(ctx, true);
      ensureDeliveryGroups(emu, cart.id);
      const touched = new Set<string>();
      arrangements.forEach((a: unknown, i: number) => {
        if (!a || typeof a !== "object" || Array.isArray(a))
          throw invalidInput(`arrangements[${i}] must be an object.`);
        touched.add(arrange(emu, cart, a as Arrangement, i));
      });
      if (dropEmpty) dropEmptyGroups(emu, cart.id);
      // Groups that got an address but no method yet (new groups) are rated with the cheapest method.
      const view = loadCartView(emu, cart);
      for (const g of groupsOf(emu, cart.id)) {
        if (touched.has(g.id) && hasAddress(g) && !g.delivery_method_id) selectCheapestMethod(emu, view, g);
      }
      emu.async.begin(asyncKey(cart.id));
      return rateCart(emu, cart);
    })();
    // Rearranging runs asynchronously in the API: 202, the collection as it will be.
    return json(deliveryGroupCollectionJson(ctx, rated), 202, {
      Location: ctx.url.pathname.replace(/\/actions\/arrange-items$/, ""),
    });
  });
}

export const deliveryGroupsModule: EmulatorModule = { name: "delivery-groups", routes: deliveryGroupRoutes };
