/**
 * An address typed into a checkout form that is checked only when it is used: the shipping step's "new address"
 * (not when a saved one is chosen) and the payment step's billing address (not when it is the shipping address).
 * The form's schema reads the fields as plain strings; the address rules (lib/address/address) run on them only then.
 */
import { z } from "zod";
import { createAddressSchema, type Address } from "~/lib/address/address-schema";

/**
 * A field the address rules require, as the form reads it: anything (the rules check it when the address is
 * used), and marked required on its input, the constraint Conform reads for a schema that isn't optional.
 */
const requiredField = z.unknown();
/** A field the address rules let the shopper leave empty. */
const optionalField = z.string().optional();

/** The address fields as typed, none of them checked yet. */
export const typedAddressSchema = z.object({
  firstName: requiredField,
  lastName: requiredField,
  companyName: optionalField,
  street: requiredField,
  city: requiredField,
  region: optionalField,
  postalCode: requiredField,
  country: requiredField,
  shipToPhoneNumber: optionalField,
});
export type TypedAddress = z.infer<typeof typedAddressSchema>;

/**
 * The typed address checked by the address rules: the address, or null with every problem added to `ctx` under
 * `path` (so each shows on its field).
 */
export function checkedAddress(
  rules: ReturnType<typeof createAddressSchema>,
  typed: TypedAddress | undefined,
  ctx: z.RefinementCtx,
  path: (string | number)[],
): Address | null {
  const parsed = rules.safeParse(typed ?? {});
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path: [...path, ...issue.path] });
  return null;
}
