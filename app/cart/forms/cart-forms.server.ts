/**
 * The cart's forms as schemas: the cart page's (every form posts to the cart's action with an `intent`) and the
 * product page's "Add to cart". Their field names and intents are cart/model's CART_FIELDS and CART_INTENTS, and a
 * typed quantity is read by cart/model/quantity's rules: the same names and rules the browser's optimistic readers
 * (cart/model's readCartChange, the header's count) apply to pending submissions.
 *
 * A server module on purpose: zod and Conform weigh about 24 KB in a browser bundle, which would put the cart and
 * product pages far over their JavaScript budget (scripts/js-budget.mjs), and neither page validates in the browser.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { INTERNAL_ERROR } from "../../../server/webstore/index";
import { CART_FIELDS, CART_MESSAGES } from "~/cart/model";
import { couponCodeProblem } from "~/cart/model/coupon";
import { quantityError } from "~/cart/model/quantity-error";
import { validQuantity } from "~/cart/model/quantity";
import { isSellingModelId, SELLING_MODEL_FIELD, UNKNOWN_SELLING_MODEL_MESSAGE } from "~/cart/model/subscriptions";
import { VALIDITY_MESSAGES } from "~/lib/validation/validity";

/** A typed quantity read by the kit's rules (cart/model/quantity), in the kit's words when it is no quantity. */
const typedQuantity = z
  .string()
  .optional()
  .transform((typed, ctx) => {
    const quantity = validQuantity(typed ?? "");
    if (quantity !== null) return quantity;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: quantityError(typed ?? "") ?? VALIDITY_MESSAGES.badInput });
    return z.NEVER;
  });

/** An id the page put in a hidden field: missing only when the form was not the page's. */
const hiddenId = z.string({ required_error: CART_MESSAGES.failed });

/** Fields every cart form carries: where a form without JavaScript comes back to. */
const common = { redirectTo: z.string().optional() };

function stepperSchema<I extends "increase" | "decrease">(intent: I) {
  return z.object({
    ...common,
    intent: z.literal(intent),
    [CART_FIELDS.lineId]: hiddenId,
    [CART_FIELDS.quantity]: z.string().optional(),
    [CART_FIELDS.previousQuantity]: z.string().optional(),
  });
}

export const cartEditSchema = z.discriminatedUnion(CART_FIELDS.intent, [
  z.object({
    ...common,
    intent: z.literal("update"),
    [CART_FIELDS.lineId]: hiddenId,
    [CART_FIELDS.quantity]: typedQuantity,
    [CART_FIELDS.previousQuantity]: z.string().optional(),
  }),
  // The stepper without JavaScript: one more or one less than what the field holds (with JavaScript the page
  // sends the stepped quantity as an update).
  stepperSchema("increase"),
  stepperSchema("decrease"),
  z.object({
    ...common,
    intent: z.literal("remove"),
    [CART_FIELDS.lineId]: hiddenId,
    [CART_FIELDS.previousQuantity]: z.string().optional(),
    productName: z.string().trim().optional(),
  }),
  z.object({
    ...common,
    intent: z.literal("applyCoupon"),
    [CART_FIELDS.couponCode]: z
      .string({ required_error: VALIDITY_MESSAGES.valueMissing })
      .trim()
      .superRefine((code, ctx) => {
        const problem = couponCodeProblem(code);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }),
  }),
  z.object({
    ...common,
    intent: z.literal("removeCoupon"),
    [CART_FIELDS.couponId]: hiddenId,
    [CART_FIELDS.couponCode]: z.string().trim().optional(),
  }),
  // Spec §4 pay-now: a plain form (no fetcher) to the payment link's page.
  z.object({ ...common, intent: z.literal("paymentLink") }),
]);

export type CartEdit = z.output<typeof cartEditSchema>;
export type CartIntentName = CartEdit["intent"];

export function parseCartEdit(formData: FormData) {
  return parseWithZod(formData, { schema: cartEditSchema });
}

/**
 * The spec's catalogue code of a refused submission: INTERNAL_ERROR ("missing action", §8) when it names no action
 * the cart knows; none for a field's problem (its message says it).
 */
export function cartFormCode(error: Record<string, string[] | null> | null | undefined): string | undefined {
  return error?.[CART_FIELDS.intent]?.length ? INTERNAL_ERROR : undefined;
}

/** The message a refused submission shows: no intent it knows first, then the first field's problem. */
export function cartFormProblem(error: Record<string, string[] | null> | null | undefined): string {
  if (!error) return CART_MESSAGES.failed;
  if (error[CART_FIELDS.intent]?.length) return CART_MESSAGES.noIntent;
  return Object.values(error).find((messages) => messages?.length)?.[0] ?? CART_MESSAGES.failed;
}

/**
 * The product page's "Add to cart": the quantity typed and, for a product sold with selling models, the purchase
 * option picked. An option that is no selling model id at all never reaches the API; an id the product isn't sold
 * with, or none for a subscription-only product, is the API's product error 106.
 */
export const addToCartSchema = z.discriminatedUnion(CART_FIELDS.intent, [
  z.object({
    intent: z.literal("add"),
    [CART_FIELDS.quantity]: typedQuantity,
    [SELLING_MODEL_FIELD]: z
      .string()
      .optional()
      .transform((typed, ctx) => {
        const plan = typed?.trim();
        if (!plan) return undefined;
        if (isSellingModelId(plan)) return plan;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: UNKNOWN_SELLING_MODEL_MESSAGE });
        return z.NEVER;
      }),
  }),
]);

export function parseAddToCart(formData: FormData) {
  return parseWithZod(formData, { schema: addToCartSchema });
}
