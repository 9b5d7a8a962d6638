/**
 * The lookup form (spec §3 "Lookup form", §5 "Order lookup"): its schema, labels and limits, the order pages' paths,
 * and a record's search-engine properties.
 */
import { z } from "zod";
import { email, EMAIL_MAX_LENGTH, requiredText } from "../validation";

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

/** Signed-in buyers give only the order number; guests give their e-mail too. */
const buyerLookupSchema = z.object({
  orderNumber: requiredText({ max: ORDER_NUMBER_MAX_LENGTH }),
  // Not on the buyer's form; whatever arrives is ignored rather than sent.
  email: z
    .any()
    .optional()
    .transform((): undefined => undefined),
});

const guestLookupSchema = z.object({
  orderNumber: requiredText({ max: ORDER_NUMBER_MAX_LENGTH }),
  email: email({ max: EMAIL_MAX_LENGTH }),
});

/** The lookup form's schema: one object per kind of shopper, so `useZodForm` keeps a stable reference. */
export function orderLookupSchema(shopper: { isGuest: boolean }) {
  return shopper.isGuest ? guestLookupSchema : buyerLookupSchema;
}

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
