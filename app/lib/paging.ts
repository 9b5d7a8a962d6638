/** Paging of the storefront's lists: the page a URL asks for, the pages there are, and their links. */

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
