/**
 * The address form's zod schema, which the server and the browser check addresses with: the checkout's and the
 * address book's. Apart from address.ts (labels, order, limits) so that pages load zod only when a form is used.
 */
import { z } from "zod";
import { isPhone } from "~/lib/format/formats";
import { optionalText, requiredText, VALIDITY_MESSAGES } from "~/lib/validation";
import { ADDRESS_MAX_LENGTHS, countryCode } from "./address";

export type AddressSchemaOptions = {
  /** ISO codes the store ships to (application context shippingCountries); any code when omitted. */
  countries?: readonly string[];
  requirePhone?: boolean;
  /** The application context's skipPhoneNumberValidationEnabled. */
  skipPhoneNumberValidation?: boolean;
};

/** The zod schema of one address form. */
export function createAddressSchema(options: AddressSchemaOptions = {}) {
  const max = ADDRESS_MAX_LENGTHS;
  const allowed = options.countries?.map(countryCode);
  const phoneRule = (value: string) => options.skipPhoneNumberValidation === true || isPhone(value);
  const phone = options.requirePhone
    ? requiredText({ max: max.shipToPhoneNumber }).refine(phoneRule, VALIDITY_MESSAGES.patternMismatch)
    : optionalText({ max: max.shipToPhoneNumber }).refine(
        (value) => value === undefined || phoneRule(value),
        VALIDITY_MESSAGES.patternMismatch,
      );
  return z.object({
    firstName: requiredText({ max: max.firstName }),
    lastName: requiredText({ max: max.lastName }),
    companyName: optionalText({ max: max.companyName }),
    street: requiredText({ max: max.street }),
    city: requiredText({ max: max.city }),
    region: optionalText({ max: max.region }),
    postalCode: requiredText({ max: max.postalCode }),
    country: requiredText({ max: max.country })
      .transform(countryCode)
      .refine((code) => (allowed ? allowed.includes(code) : /^[A-Z]{2}$/.test(code)), VALIDITY_MESSAGES.badInput),
    shipToPhoneNumber: phone,
  });
}

export const addressSchema = createAddressSchema();
export type Address = z.output<typeof addressSchema>;
export type AddressInput = z.input<typeof addressSchema>;
