/** The order pages' action schemas, kept out of the browser's bundle. */
import { z } from "zod";

// Routes take parseWithZod from here: imported from @conform-to/zod by a page that has no zod of its own, it
// would pull zod and conform's zod bundle (some 24 KB gzip) into that page's browser JavaScript.
export { parseWithZod } from "@conform-to/zod";
// The lookup form's: its page loads it only when the form is used (OrderLookupForm).
export { orderLookupSchema } from "./lookup-schema";

/** The order page's one form: "Buy again". */
export const reorderSchema = z.object({ intent: z.literal("reorder") });

/** The guest's "Get a link to this order": the phone number given at checkout (authorize requires it). */
export const orderLinkSchema = z.object({
  intent: z.literal("order-link"),
  phoneNumber: z
    .string({ required_error: "Complete this field." })
    .trim()
    .min(1, "Complete this field.")
    .max(40, "Enter the phone number you gave with your order.")
    .regex(/\d/, "Enter the phone number you gave with your order."),
});
