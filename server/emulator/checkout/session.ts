import { cartById, cartOwner, findPrimaryCart, ownsCart, type CartRow } from "../carts/store.js";
import { requireGuestFlag } from "../core/context.js";
import { ApiError, invalidInput } from "../core/errors.js";
import { releaseReservation } from "../catalog/inventory.js";
import { recordId } from "../core/record-ids.js";
import type { RequestContext } from "../core/router.js";
import type { Emu } from "../core/state.js";
import {
  setCheckoutStatus,
  cartOutOfCheckout,
  anyIdleCheckout,
  idleCheckouts,
  checkoutOfCart,
  checkoutRow,
  type CheckoutRow,
} from "./store.js";

/**
 * A checkout session's rows and lifecycle: lookup by `active` or id, idle expiry on the virtual clock, cancellation
 * when its cart changed, and the 404 / 409 / 410 a session that can't be read or changed answers.
 */

export const CHECKOUT_IDLE_SECONDS = 30 * 60;
export const checkoutKey = (checkoutId: string) => `checkout:${checkoutId}`;

/**
 * A start or a change sets the checkout's calculators running: for `checkoutSeconds` of the virtual clock or
 * `checkoutPolls` reads, whichever runs out first (both 0, the default: over by the next call). docs/emulator-checkout.md, "Async".
 */
export function beginCalculation(emu: Emu, checkoutId: string) {
  emu.async.begin(checkoutKey(checkoutId), {
    polls: emu.settings.checkoutPolls,
    seconds: emu.settings.checkoutSeconds,
  });
}

export const checkoutNotFound = (what = "There is no checkout.") => new ApiError(404, "CHECKOUT_NOT_FOUND", what);

/** Ends an open session: its reservation goes, and its cart is an ordinary active cart again. */
function endSession(emu: Emu, checkout: CheckoutRow, status: "Expired" | "Cancelled") {
  setCheckoutStatus(emu, status, checkout.id);
  releaseReservation(emu, checkout.cart_id);
  cartOutOfCheckout(emu, checkout.cart_id);
}

/**
 * Ends every open session idle past its time, so the stock its reservation holds is free for others even when
 * its shopper never comes back. Runs before anything that weighs stock.
 */
/**
 * Ends idle sessions in a transaction of their own, opened only when there is one: most placements find none, and
 * an empty write transaction still takes the write lock and commits. `activeSince`: the cutoff an earlier
 * expiry used, when this ends again what a rolled-back transaction had ended (POST orders).
 */
export function expireIdleCheckoutsFirst(emu: Emu, activeSince?: number) {
  if (anyIdleCheckout(emu, activeSince ?? idleCutoff(emu)))
    emu.db.transaction(() => expireIdleCheckouts(emu, activeSince)).immediate();
}

/** Sessions whose last activity is older than this are idle (now, on the virtual clock, minus the idle time). */
export const idleCutoff = (emu: Emu) => emu.clock.now() - CHECKOUT_IDLE_SECONDS * 1000;

/**
 * expireIdleCheckoutsFirst inside the caller's transaction; true when it ended any session (what the caller read
 * before may have changed).
 */
export function expireIdleCheckoutsHere(emu: Emu, activeSince: number): boolean {
  if (!anyIdleCheckout(emu, activeSince)) return false;
  expireIdleCheckouts(emu, activeSince);
  return true;
}

export function expireIdleCheckouts(emu: Emu, activeSince = idleCutoff(emu)) {
  const stale = idleCheckouts(emu, activeSince);
  for (const checkout of stale) endSession(emu, checkout, "Expired");
}

/** Applies the clock and cart edits to an open session (expiry, cancellation) and answers its current status. */
export function refreshLifecycle(emu: Emu, checkout: CheckoutRow, cart: CartRow | undefined): CheckoutRow["status"] {
  if (checkout.status !== "Open") return checkout.status;
  const edited = !cart || cart.revision !== checkout.cart_revision || !["Active", "Checkout"].includes(cart.status);
  const idle = checkout.last_activity_at < emu.clock.now() - CHECKOUT_IDLE_SECONDS * 1000;
  if (!edited && !idle) return "Open";
  const status = edited ? "Cancelled" : "Expired";
  emu.db.transaction(() => endSession(emu, checkout, status))();
  return status;
}

/**
 * `{activeOrCheckoutId}` → the caller's session. `active` is the session of the shopper's primary cart. Somebody
 * else's session is answered like a missing one (404), so ids don't leak.
 */
export function findCheckout(ctx: RequestContext, token: string): { checkout: CheckoutRow; cart: CartRow | undefined } {
  requireGuestFlag(ctx, "guestCheckoutEnabled");
  const emu = ctx.emu;
  const owner = cartOwner(ctx);
  let checkout: CheckoutRow | undefined;
  if (token === "active" || token === "current") {
    const cart = findPrimaryCart(emu, ctx.webstoreId, owner);
    checkout = cart ? checkoutOfCart(emu, cart.id) : undefined;
    if (!checkout) throw checkoutNotFound("There is no active checkout.");
  } else {
    const id = recordId(token, "checkout", "activeOrCheckoutId");
    checkout = checkoutRow(emu, id);
  }
  const cart = checkout ? cartById(emu, checkout.cart_id) : undefined;
  if (
    !checkout ||
    checkout.webstore_id !== ctx.webstoreId ||
    !cart ||
    !(ownsCart(owner, cart) || byIdOfMine(ctx, token, cart))
  ) {
    throw checkoutNotFound(`Checkout not found: ${token}`);
  }
  return { checkout, cart };
}

/**
 * A checkout named by its id, without an `effectiveAccountId`, is the buyer's when its cart is theirs for any account
 * they may act for: the resources that take only the id (Checkout, Checkout Payments, Checkout Orders) document no
 * `effectiveAccountId` (docs/emulator.md, "Parameters the storefront sends"), and a record's id reaches it as its
 * owner's access allows. `active` is the effective account's; an `effectiveAccountId` given still picks one account.
 */
function byIdOfMine(ctx: RequestContext, token: string, cart: CartRow): boolean {
  if (!ctx.user || token === "active" || token === "current" || ctx.query.get("effectiveAccountId")) return false;
  if (cart.user_id !== ctx.user.id) return false;
  return cart.account_id !== null && ctx.emu.store.mayActFor(ctx.user, cart.account_id);
}

export const gone = (checkout: CheckoutRow, status: CheckoutRow["status"]) =>
  status === "Expired"
    ? new ApiError(
        410,
        "CHECKOUT_EXPIRED",
        `The checkout ${checkout.id} expired after ${CHECKOUT_IDLE_SECONDS / 60} idle minutes. Delete it and start again.`,
      )
    : new ApiError(
        410,
        "CHECKOUT_CANCELLED",
        `The checkout ${checkout.id} was cancelled because its cart changed. Delete it and start again.`,
      );

/** A session that can still be read: open or placed. Expired and cancelled ones answer 410. */
export function liveCheckout(ctx: RequestContext, token: string): { checkout: CheckoutRow; cart: CartRow } {
  const { checkout, cart } = findCheckout(ctx, token);
  const status = refreshLifecycle(ctx.emu, checkout, cart);
  if (status === "Expired" || status === "Cancelled") throw gone(checkout, status);
  // refreshLifecycle writes only when it ends the session, which answers 410 above: the row read is still current.
  return { checkout, cart: cart! };
}

/** A session that can still change: open, and not in the middle of processing an earlier change (409). */
export function openCheckout(ctx: RequestContext, token: string): { checkout: CheckoutRow; cart: CartRow } {
  const found = liveCheckout(ctx, token);
  requireChangeable(ctx.emu, found.checkout);
  return found;
}

/** openCheckout's checks on a session liveCheckout has just found (placing the order looks it up only once). */
export function requireChangeable(emu: Emu, checkout: CheckoutRow) {
  if (checkout.status === "Placed") {
    throw invalidInput(
      `The order for checkout ${checkout.id} has already been placed (${checkout.order_reference_number}).`,
    );
  }
  if (emu.async.isProcessing(checkoutKey(checkout.id))) {
    // A change while the calculators still run: 409 CHECKOUT_CONFLICT ("Handle Asynchronous Processing": PATCH right
    // after a start; its response codes: "409 Conflict – Request made while previous operation still in progress").
    // The message is [I]: the guide gives none for this case; the words are its concurrent-update example's.
    throw new ApiError(409, "CHECKOUT_CONFLICT", "Looks like your cart is currently in use. Please try again later.");
  }
}
