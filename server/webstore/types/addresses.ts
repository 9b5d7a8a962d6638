import { z } from "zod";
import { id, tokenPage, optional, jsonValue, jsonField } from "./common.js";

/** Saved addresses of a buyer account. */

/** Commerce Address (connect_responses_commerce_address_output; no countryCode / regionCode after 58.0). */
export const AddressSchema = z
  .object({
    addressId: optional(id),
    addressType: optional(z.string()),
    name: optional(z.string()),
    firstName: optional(z.string()),
    middleName: optional(z.string()),
    lastName: optional(z.string()),
    companyName: optional(z.string()),
    street: optional(z.string()),
    city: optional(z.string()),
    region: optional(z.string()),
    postalCode: optional(z.string()),
    country: optional(z.string()),
    phoneNumber: optional(z.string()),
    isDefault: optional(z.boolean()),
    fields: optional(z.record(jsonValue)),
  })
  .catchall(jsonField);
export type Address = z.infer<typeof AddressSchema>;

/** Commerce Address Collection (connect_responses_commerce_address_collection). */
export const AddressCollectionSchema = z
  .object({
    count: optional(z.number()),
    items: z.array(AddressSchema),
    ...tokenPage,
    pageSize: optional(z.number().int()),
    sortOrder: optional(z.string()),
  })
  .catchall(jsonField);
export type AddressCollection = z.infer<typeof AddressCollectionSchema>;
