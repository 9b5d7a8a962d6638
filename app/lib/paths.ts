/**
 * Pure URL helpers of the storefront's pages: readable slugs for product and category links, the redirect
 * target check, and paging maths. Shared by loaders (server) and components (browser).
 */

const MAX_SLUG_LENGTH = 80;

/** The address book (spec §7 "Addresses"): its list, a new address, one address. */
export const ADDRESS_BOOK_PATH = "/account/addresses";
export const NEW_ADDRESS_PATH = `${ADDRESS_BOOK_PATH}/new`;
export const addressPath = (id: string) => `${ADDRESS_BOOK_PATH}/${encodeURIComponent(id)}`;

/** The wishlists (spec §7 "Wishlists"): the default list, one list by id. */
export const WISHLIST_PATH = "/wishlist";
export const wishlistPath = (id: string) => `${WISHLIST_PATH}/${encodeURIComponent(id)}`;

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

/** `?page=N` (1-based for shoppers); missing, garbage or < 1 reads as 1. */
export function readPage(searchParams: URLSearchParams, name = "page"): number {
  const value = Number(searchParams.get(name));
  return Number.isInteger(value) && value >= 1 ? Math.min(value, 1_000_000) : 1;
}

export interface Paging {
  /** 1-based page shown. */
  page: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Paging from a result count: `total` items, `pageSize` per page, `page` (1-based) asked for. */
export function pagingFromTotal(total: number, pageSize: number, page: number): Paging {
  const totalPages = Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
  return pagingFromPages(page, totalPages);
}

/** Paging from the API's page counters (cart items: `currentPage`, `totalNumberOfPages`). */
export function pagingFromPages(page: number, totalPages: number): Paging {
  const pages = Math.max(1, Math.floor(totalPages) || 1);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { page: current, totalPages: pages, hasPrevious: current > 1, hasNext: current < pages };
}

/** Search resources serve results only up to this far in: page × pageSize ≤ 5000 (search/product-search). */
export const SEARCH_RESULTS_WINDOW = 5000;

/**
 * The API's 0-based page for the shopper's 1-based one; `beyond` when it lies past what the search can serve (a
 * hand-edited ?page=900): ask for the first page then, for the total, and show "no page N" as for any page past
 * the last.
 */
export function searchPage(page: number, pageSize: number): { apiPage: number; beyond: boolean } {
  const apiPage = Math.max(0, Math.floor(page) - 1);
  return apiPage * pageSize > SEARCH_RESULTS_WINDOW ? { apiPage: 0, beyond: true } : { apiPage, beyond: false };
}

/** The page's URL with `page` set (removed for page 1, so the first page has one canonical URL). */
export function pageHref(pathname: string, search: URLSearchParams | string, page: number, name = "page"): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(name);
  else params.set(name, String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
