import { effectiveAccountId, GUEST_USER_ID, requestedCurrency, requireGuestFlag } from "../core/context.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { releaseReservation } from "../catalog/inventory.js";
import { recordId } from "../core/record-ids.js";
import type { RequestContext } from "../core/router.js";
import type { Emu } from "../core/state.js";

/**
 * Who owns which cart, how `active` / `current` / an id resolve to a cart, and the bookkeeping every cart
 * change does. Shared by the cart resources and by later modules (delivery groups, checkouts, wishlists).
 */

export interface CartRow {
  id: string;
  webstore_id: string;
  user_id: string | null;
  account_id: string | null;
  guest_session_id: string | null;
  name: string;
  type: "Cart" | "PayNowReadOnly" | "Template";
  status: "Active" | "Checkout" | "Closed" | "PendingClosed" | "PendingDelete" | "Processing";
  currency_iso_code: string;
  is_secondary: 0 | 1;
  purchase_order_number: string | null;
  created_at: number;
  updated_at: number;
  revision: number;
}

export type CartOwner =
  | { kind: "buyer"; userId: string; accountId: string }
  /** A guest is the UVID of their guest token: their carts are the ones opened with it. */
  | { kind: "guest"; uvid: string };

export const CART_TYPES = ["Cart", "PayNowReadOnly", "Template"] as const;
const OPEN_STATUSES = ["Active", "Checkout"];

export const asyncKey = (cartId: string) => `cart:${cartId}`;

/**
 * The owner a cart request acts for. Guests need the store's guestCartEnabled flag (401 otherwise); buyers act
 * for their effective account (the query's, or `accountId` from a body; 403 for one they may not act for).
 */
export function cartOwner(ctx: RequestContext, accountId?: unknown): CartOwner {
  requireGuestFlag(ctx, "guestCartEnabled");
  if (ctx.user) {
    const asked = typeof accountId === "string" && accountId ? accountId : null;
    const account = asked
      ? effectiveAccountId({ ...ctx, query: new URLSearchParams({ effectiveAccountId: asked }) })
      : effectiveAccountId(ctx);
    return { kind: "buyer", userId: ctx.user.id, accountId: account ?? ctx.user.account_id };
  }
  // Every guest call carries a guest token (the authenticator refuses one without), and every guest token a UVID.
  if (!ctx.uvid) throw new ApiError(401, "INVALID_SESSION_ID", "Session expired or invalid");
  return { kind: "guest", uvid: ctx.uvid };
}

export function ownsCart(owner: CartOwner, cart: CartRow): boolean {
  if (owner.kind === "buyer") return cart.user_id === owner.userId && cart.account_id === owner.accountId;
  return cart.guest_session_id === owner.uvid;
}

export function ownerIdOf(cart: Pick<CartRow, "user_id">): string {
  return cart.user_id ?? GUEST_USER_ID;
}

/** The owner's primary open cart: what `active` and `current` name. */
export function findPrimaryCart(emu: Emu, webstoreId: string, owner: CartOwner): CartRow | undefined {
  const open = `type = 'Cart' AND is_secondary = 0 AND status IN ('Active', 'Checkout') AND webstore_id = ?`;
  if (owner.kind === "buyer") {
    return emu.db
      .prepare(`SELECT * FROM carts WHERE ${open} AND user_id = ? AND account_id = ? ORDER BY created_at DESC LIMIT 1`)
      .get(webstoreId, owner.userId, owner.accountId) as CartRow | undefined;
  }
  return emu.db
    .prepare(`SELECT * FROM carts WHERE ${open} AND guest_session_id = ? ORDER BY created_at DESC LIMIT 1`)
    .get(webstoreId, owner.uvid) as CartRow | undefined;
}

export function cartById(emu: Emu, id: string): CartRow | undefined {
  return emu.db.prepare("SELECT * FROM carts WHERE id = ?").get(id) as CartRow | undefined;
}

/**
 * `{cartStateOrId}` → the owner's cart. `current` with no cart gives null (the caller answers an empty cart);
 * `active` with none, a deleted cart and somebody else's cart all answer 404, so ids of other shoppers' carts
 * don't leak.
 */
export function resolveCart(ctx: RequestContext, token: string, owner: CartOwner = cartOwner(ctx)): CartRow | null {
  // A cart keeps the currency it was made in ("Commerce carts don't automatically support currency changes"); an
  // unsupported `currencyIsoCode` is refused on every cart call all the same.
  requestedCurrency(ctx);
  if (token === "current" || token === "active") {
    const cart = findPrimaryCart(ctx.emu, ctx.webstoreId, owner);
    if (!cart && token === "active") throw notFound("There is no active cart.");
    return cart ?? null;
  }
  const id = recordId(token, "cart", "cartStateOrId");
  const cart = cartById(ctx.emu, id);
  if (!cart || cart.webstore_id !== ctx.webstoreId || cart.status === "PendingDelete" || !ownsCart(owner, cart)) {
    throw notFound(`Cart not found: ${id}`);
  }
  return cart;
}

/** Like resolveCart, for resources that need a cart: `current` with none is a 404 too. */
export function requireCart(ctx: RequestContext, token: string, owner?: CartOwner): CartRow {
  const cart = resolveCart(ctx, token, owner);
  if (!cart) throw notFound("There is no current cart.");
  return cart;
}

/**
 * Items and coupons can only change on an open, shopper-editable cart. A closed or read-only cart "can't be
 * modified" (Cart Summary's status values): 403 INSUFFICIENT_ACCESS_OR_READONLY, Salesforce's code for a record the
 * user may read but not change (reference §9).
 */
export function assertEditable(cart: CartRow) {
  if (!OPEN_STATUSES.includes(cart.status)) {
    throw new ApiError(
      403,
      "INSUFFICIENT_ACCESS_OR_READONLY",
      `The cart ${cart.id} is ${cart.status} and can't be changed.`,
    );
  }
  if (cart.type === "PayNowReadOnly")
    throw new ApiError(403, "INSUFFICIENT_ACCESS_OR_READONLY", `The cart ${cart.id} is read-only (PayNowReadOnly).`);
}

/**
 * A guest's carts are keyed by their UVID (the column keeps its first name, guest_session_id). The UVID is
 * recorded once, on the guest's first cart.
 */
function guestSessionFor(ctx: RequestContext, owner: CartOwner & { kind: "guest" }): string {
  ctx.emu.db
    .prepare("INSERT OR IGNORE INTO guest_cart_sessions(id, webstore_id, created_at) VALUES (?, ?, ?)")
    .run(owner.uvid, ctx.webstoreId, ctx.emu.clock.now());
  return owner.uvid;
}

export interface NewCart {
  name?: string;
  type?: CartRow["type"];
  currencyIsoCode?: string;
  isSecondary?: boolean;
  status?: CartRow["status"];
}

/**
 * Inserts a cart for the owner (call inside a transaction). A new primary cart pushes the owner's previous
 * primary cart to secondary, so `active` always names exactly one cart.
 */
export function insertCart(ctx: RequestContext, owner: CartOwner, input: NewCart = {}): CartRow {
  const emu = ctx.emu;
  const now = emu.clock.now();
  const id = emu.ids("cart");
  const type = input.type ?? "Cart";
  const isSecondary = input.isSecondary ?? false;
  const sessionId = owner.kind === "guest" ? guestSessionFor(ctx, owner) : null;
  if (type === "Cart" && !isSecondary) {
    const previous = findPrimaryCart(emu, ctx.webstoreId, owner);
    if (previous)
      emu.db.prepare("UPDATE carts SET is_secondary = 1, updated_at = ? WHERE id = ?").run(now, previous.id);
  }
  const currency =
    input.currencyIsoCode ??
    (emu.store.applicationContext(ctx.webstoreId).defaultCurrency as string | undefined) ??
    "USD";
  emu.db
    .prepare(
      `INSERT INTO carts(id, webstore_id, user_id, account_id, guest_session_id, name, type, status, currency_iso_code, is_secondary, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      ctx.webstoreId,
      owner.kind === "buyer" ? owner.userId : null,
      owner.kind === "buyer" ? owner.accountId : null,
      sessionId,
      input.name ?? "Cart",
      type,
      input.status ?? "Active",
      currency,
      isSecondary ? 1 : 0,
      now,
      now,
    );
  emu.async.begin(asyncKey(id));
  return cartById(emu, id)!;
}

/**
 * Bookkeeping after any change of a cart's items or coupons: a new revision, async processing, and the rules
 * that tie a cart to its checkout and reservation.
 */
export function touchCart(emu: Emu, cart: CartRow, change: { itemsChanged: boolean }): CartRow {
  // Editing a cart during checkout cancels the checkout (the API without "simplified cart cleanup"): the cart
  // goes back to Active. The checkouts module notices through the status and the bumped revision.
  const status = cart.status === "Checkout" ? "Active" : cart.status;
  emu.db
    .prepare("UPDATE carts SET status = ?, revision = revision + 1, updated_at = ? WHERE id = ?")
    .run(status, emu.clock.now(), cart.id);
  // A reservation holds the quantities of the moment it was made; once they change it no longer matches.
  if (change.itemsChanged) releaseReservation(emu, cart.id);
  emu.async.begin(asyncKey(cart.id));
  return cartById(emu, cart.id)!;
}

/**
 * A coupon change that keeps the cart's checkout (it doesn't cancel it as other cart edits do): the session
 * follows the cart to its new revision. Through the checkout coupon resources (61.0-62.0) a coupon never
 * cancelled the checkout; from 63.0 their page sends callers to the cart's coupons instead, so those keep it too.
 * Call with the cart as it was before the change: only a live session (cart in Checkout, same revision) is kept.
 */
export function keepCheckoutAfterCouponChange(emu: Emu, before: CartRow) {
  if (before.status !== "Checkout") return;
  const live = emu.db
    .prepare("SELECT id FROM checkouts WHERE cart_id = ? AND status = 'Open' AND cart_revision = ?")
    .get(before.id, before.revision) as { id: string } | undefined;
  if (!live) return;
  emu.db.prepare("UPDATE carts SET status = 'Checkout' WHERE id = ? AND status = 'Active'").run(before.id);
  emu.db
    .prepare(
      "UPDATE checkouts SET cart_revision = (SELECT revision FROM carts WHERE id = ?), last_activity_at = ? WHERE id = ?",
    )
    .run(before.id, emu.clock.now(), live.id);
}

/** A cart the API no longer shows: its reservation is released at once. */
export function deleteCart(emu: Emu, cart: CartRow) {
  emu.db
    .prepare("UPDATE carts SET status = 'PendingDelete', updated_at = ? WHERE id = ?")
    .run(emu.clock.now(), cart.id);
  releaseReservation(emu, cart.id);
}

export function validateNewCart(ctx: RequestContext, body: any): NewCart {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw invalidInput("The request body must be a JSON object.");
  const out: NewCart = {};
  if (body.name !== undefined && body.name !== null) {
    if (typeof body.name !== "string" || body.name.trim() === "" || body.name.length > 250) {
      throw invalidInput("name must be a non-empty text of at most 250 characters.");
    }
    out.name = body.name;
  }
  const type = body.type ?? body.typeAsString;
  if (type !== undefined && type !== null) {
    if (!(CART_TYPES as readonly string[]).includes(type))
      throw invalidInput(`type must be one of ${CART_TYPES.join(", ")}.`);
    out.type = type;
  }
  const currency = requestedCurrency(ctx, body.currencyIsoCode ?? ctx.query.get("currencyIsoCode"));
  if (currency) out.currencyIsoCode = currency;
  if (body.isSecondary !== undefined && body.isSecondary !== null) {
    if (typeof body.isSecondary !== "boolean") throw invalidInput("isSecondary must be true or false.");
    out.isSecondary = body.isSecondary;
  }
  return out;
}

export function forbidGuest(ctx: RequestContext, what: string) {
  if (!ctx.user) throw new ApiError(401, "INVALID_SESSION_ID", `${what} requires an authenticated user.`);
}

/**
 * The caller's cart for `{cartStateOrId}` when items are about to go in (add-order-to-cart, add-wishlist-to-cart):
 * a named cart is checked now; `active` / `current` open a cart when there is none, but only when the returned
 * function is called, so a request refused in between leaves no new cart behind.
 */
export function cartToFill(ctx: RequestContext, token: string): () => CartRow {
  const owner = cartOwner(ctx);
  const named = token === "active" || token === "current" ? null : resolveCart(ctx, token, owner)!;
  if (named) assertEditable(named);
  return () => {
    const cart = named ?? findPrimaryCart(ctx.emu, ctx.webstoreId, owner) ?? insertCart(ctx, owner);
    assertEditable(cart);
    return cart;
  };
}
