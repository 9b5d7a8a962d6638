/**
 * The lookup form's schema (spec §3 "Lookup form", §5 "Order lookup"): the action's, and the browser's once the
 * shopper reaches the form (OrderLookupForm). Kept apart from lookup.ts so that the order pages load zod only then.
 */
import { z } from "zod";
import { email, EMAIL_MAX_LENGTH, requiredText } from "~/lib/validation";
import { ORDER_NUMBER_MAX_LENGTH } from "~/orders/model/lookup";

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

/** The lookup form's schema: one object per kind of shopper, so its constraints are worked out once. */
export function orderLookupSchema(shopper: { isGuest: boolean }) {
  return shopper.isGuest ? guestLookupSchema : buyerLookupSchema;
}
