/**
 * Pure checkout helpers shared by the checkout routes (server) and their components (browser): the steps, the
 * shipments as the page shows them (spec §4 delivery-group normalisation, "Shipment {0}" labels), moving items
 * between shipments, delivery methods, the inventory reservation's countdown, the guest user context, and the
 * shopper's words for what went wrong.
 *
 * Money stays the API's strings: nothing here adds up a total (totals always come from the checkout summary).
 */
export * from "./steps";
export * from "./shipments";
export * from "./totals";
export * from "./failures";
export * from "./payment";
