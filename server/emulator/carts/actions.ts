import {
  asyncKey,
  assertEditable,
  cartItemIn,
  cartItemRows,
  cartOwner,
  forbidGuest,
  makePrimary,
  requireCart,
  setMessagesVisible,
  type CartRow,
} from "./store.js";
import { cartPromotionsJson, cartSummaryJson, loadCartSummary, loadCartView, type CartView } from "./view.js";
import { percentOf, money } from "../core/money.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { inReadTransaction } from "../core/db.js";
import { effectiveAccountId } from "../core/context.js";
import { json } from "../core/http.js";
import { recordId } from "../core/record-ids.js";
import { wishlistStore } from "../wishlists/store.js";
import { shippingStore } from "../checkout/store.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu } from "../core/state.js";

/**
 * The cart's promotions (carts/{id}/promotions, cart-items/promotions) and its actions: make-primary, add-cart-to-wishlist,
 * calculate, evaluate-shipping, evaluate-taxes, and the visibility of its messages. Sources and choices: docs/emulator.md,
 * "Carts".
 */

/**
 * Cart Data Limits (https://developer.salesforce.com/docs/commerce/salesforce-commerce/guide/b2b-b2c-comm-data-model-cart-limits.html):
 * "Wish List Items: 500 items".
 */
export const WISHLIST_ITEM_LIMIT = 500;

/** A request body (an empty one reads as `{}`) that must be a JSON object. */
function objectBody(body: unknown, what: string): Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw invalidInput(`The ${what} must be a JSON object.`);
  return body as Record<string, unknown>;
}

const missing = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** 202 with Location / Retry-After while the cart's last change is still processing, as every cart read. */
function readAnswer(ctx: RequestContext, body: unknown, processing: boolean) {
  return processing ? json(body, 202, { Location: ctx.url.pathname, "Retry-After": "1" }) : json(body);
}

/**
 * Cart Promotion (ConnectApi.CartPromotionOutputRepresentation): `couponCode` from 54.0, as its page lists it
 * (https://developer.salesforce.com/docs/platform/apex-ref/references/apex-ref/apex-connectapi-output-cart-promotion-output.html).
 */
function promotionsFor(ctx: RequestContext, view: CartView) {
  const collection = cartPromotionsJson(view);
  if (ctx.apiVersion >= 54) return collection;
  const promotions = collection.promotions.promotions.map(({ couponCode: _c, ...rest }) => rest);
  return { ...collection, promotions: { promotions } };
}

/**
 * [I] The item-level promotions on one line and what each takes off it: the cart's pricing applies each item
 * promotion in turn to the lines it targets (pricing.ts priceCart), so a line's share of each is worked out the same way.
 */
function linePromotions(view: CartView, lineIndex: number) {
  const line = view.pricing.lines[lineIndex];
  let still = line.lineCents;
  const out: {
    promotionId: string;
    displayName: string;
    targetType: string;
    adjustmentAmount: string | null;
    couponCode: string | null;
    termsAndConditions: string | null;
  }[] = [];
  for (const applied of view.pricing.promotions) {
    const rule = applied.rule;
    if (rule.targetType !== "Item" || !line.promotionDisplayNames.includes(rule.displayName)) continue;
    const off = Math.min(percentOf(line.lineCents, rule.percentOff), still);
    still -= off;
    out.push({
      promotionId: rule.id,
      displayName: rule.displayName,
      targetType: rule.targetType,
      adjustmentAmount: view.processing ? null : money(-off),
      couponCode: rule.couponCode,
      termsAndConditions: rule.termsAndConditions,
    });
  }
  return out;
}

/** The cart items of a Cart Item Promotion Collection Input (`items: [{cartItemId}]`), each one of the cart's. */
function requestedItems(emu: Emu, cart: CartRow, body: Record<string, unknown>): string[] {
  const items = body.items;
  if (!Array.isArray(items) || items.length === 0)
    throw invalidInput("items is required: a list of {cartItemId} of the cart's items.");
  return items.map((entry, i) => {
    const item = objectBody(entry, `items[${i}]`);
    if (missing(item.cartItemId)) throw invalidInput(`Missing required field: items[${i}].cartItemId.`);
    const id = recordId(item.cartItemId, "cartItem", "cartItemId");
    if (!cartItemIn(emu, id, cart.id)) throw new ApiError(404, "ITEM_NOT_FOUND", `Cart item not found: ${id}`);
    return id;
  });
}

/**
 * A Cart Shipping Address input ([I] a country is what any estimate needs first) from a body's `shippingAddress`: the
 * parts a shipping estimate looks at.
 */
function shippingAddressInput(ctx: RequestContext, body: Record<string, unknown>) {
  if (missing(body.shippingAddress)) throw invalidInput("Missing required field: shippingAddress.");
  const address = objectBody(body.shippingAddress, "shippingAddress");
  const country = address.country;
  if (typeof country !== "string" || country.trim() === "")
    throw invalidInput("Missing required field: shippingAddress.country.");
  const countries: string[] = ctx.emu.store.applicationContext(ctx.webstoreId).shippingCountries ?? [];
  if (countries.length && !countries.includes(country.trim()))
    throw invalidInput(`The store doesn't ship to ${country.trim()}; it ships to ${countries.join(", ")}.`);
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  return {
    country: country.trim().toUpperCase(),
    region: text(address.region),
    city: text(address.city),
    postalCode: text(address.postalCode),
  };
}

/**
 * A calculation or evaluation the cart runs (calculate 62.0, evaluate-shipping and evaluate-taxes 63.0): the cart
 * starts processing as after any change, and the answer is a Cart Summary Result (ConnectApi.CalculateCartResult:
 * `data` a Cart Summary, `message`, `status` "the asynchronous processing status of the cart"). [I] 200.
 */
function runCalculation(ctx: RequestContext, body: Record<string, unknown>, alsoRun?: (cart: CartRow) => void) {
  const emu = ctx.emu;
  if (body.customFields !== undefined && body.customFields !== null && !Array.isArray(body.customFields))
    throw invalidInput("customFields must be a list of sObjects.");
  const cart = emu.db.transaction(() => {
    const cart = requireCart(ctx, ctx.params.cartStateOrId);
    assertEditable(cart);
    alsoRun?.(cart);
    emu.async.begin(asyncKey(cart.id));
    return cart;
  })();
  const processing = emu.async.isProcessing(asyncKey(cart.id));
  const summary = inReadTransaction(emu.db, () => cartSummaryJson(loadCartSummary(emu, cart, processing)));
  return json({ data: summary, message: null, status: processing ? "Processing" : "Completed" });
}

export function cartActionRoutes(r: Router, emu: Emu) {
  r.webstore("GET", "carts/:cartStateOrId/promotions", { since: 53 }, (ctx) =>
    inReadTransaction(emu.db, () => {
      const cart = requireCart(ctx, ctx.params.cartStateOrId);
      const processing = emu.async.poll(asyncKey(cart.id));
      return readAnswer(ctx, promotionsFor(ctx, loadCartView(emu, cart, processing)), processing);
    }),
  );

  // "POST methods typically create an item, but for this resource POST is used to retrieve information."
  r.webstore("POST", "carts/:cartStateOrId/cart-items/promotions", { since: 53 }, async (ctx) => {
    const body = objectBody(await ctx.json(), "cart item promotion collection input");
    return inReadTransaction(emu.db, () => {
      const cart = requireCart(ctx, ctx.params.cartStateOrId);
      const ids = requestedItems(emu, cart, body);
      const processing = emu.async.poll(asyncKey(cart.id));
      const view = loadCartView(emu, cart, processing);
      const index = new Map(view.lines.map((l, i) => [l.item.id, i]));
      const answer = {
        cartItemPromotions: [...new Set(ids)].map((cartItemId) => ({
          cartItemId,
          promotions: linePromotions(view, index.get(cartItemId)!),
        })),
      };
      return readAnswer(ctx, answer, processing);
    });
  });

  r.webstore("POST", "carts/:cartStateOrId/actions/make-primary", { since: 53 }, (ctx) => {
    const owner = cartOwner(ctx);
    emu.db.transaction(() => {
      const cart = requireCart(ctx, ctx.params.cartStateOrId, owner);
      // [I] Only an open cart of type Cart can be the one `active` names.
      if (cart.type !== "Cart")
        throw invalidInput(`A ${cart.type} cart can't be a primary cart; only a cart of type Cart can.`);
      assertEditable(cart);
      makePrimary(emu, cart, owner);
    })();
    return json({ isSuccess: true, message: null });
  });

  r.webstore("POST", "carts/:cartStateOrId/messages/actions/set-visibility", { since: 50 }, async (ctx) => {
    const body = objectBody(await ctx.json(), "message visibility input");
    if (missing(body.visibility)) throw invalidInput("Missing required field: visibility.");
    // The page's own example sends the text "true".
    const raw = body.visibility;
    const visibility = raw === true || raw === "true" ? true : raw === false || raw === "false" ? false : null;
    if (visibility === null) throw invalidInput(`visibility must be true or false; got ${JSON.stringify(raw)}.`);
    emu.db.transaction(() => setMessagesVisible(emu, requireCart(ctx, ctx.params.cartStateOrId).id, visibility))();
    return json({ visibility });
  });

  r.webstore("POST", "carts/:cartStateOrId/actions/add-cart-to-wishlist", { since: 50 }, async (ctx) => {
    // Wishlists are a signed-in buyer's (docs/emulator-wishlists.md): a guest has none to copy to.
    forbidGuest(ctx, "Wishlists");
    const body = objectBody(await ctx.json(), "cart to wishlist input");
    if (missing(body.wishlistId)) throw invalidInput("Missing required field: wishlistId.");
    const wishlistId = recordId(body.wishlistId, "wishlist", "wishlistId");
    const user = ctx.user!;
    const accountId = effectiveAccountId(ctx) ?? user.account_id;
    const store = wishlistStore(emu);
    const answer = emu.db.transaction(() => {
      const cart = requireCart(ctx, ctx.params.cartStateOrId);
      const list = store.list(wishlistId);
      // Somebody else's list is answered as if it didn't exist, as the wishlist resources do.
      if (!list || list.webstore_id !== ctx.webstoreId || list.user_id !== user.id || list.account_id !== accountId)
        throw notFound(`Wishlist not found: ${wishlistId}`);
      const products = [...new Set(cartItemRows(emu, cart.id).map((i) => i.product_id))];
      let count = store.itemCount(list.id);
      let failed = 0;
      for (const productId of products) {
        if (store.itemByProduct(list.id, productId)) continue;
        // Cart Data Limits: "Wish List Items: 500 items" a list.
        if (count >= WISHLIST_ITEM_LIMIT) {
          failed++;
          continue;
        }
        store.insertItem(list.id, emu.ids("wishlistItem"), productId, emu.clock.now());
        count++;
      }
      return {
        wishlistId: list.id,
        productsRequestedCount: products.length,
        productsSucceededCount: products.length - failed,
        productsFailedCount: failed,
      };
    })();
    return json(answer);
  });

  r.webstore("POST", "carts/:cartStateOrId/actions/calculate", { since: 62 }, async (ctx) =>
    runCalculation(ctx, objectBody(await ctx.json(), "cart calculate input")),
  );

  r.webstore("POST", "carts/:cartStateOrId/actions/evaluate-shipping", { since: 63 }, async (ctx) => {
    const body = objectBody(await ctx.json(), "cart evaluate shipping input");
    const address = shippingAddressInput(ctx, body);
    // The cart's delivery groups without an address of their own are rated for this one from now on (delivery-groups).
    return runCalculation(ctx, body, (cart) => shippingStore(emu).recordEvaluation(cart.id, address));
  });

  r.webstore("POST", "carts/:cartStateOrId/actions/evaluate-taxes", { since: 63 }, async (ctx) => {
    const body = objectBody(await ctx.json(), "cart evaluate tax input");
    shippingAddressInput(ctx, body);
    return runCalculation(ctx, body);
  });
}
