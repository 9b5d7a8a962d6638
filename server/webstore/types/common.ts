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

/** Wishlist and order shapes are only partly documented (reference §7, §8); the storefront reads them loosely. */
export type JsonObject = Record<string, unknown>;

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
