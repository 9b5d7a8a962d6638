import { effectiveAccountId, GUEST_USER_ID, requestedCurrency, requireGuestFlag } from "../core/context.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { releaseReservation } from "../catalog/inventory.js";
import { recordId } from "../core/record-ids.js";
import type { RequestContext } from "../core/router.js";
import type { Emu } from "../core/state.js";

export interface CartItemRow {
  id: string;
  cart_id: string;
  product_id: string;
  type: "Product" | "DeliveryCharge";
  quantity: number;
  product_selling_model_id: string | null;
  subscription_term: number | null;
  cart_delivery_group_id: string | null;
  created_at: number;
  seq: number;
  /** The line's pricing inputs as of its last change (db/015_cart_totals.sql); priced_quantity null = not yet. */
  priced_quantity: number | null;
  sales_cents: number | null;
  list_cents: number | null;
  category_path: string | null;
}

export interface PromotionDbRow {
  id: string;
  display_name: string;
  target_type: "Cart" | "Item";
  percent_off: number;
  is_exclusive: 0 | 1;
  min_subtotal_cents: number | null;
  target_category_id: string | null;
  min_quantity: number | null;
  terms_and_conditions: string | null;
}

export interface TotalsRow {
  line_count: number;
  total_quantity: number;
  unpriced_lines: number;
  product_cents: number;
  list_cents: number;
}

/** A line's recorded pricing (cart_items' columns). */
export interface RecordedLine {
  id: string;
  quantity: number;
  sales_cents: number | null;
  list_cents: number | null;
}

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
  /** 0 once the shopper dismissed the cart's messages (messages/actions/set-visibility), until the cart changes. */
  messages_visible: 0 | 1;
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
    .prepare("UPDATE carts SET status = ?, revision = revision + 1, messages_visible = 1, updated_at = ? WHERE id = ?")
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

/* The cart tables' statements, by name: the cart resources' handlers (carts.ts, items.ts, coupons.ts, view.ts,
 * totals.ts) call these. Each prepares its SQL where it runs, as the rest of this file does: core/db.ts compiles a
 * statement once per database and reuses it by its text. Functions that return a statement are for loops. */

export function cartItemRows(emu: Emu, cartId: string): CartItemRow[] {
  return emu.db
    .prepare("SELECT * FROM cart_items WHERE cart_id = ? ORDER BY created_at, seq")
    .all(cartId) as CartItemRow[];
}

/** The page of the cart's lines at `offset`, by the cart's order index (newest first, or oldest first). */
export function cartItemPage(emu: Emu, cartId: string, newestFirst: boolean, offset: number, size: number) {
  const order = newestFirst ? "created_at DESC, seq DESC" : "created_at, seq";
  return emu.db
    .prepare(`SELECT * FROM cart_items WHERE cart_id = ? ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(cartId, size, offset) as CartItemRow[];
}

/** `.get(id)`: one cart item by id, for a loop over a few lines. */
export function cartItemById(emu: Emu) {
  return emu.db.prepare("SELECT * FROM cart_items WHERE id = ?");
}

export function cartItemIn(emu: Emu, id: string, cartId: string): CartItemRow | undefined {
  return emu.db.prepare("SELECT * FROM cart_items WHERE id = ? AND cart_id = ?").get(id, cartId) as
    CartItemRow | undefined;
}

/** The cart's line of a product bought with a selling model ("" for none): one line per product and model. */
export function cartLineOf(emu: Emu, cartId: string, productId: string, sellingModelId: string) {
  return emu.db
    .prepare(
      "SELECT * FROM cart_items WHERE cart_id = ? AND product_id = ? AND coalesce(product_selling_model_id, '') = ?",
    )
    .get(cartId, productId, sellingModelId) as CartItemRow | undefined;
}

export function unpricedCartItemRows(emu: Emu, cartId: string): CartItemRow[] {
  return emu.db
    .prepare("SELECT * FROM cart_items WHERE cart_id = ? AND (priced_quantity IS NOT quantity OR sales_cents IS NULL)")
    .all(cartId) as CartItemRow[];
}

export function cartUniqueProductCount(emu: Emu, cartId: string): number {
  const { n } = emu.db
    .prepare("SELECT count(DISTINCT product_id) AS n FROM cart_items WHERE cart_id = ?")
    .get(cartId) as { n: number };
  return n;
}

export function nextItemSeq(emu: Emu, cartId: string): number {
  return (
    emu.db.prepare("SELECT coalesce(max(seq), 0) + 1 AS n FROM cart_items WHERE cart_id = ?").get(cartId) as {
      n: number;
    }
  ).n;
}

export function insertProductItem(
  emu: Emu,
  id: string,
  cartId: string,
  productId: string,
  quantity: number,
  sellingModelId: string | null,
  subscriptionTerm: number | null,
  seq: number,
) {
  emu.db
    .prepare(
      `INSERT INTO cart_items(id, cart_id, product_id, type, quantity, product_selling_model_id, subscription_term, created_at, seq)
       VALUES (?, ?, ?, 'Product', ?, ?, ?, ?, ?)`,
    )
    .run(id, cartId, productId, quantity, sellingModelId, subscriptionTerm, emu.clock.now(), seq);
}

/** `.run(id, cartId, productId, type, quantity, sellingModelId, subscriptionTerm, createdAt, seq)`: a copied line. */
export function cartItemCopyInsert(emu: Emu) {
  return emu.db.prepare(
    `INSERT INTO cart_items(id, cart_id, product_id, type, quantity, product_selling_model_id, subscription_term, created_at, seq)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
}

export function setItemQuantity(emu: Emu, id: string, quantity: number) {
  emu.db.prepare("UPDATE cart_items SET quantity = ? WHERE id = ?").run(quantity, id);
}

export function deleteCartItem(emu: Emu, id: string) {
  emu.db.prepare("DELETE FROM cart_items WHERE id = ?").run(id);
}

/** A line's pricing inputs as priced now (db/015_cart_totals.sql's triggers keep the cart's totals). */
export function updateLinePricing(
  emu: Emu,
  id: string,
  quantity: number,
  salesCents: number,
  listCents: number | null,
  categoryPath: string,
) {
  emu.db
    .prepare(
      "UPDATE cart_items SET priced_quantity = ?, sales_cents = ?, list_cents = ?, category_path = ? WHERE id = ?",
    )
    .run(quantity, salesCents, listCents, categoryPath, id);
}

/** `.run(cartId, categoryId, cartItemId)`: a line under one of its categories, for a loop over them. */
export function lineCategoryInsert(emu: Emu) {
  return emu.db.prepare(
    "INSERT OR IGNORE INTO cart_item_categories(cart_id, category_id, cart_item_id) VALUES (?, ?, ?)",
  );
}

/** A line short of stock: its product's name, the line's quantity and the units the cart may still take. */
export interface ShortLine {
  name: string;
  quantity: number;
  available: number;
}

/**
 * The cart's lines short of stock at `now` (virtual clock): units held by other carts' reservations live then count
 * as gone.
 */
export function linesShortOfStock(emu: Emu, cartId: string, now: number): ShortLine[] {
  return emu.db
    .prepare(
      `SELECT name, quantity, available FROM (
         SELECT p.name AS name, ci.quantity AS quantity, ci.created_at, ci.seq,
           max(0, inv.on_hand - (
             SELECT coalesce(sum(ri.quantity), 0)
             FROM inventory_reservation_items ri JOIN inventory_reservations r ON r.id = ri.reservation_id
             WHERE ri.product_id = ci.product_id AND r.expires_at > ? AND r.cart_id IS NOT ?)) AS available
         FROM cart_items ci
         JOIN inventory inv ON inv.product_id = ci.product_id
         JOIN products p ON p.id = ci.product_id
         WHERE ci.cart_id = ?)
       WHERE quantity > available
       ORDER BY created_at, seq`,
    )
    .all(now, cartId, cartId) as ShortLine[];
}

/**
 * Whether the cart holds more of a product, over all its lines, than is available to it at `now`: what
 * inventoryErrors (checkout/place-order.ts) reports, found with one query over the cart's lines.
 */
export function productShortOfStock(emu: Emu, cartId: string, now: number): boolean {
  return (
    emu.db
      .prepare(
        `SELECT 1 FROM (
           SELECT product_id, sum(quantity) AS wanted FROM cart_items WHERE cart_id = ? GROUP BY product_id) w
         JOIN inventory inv ON inv.product_id = w.product_id
         WHERE w.wanted > max(0, inv.on_hand - (
           SELECT coalesce(sum(ri.quantity), 0)
           FROM inventory_reservation_items ri JOIN inventory_reservations r ON r.id = ri.reservation_id
           WHERE ri.product_id = w.product_id AND r.expires_at > ? AND r.cart_id IS NOT ?))
         LIMIT 1`,
      )
      .get(cartId, now, cartId) !== undefined
  );
}

/**
 * When the first reservation live at `now` that holds units of the cart's products for another cart ends (its units
 * come back to the cart then): null when none does.
 */
export function nextReservationEnd(emu: Emu, cartId: string, now: number): number | null {
  const row = emu.db
    .prepare(
      `SELECT min(r.expires_at) AS at FROM cart_items ci
       JOIN inventory_reservation_items ri ON ri.product_id = ci.product_id
       JOIN inventory_reservations r ON r.id = ri.reservation_id
       WHERE ci.cart_id = ? AND r.expires_at > ? AND r.cart_id IS NOT ?`,
    )
    .get(cartId, now, cartId) as { at: number | null };
  return row.at;
}

/** What a line's stock message is made of beside the cart's lines: stock, reservations, and the product's name. */
const STOCK_TABLES = ["inventory", "inventory_reservations", "inventory_reservation_items"];

/**
 * Calls `changed.lines(cartId)` after every write to a cart's lines, and `changed.stock()` after every write to
 * stock, reservations or a product's name, through TEMP triggers (as catalog/store.ts watchCountedTables): the
 * connection's own, never part of the database file, and dropped with the tables' own triggers by a bulk write
 * (core/db.ts withoutTriggers, counted there).
 */
export function watchCartSummaryInputs(emu: Emu, changed: { lines(cartId: string): void; stock(): void }) {
  const db = emu.db;
  db.function("emulator_cart_lines_changed", { deterministic: false, varargs: false }, (cartId: unknown) => {
    changed.lines(String(cartId));
    return null;
  });
  db.function("emulator_stock_changed", { deterministic: false, varargs: false }, () => {
    changed.stock();
    return null;
  });
  const trigger = (name: string, on: string, body: string) =>
    db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS "${name}_remembered" ${on} BEGIN ${body} END`);
  trigger("cart_items_insert", 'AFTER INSERT ON main."cart_items"', "SELECT emulator_cart_lines_changed(NEW.cart_id);");
  trigger("cart_items_delete", 'AFTER DELETE ON main."cart_items"', "SELECT emulator_cart_lines_changed(OLD.cart_id);");
  trigger(
    "cart_items_update",
    'AFTER UPDATE ON main."cart_items"',
    "SELECT emulator_cart_lines_changed(OLD.cart_id); SELECT emulator_cart_lines_changed(NEW.cart_id);",
  );
  for (const table of STOCK_TABLES)
    for (const event of ["INSERT", "UPDATE", "DELETE"])
      trigger(
        `${table}_${event.toLowerCase()}`,
        `AFTER ${event} ON main."${table}"`,
        "SELECT emulator_stock_changed();",
      );
  trigger("products_name", 'AFTER UPDATE OF name ON main."products"', "SELECT emulator_stock_changed();");
}

export function cartTotalsRecord(emu: Emu, cartId: string): TotalsRow | undefined {
  return emu.db.prepare("SELECT * FROM cart_totals WHERE cart_id = ?").get(cartId) as TotalsRow | undefined;
}

/** The recorded prices of the cart's lines under a category (db/015's cart_item_categories). */
export function recordedLinesUnder(emu: Emu, cartId: string, categoryId: string): RecordedLine[] {
  return emu.db
    .prepare(
      `SELECT ci.id, ci.quantity, ci.sales_cents, ci.list_cents
       FROM cart_item_categories c JOIN cart_items ci ON ci.id = c.cart_item_id
       WHERE c.cart_id = ? AND c.category_id = ?`,
    )
    .all(cartId, categoryId) as RecordedLine[];
}

export function appliedCouponRows(emu: Emu, cartId: string) {
  return emu.db
    .prepare(
      `SELECT cc.id AS cart_coupon_id, c.code, p.*
       FROM cart_coupons cc JOIN coupons c ON c.id = cc.coupon_id JOIN promotions p ON p.id = c.promotion_id
       WHERE cc.cart_id = ? ORDER BY cc.seq`,
    )
    .all(cartId) as (PromotionDbRow & { cart_coupon_id: string; code: string })[];
}

export function automaticPromotionRows(emu: Emu): PromotionDbRow[] {
  return emu.db.prepare("SELECT * FROM promotions WHERE is_automatic = 1 ORDER BY priority").all() as PromotionDbRow[];
}

/** An active coupon by its code, with its promotion's columns. */
export function activeCoupon(emu: Emu, code: string) {
  return emu.db
    .prepare(
      "SELECT c.id AS coupon_id, c.code, p.* FROM coupons c JOIN promotions p ON p.id = c.promotion_id WHERE c.code = ? AND c.is_active = 1",
    )
    .get(code) as any;
}

export function cartCouponIds(emu: Emu, cartId: string) {
  return emu.db.prepare("SELECT coupon_id, seq FROM cart_coupons WHERE cart_id = ? ORDER BY seq").all(cartId) as {
    coupon_id: string;
    seq: number;
  }[];
}

export function nextCouponSeq(emu: Emu, cartId: string): number {
  return (
    emu.db.prepare("SELECT coalesce(max(seq), 0) + 1 AS n FROM cart_coupons WHERE cart_id = ?").get(cartId) as {
      n: number;
    }
  ).n;
}

export function insertCartCoupon(emu: Emu, id: string, cartId: string, couponId: string, at: number, seq: number) {
  emu.db
    .prepare("INSERT INTO cart_coupons(id, cart_id, coupon_id, applied_at, seq) VALUES (?, ?, ?, ?, ?)")
    .run(id, cartId, couponId, at, seq);
}

export function deleteCartCoupon(emu: Emu, id: string, cartId: string) {
  return emu.db.prepare("DELETE FROM cart_coupons WHERE id = ? AND cart_id = ?").run(id, cartId);
}

export function closeCart(emu: Emu, id: string, at: number) {
  emu.db.prepare("UPDATE carts SET status = 'Closed', updated_at = ? WHERE id = ?").run(at, id);
}

export function setMessagesVisible(emu: Emu, cartId: string, visible: boolean) {
  emu.db.prepare("UPDATE carts SET messages_visible = ? WHERE id = ?").run(visible ? 1 : 0, cartId);
}

/**
 * Makes the cart its owner's primary cart (call inside a transaction): the owner's current primary cart becomes
 * secondary first, so the one-primary-cart index always holds.
 */
export function makePrimary(emu: Emu, cart: CartRow, owner: CartOwner) {
  const previous = findPrimaryCart(emu, cart.webstore_id, owner);
  const now = emu.clock.now();
  if (previous && previous.id !== cart.id)
    emu.db.prepare("UPDATE carts SET is_secondary = 1, updated_at = ? WHERE id = ?").run(now, previous.id);
  emu.db.prepare("UPDATE carts SET is_secondary = 0, updated_at = ? WHERE id = ?").run(now, cart.id);
}
