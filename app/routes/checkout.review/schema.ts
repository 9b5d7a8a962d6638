import { z } from "zod";

// Schemas are built by functions here: a module-level zod call would load zod in the page's browser bundle.

export const PLACE_ORDER_INTENT = "placeOrder";

/** The review's one form: Place order, with the checkout the shopper reviewed (a repeat lands on its order). */
export function reviewSchema() {
  return z.object({
    intent: z.literal(PLACE_ORDER_INTENT),
    checkoutId: z.string().optional(),
  });
}
