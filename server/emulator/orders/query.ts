import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Pure helpers of the order resources: the API's date format, page tokens, field lists and the normalising
 * comparisons of guest verification. No database, so they are unit-tested on their own.
 */

export class QueryError extends Error {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
    this.name = "QueryError";
  }
}

// yyyy-MM-dd'T'HH:mm:ss.SSSZ. Java's Z is an RFC 822 zone ("+0000"); "Z" and "+00:00" are accepted as well.
const API_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})(Z|[+-]\d{2}:?\d{2})$/;

/** Parses an API date-time into epoch ms; null when it is not in the format or names no real instant. */
export function parseApiDate(value: string): number | null {
  const m = API_DATE.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms, zone] = m;
  const year = Number(y),
    month = Number(mo),
    day = Number(d),
    hour = Number(h),
    minute = Number(mi),
    second = Number(s);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return null;
  let offsetMinutes = 0;
  if (zone !== "Z") {
    const digits = zone.slice(1).replace(":", "");
    const zh = Number(digits.slice(0, 2)),
      zm = Number(digits.slice(2));
    if (zh > 14 || zm > 59) return null;
    offsetMinutes = (zone[0] === "-" ? -1 : 1) * (zh * 60 + zm);
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, Number(ms)) - offsetMinutes * 60_000;
}

/**
 * A page token: base64 of `{"s": sort, "p": page number (1-based), "o": offset}`, the shape the real API's
 * order tokens have. The sort travels with it, so a page never continues a list sorted another way.
 */
export interface PageToken {
  sort: string;
  page: number;
  offset: number;
}

export function encodePageToken(t: PageToken): string {
  return Buffer.from(JSON.stringify({ s: t.sort, p: t.page, o: t.offset })).toString("base64");
}

/** Decodes a token of a list sorted by one of `sorts`; throws QueryError when it isn't one. */
export function decodePageToken(token: string, parameter: string, sorts: readonly string[]): PageToken {
  let parsed: any;
  try {
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(token)) throw new Error("not base64");
    parsed = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
  } catch {
    throw new QueryError(parameter, `Invalid value for ${parameter}: the page token is not valid.`);
  }
  const { s, p, o } = parsed ?? {};
  if (typeof s !== "string" || !sorts.includes(s) || !Number.isInteger(p) || p < 1 || !Number.isInteger(o) || o < 0) {
    throw new QueryError(parameter, `Invalid value for ${parameter}: the page token is not valid.`);
  }
  return { sort: s, page: p, offset: o };
}

export interface PageSlice<T> {
  rows: T[];
  offset: number;
  next: PageToken | null;
  previous: PageToken | null;
}

/** One page of an already sorted list, and the tokens of its neighbours. */
export function slicePage<T>(all: T[], sort: string, offset: number, size: number): PageSlice<T> {
  const rows = all.slice(offset, offset + size);
  const pageOf = (o: number) => Math.floor(o / size) + 1;
  const nextOffset = offset + size < all.length ? offset + size : null;
  const previousOffset = offset > 0 ? Math.max(0, offset - size) : null;
  return {
    rows,
    offset,
    next: nextOffset === null ? null : { sort, page: pageOf(nextOffset), offset: nextOffset },
    previous: previousOffset === null ? null : { sort, page: pageOf(previousOffset), offset: previousOffset },
  };
}

/**
 * One page read from the database: `rows` are up to size + 1 rows from `offset` (the one past the page tells that a
 * next page exists), so no list is read beyond the page shown.
 */
export function pageOfRead<T>(rows: T[], sort: string, offset: number, size: number): PageSlice<T> {
  const pageOf = (o: number) => Math.floor(o / size) + 1;
  const previousOffset = offset > 0 ? Math.max(0, offset - size) : null;
  return {
    rows: rows.slice(0, size),
    offset,
    next: rows.length > size ? { sort, page: pageOf(offset + size), offset: offset + size } : null,
    previous: previousOffset === null ? null : { sort, page: pageOf(previousOffset), offset: previousOffset },
  };
}

/**
 * A comma-separated field list: trimmed names, duplicates dropped, an entity prefix ("OrderSummary.TotalAmount")
 * kept as given. Null when the parameter is absent or blank; QueryError beyond `max` names.
 */
export function parseFieldList(raw: string | null, parameter: string, max: number): string[] | null {
  if (raw === null || raw.trim() === "") return null;
  const names = [
    ...new Set(
      raw
        .split(",")
        .map((f) => f.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length > max)
    throw new QueryError(parameter, `Invalid value for ${parameter}: at most ${max} fields can be requested.`);
  return names;
}

// --- guest verification -----------------------------------------------------------------------------------

export const normalizeEmail = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : "");
export const normalizeName = (v: unknown) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ").toLowerCase() : "");

/** Digits only; a leading North American country code 1 on an 11-digit number is dropped. */
export function normalizePhone(v: unknown): string {
  const digits = typeof v === "string" ? v.replace(/\D/g, "") : "";
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/**
 * Whether a verification phone number was really given. The storefront keeps a placeholder phone in the guest's
 * session after a lookup by e-mail; a value without digits, or only zeros, is such a placeholder.
 */
export function phoneGiven(v: unknown): boolean {
  return /[1-9]/.test(normalizePhone(v));
}

/** Compares two strings in time independent of where they differ (and of their lengths). */
export function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a, "utf8").digest();
  const hb = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(ha, hb);
}
