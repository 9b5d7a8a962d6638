/**
 * /OrderLookup/{recordId}: the Order Lookup view with a record id, the order provider's identifier and the record
 * of the search-engine metadata. `OrderLookup_` keeps this route beside /OrderLookup rather than inside it.
 * The view is the same as /OrderLookup's (the loader reads the optional recordId param), so this module only
 * re-exports that route's module.
 */
export { action, default, ErrorBoundary, headers, links, loader, meta } from "./OrderLookup";
