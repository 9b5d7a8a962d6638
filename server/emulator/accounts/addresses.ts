import { effectiveAccountId, readFixture } from "../core/context.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { json, noContent } from "../core/http.js";
import { booleanParam, illegalQuery, intParam, pageFields, pageWindow } from "../core/paging.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";
import { addressStore, ADDRESS_TYPES, type AddressRow, type AddressType } from "./store.js";

/**
 * A buyer account's saved addresses: GET/POST accounts/{accountId|current}/addresses and
 * PATCH/DELETE accounts/{accountId}/addresses/{addressId}. Guests have none (401); an account the buyer may not
 * act for answers 403 INSUFFICIENT_ACCESS; an address id that isn't the account's answers 404, as if it didn't exist.
 */

/** ISO 3166-1 alpha-2, the officially assigned codes. */
const ISO_COUNTRIES = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
    "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO " +
    "JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR " +
    "MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO " +
    "RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV " +
    "TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
  ).split(" "),
);

export function isIsoCountry(value: string): boolean {
  return ISO_COUNTRIES.has(value.toUpperCase());
}

const SORT_ORDERS = ["CreatedDateAsc", "CreatedDateDesc", "NameAsc", "NameDesc"] as const;
type SortOrder = (typeof SORT_ORDERS)[number];

/** The API's Commerce Address output. */
export function addressJson(a: AddressRow) {
  return {
    addressId: a.id,
    addressType: a.address_type,
    name: a.name,
    firstName: a.first_name,
    middleName: a.middle_name,
    lastName: a.last_name,
    companyName: a.company_name,
    street: a.street,
    city: a.city,
    region: a.region,
    postalCode: a.postal_code,
    country: a.country,
    phoneNumber: a.phone_number,
    isDefault: a.is_default === 1,
    fields: {},
  };
}

/** Input field → column; the fields the API accepts on POST and PATCH. */
const TEXT_FIELDS = {
  name: "name",
  firstName: "first_name",
  middleName: "middle_name",
  lastName: "last_name",
  companyName: "company_name",
  street: "street",
  city: "city",
  region: "region",
  postalCode: "postal_code",
  country: "country",
  phoneNumber: "phone_number",
} as const;
const MAX_LENGTH = 255;
const OTHER_FIELDS = new Set(["addressType", "isDefault", "commerceAddressFieldInputList"]);

type AddressChanges = Partial<Record<(typeof TEXT_FIELDS)[keyof typeof TEXT_FIELDS], string | null>> & {
  address_type?: AddressType;
  is_default?: 0 | 1;
};

/** Validates a POST/PATCH body into column values; `creating` makes `name` required. */
export function parseAddressInput(body: unknown, creating: boolean): AddressChanges {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw invalidInput("The request body must be a JSON object.");
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!(key in TEXT_FIELDS) && !OTHER_FIELDS.has(key)) {
      throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}" in the address input.`);
    }
  }
  const out: AddressChanges = {};
  for (const [field, column] of Object.entries(TEXT_FIELDS)) {
    const value = input[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== "string") throw invalidInput(`${field} must be a string.`);
    const trimmed = value === null ? null : value.trim();
    if (trimmed !== null && trimmed.length > MAX_LENGTH)
      throw invalidInput(`${field} can't be longer than ${MAX_LENGTH} characters.`);
    out[column] = trimmed === "" ? null : trimmed;
  }
  if ((creating || "name" in input) && !out.name) throw invalidInput("Enter a name for the address: name is required.");
  if (out.country) {
    if (!isIsoCountry(out.country))
      throw invalidInput(`country must be an ISO 3166 two-letter country code: ${JSON.stringify(out.country)}.`);
    out.country = out.country.toUpperCase();
  }
  if (input.addressType !== undefined) {
    if (!ADDRESS_TYPES.includes(input.addressType as AddressType))
      throw invalidInput(`addressType must be one of ${ADDRESS_TYPES.join(", ")}.`);
    out.address_type = input.addressType as AddressType;
  } else if (creating) {
    out.address_type = "Shipping";
  }
  if (input.isDefault !== undefined) {
    if (typeof input.isDefault !== "boolean") throw invalidInput("isDefault must be true or false.");
    out.is_default = input.isDefault ? 1 : 0;
  } else if (creating) {
    out.is_default = 0;
  }
  return out;
}

/**
 * The account an address request names: `current` is the effective account; an explicit id must be one the
 * buyer may act for. Guests have no saved addresses.
 */
export function addressAccount(ctx: RequestContext): string {
  if (!ctx.user)
    throw new ApiError(
      401,
      "INVALID_SESSION_ID",
      "This resource requires an authenticated user: guests have no saved addresses.",
    );
  const asked = ctx.params.accountId;
  if (asked === "current") return effectiveAccountId(ctx)!;
  const id = asked.slice(0, 15);
  const allowed = ctx.emu.store.mayActFor(ctx.user, id);
  // Acting on an account the buyer may not act for is a permission failure (403 INSUFFICIENT_ACCESS, reference §9).
  if (!allowed) throw new ApiError(403, "INSUFFICIENT_ACCESS", `You don't have access to the account ${asked}.`);
  return id;
}

function listAddresses(ctx: RequestContext, accountId: string) {
  const q = ctx.query;
  const types = (q.get("addressType") ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  for (const t of types)
    if (!ADDRESS_TYPES.includes(t as AddressType))
      throw illegalQuery("addressType", q.get("addressType"), `Expected ${ADDRESS_TYPES.join(" or ")}.`);
  const sortOrder = (q.get("sortOrder") || "CreatedDateDesc") as SortOrder;
  if (!SORT_ORDERS.includes(sortOrder))
    throw illegalQuery("sortOrder", sortOrder, `Expected one of ${SORT_ORDERS.join(", ")}.`);
  const pageSize = intParam(q, "pageSize", 25, 1, 100);
  const defaultOnly = booleanParam(q, "defaultOnly", false);
  // Documented default false; true keeps only Shipping addresses in the store's shipping countries (57.0).
  const excludeUnsupported = booleanParam(q, "excludeUnsupportedCountries", false);
  const addressId = q.get("addressId");

  const supported = new Set<string>(ctx.emu.store.applicationContext(ctx.webstoreId).shippingCountries ?? []);
  const rows = addressStore(ctx.emu)
    .list(accountId)
    .filter((a) => !types.length || types.includes(a.address_type))
    .filter((a) => !defaultOnly || a.is_default === 1)
    .filter(
      (a) => !excludeUnsupported || (a.address_type === "Shipping" && a.country !== null && supported.has(a.country)),
    )
    .filter((a) => !addressId || a.id === addressId.slice(0, 15));

  const byCreated = (a: AddressRow, b: AddressRow) => a.created_at - b.created_at || a.id.localeCompare(b.id);
  const compare: Record<SortOrder, (a: AddressRow, b: AddressRow) => number> = {
    CreatedDateAsc: byCreated,
    CreatedDateDesc: (a, b) => byCreated(b, a),
    NameAsc: (a, b) => a.name.localeCompare(b.name),
    NameDesc: (a, b) => b.name.localeCompare(a.name),
  };
  // Only sortOrder orders the list: the page documents no parameter that puts the default first (a client that wants
  // it first moves it itself).
  rows.sort(compare[sortOrder]);

  const window = pageWindow(q, rows.length, pageSize);
  const page = rows.slice(window.offset, window.offset + window.size);
  // Commerce Address Collection (connect_responses_commerce_address_collection): token paging and pageSize, no page counters.
  const { currentPage: _p, totalItemCount: _t, totalNumberOfPages: _n, ...tokens } = pageFields(ctx.url, window);
  return { count: rows.length, items: page.map(addressJson), ...tokens, pageSize, sortOrder };
}

export function addressRoutes(r: Router, emu: Emu) {
  const base = "accounts/:accountId/addresses";

  r.webstore("GET", base, { since: 54 }, (ctx) => json(listAddresses(ctx, addressAccount(ctx))));

  r.webstore("POST", base, { since: 54 }, async (ctx) => {
    const accountId = addressAccount(ctx);
    const changes = parseAddressInput(await ctx.json(), true);
    return json(addressJson(addressStore(emu).create(accountId, changes)), 201);
  });

  r.webstore("PATCH", `${base}/:addressId`, { since: 54 }, async (ctx) => {
    const accountId = addressAccount(ctx);
    const existing = addressStore(emu).inAccount(accountId, ctx.params.addressId.slice(0, 15));
    if (!existing) throw notFound(`Address not found: ${ctx.params.addressId}`);
    const changes = parseAddressInput(await ctx.json(), false);
    // An org answers a PATCH of an address 201, as it answers the POST that made it; Salesforce's Postman collection
    // for the webstore API expects 201 for both (reference §6).
    return json(addressJson(addressStore(emu).update(existing, changes)), 201);
  });

  r.webstore("DELETE", `${base}/:addressId`, { since: 54 }, (ctx) => {
    const accountId = addressAccount(ctx);
    const existing = addressStore(emu).inAccount(accountId, ctx.params.addressId.slice(0, 15));
    if (!existing) throw notFound(`Address not found: ${ctx.params.addressId}`);
    addressStore(emu).remove(existing.id);
    return noContent();
  });
}

interface AddressFixture {
  addresses: ({ id: string; accountId: string; addressType: AddressType; isDefault: boolean } & Partial<
    Record<keyof typeof TEXT_FIELDS, string>
  >)[];
}

export function seedAddresses(emu: Emu) {
  const fixture = readFixture<AddressFixture>(emu, "addresses.json");
  const store = addressStore(emu);
  // Fixture addresses are older than anything created later, in file order.
  const createdAt = emu.clock.now() - 86_400_000;
  fixture.addresses.forEach((a, i) => {
    const row: Record<string, unknown> = {
      id: a.id,
      account_id: a.accountId,
      address_type: a.addressType,
      is_default: a.isDefault ? 1 : 0,
      created_at: createdAt + i,
    };
    for (const [field, column] of Object.entries(TEXT_FIELDS))
      row[column] = a[field as keyof typeof TEXT_FIELDS] ?? null;
    store.insertFixture(row as unknown as AddressRow);
  });
}

export const addressesModule: EmulatorModule = { name: "addresses", routes: addressRoutes, seed: seedAddresses };
