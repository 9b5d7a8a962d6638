/** What the store says when the API behind it cannot answer (an outage, maintenance, a slow spell). */
export const STORE_TROUBLE_HEADING = "The store is having trouble right now";
export const STORE_TROUBLE_MESSAGE = "The store is having trouble right now. Your cart is safe; try again in a minute.";
/** Shown above a page served from the store's last good copy of the catalog while the API cannot answer. */
export const STALE_CATALOG_NOTICE =
  "The store is having trouble right now, so this page may be out of date. Prices and stock will be confirmed at checkout.";
