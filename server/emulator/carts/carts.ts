import { addItem, cartItemsRoutes, cartProductFields } from "./items.js";
import {
  assertEditable,
  asyncKey,
  cartById,
  cartCouponIds,
  cartItemCopyInsert,
  cartOwner,
  closeCart,
  deleteCart,
  findPrimaryCart,
  forbidGuest,
  insertCart,
  insertCartCoupon,
  requireCart,
  resolveCart,
  touchCart,
  validateNewCart,
  type CartOwner,
  type CartRow,
} from "./store.js";
import {
  cartHasErrors,
  cartItemJson,
  cartItems,
  cartProductJson,
  cartSummaryJson,
  emptyCartSummaryJson,
  loadCartSummary,
  loadCartView,
} from "./view.js";
import { couponRoutes } from "./coupons.js";
import { distinctProducts } from "./summary-memo.js";
import { cartActionRoutes } from "./actions.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { inReadTransaction } from "../core/db.js";
import { json, noContent } from "../core/http.js";
import { releaseReservation, reservationJson, reservationSeconds, reserve } from "../catalog/inventory.js";
import { quantity } from "../core/money.js";
import { illegalQuery, intParam, pageWindow } from "../core/paging.js";
import { recordId } from "../core/record-ids.js";
import { cartTotalsRow } from "./totals.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";

/**
 * The cart resources: carts, compact summary, products of a cart, inventory reservations, preserve (guest →
 * buyer) and clone. Items and coupons live in items.ts and coupons.ts; the pricing in pricing.ts.
 */

function emptySummary(ctx: RequestContext, owner: CartOwner) {
  const appContext = ctx.emu.store.applicationContext(ctx.webstoreId);
  return emptyCartSummaryJson(owner, appContext.defaultCurrency ?? "USD", ctx.webstoreId, appContext.taxType ?? "Net");
}

/** GET of a cart: 202 with Location / Retry-After while its last change is still processing. */
function summaryResponse(ctx: RequestContext, cart: CartRow) {
  const processing = ctx.emu.async.poll(asyncKey(cart.id));
  const summary = cartSummaryJson(loadCartSummary(ctx.emu, cart, processing));
  return processing ? json(summary, 202, { Location: ctx.url.pathname, "Retry-After": "1" }) : json(summary);
}

function compactSummary(ctx: RequestContext, cart: CartRow | null) {
  if (!cart) {
    return {
      cartId: null,
      currencyIsoCode: ctx.emu.store.applicationContext(ctx.webstoreId).defaultCurrency ?? "USD",
      totalProductCount: quantity(0),
      uniqueProductCount: 0,
    };
  }
  // The cart's running count (db/015) and its distinct products (kept between reads: summary-memo.ts).
  const uniqueProductCount = distinctProducts(ctx.emu, cart.id);
  return {
    cartId: cart.id,
    currencyIsoCode: cart.currency_iso_code,
    totalProductCount: quantity(cartTotalsRow(ctx.emu, cart.id).total_quantity),
    uniqueProductCount,
  };
}

/** Creates the owner's active cart unless there is one: 201 created, 200 existing (PUT carts/active). */
async function putActive(ctx: RequestContext) {
  const input = validateNewCart(ctx, await ctx.json());
  const owner = cartOwner(ctx);
  const { cart, created } = ctx.emu.db.transaction(() => {
    const existing = findPrimaryCart(ctx.emu, ctx.webstoreId, owner);
    return existing
      ? { cart: existing, created: false }
      : { cart: insertCart(ctx, owner, { ...input, type: "Cart", isSecondary: false }), created: true };
  })();
  return json(cartSummaryJson(loadCartSummary(ctx.emu, cart)), created ? 201 : 200);
}

function copyCartContents(emu: Emu, from: CartRow, to: CartRow) {
  const insertItem = cartItemCopyInsert(emu);
  for (const i of cartItems(emu, from.id)) {
    insertItem.run(
      emu.ids("cartItem"),
      to.id,
      i.product_id,
      i.type,
      i.quantity,
      i.product_selling_model_id,
      i.subscription_term,
      emu.clock.now(),
      i.seq,
    );
  }
  const coupons = cartCouponIds(emu, from.id);
  for (const c of coupons) insertCartCoupon(emu, emu.ids("cartCoupon"), to.id, c.coupon_id, emu.clock.now(), c.seq);
}

type CartViewData = ReturnType<typeof loadCartView>;

/** A cart's lines grouped by product (Product Cart Item), sorted by product id as the collection is. */
function cartProducts(view: CartViewData) {
  const byProduct = new Map<
    string,
    { line: CartViewData["lines"][number]; quantity: number; cartItemIds: string[]; errors: string[] }
  >();
  for (const line of view.lines) {
    const entry = byProduct.get(line.product.id) ?? { line, quantity: 0, cartItemIds: [], errors: [] };
    entry.quantity += line.item.quantity;
    entry.cartItemIds.push(line.item.id);
    if (line.stockMessage) entry.errors.push(line.stockMessage);
    byProduct.set(line.product.id, entry);
  }
  return [...byProduct.values()].sort((a, b) => (a.line.product.id < b.line.product.id ? -1 : 1));
}

function productCartItemJson(p: ReturnType<typeof cartProducts>[number], productFields: string[], apiVersion: number) {
  return {
    ...cartProductJson(p.line.product, productFields, p.line.variationAttributes, apiVersion),
    quantity: quantity(p.quantity),
    cartItemIds: p.cartItemIds,
    errors: p.errors,
  };
}

export function cartRoutes(r: Router, emu: Emu) {
  r.webstore("POST", "carts", { since: 49 }, async (ctx) => {
    const body = await ctx.json();
    const input = validateNewCart(ctx, body);
    const owner = cartOwner(ctx, body.effectiveAccountId);
    // The new cart's view is read in its transaction: one lock for its reads too.
    const summary = emu.db.transaction(() => cartSummaryJson(loadCartSummary(emu, insertCart(ctx, owner, input))))();
    return json(summary, 201);
  });

  // PUT carts/active goes through the parameter route: a literal "carts/active" route would shadow
  // GET and DELETE carts/{cartStateOrId} for the token "active" (the router ranks routes before methods).
  r.webstore("PUT", "carts/:cartStateOrId", { since: 49 }, (ctx) => {
    if (ctx.params.cartStateOrId !== "active") {
      throw new ApiError(405, "METHOD_NOT_ALLOWED", "HTTP Method 'PUT' not allowed. Allowed are GET,DELETE");
    }
    return putActive(ctx);
  });

  // Cart reads run in one read transaction (inReadTransaction): they read the settings, cart, items, catalog and
  // promotions, a statement each.
  r.webstore("GET", "carts/compact-summary", { since: 64 }, (ctx) =>
    inReadTransaction(emu.db, () => json(compactSummary(ctx, resolveCart(ctx, "current")))),
  );

  r.webstore("GET", "carts/:cartStateOrId", { since: 49 }, (ctx) =>
    inReadTransaction(emu.db, () => {
      const owner = cartOwner(ctx);
      const cart = resolveCart(ctx, ctx.params.cartStateOrId, owner);
      return cart ? summaryResponse(ctx, cart) : json(emptySummary(ctx, owner));
    }),
  );

  r.webstore("DELETE", "carts/:cartStateOrId", { since: 49 }, (ctx) => {
    emu.db.transaction(() => deleteCart(emu, requireCart(ctx, ctx.params.cartStateOrId)))();
    return noContent();
  });

  r.webstore("GET", "carts/:cartStateOrId/products", { since: 60 }, (ctx) => {
    const pageSize = intParam(ctx.query, "pageSize", 25, 1, 100);
    const productFields = cartProductFields(ctx.query);
    const cart = resolveCart(ctx, ctx.params.cartStateOrId);
    const view = cart ? loadCartView(emu, cart) : null;
    const products = view ? cartProducts(view) : [];
    const window = pageWindow(ctx.query, products.length, pageSize);
    const page = products.slice(window.offset, window.offset + pageSize);
    return json({
      count: page.length,
      currentPage: Math.floor(window.offset / pageSize) + 1,
      hasErrors: view ? cartHasErrors(view) : false,
      products: page.map((p) => productCartItemJson(p, productFields, ctx.apiVersion)),
      totalItemCount: products.length,
      totalNumberOfPages: Math.ceil(products.length / pageSize),
    });
  });

  // connect_resources_commerce_webstore_cart_product.htm: the cart's items of one product (Product Cart Item).
  r.webstore("GET", "carts/:cartStateOrId/products/:productId", { since: 60 }, (ctx) => {
    const productFields = cartProductFields(ctx.query);
    const productId = recordId(ctx.params.productId, "product", "productId");
    const cart = requireCart(ctx, ctx.params.cartStateOrId);
    const entry = cartProducts(loadCartView(emu, cart)).find((p) => p.line.product.id === productId);
    if (!entry) throw notFound(`The cart has no item of product ${productId}.`);
    return json(productCartItemJson(entry, productFields, ctx.apiVersion));
  });

  r.webstore("PUT", "carts/:cartStateOrId/inventory-reservations", { since: 58, until: 63 }, async (ctx) => {
    const body = await ctx.json();
    const seconds = reservationSeconds(emu, ctx.webstoreId, body?.durationInSeconds);
    const answer = emu.db.transaction(() => {
      const cart = requireCart(ctx, ctx.params.cartStateOrId);
      assertEditable(cart);
      const wanted = new Map<string, { quantity: number; name: string }>();
      for (const line of loadCartView(emu, cart).lines) {
        const entry = wanted.get(line.product.id) ?? { quantity: 0, name: line.product.name };
        entry.quantity += line.item.quantity;
        wanted.set(line.product.id, entry);
      }
      return reservationJson(cart.id, reserve(emu, cart.id, wanted, seconds), seconds, emu.clock.now());
    })();
    return json(answer);
  });

  r.webstore("DELETE", "carts/:cartStateOrId/inventory-reservations", { since: 58, until: 63 }, (ctx) => {
    emu.db.transaction(() => releaseReservation(emu, requireCart(ctx, ctx.params.cartStateOrId).id))();
    return noContent();
  });

  // Moves a guest cart into the signed-in buyer's active cart. The path names the guest cart; the buyer's token
  // must carry that guest's UVID (the login passed it on as uvid_hint), which is how the API knows the cart is
  // "from this browser". Anything else (another visitor's cart, an empty cart, guest carts switched off) is a
  // no-op answered `{}`.
  r.webstore("POST", "carts/:cartStateOrId/actions/preserve", { since: 60 }, (ctx) => {
    forbidGuest(ctx, "Preserving a guest cart");
    const guestCartId = recordId(ctx.params.cartStateOrId, "cart", "cartId");
    const guestCart = cartById(emu, guestCartId);
    const guestCartsOn = emu.store.applicationContext(ctx.webstoreId).guestCartEnabled === true;
    const usable =
      guestCartsOn &&
      guestCart !== undefined &&
      guestCart.webstore_id === ctx.webstoreId &&
      guestCart.guest_session_id !== null &&
      guestCart.guest_session_id === ctx.uvid &&
      (guestCart.status === "Active" || guestCart.status === "Checkout");
    const guestItems = usable ? cartItems(emu, guestCartId) : [];
    if (!usable || guestItems.length === 0) return json({});

    const outcome = emu.db.transaction(() => {
      const owner = cartOwner(ctx);
      let target = findPrimaryCart(emu, ctx.webstoreId, owner) ?? insertCart(ctx, owner);
      const succeeded: string[] = [];
      const failed: { productId: string; quantity: string; errorCode: string; message: string }[] = [];
      for (const item of guestItems) {
        try {
          const input = {
            productId: item.product_id,
            quantity: item.quantity,
            sellingModelId: item.product_selling_model_id,
            subscriptionTerm: item.subscription_term,
          };
          succeeded.push(emu.db.transaction(() => addItem(emu, target, input))());
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          failed.push({
            productId: item.product_id,
            quantity: quantity(item.quantity),
            errorCode: err.errorCode,
            message: err.message,
          });
        }
      }
      if (succeeded.length) target = touchCart(emu, target, { itemsChanged: true });
      deleteCart(emu, guestCart!);
      return { target, succeeded, failed, view: loadCartView(emu, target) };
    })();
    const { view } = outcome;
    return json({
      cartId: outcome.target.id,
      currencyIsoCode: outcome.target.currency_iso_code,
      numberOfProducts: guestItems.length,
      numberOfProductsWithSuccess: outcome.succeeded.length,
      numberOfProductsWithError: outcome.failed.length,
      succeededCartItems: [...new Set(outcome.succeeded)].map((id) =>
        cartItemJson(
          view,
          view.lines.find((l) => l.item.id === id)!,
          [],
          ctx.apiVersion,
        ),
      ),
      failedCartItems: outcome.failed,
    });
  });

  r.webstore("POST", "carts/:cartStateOrId/actions/clone", { since: 60 }, (ctx) => {
    const targetAccount = ctx.query.get("targetEffectiveAccountId");
    const targetType = ctx.query.get("targetType");
    if (!targetAccount) throw invalidInput("Missing required query parameter: targetEffectiveAccountId.");
    if (!targetType) throw invalidInput("Missing required query parameter: targetType.");
    if (targetType !== "PayNowReadOnly")
      throw illegalQuery("targetType", targetType, "The only supported target type is PayNowReadOnly.");
    const owner = cartOwner(ctx);
    const clone = emu.db.transaction(() => {
      const source = requireCart(ctx, ctx.params.cartStateOrId, owner);
      // A buyer clones for an account they may act for (403 otherwise); a guest's clone stays in their session.
      const cloneOwner = ctx.user ? cartOwner(ctx, targetAccount) : owner;
      const clone = insertCart(ctx, cloneOwner, {
        name: source.name,
        type: "PayNowReadOnly",
        currencyIsoCode: source.currency_iso_code,
        isSecondary: true,
      });
      copyCartContents(emu, source, clone);
      // D2C behaviour: the guest's source cart is closed once a pay-now copy exists.
      if (source.guest_session_id) closeCart(emu, source.id, emu.clock.now());
      return cartById(emu, clone.id)!;
    })();
    return json(cartSummaryJson(loadCartSummary(emu, clone)), 201);
  });
}

function registerCartRoutes(r: Router, emu: Emu) {
  cartRoutes(r, emu);
  cartItemsRoutes(r, emu);
  couponRoutes(r, emu);
  cartActionRoutes(r, emu);
}

export const cartsModule: EmulatorModule = { name: "carts", routes: registerCartRoutes };
