import { ApiError } from "./errors.js";

/**
 * The API's two paging styles over one list: an opaque page token (`page` / `pageToken`, base64 JSON) and a
 * 1-based page number (`pageNumber`, clamped to the last page). Every answer carries both sets of fields.
 */

export function illegalQuery(name: string, value: string | null, expected: string) {
  return new ApiError(
    400,
    "ILLEGAL_QUERY_PARAMETER_VALUE",
    `Invalid value for parameter ${name}: ${JSON.stringify(value)}. ${expected}`,
  );
}

/** A whole number from the query within [min, max]; the default when absent. */
export function intParam(query: URLSearchParams, name: string, def: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === "") return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw illegalQuery(name, raw, `Expected a whole number from ${min} to ${max}.`);
  return n;
}

export function booleanParam(query: URLSearchParams, name: string, def = false): boolean {
  const raw = query.get(name);
  if (raw === null || raw === "") return def;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw illegalQuery(name, raw, "Expected true or false.");
}

export function encodePageToken(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString("base64url");
}

export function decodePageToken(token: string, name = "page"): number {
  try {
    const parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (Number.isInteger(parsed?.offset) && parsed.offset >= 0) return parsed.offset;
  } catch {
    // falls through to the error below
  }
  throw illegalQuery(name, token, "The page token is not valid.");
}

export interface PageWindow {
  offset: number;
  size: number;
  total: number;
}

/** Where the requested page starts: a page token wins over a page number; no paging asked = the first page. */
export function pageWindow(query: URLSearchParams, total: number, size: number): PageWindow {
  const lastStart = total === 0 ? 0 : Math.floor((total - 1) / size) * size;
  const token = query.get("page") ?? query.get("pageToken");
  if (token) {
    const offset = decodePageToken(token, query.has("page") ? "page" : "pageToken");
    return { offset: Math.min(offset, lastStart), size, total };
  }
  const pageNumber = intParam(query, "pageNumber", 1, 1, Number.MAX_SAFE_INTEGER);
  return { offset: Math.min((pageNumber - 1) * size, lastStart), size, total };
}

/** The paging fields of a collection answer; next/previous are null when there is no such page. */
export function pageFields(url: URL, w: PageWindow) {
  const pageUrl = (offset: number) => {
    const q = new URLSearchParams(url.searchParams);
    q.delete("pageNumber");
    q.delete("pageToken");
    q.set("page", encodePageToken(offset));
    return `${url.pathname}?${q.toString()}`;
  };
  const next = w.offset + w.size < w.total ? w.offset + w.size : null;
  const previous = w.offset > 0 ? Math.max(0, w.offset - w.size) : null;
  return {
    currentPageToken: encodePageToken(w.offset),
    currentPageUrl: pageUrl(w.offset),
    nextPageToken: next === null ? null : encodePageToken(next),
    nextPageUrl: next === null ? null : pageUrl(next),
    previousPageToken: previous === null ? null : encodePageToken(previous),
    previousPageUrl: previous === null ? null : pageUrl(previous),
    currentPage: Math.floor(w.offset / w.size) + 1,
    totalItemCount: w.total,
    totalNumberOfPages: Math.ceil(w.total / w.size),
  };
}
