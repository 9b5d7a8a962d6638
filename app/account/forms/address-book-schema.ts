/**
 * The address book form's zod schema: the action's, and the browser's once the shopper reaches the form
 * (AddressBookForm). Apart from address-book.ts so that the book's pages load zod only then.
 */
import { z } from "zod";
import { createAddressSchema, type AddressSchemaOptions } from "~/lib/address/address-schema";
import { ADDRESS_NAME_MAX, ADDRESS_TYPES } from "~/account/model/address-book";
import { builtOncePerOptions, optionalText, VALIDITY_MESSAGES } from "~/lib/validation";

/** One form for adding and editing: the checkout's address schema under `address`, plus name, type and default. */
function buildAddressBookSchema(options: AddressSchemaOptions = {}) {
  return z.object({
    name: optionalText({ max: ADDRESS_NAME_MAX }),
    addressType: z.enum(ADDRESS_TYPES, {
      required_error: VALIDITY_MESSAGES.valueMissing,
      invalid_type_error: VALIDITY_MESSAGES.badInput,
      message: VALIDITY_MESSAGES.badInput,
    }),
    isDefault: z.boolean().optional(),
    address: createAddressSchema(options),
  });
}
export const createAddressBookSchema = /* @__PURE__ */ builtOncePerOptions(buildAddressBookSchema);

export type AddressBookValues = z.output<ReturnType<typeof createAddressBookSchema>>;
