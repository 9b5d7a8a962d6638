/**
 * The JSON shapes of the webstore API (reference/webstore-api.md). Schemas are `passthrough` and lenient about
 * optional fields: they document what the storefront reads and let contract tests check an answer, without
 * rejecting the extra fields a newer API version adds. The client itself does not parse answers at run time.
 *
 * Money and quantities are JSON strings ("12.99", "2.0"); prices not yet calculated are null.
 */
export type { JsonObject, JsonValue, PostalAddressFields } from "./common.js";
export * from "./carts.js";
export * from "./context.js";
export * from "./catalog.js";
export * from "./checkout.js";
export * from "./addresses.js";
export * from "./wishlists.js";
export * from "./orders.js";
export * from "./profile.js";
