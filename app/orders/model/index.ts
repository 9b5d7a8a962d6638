/**
 * Order data of the storefront (spec §3 "Order summary", "Order delivery group", "Order adjustments", §4 "Order
 * provider", §5 "Order lookup", §8): the lookup form's schema, the order provider's states and the rules that
 * turn the API's order answers into what the order pages show, one module per topic.
 *
 * Pure: no React, no cookies, no API client.
 */
export * from "./lookup";
export { fieldText, sumAmounts } from "./json";
export * from "./summary";
export * from "./lines";
export * from "./provider";
export * from "./history";
export * from "./shipments";
