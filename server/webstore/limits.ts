// The API's limits, each defined once for the adapter, the server's handlers and the browser's forms.
// No import or export-from statement, on purpose: esbuild inlines a primitive constant wherever it is used only when
// the file declaring it has none, so the browser's bundles carry the numbers and no module for this file. An import
// here would make it a module of its own in every page that uses it (decision 018).

/** The smallest quantity of a cart line (spec §5, §9). */
export const QUANTITY_MIN = 1;
/** The largest quantity of a cart line (spec §5, §9). */
export const QUANTITY_MAX = 100_000_000;
/** The longest coupon code the cart's and the payment step's forms take (the API's field holds 100). */
export const COUPON_CODE_MAX_LENGTH = 100;
/** Lines a page of a cart's or a checkout's items (spec §9). */
export const CART_ITEMS_PAGE_SIZE = 25;
/** Lines a cart holds (Cart Data Limits: 500 a cart). */
export const CART_MAX_LINES = 500;
/** Lines a cart holds in a store with large carts (propertiesEx.highScaleCartEnabled; Cart Data Limits: 2,000). */
export const LARGE_CART_MAX_LINES = 2_000;
/** The longest cart name (Cart Input `name`: "The name can have up to 250 Unicode characters"). */
export const CART_NAME_MAX_LENGTH = 250;
