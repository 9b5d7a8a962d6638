import { z } from "zod";

export const PLACE_ORDER_INTENT = "placeOrder";

/** The review's one form: Place order, with the checkout the shopper reviewed (a repeat lands on its order). */
export const reviewSchema = z.object({
  intent: z.literal(PLACE_ORDER_INTENT),
  checkoutId: z.string().optional(),
});
