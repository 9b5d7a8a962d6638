import type { Emu } from "../core/state.js";
import type { DeliveryMethodRow, TaxRate } from "./shipping.js";
import { type CartItemRow } from "../carts/store.js";

export interface CheckoutRow {
  id: string;
  cart_id: string;
  webstore_id: string;
  status: "Open" | "Expired" | "Cancelled" | "Placed";
  cart_revision: number;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_email: string | null;
  contact_phone_number: string | null;
  custom_fields: string | null;
  created_at: number;
  last_activity_at: number;
  prepared_at: number | null;
  order_reference_number: string | null;
}

export interface PaymentRow {
  checkout_id: string;
  id: string;
  request_type: "Auth" | "PostAuth" | "SimplePurchaseOrder";
  payment_token: string | null;
  purchase_order_number: string | null;
  amount_cents: number;
  billing_address: string | null;
  payments_data: string | null;
  authorized_at: number;
}

/**
 * The checkout folder's tables and statements: cart delivery groups, checkout sessions, their payments, the test
 * gateway's tokens, delivery methods and tax rates. The handlers (checkouts.ts, session.ts, payments.ts,
 * place-order.ts, delivery-groups.ts, delivery-group-*.ts) call the named functions here.
 *
 * Cart delivery groups (split shipments): every cart has one default group, created the first time anything
 * looks at the cart's groups, and items without a group belong to it. Each group is rated (delivery-group-rating.ts):
 * the delivery methods that ship to its address, the selected method's fee, and tax by destination — the numbers
 * checkouts add to the cart's totals. Here: the groups' rows, and moving units of a line between groups.
 */

export const DEFAULT_GROUP_NAME = "Default Delivery";
export const GROUP_SORTS = ["CreatedDateAsc", "CreatedDateDesc", "NameAsc", "NameDesc"] as const;

export interface GroupRow {
  id: string;
  cart_id: string;
  name: string;
  is_default: 0 | 1;
  address_id: string | null;
  address_name: string | null;
  address_first_name: string | null;
  address_last_name: string | null;
  address_company_name: string | null;
  address_street: string | null;
  address_city: string | null;
  address_region: string | null;
  address_postal_code: string | null;
  address_country: string | null;
  address_phone_number: string | null;
  desired_delivery_date: string | null;
  shipping_instructions: string | null;
  delivery_method_id: string | null;
  is_gift: 0 | 1;
  gift_message: string | null;
  gift_to_name: string | null;
  created_at: number;
  seq: number;
}

/** The address columns of a group; all null = no address yet. */
export type GroupAddress = Pick<
  GroupRow,
  | "address_id"
  | "address_name"
  | "address_first_name"
  | "address_last_name"
  | "address_company_name"
  | "address_street"
  | "address_city"
  | "address_region"
  | "address_postal_code"
  | "address_country"
  | "address_phone_number"
>;

export function hasAddress(g: GroupAddress): boolean {
  return g.address_country !== null;
}

export function groupsOf(emu: Emu, cartId: string): GroupRow[] {
  return emu.db
    .prepare("SELECT * FROM cart_delivery_groups WHERE cart_id = ? ORDER BY is_default DESC, seq")
    .all(cartId) as GroupRow[];
}

export function groupById(emu: Emu, cartId: string, id: string): GroupRow | undefined {
  return emu.db.prepare("SELECT * FROM cart_delivery_groups WHERE id = ? AND cart_id = ?").get(id, cartId) as
    GroupRow | undefined;
}

export function insertGroup(emu: Emu, cartId: string, values: Partial<GroupRow> & { name: string }): GroupRow {
  const id = emu.ids("cartDeliveryGroup");
  const seq = (
    emu.db.prepare("SELECT coalesce(max(seq), 0) + 1 AS n FROM cart_delivery_groups WHERE cart_id = ?").get(cartId) as {
      n: number;
    }
  ).n;
  const row = { is_default: 0, is_gift: 0, ...values, id, cart_id: cartId, created_at: emu.clock.now(), seq };
  const columns = Object.keys(row);
  emu.db
    .prepare(
      `INSERT INTO cart_delivery_groups(${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`,
    )
    .run(row);
  return groupById(emu, cartId, id)!;
}

export function updateGroup(emu: Emu, id: string, changes: Partial<GroupRow>) {
  const columns = Object.keys(changes);
  if (!columns.length) return;
  emu.db
    .prepare(`UPDATE cart_delivery_groups SET ${columns.map((c) => `${c} = @${c}`).join(", ")} WHERE id = @id`)
    .run({ ...changes, id });
}

/**
 * The cart's groups, default first, after making sure there is a default group and that every item belongs to
 * a group (items added by the cart resources start without one). Call inside a transaction when writing.
 */
export function ensureDeliveryGroups(emu: Emu, cartId: string): GroupRow[] {
  const groups = withDefaultGroup(emu, cartId);
  const orphans = emu.db
    .prepare(
      `SELECT * FROM cart_items WHERE cart_id = ? AND (cart_delivery_group_id IS NULL
         OR cart_delivery_group_id NOT IN (SELECT id FROM cart_delivery_groups WHERE cart_id = ?))
       ORDER BY created_at, seq`,
    )
    .all(cartId, cartId) as CartItemRow[];
  for (const item of orphans) moveUnits(emu, item, groups[0].id, item.quantity);
  return groups;
}

/**
 * The groups a frozen list of lines (carts/summary-memo.ts keptCartItems: the same array while the cart's lines are
 * unchanged) names, kept with it: a checkout read checks them against the cart's groups, not every line (issue 41).
 */
const keptGroupIds = new WeakMap<readonly CartItemRow[], Set<string | null>>();

function groupIdsOf(items: readonly CartItemRow[]): Set<string | null> {
  let ids = keptGroupIds.get(items);
  if (!ids) {
    ids = new Set(items.map((i) => i.cart_delivery_group_id));
    if (Object.isFrozen(items)) keptGroupIds.set(items, ids);
  }
  return ids;
}

/**
 * ensureDeliveryGroups for a caller that has just read all the cart's items (`items`, in cartItems' order, the
 * orphan query's): the items without a group are found among them instead of by another query. `moved`: some
 * item was moved, so `items` is out of date.
 */
export function ensureDeliveryGroupsOf(
  emu: Emu,
  cartId: string,
  items: readonly CartItemRow[],
): { groups: GroupRow[]; moved: boolean } {
  const groups = withDefaultGroup(emu, cartId);
  const ids = new Set(groups.map((g) => g.id));
  const inGroups = (groupId: string | null) => groupId !== null && ids.has(groupId);
  if ([...groupIdsOf(items)].every(inGroups)) return { groups, moved: false };
  const orphans = items.filter((i) => !inGroups(i.cart_delivery_group_id));
  for (const item of orphans) moveUnits(emu, item, groups[0].id, item.quantity);
  return { groups, moved: orphans.length > 0 };
}

/** The cart's groups, default first, after making sure one of them is the default. */
function withDefaultGroup(emu: Emu, cartId: string): GroupRow[] {
  const groups = groupsOf(emu, cartId);
  if (groups.some((g) => g.is_default === 1)) return groups;
  if (groups.length) {
    emu.db.prepare("UPDATE cart_delivery_groups SET is_default = 1 WHERE id = ?").run(groups[0].id);
  } else {
    insertGroup(emu, cartId, { name: DEFAULT_GROUP_NAME, is_default: 1 });
  }
  return groupsOf(emu, cartId);
}

export function defaultGroup(emu: Emu, cartId: string): GroupRow {
  return ensureDeliveryGroups(emu, cartId)[0];
}

/**
 * Moves `qty` units of an item to another group of its cart: the whole line when it's all of it, else the line
 * splits. Units join the target's line of the same product and selling model when there is one, so a group never
 * holds two lines of one product.
 */
export function moveUnits(emu: Emu, item: CartItemRow, targetGroupId: string, qty: number) {
  if (item.cart_delivery_group_id === targetGroupId || qty <= 0) return;
  const twin = emu.db
    .prepare(
      `SELECT * FROM cart_items WHERE cart_id = ? AND cart_delivery_group_id = ? AND product_id = ?
       AND coalesce(product_selling_model_id, '') = ? AND id <> ?`,
    )
    .get(item.cart_id, targetGroupId, item.product_id, item.product_selling_model_id ?? "", item.id) as
    CartItemRow | undefined;
  const whole = qty >= item.quantity;
  if (twin) {
    emu.db.prepare("UPDATE cart_items SET quantity = quantity + ? WHERE id = ?").run(qty, twin.id);
    if (whole) emu.db.prepare("DELETE FROM cart_items WHERE id = ?").run(item.id);
    else emu.db.prepare("UPDATE cart_items SET quantity = quantity - ? WHERE id = ?").run(qty, item.id);
  } else if (whole) {
    emu.db.prepare("UPDATE cart_items SET cart_delivery_group_id = ? WHERE id = ?").run(targetGroupId, item.id);
  } else {
    emu.db.prepare("UPDATE cart_items SET quantity = quantity - ? WHERE id = ?").run(qty, item.id);
    const seq = (
      emu.db.prepare("SELECT coalesce(max(seq), 0) + 1 AS n FROM cart_items WHERE cart_id = ?").get(item.cart_id) as {
        n: number;
      }
    ).n;
    emu.db
      .prepare(
        `INSERT INTO cart_items(id, cart_id, product_id, type, quantity, product_selling_model_id, subscription_term, cart_delivery_group_id, created_at, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        emu.ids("cartItem"),
        item.cart_id,
        item.product_id,
        item.type,
        qty,
        item.product_selling_model_id,
        item.subscription_term,
        targetGroupId,
        emu.clock.now(),
        seq,
      );
  }
}

export function itemsOfGroup(emu: Emu, groupId: string): CartItemRow[] {
  return emu.db
    .prepare("SELECT * FROM cart_items WHERE cart_delivery_group_id = ? ORDER BY created_at, seq")
    .all(groupId) as CartItemRow[];
}

/**
 * Drops groups without items. When the default group is among them and another group holds items, that group
 * becomes the default: a cart always has exactly one default group.
 */
export function dropEmptyGroups(emu: Emu, cartId: string) {
  const counts = new Map(
    (
      emu.db
        .prepare(
          "SELECT cart_delivery_group_id AS id, count(*) AS n FROM cart_items WHERE cart_id = ? GROUP BY cart_delivery_group_id",
        )
        .all(cartId) as { id: string; n: number }[]
    ).map((r) => [r.id, r.n]),
  );
  const groups = groupsOf(emu, cartId);
  const empty = groups.filter((g) => !counts.get(g.id));
  const keep = groups.filter((g) => counts.get(g.id));
  if (!keep.length) {
    // An empty cart keeps its default group (and only it).
    for (const g of empty)
      if (g.is_default !== 1) emu.db.prepare("DELETE FROM cart_delivery_groups WHERE id = ?").run(g.id);
    return;
  }
  for (const g of empty) emu.db.prepare("DELETE FROM cart_delivery_groups WHERE id = ?").run(g.id);
  if (!keep.some((g) => g.is_default === 1))
    emu.db.prepare("UPDATE cart_delivery_groups SET is_default = 1 WHERE id = ?").run(keep[0].id);
}

/** The cart's lines of one product, in the cart's order. */
export function cartItemsOfProduct(emu: Emu, cartId: string, productId: string): CartItemRow[] {
  return emu.db
    .prepare("SELECT * FROM cart_items WHERE cart_id = ? AND product_id = ? ORDER BY created_at, seq")
    .all(cartId, productId) as CartItemRow[];
}

export function deleteItemsOfGroup(emu: Emu, groupId: string) {
  emu.db.prepare("DELETE FROM cart_items WHERE cart_delivery_group_id = ?").run(groupId);
}

export function deleteGroup(emu: Emu, id: string) {
  emu.db.prepare("DELETE FROM cart_delivery_groups WHERE id = ?").run(id);
}

export function cartLineCount(emu: Emu, cartId: string): number {
  return (emu.db.prepare("SELECT count(*) AS n FROM cart_items WHERE cart_id = ?").get(cartId) as { n: number }).n;
}

/** `.run(quantity, productId)`: takes placed units off the shelf, for a loop over the order's products. */
export function stockTake(emu: Emu) {
  return emu.db.prepare("UPDATE inventory SET on_hand = on_hand - ? WHERE product_id = ?");
}

export function cartIntoCheckout(emu: Emu, at: number, cartId: string) {
  emu.db.prepare("UPDATE carts SET status = 'Checkout', updated_at = ? WHERE id = ?").run(at, cartId);
}

/** The cart of a session that ended is an ordinary active cart again. */
export function cartOutOfCheckout(emu: Emu, cartId: string) {
  emu.db.prepare("UPDATE carts SET status = 'Active' WHERE id = ? AND status = 'Checkout'").run(cartId);
}

export function setCartPurchaseOrderNumber(emu: Emu, purchaseOrderNumber: string, cartId: string) {
  emu.db.prepare("UPDATE carts SET purchase_order_number = ? WHERE id = ?").run(purchaseOrderNumber, cartId);
}

/* Checkout sessions (db: checkouts). */

export function checkoutRow(emu: Emu, id: string): CheckoutRow | undefined {
  return emu.db.prepare("SELECT * FROM checkouts WHERE id = ?").get(id) as CheckoutRow | undefined;
}

export function checkoutOfCart(emu: Emu, cartId: string): CheckoutRow | undefined {
  return emu.db.prepare("SELECT * FROM checkouts WHERE cart_id = ?").get(cartId) as CheckoutRow | undefined;
}

export function insertCheckout(
  emu: Emu,
  id: string,
  cartId: string,
  webstoreId: string,
  cartRevision: number,
  firstName: string | null,
  lastName: string | null,
  email: string | null,
  phoneNumber: string | null,
  customFields: string | null,
  createdAt: number,
  lastActivityAt: number,
) {
  emu.db
    .prepare(
      `INSERT INTO checkouts(id, cart_id, webstore_id, cart_revision, contact_first_name, contact_last_name, contact_email,
           contact_phone_number, custom_fields, created_at, last_activity_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      cartId,
      webstoreId,
      cartRevision,
      firstName,
      lastName,
      email,
      phoneNumber,
      customFields,
      createdAt,
      lastActivityAt,
    );
}

/** One contact column (`contact_first_name` …), named by the caller from its own list. */
export function setCheckoutColumn(emu: Emu, column: string, value: unknown, id: string) {
  emu.db.prepare(`UPDATE checkouts SET ${column} = ? WHERE id = ?`).run(value, id);
}

export function setCheckoutCustomFields(emu: Emu, customFields: string | null, id: string) {
  emu.db.prepare("UPDATE checkouts SET custom_fields = ? WHERE id = ?").run(customFields, id);
}

export function setCheckoutStatus(emu: Emu, status: CheckoutRow["status"], id: string) {
  emu.db.prepare("UPDATE checkouts SET status = ? WHERE id = ?").run(status, id);
}

export function touchCheckout(emu: Emu, checkoutId: string) {
  emu.db.prepare("UPDATE checkouts SET last_activity_at = ? WHERE id = ?").run(emu.clock.now(), checkoutId);
}

export function markCheckoutPrepared(emu: Emu, at: number, id: string) {
  emu.db.prepare("UPDATE checkouts SET prepared_at = ? WHERE id = ?").run(at, id);
}

export function markCheckoutPlaced(emu: Emu, orderNumber: string, at: number, id: string) {
  emu.db
    .prepare("UPDATE checkouts SET status = 'Placed', order_reference_number = ?, last_activity_at = ? WHERE id = ?")
    .run(orderNumber, at, id);
}

export function deleteCheckout(emu: Emu, id: string) {
  emu.db.prepare("DELETE FROM checkouts WHERE id = ?").run(id);
}

export function anyIdleCheckout(emu: Emu, activeSince: number): boolean {
  return (
    emu.db
      .prepare("SELECT 1 FROM checkouts WHERE status = 'Open' AND last_activity_at < ? LIMIT 1")
      .get(activeSince) !== undefined
  );
}

export function idleCheckouts(emu: Emu, activeSince: number): CheckoutRow[] {
  return emu.db
    .prepare("SELECT * FROM checkouts WHERE status = 'Open' AND last_activity_at < ?")
    .all(activeSince) as CheckoutRow[];
}

/* A session's payment (checkout_payments) and the test gateway's tokens (payment_tokens). */

export function checkoutPayment(emu: Emu, checkoutId: string): PaymentRow | undefined {
  return emu.db.prepare("SELECT * FROM checkout_payments WHERE checkout_id = ?").get(checkoutId) as
    PaymentRow | undefined;
}

export function clearPayment(emu: Emu, checkoutId: string) {
  emu.db.prepare("DELETE FROM checkout_payments WHERE checkout_id = ?").run(checkoutId);
}

export function insertCheckoutPayment(
  emu: Emu,
  checkoutId: string,
  id: string,
  requestType: string,
  paymentToken: string | null,
  purchaseOrderNumber: string | null,
  amountCents: number,
  billingAddress: string | null,
  paymentsData: string | null,
  authorizedAt: number,
) {
  emu.db
    .prepare(
      `INSERT INTO checkout_payments(checkout_id, id, request_type, payment_token, purchase_order_number, amount_cents, billing_address, payments_data, authorized_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      checkoutId,
      id,
      requestType,
      paymentToken,
      purchaseOrderNumber,
      amountCents,
      billingAddress,
      paymentsData,
      authorizedAt,
    );
}

export function insertPaymentToken(
  emu: Emu,
  token: string,
  webstoreId: string,
  cardType: string,
  last4: string,
  expiryMonth: number,
  expiryYear: number,
  outcome: string,
  createdAt: number,
) {
  emu.db
    .prepare(
      `INSERT INTO payment_tokens(token, webstore_id, card_type, last4, expiry_month, expiry_year, card_holder_name, outcome, created_at)
       VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
    )
    .run(token, webstoreId, cardType, last4, expiryMonth, expiryYear, outcome, createdAt);
}

export function paymentToken(emu: Emu, token: string, webstoreId: string): unknown {
  return emu.db.prepare("SELECT * FROM payment_tokens WHERE token = ? AND webstore_id = ?").get(token, webstoreId);
}

/** The card a placed order's payment names. */
export function paymentTokenCard(emu: Emu, token: string) {
  return emu.db.prepare("SELECT card_type, last4 FROM payment_tokens WHERE token = ?").get(token) as {
    card_type: string;
    last4: string;
  };
}

/* Delivery methods and tax rates (seeded by seed.ts), read once per emulator. */

const stores = new WeakMap<Emu, ReturnType<typeof createShippingStore>>();

export function shippingStore(emu: Emu) {
  let store = stores.get(emu);
  if (!store) stores.set(emu, (store = createShippingStore(emu)));
  return store;
}

function createShippingStore(emu: Emu) {
  const byId = emu.db.prepare("SELECT * FROM delivery_methods WHERE id = ?");
  const forCountry = emu.db.prepare(`
    SELECT m.* FROM delivery_methods m
    WHERE NOT EXISTS (SELECT 1 FROM delivery_method_countries c WHERE c.delivery_method_id = m.id)
       OR EXISTS (SELECT 1 FROM delivery_method_countries c WHERE c.delivery_method_id = m.id AND c.country = ?)
    ORDER BY m.sort_order`);
  const rate = emu.db.prepare(`
    SELECT region, rate_basis_points AS rateBasisPoints, taxes_shipping AS taxesShipping FROM tax_rates
    WHERE country = ? AND region IN ('', ?) ORDER BY region DESC LIMIT 1`);
  const evaluated = emu.db.prepare("SELECT country FROM cart_shipping_evaluations WHERE cart_id = ?");
  const evaluate = emu.db.prepare(`
    INSERT INTO cart_shipping_evaluations(cart_id, country, region, city, postal_code) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT(cart_id) DO UPDATE SET country = excluded.country, region = excluded.region, city = excluded.city,
      postal_code = excluded.postal_code`);
  return {
    /** The country the cart's shipping was last evaluated for (evaluate-shipping), if any. */
    evaluatedCountry: (cartId: string) => (evaluated.get(cartId) as { country: string } | undefined)?.country ?? null,
    /** Records the address evaluate-shipping was given, replacing the cart's previous one. */
    recordEvaluation(
      cartId: string,
      address: { country: string; region: string | null; city: string | null; postalCode: string | null },
    ) {
      evaluate.run(cartId, address.country, address.region, address.city, address.postalCode);
    },
    method: (id: string) => byId.get(id) as DeliveryMethodRow | undefined,
    /** Methods that ship to the country; none without a destination (nothing to rate yet). */
    methodsFor: (country: string | null | undefined): DeliveryMethodRow[] =>
      country ? (forCountry.all(country.toUpperCase()) as DeliveryMethodRow[]) : [],
    taxRate(country: string | null | undefined, region: string | null | undefined): TaxRate | null {
      if (!country) return null;
      const row = rate.get(country.toUpperCase(), (region ?? "").toUpperCase()) as
        { rateBasisPoints: number; taxesShipping: number } | undefined;
      return row ? { rateBasisPoints: row.rateBasisPoints, taxesShipping: row.taxesShipping === 1 } : null;
    },
    /** The rate row that applies at a destination, with the region it was set for ('' for the whole country). */
    taxRateRow(country: string, region: string | null) {
      return rate.get(country.toUpperCase(), (region ?? "").toUpperCase()) as
        { region: string; rateBasisPoints: number; taxesShipping: number } | undefined;
    },
  };
}
