// Being retired: what lived here moved to app/handlers (the shop, identity tokens, server timing, errors) and
// app/lib/request-paths.ts; these names stay until every importer takes them from there.
export { toast } from "./toast.server";
export { errorMessage } from "./handlers/errors.server";
export { ServerTiming, serverTimingHeaders } from "./handlers/server-timing.server";
export { keepBuyerTokens, REFRESH_MARGIN_MS, shopperOf, type Shopper } from "./handlers/identity/tokens.server";
export { basePathOf, loginPath, pagePath, requestPath, returnPath } from "./lib/request-paths";
export { shopperCurrency, SIGN_IN_TO_BROWSE } from "./handlers/shop.server";
export {
  addToCart,
  cartCount,
  cartRef,
  GuestCartDisabledError,
  isGuestCartDisabledError,
} from "./handlers/cart.server";
export { isBusinessAccount } from "./handlers/identity.server";
