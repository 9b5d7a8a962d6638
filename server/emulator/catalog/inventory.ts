import { isoDate } from "../core/clock.js";
import { ApiError, invalidInput } from "../core/errors.js";
import { quantity } from "../core/money.js";
import type { Emu } from "../core/state.js";
import {
  deleteExpiredReservations,
  deleteReservationOf,
  heldByOthers,
  insertReservation,
  inventoryRow,
  liveReservationRow,
  reservationItemInsert,
  reservationItems,
} from "./store.js";

/**
 * Stock and reservations. A product's units on hand are shared by every cart; a live reservation (not yet
 * expired on the virtual clock) holds some of them for one cart, so other carts see fewer. Orders (checkouts
 * module) take units for good by lowering on_hand, which the schema keeps from going negative.
 */

export const DEFAULT_RESERVATION_SECONDS = 14_400;
const MAX_RESERVATION_SECONDS = 7 * 24 * 3600;

export function inventoryEnabled(emu: Emu, webstoreId: string): boolean {
  return tracksInventory(emu.store.applicationContext(webstoreId));
}

/** Whether a store with this application context tracks stock (it does unless its configuration says not). */
export function tracksInventory(appContext: Record<string, any>): boolean {
  return appContext.inventoryConfiguration?.isInventoryEnabled !== false;
}

/**
 * Units of a product a cart may still take: on hand minus what live reservations of OTHER carts hold.
 * Null when the product isn't stock-tracked.
 */
export function availableFor(emu: Emu, productId: string, cartId: string | null): number | null {
  const row = inventoryRow(emu, productId);
  if (!row) return null;
  const held = heldByOthers(emu, productId, cartId);
  return Math.max(0, row.on_hand - held.n);
}

export interface Reservation {
  reservationId: string;
  cartId: string;
  createdAt: number;
  expiresAt: number;
  items: { productId: string; quantity: number }[];
}

/** The cart's live reservation, if any (the checkouts module consumes it when it places the order). */
export function liveReservation(emu: Emu, cartId: string): Reservation | null {
  const row = liveReservationRow(emu, cartId);
  if (!row) return null;
  const items = reservationItems(emu, row.id);
  return { reservationId: row.id, cartId: row.cart_id, createdAt: row.created_at, expiresAt: row.expires_at, items };
}

export function releaseReservation(emu: Emu, cartId: string) {
  deleteReservationOf(emu, cartId);
}

export function reservationSeconds(emu: Emu, webstoreId: string, requested: unknown): number {
  if (requested === undefined || requested === null) {
    const configured =
      emu.store.applicationContext(webstoreId).inventoryConfiguration?.inventoryDefaultSource?.reservationInSeconds;
    return typeof configured === "number" && configured > 0 ? configured : DEFAULT_RESERVATION_SECONDS;
  }
  const n = typeof requested === "string" && requested.trim() !== "" ? Number(requested) : requested;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_RESERVATION_SECONDS) {
    throw invalidInput(`durationInSeconds must be a whole number from 1 to ${MAX_RESERVATION_SECONDS}.`);
  }
  return n;
}

/**
 * Reserves the cart's quantities for `seconds` (call inside a transaction), replacing the cart's previous
 * reservation. All or nothing: a product short of stock answers 409 INSUFFICIENT_INVENTORY and reserves nothing.
 */
export function reserve(
  emu: Emu,
  cartId: string,
  wanted: Map<string, { quantity: number; name: string }>,
  seconds: number,
): Reservation | null {
  releaseReservation(emu, cartId);
  // Expired reservations hold nothing; dropping them keeps the table small.
  deleteExpiredReservations(emu, emu.clock.now());
  const tracked = [...wanted].filter(([productId]) => availableFor(emu, productId, cartId) !== null);
  for (const [productId, { quantity: q, name }] of tracked) {
    const available = availableFor(emu, productId, cartId)!;
    if (available < q) {
      throw new ApiError(
        409,
        "INSUFFICIENT_INVENTORY",
        `Not enough inventory for selected quantity: ${name} (${q} requested, ${available} available).`,
      );
    }
  }
  if (tracked.length === 0) return null;
  const now = emu.clock.now();
  const id = emu.ids("reservation");
  insertReservation(emu, id, cartId, now, now + seconds * 1000);
  const insertItem = reservationItemInsert(emu);
  for (const [productId, { quantity: q }] of tracked) insertItem.run(id, productId, q);
  return liveReservation(emu, cartId);
}

/** Products that aren't stock-tracked need no reservation and are not listed. */
export function reservationJson(cartId: string, reservation: Reservation | null, seconds: number, now: number) {
  return {
    reservationId: reservation?.reservationId ?? null,
    cartId,
    expiresAt: isoDate(reservation?.expiresAt ?? now + seconds * 1000),
    durationInSeconds: seconds,
    items: (reservation?.items ?? []).map((i) => ({
      productId: i.productId,
      quantity: quantity(i.quantity),
      reserved: true,
    })),
  };
}
