/** The webstore adapter: `createWebstoreClient` plus the spec's pure rules, errors and types. */
export * from "./client.js";
export * from "./errors.js";
export * from "./org-setup.js";
export * from "./http.js";
export * from "./retry.js";
export * from "./breaker.js";
export * from "./async-wait.js";
export * from "./cache.js";
export * from "./context.js";
export * from "./types/index.js";
export { jwtExpiry, newUvid, type TokenSet, type UserInfo } from "./api/auth.js";
export * from "./api/carts.js";
export * from "./api/catalog.js";
export * from "./api/checkouts.js";
export * from "./api/delivery-groups.js";
export * from "./api/addresses.js";
export * from "./api/wishlists.js";
export * from "./api/orders.js";
