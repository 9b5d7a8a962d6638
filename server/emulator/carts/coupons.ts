import {
  activeCoupon,
  assertEditable,
  cartById,
  cartOwner,
  deleteCartCoupon,
  insertCartCoupon,
  keepCheckoutAfterCouponChange,
  nextCouponSeq,
  requireCart,
  resolveCart,
  touchCart,
  type CartRow,
} from "./store.js";
import { couponRejection } from "./pricing.js";
import { cartCoupons, cartCouponsJson, loadCartView, promotionRule } from "./view.js";
import { GUEST_USER_ID } from "../core/context.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { json, noContent } from "../core/http.js";
import { recordId } from "../core/record-ids.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu } from "../core/state.js";

/** Cart coupons: apply a code (with the promotion engine's rules), list them, remove one. */

/**
 * From 63.0 the cart's coupons are how a coupon changes during checkout (the checkout coupon resources of
 * 61.0-62.0 are gone, connect_resources_commerce_webstore_coupon_delete.htm): the change keeps the checkout.
 * Before, a coupon change is a cart edit like any other and cancels it.
 */
function couponChanged(ctx: RequestContext, before: CartRow): CartRow {
  const changed = touchCart(ctx.emu, before, { itemsChanged: false });
  if (ctx.apiVersion < 63) return changed;
  keepCheckoutAfterCouponChange(ctx.emu, before);
  return cartById(ctx.emu, before.id)!;
}

export function couponRoutes(r: Router, emu: Emu) {
  r.webstore("GET", "carts/:cartStateOrId/cart-coupons", { since: 54 }, (ctx) => {
    const owner = cartOwner(ctx);
    const cart = resolveCart(ctx, ctx.params.cartStateOrId, owner);
    if (!cart) {
      return json({
        cartCoupons: { coupons: [] },
        cartId: null,
        cartStatus: null,
        ownerId: owner.kind === "buyer" ? owner.userId : GUEST_USER_ID,
      });
    }
    return json(cartCouponsJson({ cart, coupons: cartCoupons(emu, cart.id) }));
  });

  r.webstore("POST", "carts/:cartStateOrId/cart-coupons", { since: 54 }, async (ctx) => {
    const body = await ctx.json();
    const code = typeof body?.couponCode === "string" ? body.couponCode.trim() : "";
    if (!code) throw invalidInput("Missing required field: couponCode.");
    const result = emu.db.transaction(() => {
      const cart = requireCart(ctx, ctx.params.cartStateOrId);
      assertEditable(cart);
      const coupon = activeCoupon(emu, code);
      if (!coupon) throw invalidInput("Enter a valid coupon code.");
      const view = loadCartView(emu, cart);
      const rejection = couponRejection(
        coupon.code,
        promotionRule(coupon, coupon.code),
        view.coupons.map((c) => c.rule),
        view.pricingLines,
      );
      if (rejection) throw new ApiError(400, rejection.errorCode, rejection.message);
      const seq = nextCouponSeq(emu, cart.id);
      insertCartCoupon(emu, emu.ids("cartCoupon"), cart.id, coupon.coupon_id, emu.clock.now(), seq);
      const changed = couponChanged(ctx, cart);
      return cartCouponsJson({ cart: changed, coupons: cartCoupons(emu, cart.id) });
    })();
    return json(result, 201);
  });

  r.webstore("DELETE", "carts/:cartStateOrId/cart-coupons/:cartCouponId", { since: 54 }, (ctx) => {
    emu.db.transaction(() => {
      const cart = requireCart(ctx, ctx.params.cartStateOrId);
      assertEditable(cart);
      const id = recordId(ctx.params.cartCouponId, "cartCoupon", "cartCouponId");
      const removed = deleteCartCoupon(emu, id, cart.id);
      if (removed.changes === 0) throw notFound(`Cart coupon not found: ${id}`);
      couponChanged(ctx, cart);
    })();
    return noContent();
  });
}
