/**
 * Display formats and format checks of the storefront (spec §1, §5, §9).
 *
 * The store runs in en-US with USD and weeks starting on Monday. Everything here is pure and
 * deterministic: dates never depend on the server's TZ, because the server and the browser may sit in
 * different zones and a hydration mismatch (or a shifted order date) would follow.
 */

// The store's locale and currency, and money formats, are in money.ts (all a product card needs); here too.
import { STORE_LOCALE } from "./money";
export { DEFAULT_CURRENCY, formatCurrency, parseMoney, STORE_LOCALE } from "./money";
/** Monday, in the 0 = Sunday numbering of `Date#getDay`. */
export const firstDayOfWeek = 1;
/** CMS images narrower than this are requested at this width instead. */
export const MIN_IMAGE_WIDTH = 100;

// ---------------------------------------------------------------------------------------------
// Dates

export type DateStyle = "short" | "medium" | "long";

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  // M/d/yyyy
  short: { month: "numeric", day: "numeric", year: "numeric" },
  // MMM d, yyyy
  medium: { month: "short", day: "numeric", year: "numeric" },
  // MMMM d, yyyy
  long: { month: "long", day: "numeric", year: "numeric" },
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Turns an API date or date-time into a Date.
 * - "YYYY-MM-DD" is a calendar day: read as UTC midnight so it is the same day in every zone.
 * - Salesforce sends offsets without a colon ("+0000"); they are normalised before parsing.
 */
export function parseApiDate(value: string | Date | null | undefined): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string" || value.trim() === "") return null;
  const text = value.trim();
  if (ISO_DATE.test(text)) {
    return isIsoDate(text) ? new Date(`${text}T00:00:00Z`) : null;
  }
  const normalised = text.replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? null : date;
}

function isDateOnly(value: string | Date): boolean {
  return typeof value === "string" && ISO_DATE.test(value.trim());
}

/**
 * Formats a date: short M/d/yyyy, medium MMM d, yyyy, long MMMM d, yyyy.
 * Date-only values are always shown as the calendar day they name; date-times are shown in `timeZone`
 * (UTC unless the caller knows the shopper's zone). `locale` (default en-US) writes the style its own way:
 * medium is "Mar 5, 2025" in en-US and "5 Mar 2025" in en-GB.
 */
export function formatDate(
  value: string | Date | null | undefined,
  style: DateStyle = "short",
  options: { timeZone?: string; locale?: string } = {},
): string {
  if (value === null || value === undefined) return "";
  const date = parseApiDate(value);
  if (!date) return "";
  const timeZone = isDateOnly(value) ? "UTC" : (options.timeZone ?? "UTC");
  // The spec's patterns are the store locale's (en-US); a locale page (/en-GB/…) writes the same style its own way.
  const locale = options.locale || STORE_LOCALE;
  return (dateFormatters[`${locale} ${style} ${timeZone}`] ??= new Intl.DateTimeFormat(locale, {
    ...DATE_OPTIONS[style],
    timeZone,
  })).format(date);
}

/**
 * Formatters by locale, style and zone, each built once: building one costs far more than formatting with it (a date
 * picker's range hint, two dates, was 3.5 % of the delivery step's server time). The keys stay few: the store's
 * locales, three styles, and real time zones (an unknown zone throws before anything is kept).
 */
const dateFormatters: Record<string, Intl.DateTimeFormat> = {};

/** h:mm a, e.g. "3:05 PM". */
export function formatTime(value: string | Date | null | undefined, options: { timeZone?: string } = {}): string {
  const date = parseApiDate(value ?? null);
  if (!date) return "";
  const text = new Intl.DateTimeFormat(STORE_LOCALE, {
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZone: options.timeZone ?? "UTC",
  }).format(date);
  // Newer ICU puts a narrow no-break space before AM/PM; the spec's pattern has a plain space.
  return text.replace(/[\u202f\u00a0]/g, " ");
}

/** Formats a Date as YYYY-MM-DD using its UTC calendar day (the form of `<input type="date">`). */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Weekday names starting with Monday (the store's first day of week). */
export function weekdayNames(style: "narrow" | "short" | "long" = "short"): string[] {
  const formatter = new Intl.DateTimeFormat(STORE_LOCALE, { weekday: style, timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) =>
    formatter.format(new Date(Date.UTC(2024, 0, 1 + ((i + firstDayOfWeek - 1 + 7) % 7)))),
  );
}

// ---------------------------------------------------------------------------------------------
// Phones

/**
 * North American numbers display as (xxx) xxx-xxxx; a leading country code 1 is dropped.
 * Anything else is returned as typed, since we cannot know its national format.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return "";
  const digits = value.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10 || /[^\d\s()+.-]/.test(value)) return value;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

// ---------------------------------------------------------------------------------------------
// Format checks

/** One e-mail address: exactly one @ with text on both sides, no whitespace, no commas. */
export function isEmail(value: string): boolean {
  if (/[\s,]/.test(value)) return false;
  const parts = value.split("@");
  return parts.length === 2 && parts[0] !== "" && parts[1] !== "";
}

/** Digits with the usual separators (+, spaces, dots, dashes, brackets); 7 to 15 digits (E.164). */
export function isPhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const count = value.replace(/\D/g, "").length;
  return count >= 7 && count <= 15;
}

/** YYYY-MM-DD naming a real calendar day (2023-02-29 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isBase64(value: string): boolean {
  return value.length > 0 && value.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(value);
}

export function isHex(value: string): boolean {
  return /^[0-9a-fA-F]+$/.test(value);
}

/** CMS content ids: 28 characters, "MC" then upper-case letters and digits. */
export function isCmsImageId(value: string): boolean {
  return /^MC[A-Z0-9]{26}$/.test(value);
}

/** Width to request for a CMS image: never below the minimum the CMS serves. */
export function imageWidth(width: number): number {
  return Number.isFinite(width) ? Math.max(MIN_IMAGE_WIDTH, Math.round(width)) : MIN_IMAGE_WIDTH;
}

export { isToastDuration } from "~/lib/toast";
