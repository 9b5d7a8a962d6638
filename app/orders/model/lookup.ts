/**
 * The lookup form (spec §3 "Lookup form", §5 "Order lookup"): its labels and limits, the order pages' paths, and a
 * record's search-engine properties. Its schema is in lookup-schema.ts, which the page loads when the form is used.
 */

export const ORDER_LOOKUP_TITLE = "Order Lookup";
export const ORDER_LOOKUP_LABELS = {
  orderNumber: "Order Number",
  email: "Email Address",
  submit: "View order details",
  loading: "Loading",
} as const;
/** Spec §9: the lookup form's wrapper. */
export const ORDER_LOOKUP_WRAPPER_MAX_WIDTH = "34.375rem";
/**
 * Spec §6: after a guest's lookup the session keeps the e-mail and a placeholder phone number. A number without
 * a non-zero digit is what the API treats as "no phone given".
 */
export const GUEST_PHONE_PLACEHOLDER = "0000000000";
/** Our wording for the API's 429 on lookups (the spec gives none). */
export const ORDER_LOOKUP_RATE_LIMITED_MESSAGE = "Too many lookup attempts. Wait a minute, then try again.";
/** Order numbers longer than this are not order numbers (and never reach the API). */
export const ORDER_NUMBER_MAX_LENGTH = 80;

export type OrderLookupInput = { orderNumber: string; email?: string };

/** The `?orderNumber=` of the page reference, as a value the form may show (blank when unusable). */
export function orderNumberFromQuery(value: string | null | undefined): string {
  const text = (value ?? "").replace(/[\s\u00a0]+/g, " ").trim();
  return text.length > ORDER_NUMBER_MAX_LENGTH ? "" : text;
}

/** A record's search-engine properties (spec §7 "Other"). */
export interface SeoProperties {
  title: string | null;
  description: string | null;
  keywords: string | null;
  imageUrl: string | null;
}
