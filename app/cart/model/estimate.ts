/**
 * The cart page's shipping estimate: its form's fields, the storefront's check of a postal code, and what the page
 * shows of the API's answer (the delivery methods that ship to the address, each with its fee for this cart).
 *
 * The API documents no postal code format (Cart Shipping Address Input's `postalCode` is a string), so a code is
 * checked here, for the countries whose format is fixed, before the API is asked: a shopper who typed a wrong one is
 * told how theirs looks instead of being shown an estimate for an address that doesn't exist.
 */

export const ESTIMATE_FIELDS = { postalCode: "estimatePostalCode", country: "estimateCountry" } as const;

/** The form's intent (posted to the cart page's action). */
export const ESTIMATE_INTENT = "estimate";

/** The estimate's section: the form's answer lands there (the page's fragment), not at the top of the cart. */
export const ESTIMATE_SECTION_ID = "shipping-estimate";

/** Address fields allow 20 characters for a postal code (lib/address's limits). */
const POSTAL_CODE_MAX = 20;

/** Postal code formats of the store's shipping countries whose format is fixed, with an example for the message. */
const FORMATS: Record<string, { pattern: RegExp; message: string }> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, message: "Enter a 5-digit ZIP code, like 94105." },
  CA: { pattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i, message: "Enter a postal code like K1A 0B1." },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, message: "Enter a postcode like SW1A 1AA." },
  DE: { pattern: /^\d{5}$/, message: "Enter a 5-digit postal code, like 10115." },
  FR: { pattern: /^\d{5}$/, message: "Enter a 5-digit postal code, like 75001." },
  JP: { pattern: /^\d{3}-?\d{4}$/, message: "Enter a postal code like 100-0001." },
};

export const ESTIMATE_MESSAGES = {
  postalCodeMissing: "Enter a postal code.",
  postalCodeTooLong: `A postal code has at most ${POSTAL_CODE_MAX} characters.`,
  countryMissing: "Choose a country the store ships to.",
  failed: "We couldn't estimate shipping. Try again.",
} as const;

/** Why the postal code can't be right for the country, or null when it can. */
export function postalCodeProblem(country: string, postalCode: string): string | null {
  const code = postalCode.trim();
  if (code === "") return ESTIMATE_MESSAGES.postalCodeMissing;
  if (code.length > POSTAL_CODE_MAX) return ESTIMATE_MESSAGES.postalCodeTooLong;
  const format = FORMATS[country];
  return format && !format.pattern.test(code) ? format.message : null;
}

/** One delivery method of the estimate: the fee is the API's money string (the shopper pays the adjusted fee). */
export interface EstimateMethodView {
  id: string;
  name: string;
  carrier: string | null;
  fee: string | null;
  /** "3–5 days in transit". */
  transit: string | null;
}

export interface CartEstimateView {
  /** The store's shipping countries, as the form's choices. */
  countries: { code: string; label: string }[];
  /** What the form shows: the address estimated for, a refused one as typed, or the buyer's default address's. */
  postalCode: string;
  country: string;
  /** Why the typed postal code was refused (its field's error). */
  error: string | null;
  /** The estimate for this cart: the methods that ship there (none: nothing does); null when none was asked for. */
  methods: EstimateMethodView[] | null;
  /** The address `methods` are for, as the shopper typed it. */
  estimatedFor: { postalCode: string; country: string } | null;
}
