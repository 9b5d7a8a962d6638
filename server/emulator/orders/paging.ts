import { ApiError } from "../core/errors.js";
import { intParam } from "../core/paging.js";
import { decodePageToken, encodePageToken, QueryError, slicePage, type PageSlice } from "./query.js";
import type { RequestContext } from "../core/router.js";

/** The query parameters and page fields the order resources share: sorts, page tokens, paging answers. */

const ID_SORTS = ["IdAsc", "IdDesc"] as const;

export function illegal(parameter: string, message: string) {
  return new ApiError(400, "ILLEGAL_QUERY_PARAMETER_VALUE", message || `Invalid value for ${parameter}.`);
}

/** Runs a pure query helper, turning its QueryError into the API's 400. */
export function q<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof QueryError) throw illegal(e.parameter, e.message);
    throw e;
  }
}

export function enumParam<T extends string>(query: URLSearchParams, name: string, values: readonly T[], def: T): T {
  const raw = query.get(name);
  if (raw === null || raw === "") return def;
  if (!(values as readonly string[]).includes(raw))
    throw illegal(name, `Invalid value for ${name}: ${JSON.stringify(raw)}. Expected one of ${values.join(", ")}.`);
  return raw as T;
}

/** Page window from a token parameter; the token's sort must be the list's sort. */
export function pageStart(query: URLSearchParams, parameter: string, sorts: readonly string[], sort: string): number {
  const raw = query.get(parameter);
  if (!raw) return 0;
  const token = q(() => decodePageToken(raw, parameter, sorts));
  if (token.sort !== sort)
    throw illegal(
      parameter,
      `Invalid value for ${parameter}: the page token belongs to a list sorted by ${token.sort}.`,
    );
  return token.offset;
}

/** The paging of an order's delivery groups and items: pageSize 1-100 (25), sort IdAsc | IdDesc, a `page` token. */
export function idPaging(ctx: RequestContext) {
  const pageSize = intParam(ctx.query, "pageSize", 25, 1, 100);
  const sort = enumParam(ctx.query, "sort", ID_SORTS, "IdAsc");
  return { pageSize, sort, offset: pageStart(ctx.query, "page", ID_SORTS, sort) };
}

export function pageById<T extends { id: string }>(
  rows: readonly T[],
  paging: ReturnType<typeof idPaging>,
): PageSlice<T> {
  const sorted = [...rows].sort((a, b) => (paging.sort === "IdAsc" ? 1 : -1) * a.id.localeCompare(b.id));
  return slicePage(sorted, paging.sort, paging.offset, paging.pageSize);
}

/** Paging fields of a token-paged answer. The current token is the one asked with (null on the first page). */
export function pageJson(ctx: RequestContext, parameter: string, slice: PageSlice<unknown>) {
  const url = (token: string) => {
    const query = new URLSearchParams(ctx.url.searchParams);
    query.set(parameter, token);
    return `${ctx.url.pathname}?${query.toString()}`;
  };
  const next = slice.next && encodePageToken(slice.next);
  const previous = slice.previous && encodePageToken(slice.previous);
  return {
    currentPageToken: ctx.query.get(parameter) || null,
    currentPageUrl: `${ctx.url.pathname}${ctx.url.search}`,
    nextPageToken: next,
    nextPageUrl: next && url(next),
    previousPageToken: previous,
    previousPageUrl: previous && url(previous),
  };
}
