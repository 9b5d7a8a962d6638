import { catalogStore, type ProductRow } from "../catalog/store.js";
import { fieldList } from "../catalog/shapes.js";
import { addItem, lineJson, purchasable } from "../carts/items.js";
import { cartToFill, forbidGuest, touchCart, type CartRow } from "../carts/store.js";
import { cartProductJson, loadCartView } from "../carts/view.js";
import { variationAttributeMap } from "../catalog/shapes.js";
import { effectiveAccountId, readFixture } from "../core/context.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { json, noContent } from "../core/http.js";
import { availableFor, inventoryEnabled } from "../catalog/inventory.js";
import { money } from "../core/money.js";
import { booleanParam, illegalQuery, intParam, pageFields, pageWindow } from "../core/paging.js";
import { purchaseProblem } from "../catalog/product-rules.js";
import { recordId } from "../core/record-ids.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";
import { wishlistStore, type Owner, type WishlistItemRow, type WishlistRow } from "./store.js";

/**
 * Wishlists (reference §7): a signed-in buyer's lists for the account they act for, their items, and adding a
 * whole list to a cart. Guests have no wishlists (401 INVALID_SESSION_ID); a list of another buyer or another
 * account is answered as if it didn't exist (404 NOT_FOUND), so ids can't be probed. The displayed list is the
 * owner's oldest list.
 */

export const WISHLIST_NAME_MAX = 255;
/**
 * Salesforce's wishlist data limits (Cart Data Limits, "Wish Lists: 10 per user", "Wish List Items: 500 items":
 * https://developer.salesforce.com/docs/commerce/salesforce-commerce/guide/b2b-b2c-comm-data-model-cart-limits.html).
 * A create or an add past them answers 400 LIMIT_EXCEEDED [I: the page gives the limits, not the answer].
 */
export const MAX_WISHLISTS = 10;
export const MAX_WISHLIST_ITEMS = 500;
const SORTS = ["CreatedDateAsc", "CreatedDateDesc"] as const;
type ItemSort = (typeof SORTS)[number];

/** The buyer and effective account a wishlist request acts for; guests are refused first. */
function ownerOf(ctx: RequestContext): Owner {
  forbidGuest(ctx, "Wishlists");
  const user = ctx.user!;
  return { webstoreId: ctx.webstoreId, userId: user.id, accountId: effectiveAccountId(ctx) ?? user.account_id };
}

// ---------------------------------------------------------------------------------------------------------
// Lookups and input

/** `{wishlistId}` → the owner's list: 400 INVALID_ID_FIELD when malformed, 404 NOT_FOUND when not theirs. */
function ownedList(emu: Emu, owner: Owner, raw: unknown, label = "wishlistId"): WishlistRow {
  const id = recordId(raw, "wishlist", label);
  const list = wishlistStore(emu).list(id);
  if (
    !list ||
    list.webstore_id !== owner.webstoreId ||
    list.user_id !== owner.userId ||
    list.account_id !== owner.accountId
  ) {
    throw notFound(`Wishlist not found: ${id}`);
  }
  return list;
}

/** A product id from a body: malformed or naming no product → 400 INVALID_ID_FIELD (as the cart's item input). */
function productInput(emu: Emu, raw: unknown): ProductRow {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === ""))
    throw invalidInput("Missing required field: productId.");
  const id = recordId(raw, "product", "productId");
  const product = catalogStore(emu).product(id);
  if (!product) throw new ApiError(400, "INVALID_ID_FIELD", `Product not found: ${id}`);
  return product;
}

function nameInput(raw: unknown): string {
  if (raw === undefined || raw === null) throw invalidInput("Missing required field: name.");
  if (typeof raw !== "string" || raw.trim() === "") throw invalidInput("name must be a non-blank text.");
  if (raw.length > WISHLIST_NAME_MAX)
    throw invalidInput(`name can have at most ${WISHLIST_NAME_MAX} characters; got ${raw.length}.`);
  return raw.trim();
}

function objectBody(body: unknown, what: string): Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw invalidInput(`The ${what} must be a JSON object.`);
  return body as Record<string, unknown>;
}

function sortParam(query: URLSearchParams): ItemSort {
  const raw = query.get("sortItemsBy");
  if (raw === null || raw === "") return "CreatedDateDesc";
  if (!(SORTS as readonly string[]).includes(raw))
    throw illegalQuery("sortItemsBy", raw, `Expected one of ${SORTS.join(", ")}.`);
  return raw as ItemSort;
}

/** Adds a product to a list (call inside a transaction); the existing item when it is already there. */
function addProduct(emu: Emu, list: WishlistRow, product: ProductRow): { item: WishlistItemRow; created: boolean } {
  const store = wishlistStore(emu);
  const existing = store.itemByProduct(list.id, product.id);
  if (existing) return { item: existing, created: false };
  if (store.itemCount(list.id) >= MAX_WISHLIST_ITEMS)
    throw new ApiError(400, "LIMIT_EXCEEDED", `A wishlist can hold at most ${MAX_WISHLIST_ITEMS} items.`);
  const id = emu.ids("wishlistItem");
  store.insertItem(list.id, id, product.id, emu.clock.now());
  return { item: store.item(list.id, id)!, created: true };
}

// ---------------------------------------------------------------------------------------------------------
// JSON

/** The quantity one "add to cart" of a saved product asks for: its quantity rule's minimum, else 1. */
function cartQuantity(p: ProductRow): number {
  return p.qty_minimum ?? 1;
}

/** [I] Why the product can't go into a cart right now (the spec's product errors), or null. */
function itemError(emu: Emu, webstoreId: string, p: ProductRow) {
  const available = inventoryEnabled(emu, webstoreId) ? availableFor(emu, p.id, null) : null;
  const problem = purchaseProblem(purchasable(emu, p), { quantity: cartQuantity(p), sellingModelId: null }, available);
  return problem ? { errorCode: problem.errorCode, message: problem.message } : null;
}

function itemJson(emu: Emu, list: WishlistRow, item: WishlistItemRow, productFields: string[]) {
  const catalog = catalogStore(emu);
  const product = catalog.product(item.product_id)!;
  return {
    wishlistItemId: item.id,
    productSummary: cartProductJson(product, productFields, variationAttributeMap(catalog, product)),
    listPrice: money(product.list_price_cents),
    salesPrice: money(product.unit_price_cents),
    error: itemError(emu, list.webstore_id, product),
  };
}

function summaryJson(emu: Emu, list: WishlistRow) {
  return { id: list.id, name: list.name, wishlistProductCount: wishlistStore(emu).itemCount(list.id) };
}

interface PageOptions {
  url: URL;
  /** The query the page token and size are read from (and echoed in the page URLs). */
  query: URLSearchParams;
  pageSize: number;
  sort: ItemSort;
  productFields: string[];
}

function itemPageJson(emu: Emu, list: WishlistRow, o: PageOptions) {
  const all = wishlistStore(emu).items(list.id);
  const sorted = o.sort === "CreatedDateAsc" ? all : [...all].reverse();
  const window = pageWindow(o.query, sorted.length, o.pageSize);
  const items = sorted
    .slice(window.offset, window.offset + o.pageSize)
    .map((item) => itemJson(emu, list, item, o.productFields));
  // Wishlist Item Collection (connect_responses_wishlist_item_collection): the currency, whether an item has an
  // error, and token paging only (no page counters: those are the cart item collection's).
  const { currentPage: _p, totalItemCount: _t, totalNumberOfPages: _n, ...tokens } = pageFields(o.url, window);
  return {
    currencyIsoCode: emu.store.applicationContext(list.webstore_id).defaultCurrency ?? "USD",
    hasErrors: items.some((i) => i.error !== null),
    items,
    ...tokens,
  };
}

function wishlistJson(emu: Emu, list: WishlistRow, o: PageOptions) {
  return { summary: summaryJson(emu, list), page: itemPageJson(emu, list, o) };
}

function pageOptions(ctx: RequestContext, maxPageSize: number): PageOptions {
  return {
    url: ctx.url,
    query: ctx.query,
    pageSize: intParam(ctx.query, "pageSize", 25, 1, maxPageSize),
    sort: sortParam(ctx.query),
    productFields: fieldList(ctx.query, "productFields", []),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Add a list to a cart

/**
 * The cart `cartId` names (query first, then body; an id, `active` or `current`), checked now and opened only
 * when needed: with none given, the buyer's active cart, created when there is none.
 */
function targetCart(ctx: RequestContext, raw: unknown): () => CartRow {
  if (raw !== undefined && raw !== null && typeof raw !== "string") throw invalidInput("cartId must be a text.");
  const token = typeof raw === "string" && raw.trim() !== "" ? raw.trim() : "active";
  return cartToFill(ctx, token);
}

function addListToCart(emu: Emu, list: WishlistRow, openCart: () => CartRow) {
  const catalog = catalogStore(emu);
  const items = wishlistStore(emu).items(list.id);
  const succeeded: string[] = [];
  const failed: { productId: string; errorCode: string; message: string }[] = [];
  const { cart, view } = emu.db.transaction(() => {
    let cart = openCart();
    for (const item of items) {
      const product = catalog.product(item.product_id)!;
      try {
        // A savepoint per product: a refused one leaves no trace, the others stay.
        const lineId = emu.db.transaction(() =>
          addItem(emu, cart, {
            productId: product.id,
            quantity: cartQuantity(product),
            sellingModelId: null,
            subscriptionTerm: null,
          }),
        )();
        succeeded.push(lineId);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        failed.push({ productId: product.id, errorCode: err.errorCode, message: err.message });
      }
    }
    if (succeeded.length) cart = touchCart(emu, cart, { itemsChanged: true });
    return { cart, view: succeeded.length ? loadCartView(emu, cart) : null };
  })();
  return {
    cartId: cart.id,
    productsRequestedCount: items.length,
    productsSucceededCount: succeeded.length,
    productsFailedCount: failed.length,
    succeededWishlistToCartItems: succeeded.map((lineId) => ({
      cartItem: lineJson(view!, lineId),
      status: "Success",
      message: null,
    })),
    failedWishlistToCartItems: failed,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Routes

export function wishlistRoutes(r: Router, emu: Emu) {
  const store = wishlistStore(emu);

  r.webstore("GET", "wishlists", { since: 49 }, (ctx) => {
    const owner = ownerOf(ctx);
    const include = booleanParam(ctx.query, "includeDisplayedList");
    const pageSize = intParam(ctx.query, "pageSize", 25, 1, 100);
    const lists = store.lists(owner);
    const asked = ctx.query.get("wishlistId");
    const chosen = asked ? ownedList(emu, owner, asked) : lists[0];
    // productFields and sortItemsBy only shape the displayed list: without it they are not even read.
    const displayed = include && chosen ? wishlistJson(emu, chosen, { ...pageOptions(ctx, 100), pageSize }) : null;
    return json({
      summaries: lists.map((l) => summaryJson(emu, l)),
      ...(displayed ? { displayedList: displayed } : {}),
      wishlistCount: lists.length,
    });
  });

  r.webstore("POST", "wishlists", { since: 49 }, async (ctx) => {
    const owner = ownerOf(ctx);
    const body = objectBody(await ctx.json(), "wishlist input");
    const name = nameInput(body.name);
    if (body.products !== undefined && body.products !== null && !Array.isArray(body.products)) {
      throw invalidInput("products must be a list of {productId}.");
    }
    const products = ((body.products as unknown[] | null | undefined) ?? []).map((entry) =>
      productInput(emu, objectBody(entry, "wishlist item input").productId),
    );
    const options = pageOptions(ctx, 200);
    const list = emu.db.transaction(() => {
      if (store.userCount(owner) >= MAX_WISHLISTS) {
        throw new ApiError(400, "LIMIT_EXCEEDED", `You can have at most ${MAX_WISHLISTS} wishlists.`);
      }
      const id = emu.ids("wishlist");
      store.insertList(owner, id, name, emu.clock.now());
      const list = store.list(id)!;
      for (const product of products) addProduct(emu, list, product);
      return list;
    })();
    return json(wishlistJson(emu, list, options), 201);
  });

  r.webstore("GET", "wishlists/:wishlistId", { since: 49 }, (ctx) => {
    const owner = ownerOf(ctx);
    const options = pageOptions(ctx, 200);
    return json(wishlistJson(emu, ownedList(emu, owner, ctx.params.wishlistId), options));
  });

  r.webstore("PATCH", "wishlists/:wishlistId", { since: 49 }, async (ctx) => {
    const owner = ownerOf(ctx);
    const list = ownedList(emu, owner, ctx.params.wishlistId);
    const body = objectBody(await ctx.json(), "wishlist update input");
    const other = Object.keys(body).filter((k) => k !== "name");
    if (other.length) throw invalidInput(`Only the name of a wishlist can change; remove ${other.join(", ")}.`);
    store.rename(list.id, nameInput(body.name));
    return json(summaryJson(emu, store.list(list.id)!));
  });

  r.webstore("DELETE", "wishlists/:wishlistId", { since: 49 }, (ctx) => {
    const owner = ownerOf(ctx);
    const list = ownedList(emu, owner, ctx.params.wishlistId);
    store.removeList(list.id);
    return noContent();
  });

  r.webstore("GET", "wishlists/:wishlistId/wishlist-items", { since: 49 }, (ctx) => {
    const owner = ownerOf(ctx);
    const options = pageOptions(ctx, 200);
    return json(itemPageJson(emu, ownedList(emu, owner, ctx.params.wishlistId), options));
  });

  r.webstore("POST", "wishlists/:wishlistId/wishlist-items", { since: 49 }, async (ctx) => {
    const owner = ownerOf(ctx);
    const list = ownedList(emu, owner, ctx.params.wishlistId);
    const body = objectBody(await ctx.json(), "wishlist item input");
    const product = productInput(emu, body.productId);
    const productFields = fieldList(ctx.query, "productFields", []);
    const { item, created } = emu.db.transaction(() => addProduct(emu, list, product))();
    return json(itemJson(emu, list, item, productFields), created ? 201 : 200);
  });

  r.webstore("DELETE", "wishlists/:wishlistId/wishlist-items/:wishlistItemId", { since: 49 }, (ctx) => {
    const owner = ownerOf(ctx);
    const list = ownedList(emu, owner, ctx.params.wishlistId);
    const id = recordId(ctx.params.wishlistItemId, "wishlistItem", "wishlistItemId");
    const item = store.item(list.id, id);
    if (!item) throw notFound(`Wishlist item not found: ${id}`);
    store.removeItem(item.id);
    return noContent();
  });

  r.webstore("POST", "wishlists/:wishlistId/actions/add-wishlist-to-cart", { since: 49 }, async (ctx) => {
    const owner = ownerOf(ctx);
    const list = ownedList(emu, owner, ctx.params.wishlistId);
    const body = objectBody(await ctx.json(), "request body");
    const openCart = targetCart(ctx, ctx.query.get("cartId") || body.cartId);
    return json(addListToCart(emu, list, openCart));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Seed

interface WishlistFixture {
  wishlists: {
    id: string;
    userId: string;
    accountId: string;
    name: string;
    daysAgo: number;
    items: { id: string; productId: string; daysAgo: number }[];
  }[];
}

const DAY_MS = 86_400_000;

export function seedWishlists(emu: Emu) {
  const fixture = readFixture<WishlistFixture>(emu, "wishlists.json");
  const store = wishlistStore(emu);
  const now = emu.clock.now();
  const webstoreId = readFixture<{ id: string }>(emu, "webstore.json").id;
  for (const w of fixture.wishlists) {
    store.insertList({ webstoreId, userId: w.userId, accountId: w.accountId }, w.id, w.name, now - w.daysAgo * DAY_MS);
    for (const item of w.items) store.insertItem(w.id, item.id, item.productId, now - item.daysAgo * DAY_MS);
  }
}

export const wishlistsModule: EmulatorModule = { name: "wishlists", routes: wishlistRoutes, seed: seedWishlists };
