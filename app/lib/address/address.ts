/**
 * Addresses (spec §3 Address, §5 Names): which fields, in which order, with which labels and limits. The zod
 * schema the server and the browser check them with is in address-schema.ts.
 */

/** Field names as the API takes them; the phone goes out as shipToPhoneNumber. */
export const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "companyName",
  "street",
  "city",
  "region",
  "postalCode",
  "country",
  "shipToPhoneNumber",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Countries where the family name is written first. */
export const FAMILY_NAME_FIRST_COUNTRIES: readonly string[] = ["CN", "HU", "JP", "KR", "MO", "MY", "SG", "TW", "VN"];
/** Countries whose first-level subdivision is labelled Region rather than State. */
export const REGION_LABEL_COUNTRIES: readonly string[] = ["JP", "CN", "TW", "TH", "VN", "MY", "KR"];

export function countryCode(country: string | null | undefined): string {
  return (country ?? "").trim().toUpperCase();
}

export function isFamilyNameFirst(country: string | null | undefined): boolean {
  return FAMILY_NAME_FIRST_COUNTRIES.includes(countryCode(country));
}

export function regionLabel(country: string | null | undefined): "Region" | "State" {
  return REGION_LABEL_COUNTRIES.includes(countryCode(country)) ? "Region" : "State";
}

/** The order the form shows its fields in for a country. */
export function addressFieldOrder(country: string | null | undefined): AddressField[] {
  const names: AddressField[] = isFamilyNameFirst(country) ? ["lastName", "firstName"] : ["firstName", "lastName"];
  return [...names, ...ADDRESS_FIELDS.filter((field) => field !== "firstName" && field !== "lastName")];
}

export function addressLabels(country: string | null | undefined): Record<AddressField, string> {
  return {
    firstName: "First Name",
    lastName: "Last Name",
    companyName: "Company",
    street: "Street",
    city: "City",
    region: regionLabel(country),
    postalCode: "Postal Code",
    country: "Country",
    shipToPhoneNumber: "Phone Number",
  };
}

/** The browser's autofill tokens; a section (shipping / billing) keeps two forms apart. */
export const ADDRESS_AUTOCOMPLETE: Record<AddressField, string> = {
  firstName: "given-name",
  lastName: "family-name",
  companyName: "organization",
  street: "street-address",
  city: "address-level2",
  region: "address-level1",
  postalCode: "postal-code",
  country: "country",
  shipToPhoneNumber: "tel",
};

/** `prefix.field` when a page hosts several address forms (Conform reads it as a nested object). */
export function addressFieldName(prefix: string | null | undefined, field: AddressField): string {
  return prefix ? `${prefix}.${field}` : field;
}

/** Maximum lengths of the platform's address fields. */
export const ADDRESS_MAX_LENGTHS: Record<AddressField, number> = {
  firstName: 40,
  lastName: 80,
  companyName: 255,
  street: 255,
  city: 40,
  region: 80,
  postalCode: 20,
  country: 80,
  shipToPhoneNumber: 40,
};

// The address form's schema and its types (Address, AddressInput, AddressSchemaOptions) are in address-schema.ts,
// which builds on this file: pages load zod only when a form is used.

/** Country choices for the form: the context may list bare codes or objects with a label. */
export type CountryOption = string | { code?: string; isoCode?: string; value?: string; label?: string; name?: string };

// One region-name formatter for the process: building an Intl.DisplayNames is far dearer than asking it (it was
// 1.4 % of the shipping step's server time when every address form built its own). Its answers are kept too (at most
// one per two-letter code): asking it for every country of every address form was still 1.2 % of a worker's time.
let regionNames: Intl.DisplayNames | null | undefined;
const regionNameOf = new Map<string, string | undefined>();
function regionName(code: string): string | undefined {
  if (regionNameOf.has(code)) return regionNameOf.get(code);
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(["en-US"], { type: "region" });
    } catch {
      regionNames = null;
    }
  }
  const name = regionNames?.of(code);
  regionNameOf.set(code, name);
  return name;
}

export function normaliseCountries(
  countries: readonly CountryOption[] | null | undefined,
): Array<{ code: string; label: string }> {
  return (countries ?? [])
    .map((country) => {
      const code = countryCode(
        typeof country === "string" ? country : (country.code ?? country.isoCode ?? country.value),
      );
      const given = typeof country === "string" ? undefined : (country.label ?? country.name);
      let label = given ?? code;
      if (!given && /^[A-Z]{2}$/.test(code)) label = regionName(code) ?? code;
      return { code, label };
    })
    .filter((country) => country.code !== "");
}
