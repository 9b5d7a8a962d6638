/**
 * The shipping step's forms: the server's rules and the browser's instant feedback are the same schemas. The page
 * loads this module when the shopper first uses its form (useZodForm); the action reads it through shipping.server.
 */
import { z } from "zod";
import { checkedAddress, typedAddressSchema } from "~/checkout/forms/address-fields";
import { createAddressSchema } from "~/lib/address/address-schema";
import { MOVE_FIELDS, NEW_ADDRESS } from "~/checkout/model/shipments";
import { isPhone } from "~/lib/format/formats";
import {
  builtOncePerOptions,
  email,
  optionalText,
  requiredText,
  VALIDITY_MESSAGES,
  type FormFieldSchema,
} from "~/lib/validation";
import { CONTACT_MAX } from "./shipping";

export interface ShippingOptions {
  guest: boolean;
  countries: string[];
  skipPhoneNumberValidation: boolean;
  phoneRequired: boolean;
}

/** A contact field: checked for a guest; a buyer has none (what may come is ignored). */
type ContactField = FormFieldSchema<string, false>;

/** The address form: each shipment's address, and a guest's contact details. */
function buildShippingSchema(options: ShippingOptions) {
  const address = createAddressSchema({
    countries: options.countries,
    skipPhoneNumberValidation: options.skipPhoneNumberValidation,
  });
  const phoneRule = (value: string) => options.skipPhoneNumberValidation || isPhone(value);
  const shipment = z
    .object({
      groupId: requiredText(),
      addressChoice: requiredText(),
      // Checked below, only when the shopper chose to type a new address.
      address: typedAddressSchema.optional(),
      saveAddress: z.boolean().optional(),
    })
    .transform((value, ctx) => {
      if (value.addressChoice !== NEW_ADDRESS) return { ...value, address: null };
      const checked = checkedAddress(address, value.address, ctx, ["address"]);
      return checked ? { ...value, address: checked } : z.NEVER;
    });
  const phone: ContactField = options.phoneRequired
    ? requiredText({ max: CONTACT_MAX.phone }).refine(phoneRule, VALIDITY_MESSAGES.patternMismatch)
    : optionalText({ max: CONTACT_MAX.phone }).refine(
        (v) => v === undefined || phoneRule(v),
        VALIDITY_MESSAGES.patternMismatch,
      );
  const contact: Record<"email" | "lastName" | "phone", ContactField> = options.guest
    ? { email: email(), lastName: requiredText({ max: CONTACT_MAX.lastName }), phone }
    : { email: optionalText(), lastName: optionalText(), phone: optionalText() };
  return z.object({ ...contact, shipments: z.array(shipment).min(1) });
}
export const shippingSchema = /* @__PURE__ */ builtOncePerOptions(buildShippingSchema);

export type ShippingValues = z.output<ReturnType<typeof shippingSchema>>;

/** The forms of the step other than the address form (which has no intent or intent=save). */
export function shippingIntentSchema() {
  return z.object({ intent: z.enum(["save", "move", "addShipment", "removeShipment"]).default("save") });
}

/** One line's "Move" form (checked against the shipments by checkout/model's arrangementFrom). */
export function moveSchema() {
  return z.object({
    [MOVE_FIELDS.lineId]: z.string().optional(),
    [MOVE_FIELDS.target]: z.string().optional(),
    [MOVE_FIELDS.quantity]: z.string().optional(),
  });
}

/** An empty shipment's "Remove" form. */
export function removeShipmentSchema() {
  return z.object({ groupId: z.string().default("") });
}
