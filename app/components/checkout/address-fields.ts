/**
 * An address typed into a checkout form that is checked only when it is used: the shipping step's "new address"
 * (not when a saved one is chosen) and the payment step's billing address (not when it is the shipping address).
 * The form's schema reads the fields as plain strings; the address rules (lib/address) run on them only then.
 */
import { z } from "zod";
import type { AddressFieldsetMeta } from "../AddressForm";
import type { FieldMeta } from "../Field";
import { ADDRESS_FIELDS, createAddressSchema, type Address, type AddressField } from "../../lib/address";

const typedField = z.string().optional();

/** The address fields as typed, none of them checked yet. */
export const typedAddressSchema = z.object({
  firstName: typedField,
  lastName: typedField,
  companyName: typedField,
  street: typedField,
  city: typedField,
  region: typedField,
  postalCode: typedField,
  country: typedField,
  shipToPhoneNumber: typedField,
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

/**
 * The AddressForm's view of a typed address's Conform fields. The form schema reads every field as optional, so
 * its constraints say nothing of what the address rules require: the AddressForm's own required fields and
 * lengths (the address rules') apply instead.
 */
export function typedAddressMeta(
  meta: FieldMeta & { getFieldset: () => Record<AddressField, FieldMeta> },
): AddressFieldsetMeta {
  return {
    id: meta.id,
    name: meta.name,
    getFieldset: () => {
      const fieldset = meta.getFieldset();
      return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, withoutConstraints(fieldset[field])]));
    },
  };
}

/** Conform's metadata is read through getters: the fields a Field reads, copied, less the constraints. */
function withoutConstraints(meta: FieldMeta): FieldMeta {
  return {
    id: meta.id,
    name: meta.name,
    formId: meta.formId,
    errorId: meta.errorId,
    descriptionId: meta.descriptionId,
    key: meta.key,
    initialValue: meta.initialValue,
    errors: meta.errors,
  };
}
