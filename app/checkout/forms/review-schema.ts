// The review's action schema (review.server): the page itself has no zod.
import { z } from "zod";
import { PLACE_ORDER_INTENT } from "./review";

/** The review's one form: Place order, with the checkout the shopper reviewed (a repeat lands on its order). */
export function reviewSchema() {
  return z.object({
    intent: z.literal(PLACE_ORDER_INTENT),
    checkoutId: z.string().optional(),
  });
}
