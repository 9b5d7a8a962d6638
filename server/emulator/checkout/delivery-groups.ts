import {
  assertEditable,
  asyncKey,
  requireCart,
  touchCart,
  type CartRow,
  cartItemIn,
  type CartItemRow,
} from "../carts/store.js";
import { loadCartView } from "../carts/view.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { json, noContent } from "../core/http.js";
import { parseQuantity } from "../core/money.js";
import { booleanParam, intParam } from "../core/paging.js";
import { recordId } from "../core/record-ids.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";
import {
  fromSavedAddress,
  savedAddressForCart,
  parseDeliveryAddress,
  optionalText,
  selectCheapestMethod,
  parseGroupInput,
} from "./delivery-group-inputs.js";
import { rateCart, deliveryGroupCollectionJson, deliveryGroupJson } from "./delivery-group-rating.js";
import {
  groupsOf,
  type GroupRow,
  groupById,
  updateGroup,
  insertGroup,
  moveUnits,
  ensureDeliveryGroups,
  itemsOfGroup,
  defaultGroup,
  dropEmptyGroups,
  hasAddress,
  cartItemsOfProduct,
  deleteItemsOfGroup,
  deleteGroup,
} from "./store.js";

/**
 * The cart delivery group resources: list, read, create, update, delete and arrange-items (moving and splitting
 * lines between groups). The groups' rows are store.ts, their inputs delivery-group-inputs.ts, their
 * rates and JSON delivery-group-rating.ts.
 */

// ---------------------------------------------------------------------------------------------------------
// Arrange items

interface Arrangement {
  cartItemId?: unknown;
  productId?: unknown;
  deliveryGroupId?: unknown;
  deliveryGroupName?: unknown;
  deliveryAddress?: unknown;
  deliveryAddressId?: unknown;
  quantity?: unknown;
}

function uniqueGroupName(emu: Emu, cartId: string): string {
  const names = new Set(groupsOf(emu, cartId).map((g) => g.name));
  let n = names.size + 1;
  while (names.has(`Shipment ${n}`)) n++;
  return `Shipment ${n}`;
}

/**
 * The group an arrangement sends units to: by id; by name (created when new, with the arrangement's address);
 * by saved address id (the group already shipping there, else a new one); or a new group for an inline address.
 */
function targetGroup(emu: Emu, cart: CartRow, a: Arrangement, i: number): GroupRow {
  const label = `arrangements[${i}]`;
  if (a.deliveryGroupId !== undefined && a.deliveryGroupId !== null) {
    const id = recordId(a.deliveryGroupId, "cartDeliveryGroup", `${label}.deliveryGroupId`);
    const g = groupById(emu, cart.id, id);
    if (!g) throw invalidInput(`${label}.deliveryGroupId doesn't name a delivery group of this cart: ${id}`);
    return g;
  }
  const address =
    a.deliveryAddressId !== undefined && a.deliveryAddressId !== null
      ? fromSavedAddress(savedAddressForCart(emu, cart, a.deliveryAddressId, `${label}.deliveryAddressId`))
      : a.deliveryAddress !== undefined && a.deliveryAddress !== null
        ? parseDeliveryAddress(emu, cart, a.deliveryAddress, `${label}.deliveryAddress`)
        : null;
  if (a.deliveryGroupName !== undefined && a.deliveryGroupName !== null) {
    const name = optionalText(a.deliveryGroupName, `${label}.deliveryGroupName`);
    if (!name) throw invalidInput(`${label}.deliveryGroupName can't be blank.`);
    const existing = groupsOf(emu, cart.id).find((g) => g.name === name);
    if (existing) {
      if (address) updateGroup(emu, existing.id, { ...address, delivery_method_id: null });
      return groupById(emu, cart.id, existing.id)!;
    }
    return insertGroup(emu, cart.id, { name, ...(address ?? {}) });
  }
  if (!address)
    throw invalidInput(`${label} needs a deliveryGroupId, deliveryGroupName, deliveryAddressId or deliveryAddress.`);
  const sameAddress = address.address_id
    ? groupsOf(emu, cart.id).find((g) => g.address_id === address.address_id)
    : undefined;
  return sameAddress ?? insertGroup(emu, cart.id, { name: uniqueGroupName(emu, cart.id), ...address });
}

/**
 * Places `quantity` units of an item (cartItemId) or of a product (productId: its lines in other groups, in
 * cart order) into the target group, splitting lines as needed. Moving more than there is is a 400.
 */
function arrange(emu: Emu, cart: CartRow, a: Arrangement, i: number): string {
  const label = `arrangements[${i}]`;
  const qty = parseQuantity(a.quantity);
  if (qty === null || qty < 1)
    throw invalidInput(
      `${label}.quantity must be a whole number of at least 1; got ${JSON.stringify(a.quantity ?? null)}.`,
    );
  const target = targetGroup(emu, cart, a, i);
  let sources: CartItemRow[];
  if (a.cartItemId !== undefined && a.cartItemId !== null) {
    const id = recordId(a.cartItemId, "cartItem", `${label}.cartItemId`);
    const item = cartItemIn(emu, id, cart.id);
    if (!item) throw invalidInput(`${label}.cartItemId doesn't name an item of this cart: ${id}`);
    sources = [item];
  } else if (a.productId !== undefined && a.productId !== null) {
    const productId = recordId(a.productId, "product", `${label}.productId`);
    sources = cartItemsOfProduct(emu, cart.id, productId);
    if (!sources.length) throw invalidInput(`${label}.productId isn't in this cart: ${productId}`);
  } else {
    throw invalidInput(`${label} needs a cartItemId or a productId.`);
  }
  sources = sources.filter((s) => s.cart_delivery_group_id !== target.id);
  const movable = sources.reduce((n, s) => n + s.quantity, 0);
  if (qty > movable) throw invalidInput(`${label} moves ${qty} units, but only ${movable} can move to ${target.name}.`);
  let left = qty;
  for (const s of sources) {
    if (left === 0) break;
    const take = Math.min(left, s.quantity);
    moveUnits(emu, s, target.id, take);
    left -= take;
  }
  return target.id;
}

// ---------------------------------------------------------------------------------------------------------
// Routes

function cartForGroups(ctx: RequestContext, write: boolean): CartRow {
  const cart = requireCart(ctx, ctx.params.cartStateOrId);
  if (write) assertEditable(cart);
  return cart;
}

function findGroup(emu: Emu, cart: CartRow, raw: string): GroupRow {
  const id = recordId(raw, "cartDeliveryGroup", "deliveryGroupId");
  ensureDeliveryGroups(emu, cart.id);
  const group = groupById(emu, cart.id, id);
  if (!group) throw notFound(`Delivery group not found: ${id}`);
  return group;
}

/** After a group write: a group whose address changed without a method gets the cheapest one that ships there. */
function rerate(emu: Emu, cart: CartRow, groupId: string, addressChanged: boolean, methodGiven: boolean) {
  if (!addressChanged || methodGiven) return;
  const groups = ensureDeliveryGroups(emu, cart.id);
  selectCheapestMethod(
    emu,
    loadCartView(emu, cart),
    groups.find((g) => g.id === groupId)!,
  );
}

export function deliveryGroupRoutes(r: Router, emu: Emu) {
  const base = "carts/:cartStateOrId/delivery-groups";

  r.webstore("GET", base, { since: 59 }, (ctx) => {
    const rated = emu.db.transaction(() => {
      const cart = cartForGroups(ctx, false);
      return rateCart(emu, cart, emu.async.poll(asyncKey(cart.id)));
    })();
    const body = deliveryGroupCollectionJson(ctx, rated);
    return rated.view.processing ? json(body, 202, { Location: ctx.url.pathname, "Retry-After": "1" }) : json(body);
  });

  r.webstore("GET", `${base}/:deliveryGroupId`, { since: 59 }, (ctx) => {
    const cartItemLimit = intParam(ctx.query, "cartItemLimit", 0, 0, 100);
    const { rated, id } = emu.db.transaction(() => {
      const cart = cartForGroups(ctx, false);
      const id = findGroup(emu, cart, ctx.params.deliveryGroupId).id;
      return { rated: rateCart(emu, cart, emu.async.poll(asyncKey(cart.id))), id };
    })();
    const body = deliveryGroupJson(
      rated,
      rated.groups.find((g) => g.row.id === id)!,
      cartItemLimit,
      emu.clock.now(),
    );
    return rated.view.processing ? json(body, 202) : json(body);
  });

  r.webstore("POST", base, { since: 59 }, async (ctx) => {
    const body = await ctx.json();
    const rated = emu.db.transaction(() => {
      const cart = cartForGroups(ctx, true);
      ensureDeliveryGroups(emu, cart.id);
      const changes = parseGroupInput(emu, cart, body, null);
      const created = insertGroup(emu, cart.id, { ...changes, name: changes.name ?? uniqueGroupName(emu, cart.id) });
      rerate(emu, cart, created.id, "address_country" in changes, !!changes.delivery_method_id);
      emu.async.begin(asyncKey(cart.id));
      return { rated: rateCart(emu, cart), id: created.id };
    })();
    return json(
      deliveryGroupJson(
        rated.rated,
        rated.rated.groups.find((g) => g.row.id === rated.id)!,
        0,
        emu.clock.now(),
      ),
      201,
    );
  });

  r.webstore("PATCH", `${base}/:deliveryGroupId`, { since: 59 }, async (ctx) => {
    const body = await ctx.json();
    const { rated, id } = emu.db.transaction(() => {
      const cart = cartForGroups(ctx, true);
      const group = findGroup(emu, cart, ctx.params.deliveryGroupId);
      const changes = parseGroupInput(emu, cart, body, group);
      updateGroup(emu, group.id, changes);
      rerate(emu, cart, group.id, "address_country" in changes, !!changes.delivery_method_id);
      emu.async.begin(asyncKey(cart.id));
      return { rated: rateCart(emu, cart), id: group.id };
    })();
    return json(
      deliveryGroupJson(
        rated,
        rated.groups.find((g) => g.row.id === id)!,
        0,
        emu.clock.now(),
      ),
    );
  });

  // The default group stays; another group's items either go with it (deleteCartItems=true) or move to the default.
  r.webstore("DELETE", `${base}/:deliveryGroupId`, { since: 59 }, (ctx) => {
    const deleteItems = booleanParam(ctx.query, "deleteCartItems", false);
    emu.db.transaction(() => {
      const cart = cartForGroups(ctx, true);
      const group = findGroup(emu, cart, ctx.params.deliveryGroupId);
      if (group.is_default === 1)
        throw invalidInput("The default delivery group can't be deleted; move its items to another group first.");
      const items = itemsOfGroup(emu, group.id);
      if (deleteItems) {
        deleteItemsOfGroup(emu, group.id);
      } else {
        const fallback = defaultGroup(emu, cart.id);
        for (const item of items) moveUnits(emu, item, fallback.id, item.quantity);
      }
      deleteGroup(emu, group.id);
      // Removing items is a cart edit (it cancels a checkout); moving them between groups is not.
      if (deleteItems && items.length) touchCart(emu, cart, { itemsChanged: true });
      else emu.async.begin(asyncKey(cart.id));
    })();
    return noContent();
  });

  r.webstore("POST", `${base}/actions/arrange-items`, { since: 60 }, async (ctx) => {
    const dropEmpty = booleanParam(ctx.query, "deleteEmptyDeliveryGroups", true);
    const body = await ctx.json();
    const arrangements = body?.arrangements;
    if (!Array.isArray(arrangements) || arrangements.length === 0) {
      throw invalidInput(
        "arrangements is required: a list of {cartItemId or productId, deliveryGroupId / deliveryGroupName / deliveryAddress(Id), quantity}.",
      );
    }
    if (arrangements.length > 100)
      throw new ApiError(400, "MAX_LIMIT_EXCEEDED", "At most 100 arrangements per request.");
    const rated = emu.db.transaction(() => {
      const cart = cartForGroups(ctx, true);
      ensureDeliveryGroups(emu, cart.id);
      const touched = new Set<string>();
      arrangements.forEach((a: unknown, i: number) => {
        if (!a || typeof a !== "object" || Array.isArray(a))
          throw invalidInput(`arrangements[${i}] must be an object.`);
        touched.add(arrange(emu, cart, a as Arrangement, i));
      });
      if (dropEmpty) dropEmptyGroups(emu, cart.id);
      // Groups that got an address but no method yet (new groups) are rated with the cheapest method.
      const view = loadCartView(emu, cart);
      for (const g of groupsOf(emu, cart.id)) {
        if (touched.has(g.id) && hasAddress(g) && !g.delivery_method_id) selectCheapestMethod(emu, view, g);
      }
      emu.async.begin(asyncKey(cart.id));
      return rateCart(emu, cart);
    })();
    // Rearranging runs asynchronously in the API: 202, the collection as it will be.
    return json(deliveryGroupCollectionJson(ctx, rated), 202, {
      Location: ctx.url.pathname.replace(/\/actions\/arrange-items$/, ""),
    });
  });
}

export const deliveryGroupsModule: EmulatorModule = { name: "delivery-groups", routes: deliveryGroupRoutes };
