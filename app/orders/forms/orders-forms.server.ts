/** The order pages' action schemas, kept out of the browser's bundle. */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { SUBSCRIPTION_INTENTS } from "~/account/model/subscriptions";
import { quantity, requiredText } from "~/lib/validation";

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

/** The account page's subscription forms: each names the subscription; changing the quantity gives the new one. */
export const subscriptionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(SUBSCRIPTION_INTENTS.cancel), subscriptionId: requiredText({ max: 18 }) }),
  z.object({ intent: z.literal(SUBSCRIPTION_INTENTS.renew), subscriptionId: requiredText({ max: 18 }) }),
  z.object({
    intent: z.literal(SUBSCRIPTION_INTENTS.quantity),
    subscriptionId: requiredText({ max: 18 }),
    quantity: quantity(),
  }),
]);

/** A posted order form checked against `schema`: Conform's submission (what was typed, and the messages). */
export function parseOrderForm<Schema extends z.ZodTypeAny>(form: FormData, schema: Schema) {
  return parseWithZod(form, { schema });
}
