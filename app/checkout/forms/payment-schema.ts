/** The payment step's form: the server's rules and the browser's instant feedback are the same schema. */
import { z } from "zod";
import { checkedAddress, typedAddressSchema } from "~/checkout/forms/address-fields";
import { createAddressSchema } from "~/lib/address/address-schema";
import { EXPIRY_MONTHS, PO_MAX_LENGTH, REMOVE_COUPON } from "~/checkout/model/payment";
// From checkout/model/cards itself, not through checkout/model: the pages that share checkout/model (the cart) don't carry the
// card-brand table.
import { cardDigits } from "~/checkout/model/cards";
import { builtOncePerOptions, optionalText, VALIDITY_MESSAGES } from "~/lib/validation";

export interface PaymentOptions {
  allowPurchaseOrder: boolean;
  countries: string[];
  skipPhoneNumberValidation: boolean;
}

const M = VALIDITY_MESSAGES;

/**
 * Paying by card (typed, or tokenised in the browser: `paymentToken`) or by purchase order, with the shipping
 * address or another as the billing address. Which fields are required depends on the method: superRefine.
 */
function buildPaymentSchema(options: PaymentOptions) {
  const address = createAddressSchema({
    countries: options.countries,
    skipPhoneNumberValidation: options.skipPhoneNumberValidation,
  });
  return z
    .object({
      paymentMethod: z.enum(["card", "purchaseOrder"], {
        required_error: M.valueMissing,
        invalid_type_error: M.badInput,
      }),
      cardholderName: optionalText({ max: 255 }),
      cardNumber: optionalText({ max: 23 }),
      expiryMonth: optionalText({ max: 2 }),
      expiryYear: optionalText({ max: 4 }),
      cvv: optionalText({ max: 4 }),
      purchaseOrderNumber: optionalText({ max: PO_MAX_LENGTH }),
      /** A token from the store's client-side gateway (JavaScript on): no card details came with it. */
      paymentToken: optionalText({ max: 200 }),
      /** How the browser names that card ("Visa ending in 4242"), for the review page. */
      cardLabel: optionalText({ max: 60 }),
      sameAsShipping: z.boolean().optional(),
      // Checked below, only when the billing address is not the shipping address.
      billing: typedAddressSchema.optional(),
    })
    .superRefine((value, ctx) => {
      const problem = (path: string, message: string) =>
        ctx.addIssue({ code: z.ZodIssueCode.custom, message, path: [path] });
      if (value.paymentMethod === "card" && value.paymentToken) {
        // Tokenised in the browser by the store's client-side gateway: the card's details never came here.
        if (!value.cardholderName) problem("cardholderName", M.valueMissing);
      } else if (value.paymentMethod === "card") {
        if (!value.cardholderName) problem("cardholderName", M.valueMissing);
        if (!value.cardNumber) problem("cardNumber", M.valueMissing);
        else if (!/^\d{12,19}$/.test(cardDigits(value.cardNumber))) problem("cardNumber", M.patternMismatch);
        if (!value.expiryMonth) problem("expiryMonth", M.valueMissing);
        else if (!EXPIRY_MONTHS.includes(value.expiryMonth)) problem("expiryMonth", M.badInput);
        if (!value.expiryYear) problem("expiryYear", M.valueMissing);
        else if (!/^\d{4}$/.test(value.expiryYear)) problem("expiryYear", M.badInput);
        if (!value.cvv) problem("cvv", M.valueMissing);
        else if (!/^\d{3,4}$/.test(value.cvv)) problem("cvv", M.patternMismatch);
      } else if (!options.allowPurchaseOrder) {
        problem("paymentMethod", "Pay with a card.");
      } else if (!value.purchaseOrderNumber) {
        problem("purchaseOrderNumber", M.valueMissing);
      }
      if (!value.sameAsShipping) checkedAddress(address, value.billing, ctx, ["billing"]);
    })
    .transform((value) => ({
      ...value,
      // Checked above: parsing again only types it.
      billing: value.sameAsShipping ? null : address.parse(value.billing ?? {}),
    }));
}
export const paymentSchema = /* @__PURE__ */ builtOncePerOptions(buildPaymentSchema);

export type PaymentValues = z.output<ReturnType<typeof paymentSchema>>;

/** What the payment form's buttons ask for: pay (the default), apply a coupon, or remove one (its id). */
export function paymentIntentSchema() {
  return z
    .object({ intent: z.string().default("pay"), couponCode: z.string().optional() })
    .transform(({ intent, couponCode = "" }) => {
      if (intent === "applyCoupon") return { intent: "applyCoupon" as const, couponCode };
      if (intent.startsWith(REMOVE_COUPON))
        return { intent: "removeCoupon" as const, couponId: intent.slice(REMOVE_COUPON.length), couponCode };
      // Without JavaScript, Enter in the coupon field submits the form's first button (Continue to review): a code
      // typed but never applied is applied then, as its own Apply button would, rather than paid without.
      if (couponCode.trim()) return { intent: "applyCoupon" as const, couponCode };
      return { intent: "pay" as const, couponCode };
    });
}
