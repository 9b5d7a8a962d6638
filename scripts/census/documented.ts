/**
 * The census data: every shopper-facing method + path under `commerce/webstores/{webstoreId}/` that Salesforce's
 * Connect REST API Developer Guide documents (v49.0–v67.0), with its first version, the last one when it was removed,
 * and the page that says so; why a documented pair is not served; and why a served route no page documents exists.
 * `npm run census` reads it next to the emulator's routes (scripts/census.ts); tests/docs/census.test.ts holds
 * the emulator to it. Paths are relative to the webstore base, parameters in the router's `:name` form.
 */

/** A page of the v67.0 guide: `connect_resources_commerce_webstore_<name>.htm`. */
const page = (name: string) =>
  `https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_resources_commerce_webstore_${name}.htm`;
/** The guide's Commerce subscription pages, named `connect_resources_commerce_subscription_<name>.htm`. */
const subscriptionPage = (name: string) =>
  `https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_resources_commerce_subscription_${name}.htm`;
/** ConnectApi classes (Apex) for the resources whose REST page the stored guide doesn't have. */
const APEX_CATALOG =
  "https://developer.salesforce.com/docs/atlas.en-us.apexref.meta/apexref/apex_ConnectAPI_CommerceCatalog_static_methods.htm";
const APEX_BUYER_EXPERIENCE =
  "https://developer.salesforce.com/docs/atlas.en-us.apexref.meta/apexref/apex_ConnectAPI_CommerceBuyerExperience_static_methods.htm";

export interface DocumentedPair {
  method: string;
  path: string;
  /** The first API version the page documents it at. */
  since: number;
  /** The last version it exists at, for a removed resource. */
  until?: number;
  page: string;
  /** What the census row should add: a version read from another page, a page that is not the REST resource's. */
  note?: string;
}

export const DOCUMENTED: DocumentedPair[] = [
  // Context
  { method: "GET", path: "application-context", since: 54, page: page("application_context") },
  {
    method: "GET",
    path: "session-context",
    since: 49,
    page: page("session_context"),
    note: "[I] the version: the stored page shows none; served at every version",
  },
  {
    method: "GET",
    path: "ai/configuration",
    since: 55,
    page: page("ai_config"),
    note: "52.0–54.0 at commerce/einstein/webstores/{id}/configuration, whose page sends 55.0 and later here",
  },
  {
    method: "GET",
    path: "ai/recommendations",
    since: 55,
    page: page("ai_recommendations"),
    note: "[I] the answer's shape: its page (Commerce Einstein Recommendation Results) was not found; the products chosen are emulator-only",
  },
  { method: "GET", path: "external-managed-accounts", since: 49, page: page("external_managed_accounts") },

  // Account addresses
  { method: "GET", path: "accounts/:accountId/addresses", since: 54, page: page("accounts_addresses") },
  { method: "POST", path: "accounts/:accountId/addresses", since: 54, page: page("accounts_addresses") },
  {
    method: "PATCH",
    path: "accounts/:accountId/addresses/:addressId",
    since: 54,
    page: page("accounts_addresses_address"),
  },
  {
    method: "DELETE",
    path: "accounts/:accountId/addresses/:addressId",
    since: 54,
    page: page("accounts_addresses_address"),
  },

  // Carts
  { method: "POST", path: "carts", since: 49, page: page("carts") },
  { method: "GET", path: "carts/:cartStateOrId", since: 49, page: page("cart") },
  { method: "PUT", path: "carts/:cartStateOrId", since: 49, page: page("cart") },
  { method: "DELETE", path: "carts/:cartStateOrId", since: 49, page: page("cart") },
  { method: "GET", path: "carts/compact-summary", since: 64, page: page("carts_compact_summary") },
  {
    method: "PUT",
    path: "carts/:cartStateOrId/inventory-reservations",
    since: 58,
    until: 63,
    page: page("cart_inventory_reservations"),
  },
  {
    method: "DELETE",
    path: "carts/:cartStateOrId/inventory-reservations",
    since: 58,
    until: 63,
    page: page("cart_inventory_reservations"),
  },
  { method: "GET", path: "carts/:cartStateOrId/products", since: 60, page: page("cart_products") },
  { method: "GET", path: "carts/:cartStateOrId/products/:productId", since: 60, page: page("cart_product") },
  { method: "POST", path: "carts/:cartStateOrId/actions/clone", since: 60, page: page("cart_clone") },
  { method: "POST", path: "carts/:cartStateOrId/actions/preserve", since: 60, page: page("cart_preserve") },
  { method: "POST", path: "carts/:cartStateOrId/actions/make-primary", since: 53, page: page("cart_make_primary") },
  {
    method: "POST",
    path: "carts/:cartStateOrId/actions/add-cart-to-wishlist",
    since: 50,
    page: page("cart_add_to_wishlist"),
  },
  { method: "POST", path: "carts/:cartStateOrId/actions/calculate", since: 62, page: page("cart_calculate") },
  {
    method: "POST",
    path: "carts/:cartStateOrId/actions/evaluate-shipping",
    since: 63,
    page: page("cart_evaluate_shipping"),
  },
  {
    method: "POST",
    path: "carts/:cartStateOrId/actions/evaluate-taxes",
    since: 63,
    page: "https://developer.salesforce.com/docs/platform/apex-ref/references/apex-ref/apex-connectapi-input-cart-evaluate-tax.html",
    note: "[I] the stored guide has no page for it: path and 63.0 from its input (ConnectApi.CartEvaluateTaxInput, 63.0) and evaluate-shipping's page",
  },
  {
    method: "POST",
    path: "carts/:cartStateOrId/messages/actions/set-visibility",
    since: 50,
    page: page("cart_messages_set_visibility"),
  },
  { method: "GET", path: "carts/:cartStateOrId/promotions", since: 53, page: page("cart_promotions") },
  { method: "GET", path: "carts/:cartStateOrId/cart-coupons", since: 54, page: page("carts_cart_coupons") },
  { method: "POST", path: "carts/:cartStateOrId/cart-coupons", since: 54, page: page("carts_cart_coupons") },
  {
    method: "DELETE",
    path: "carts/:cartStateOrId/cart-coupons/:cartCouponId",
    since: 54,
    page: page("carts_cart_coupons_delete_coupon"),
  },
  { method: "GET", path: "carts/:cartStateOrId/cart-items", since: 49, page: page("cart_items") },
  { method: "POST", path: "carts/:cartStateOrId/cart-items", since: 49, page: page("cart_items") },
  { method: "POST", path: "carts/:cartStateOrId/cart-items/batch", since: 49, page: page("cart_items_batch") },
  {
    method: "POST",
    path: "carts/:cartStateOrId/cart-items/promotions",
    since: 53,
    page: page("cart_items_promotions"),
  },
  { method: "PATCH", path: "carts/:cartStateOrId/cart-items/:cartItemId", since: 49, page: page("cart_item") },
  { method: "DELETE", path: "carts/:cartStateOrId/cart-items/:cartItemId", since: 49, page: page("cart_item") },

  // Delivery groups
  { method: "GET", path: "carts/:cartStateOrId/delivery-groups", since: 59, page: page("cart_delivery_groups") },
  { method: "POST", path: "carts/:cartStateOrId/delivery-groups", since: 59, page: page("cart_delivery_groups") },
  {
    method: "GET",
    path: "carts/:cartStateOrId/delivery-groups/:deliveryGroupId",
    since: 59,
    page: page("cart_delivery_group"),
  },
  {
    method: "PATCH",
    path: "carts/:cartStateOrId/delivery-groups/:deliveryGroupId",
    since: 59,
    page: page("cart_delivery_group"),
  },
  {
    method: "DELETE",
    path: "carts/:cartStateOrId/delivery-groups/:deliveryGroupId",
    since: 59,
    page: page("cart_delivery_group"),
  },
  {
    method: "POST",
    path: "carts/:cartStateOrId/delivery-groups/actions/arrange-items",
    since: 60,
    page: page("cart_arrange_items"),
  },

  // Catalog, pricing, search, taxes
  { method: "GET", path: "products", since: 54, page: page("products") },
  { method: "GET", path: "products/:productId", since: 49, page: page("product") },
  { method: "GET", path: "products/:productId/children", since: 57, page: page("product_children") },
  {
    method: "GET",
    path: "products/:productId/featured-products",
    since: 64,
    page: page("products_featured_products"),
  },
  {
    method: "GET",
    path: "product-categories/:productCategoryId",
    since: 49,
    page: APEX_CATALOG,
    note: "the stored guide has no REST page: ConnectApi.CommerceCatalog.getProductCategory, 49.0",
  },
  {
    method: "GET",
    path: "product-categories/children",
    since: 49,
    page: APEX_CATALOG,
    note: "the stored guide has no REST page: ConnectApi.CommerceCatalog.getProductCategoryChildren, 49.0",
  },
  {
    method: "GET",
    path: "product-category-path/product-categories/:productCategoryId",
    since: 49,
    page: APEX_CATALOG,
    note: "the stored guide has no REST page: ConnectApi.CommerceCatalog.getProductCategoryPath, 49.0",
  },
  { method: "GET", path: "category-menu-items", since: 64, page: page("category-menu-items") },
  { method: "GET", path: "pricing/products", since: 54, page: page("pricing_products") },
  { method: "POST", path: "pricing/products", since: 49, page: page("pricing_products") },
  { method: "GET", path: "pricing/products/:productId", since: 49, page: page("product_price") },
  { method: "GET", path: "search/products", since: 58, page: page("search_products") },
  { method: "POST", path: "search/product-search", since: 49, page: page("product_search") },
  { method: "GET", path: "search/sort-rules", since: 52, page: page("search_sort_rules") },
  { method: "GET", path: "search/suggestions", since: 52, page: page("search_suggestions") },
  { method: "GET", path: "taxes/products/:productId", since: 56, page: page("tax") },

  // Checkouts and payments
  { method: "POST", path: "checkouts", since: 55, page: page("checkouts_start_checkout") },
  { method: "PUT", path: "checkouts", since: 57, page: page("checkouts_start_checkout") },
  { method: "GET", path: "checkouts/:activeOrCheckoutId", since: 55, page: page("checkouts") },
  { method: "PATCH", path: "checkouts/:activeOrCheckoutId", since: 55, page: page("checkouts") },
  { method: "DELETE", path: "checkouts/:activeOrCheckoutId", since: 55, page: page("checkouts") },
  { method: "POST", path: "checkouts/:activeOrCheckoutId/coupons", since: 61, until: 62, page: page("coupons") },
  {
    method: "DELETE",
    path: "checkouts/:activeOrCheckoutId/coupons/:couponId",
    since: 61,
    until: 62,
    page: page("coupon_delete"),
  },
  { method: "POST", path: "checkouts/:activeOrCheckoutId/orders", since: 55, page: page("checkouts_place_order") },
  {
    method: "POST",
    path: "checkouts/:activeOrCheckoutId/orders/actions",
    since: 64,
    page: page("checkouts_place_order_v2"),
  },
  { method: "POST", path: "checkouts/:activeOrCheckoutId/payments", since: 55, page: page("checkouts_payments") },
  { method: "POST", path: "payments/token", since: 55, page: page("token") },

  // Order summaries and shipments
  { method: "GET", path: "order-summaries", since: 51, page: page("order_summaries") },
  { method: "GET", path: "order-summaries/:orderSummaryId", since: 55, page: page("order_summary") },
  {
    method: "GET",
    path: "order-summaries/:orderSummaryId/adjustments",
    since: 53,
    page: page("order_summaries_adjustments"),
  },
  {
    method: "GET",
    path: "order-summaries/:orderSummaryId/delivery-groups",
    since: 51,
    page: page("order_summary_delivery_groups"),
  },
  { method: "GET", path: "order-summaries/:orderSummaryId/items", since: 51, page: page("order_items") },
  {
    method: "POST",
    path: "order-summaries/:orderSummaryId/items/adjustments",
    since: 53,
    page: page("order_summaries_item_adjustments"),
  },
  { method: "GET", path: "order-summaries/:orderSummaryId/shipments", since: 52, page: page("order_shipments") },
  { method: "GET", path: "shipments/:shipmentId/items", since: 52, page: page("order_shipment_items") },
  {
    method: "POST",
    path: "order-summaries/:orderSummaryId/actions/add-order-to-cart",
    since: 57,
    page: APEX_BUYER_EXPERIENCE,
    note: "the stored guide has no REST page for this form: ConnectApi.CommerceBuyerExperience.addOrderToCart, 57.0",
  },
  {
    method: "POST",
    path: "order-summaries/actions/add-order-to-cart",
    since: 59,
    page: "https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_requests_add_order_to_cart_input.htm",
    note: "its input's page (Add Order To Cart Input: cartStateOrId, orderSummaryIdOrRefNumber 59.0)",
  },
  { method: "GET", path: "order-summaries/actions/lookup", since: 64, page: page("order_summary_lookup") },
  { method: "POST", path: "order-summaries/actions/lookup", since: 58, page: page("order_summary_lookup") },
  { method: "POST", path: "order-summaries/actions/authorize", since: 64, page: page("authorize_guest_buyer") },
  {
    method: "POST",
    path: "order-summaries/async-actions/adjustment-aggregates",
    since: 55,
    page: page("order_summaries_adjustment_aggregates"),
  },

  // Subscriptions
  { method: "GET", path: "subscriptions", since: 63, page: subscriptionPage("get_subscriptions") },
  {
    method: "POST",
    path: "subscriptions/actions/initiate-cancellation",
    since: 63,
    page: subscriptionPage("cancel_subscription"),
  },
  {
    method: "POST",
    path: "subscriptions/actions/initiate-renewal",
    since: 65,
    page: subscriptionPage("initiate_renewal"),
  },
  {
    method: "POST",
    path: "subscriptions/actions/initiate-amendment",
    since: 65,
    page: subscriptionPage("initiate_amendment"),
  },
  {
    method: "PATCH",
    path: "subscriptions/:subscriptionId/saved-payment-methods",
    since: 63,
    page: subscriptionPage("saved_payment_method"),
  },
  {
    method: "GET",
    path: "subscriptions/:subscriptionId/action-history",
    since: 66,
    page: subscriptionPage("action_history"),
  },

  // My profile
  { method: "GET", path: "myprofile", since: 52, page: page("myprofile") },
  { method: "PATCH", path: "myprofile", since: 59, page: page("myprofile") },
  { method: "POST", path: "myprofile/actions/initOTP", since: 64, page: page("myprofile_initotp") },
  {
    method: "POST",
    path: "myprofile/actions/verify",
    since: 64,
    page: page("myprofile_verifyotp"),
    note: "[I] the path: the page's v64.0 and v65.0 copies show none (its file is named verifyotp); its v66.0 copy and the Commerce guide's resource list name myprofile/actions/verify",
  },

  // Wishlists
  { method: "GET", path: "wishlists", since: 49, page: page("wishlists") },
  { method: "POST", path: "wishlists", since: 49, page: page("wishlists") },
  { method: "GET", path: "wishlists/:wishlistId", since: 49, page: page("wishlist") },
  { method: "PATCH", path: "wishlists/:wishlistId", since: 49, page: page("wishlist") },
  { method: "DELETE", path: "wishlists/:wishlistId", since: 49, page: page("wishlist") },
  { method: "GET", path: "wishlists/:wishlistId/wishlist-items", since: 49, page: page("wishlist_items") },
  { method: "POST", path: "wishlists/:wishlistId/wishlist-items", since: 49, page: page("wishlist_items") },
  {
    method: "DELETE",
    path: "wishlists/:wishlistId/wishlist-items/:wishlistItemId",
    since: 49,
    page: page("wishlist_item"),
  },
  {
    method: "POST",
    path: "wishlists/:wishlistId/actions/add-wishlist-to-cart",
    since: 49,
    page: page("wishlist_add_to_cart"),
  },
];

/** The method and path a pair or route is known by here: parameters lose their names (`carts/:`). */
export const pairKey = (method: string, path: string) => `${method} ${path.replace(/:[A-Za-z]+/g, ":")}`;

/**
 * Why a documented pair the emulator could serve (documented at v65.0 or before) is not served, one sentence each,
 * keyed by `pairKey`. A pair served later drops its line (the census test names a reason left on a served pair).
 */
export const NOT_SERVED: Record<string, string> = {
  [pairKey("GET", "search/suggestions")]:
    "its page documents the request, and ConnectApi.SearchSuggestion {value} and CommerceSearch.getSuggestions are documented, but no page lists the answer's container or its suggested products' shape, and the emulator invents none; the store's type-ahead suggests from the product search (docs/emulator.md, Catalog resources not served yet)",
};

/** Why a pair documented only after v65.0 is not served: the emulator answers as a v65.0 org. */
export const BEYOND_REACH = "out of the emulator's reach (API v65.0): documented from a later version";

/**
 * Served webstore routes no Salesforce page documents, keyed by `pairKey`, each with the reason it exists (the same
 * reason docs/emulator*.md gives where the route is described).
 */
export const EMULATOR_ONLY: Record<string, string> = {
  [pairKey("GET", "shopperAgent/context")]:
    "emulator-only: the storefront spec's call list names it and nothing public shows it; it answers a disabled agent configuration",
  [pairKey("GET", "effective-accounts/:effectiveAccountId")]:
    "emulator-only: no Connect REST page; Salesforce's LWR components (commerce/effectiveAccountApi) call it",
  [pairKey("GET", "order-summaries/purchased-products")]:
    "emulator-only: the spec's call list names it; no Salesforce page or public code shows it",
};

/** Documented resources the emulator serves outside the webstore path, and how the census lists them. */
export interface OtherResource {
  method: string;
  /** The router's path. */
  path: string;
  since: number;
  page: string | null;
  /** For a resource without a page: why it is served. */
  reason?: string;
}

export const OTHER_RESOURCES: OtherResource[] = [
  {
    method: "GET",
    path: "/services/data/:apiVersion/commerce/inventory/levels",
    since: 60,
    page: "https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_resources_inventory_get_levels.htm",
  },
  {
    method: "GET",
    path: "/services/data/v65.0/connect/communities/:communityId/seo/properties/:recordId",
    since: 65,
    page: null,
    reason:
      '[I] the storefront spec\'s SEO call (§7 "Other"); no stored page shows its versions, so it is served at v65.0 only',
  },
];
