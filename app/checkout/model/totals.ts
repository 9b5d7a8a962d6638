/** Totals (always the API's), dates, the inventory reservation's countdown and the guest user context. */
import type { CartSummary } from "../../../server/webstore/index";
import { formatTime, parseMoney } from "~/lib/format/formats";
import { formatMessage } from "~/lib/validation/validity";

// ---------------------------------------------------------------------------------------------
// Totals (always the API's)

export interface CheckoutTotals {
  currency: string;
  items: string | null;
  discounts: string | null;
  shipping: string | null;
  tax: string | null;
  /** taxType Gross: prices already include the tax, which the total does not add again. */
  taxIncluded: boolean;
  total: string | null;
  itemCount: number;
}

export function checkoutTotals(summary: Partial<CartSummary> | null | undefined): CheckoutTotals {
  const count = Number(summary?.totalProductCount);
  return {
    currency: summary?.currencyIsoCode?.trim() ? summary.currencyIsoCode : "USD",
    items: summary?.totalProductAmount || null,
    discounts: summary?.totalPromotionalAdjustmentAmount || null,
    shipping: summary?.totalChargeAmount || null,
    tax: summary?.totalTaxAmount || null,
    taxIncluded: summary?.taxType === "Gross",
    total: summary?.grandTotalAmount || null,
    itemCount: Number.isFinite(count) && count > 0 ? count : 0,
  };
}

/** A discount line is worth showing only when it takes something off. */
export function isDiscount(amount: string | null): boolean {
  const value = parseMoney(amount);
  return value !== null && value !== 0;
}

// ---------------------------------------------------------------------------------------------
// Dates and the inventory reservation

/** The earliest desired delivery date a shopper may pick: tomorrow (the calendar day after `now`, UTC). */
export function tomorrowIso(now: Date | number): string {
  const date = new Date(typeof now === "number" ? now : now.getTime());
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function reservationRemainingMs(expiresAt: string | null | undefined, now: number): number {
  const end = expiresAt ? Date.parse(expiresAt) : NaN;
  if (Number.isNaN(end)) return 0;
  return Math.max(0, end - now);
}

/** "14:05" (minutes:seconds), "1:02:03" past an hour; rounded up so 0:00 means over. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

export const RESERVED_UNTIL = "Items reserved until {0}";
export const RESERVATION_EXPIRED = "Your items are no longer reserved. Place your order soon: they may sell out.";

/** "Items reserved until 3:05 PM" (spec time format h:mm a) in `timeZone` (UTC unless the browser's is known). */
export function reservedUntilText(expiresAt: string, timeZone?: string): string {
  const time = formatTime(expiresAt, timeZone ? { timeZone } : {});
  return formatMessage(RESERVED_UNTIL, timeZone ? time : `${time} UTC`);
}

// ---------------------------------------------------------------------------------------------
// Guest user context (spec §3): only non-blank strings are kept.

export interface GuestContact {
  lastName?: string;
  email?: string;
  phoneNumber?: string;
}

export function guestUserContextFrom(input: Record<string, unknown>): GuestContact {
  const out: GuestContact = {};
  for (const key of ["lastName", "email", "phoneNumber"] as const) {
    const value = input[key];
    if (typeof value === "string" && value.trim() !== "") out[key] = value.trim();
  }
  return out;
}
