import { z } from "zod";

/** The field types the webstore API's shapes share: money and quantities are JSON strings, ids too. */
export const money = z.string().nullable();
export const id = z.string();
export const optional = <T extends z.ZodTypeAny>(schema: T) => schema.nullable().optional();

/** The token paging fields of the API's collections. */
export const tokenPage = {
  currentPageToken: optional(z.string()),
  currentPageUrl: optional(z.string()),
  nextPageToken: optional(z.string()),
  nextPageUrl: optional(z.string()),
  previousPageToken: optional(z.string()),
  previousPageUrl: optional(z.string()),
};

/**
 * Any value a JSON answer can hold. Wishlist and order shapes, record `fields` and a few nested objects are only partly
 * documented (reference §7, §8): the storefront reads them as JSON, field by field, rather than as `unknown`.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export type JsonObject = { [key: string]: JsonValue | undefined };

/** The schema of a JsonValue: the shapes' loosely documented parts, still JSON. */
export const jsonValue: z.ZodLazy<z.ZodType<JsonValue>> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(jsonValue)]),
);
/** The fields a shape leaves undocumented: any JSON, or none (`.catchall(jsonField)` in place of `.passthrough()`). */
export const jsonField = jsonValue.optional();

/** The postal fields every address input shares: saved addresses and a checkout's delivery address. */
export interface PostalAddressFields {
  name?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  street?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string;
  phoneNumber?: string;
}
