/**
 * Every page path of the storefront, as the app's routes, links and redirects speak them ("/cart"; Remix's router
 * adds the base path and locale segment, its basename): one place to find or change a URL. Also the readable slugs
 * of product and category links and the redirect target check. Pure strings, shared by loaders and components.
 */
import { buildLink } from "./links";

const MAX_SLUG_LENGTH = 80;

/** The address book (spec §7 "Addresses"): its list, a new address, one address. */
export const ADDRESS_BOOK_PATH = "/account/addresses";
export const NEW_ADDRESS_PATH = `${ADDRESS_BOOK_PATH}/new`;
export const addressPath = (id: string) => `${ADDRESS_BOOK_PATH}/${encodeURIComponent(id)}`;

/** The buyer's own details (My Profile); `?step=code` is the second step of a change that needs a code. */
export const PROFILE_PATH = "/account/profile";

/** The wishlists (spec §7 "Wishlists"): the default list, one list by id. */
export const WISHLIST_PATH = "/wishlist";
export const wishlistPath = (id: string) => `${WISHLIST_PATH}/${encodeURIComponent(id)}`;

/** A signed-in buyer's carts: the primary one and those saved for later (issue 37). */
export const SAVED_CARTS_PATH = "/account/carts";

/** "Café Crème 12 oz." → "cafe-creme-12-oz"; empty input gives `fallback`. */
export function slugify(text: string | null | undefined, fallback = "item"): string {
  const slug = (text ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, "");
  return slug || fallback;
}

/** The LWR store's product URL: slug first, id last (`/product/coffee-mug/01t…`). */
export function productPath(product: { id: string; urlName?: string | null; name?: string | null }): string {
  return `/product/${slugify(product.urlName || product.name, "product")}/${encodeURIComponent(product.id)}`;
}

export function categoryPath(category: { id: string; name?: string | null }): string {
  return `/category/${slugify(category.name, "category")}/${encodeURIComponent(category.id)}`;
}

/**
 * The record id of `/product/{id}` or `/product/{slug}/{id}` (the splat after the prefix); null when the
 * path has no segment or more than two.
 */
export function idFromSplat(splat: string | undefined): string | null {
  const segments = (splat ?? "").split("/").filter(Boolean);
  if (segments.length < 1 || segments.length > 2) return null;
  const id = segments[segments.length - 1];
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

/**
 * A redirect target from a form or query (`redirectTo`): only a path on this site. Anything else — absolute
 * URLs, protocol-relative `//host`, backslash tricks, control characters — gives `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to === "") return fallback;
  const target = to.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  try {
    const base = "http://store.invalid";
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The checkout (spec §5): its start, its steps, and the confirmation of a placed order. */
export const CHECKOUT_START_PATH = "/checkout";
export const CHECKOUT_STEP_PATHS = {
  shipping: "/checkout/shipping",
  delivery: "/checkout/delivery",
  payment: "/checkout/payment",
  review: "/checkout/review",
} as const;

export function stepPath(step: keyof typeof CHECKOUT_STEP_PATHS): string {
  return CHECKOUT_STEP_PATHS[step];
}

export function confirmationPath(orderNumber: string): string {
  return `/checkout/confirmation/${encodeURIComponent(orderNumber)}`;
}

/** The order pages (spec §6): the buyer's order history, one order, and the guest's order lookup. */
export const ORDER_HISTORY_PATH = "/OrderSummary/OrderSummary/Default";

export function orderSummaryPath(orderNumber: string): string {
  return `/OrderSummary/${encodeURIComponent(orderNumber)}`;
}

/** The query parameter of a guest's order link: the order's access token (POST order-summaries/actions/authorize). */
export const ORDER_ACCESS_PARAM = "access";

/** A guest's link to one order: it opens the order without the lookup form while its token lasts (60 minutes). */
export function orderAccessPath(orderNumber: string, accessToken: string): string {
  return `${orderSummaryPath(orderNumber)}?${new URLSearchParams({ [ORDER_ACCESS_PARAM]: accessToken })}`;
}

export const ORDER_LOOKUP_PATH = "/OrderLookup";

export function orderLookupPath(orderNumber?: string | null): string {
  return orderNumber ? `${ORDER_LOOKUP_PATH}?${new URLSearchParams({ orderNumber })}` : ORDER_LOOKUP_PATH;
}

/** The quick order form: products added by SKU, typed in rows or pasted as a list. */
export const QUICK_ORDER_PATH = "/quick-order";

/** A payment link's page (spec §4 pay-now links). */
export const payPath = (cartId: string) => `/pay/${encodeURIComponent(cartId)}`;

/** The login page's URL that comes back to `path` afterwards. */
export function loginPath(path: string): string {
  return path === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: path })}`;
}

/** The logout path the spec names (webruntime/logout under the base path). */
export function logoutPath(basePath: string | null | undefined): string {
  return buildLink(basePath, "webruntime/logout");
}
