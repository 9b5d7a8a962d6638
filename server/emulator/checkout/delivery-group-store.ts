import type { CartItemRow } from "../carts/view.js";
import type { Emu } from "../core/state.js";

/**
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
 * ensureDeliveryGroups for a caller that has just read all the cart's items (`items`, in cartItems' order, the
 * orphan query's): the items without a group are found among them instead of by another query. `moved`: some
 * item was moved, so `items` is out of date.
 */
export function ensureDeliveryGroupsOf(
  emu: Emu,
  cartId: string,
  items: CartItemRow[],
): { groups: GroupRow[]; moved: boolean } {
  const groups = withDefaultGroup(emu, cartId);
  const ids = new Set(groups.map((g) => g.id));
  const orphans = items.filter((i) => i.cart_delivery_group_id === null || !ids.has(i.cart_delivery_group_id));
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
