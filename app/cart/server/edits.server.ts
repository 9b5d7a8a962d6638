/**
 * The cart page's edits (quantities, removals, coupons) against the API, and what the shopper is told: the API's
 * refusals in our words (lib/api-errors), a line or coupon already gone counted as done, a cart gone as such.
 */
import { isFetchError } from "../../../server/webstore/index";
import { COUPON_MESSAGES } from "~/lib/api-errors";
import { steppedQuantity } from "~/cart/model";
import { CART_MESSAGES } from "~/cart/model";
import { COUPON_WORDS } from "~/cart/model/coupon";
import type { CartEdit } from "~/cart/forms/cart-forms.server";
import { cartErrorMessage, caught } from "~/shop/errors.server";
import { cartRef, forgetGoneGuestCart, isNotFound, type CartShop } from "./ref.server";

export const LINE_GONE_MESSAGE = "That item isn't in your cart any more.";
export const CART_GONE_MESSAGE = "Your cart has closed (it was checked out or it expired), so it's empty now.";
export const GUEST_CART_CLOSED_MESSAGE = "Sign in to use your cart.";

/** The edits made here; the payment link is the checkout's (payment-link.server). */
export type CartLineEdit = Exclude<CartEdit, { intent: "paymentLink" }>;

/**
 * How an edit ended: made, or refused with the message to show (and, for a coupon, the code to give back to the
 * field). `signIn`: the store no longer allows guest carts, the shopper must sign in to use one.
 */
export type CartEditOutcome =
  { ok: true; message: string } | { ok: false; message: string; keepCoupon?: string; signIn?: true };

const CONFIRMATIONS = {
  update: () => "Your cart was updated.",
  remove: (name?: string) => (name ? `Removed ${name} from your cart.` : "The item was removed from your cart."),
  applyCoupon: COUPON_WORDS.applied,
  removeCoupon: COUPON_WORDS.removed,
};

const done = (message: string): CartEditOutcome => ({ ok: true, message });
const refused = (message: string, keepCoupon?: string): CartEditOutcome => ({
  ok: false,
  message,
  ...(keepCoupon ? { keepCoupon } : {}),
});

/** What removing a line or coupon that is already gone counts as: done (Remove pressed twice, or in another tab). */
function alreadyDone(edit: CartLineEdit): CartEditOutcome | null {
  if (edit.intent === "remove") return done(CONFIRMATIONS.remove(edit.productName));
  if (edit.intent === "removeCoupon") return done(CONFIRMATIONS.removeCoupon(edit.couponCode));
  return null;
}

async function send(shop: CartShop, ref: string, edit: CartLineEdit): Promise<CartEditOutcome> {
  switch (edit.intent) {
    case "update":
      await shop.client.updateCartItem(ref, edit.lineId, { quantity: edit.quantity });
      return done(CONFIRMATIONS.update());
    case "increase":
    case "decrease":
      await shop.client.updateCartItem(ref, edit.lineId, {
        quantity: steppedQuantity(edit.quantity ?? "", edit.previousQuantity ?? "", edit.intent),
      });
      return done(CONFIRMATIONS.update());
    case "remove":
      await shop.client.deleteCartItem(ref, edit.lineId);
      return done(CONFIRMATIONS.remove(edit.productName));
    case "applyCoupon":
      try {
        await shop.client.applyCoupon(ref, edit.couponCode);
      } catch (error) {
        return refused(cartErrorMessage(caught(error), COUPON_WORDS.applyFailed, COUPON_MESSAGES), edit.couponCode);
      }
      return done(CONFIRMATIONS.applyCoupon(edit.couponCode));
    case "removeCoupon":
      await shop.client.removeCoupon(ref, edit.couponId);
      return done(CONFIRMATIONS.removeCoupon(edit.couponCode));
  }
}

/** Makes a cart page edit; API failures end in an outcome, never in a thrown error. */
export async function applyCartEdit(shop: CartShop, edit: CartLineEdit): Promise<CartEditOutcome> {
  const ref = cartRef(shop);
  if (!ref) return refused(CART_MESSAGES.empty);
  try {
    return await send(shop, ref, edit);
  } catch (error) {
    // A store that no longer allows guest carts.
    if (!shop.shopper.isLoggedIn && isFetchError(error) && error.status === 401) {
      shop.session.unset("guestCartId");
      return { ok: false, message: GUEST_CART_CLOSED_MESSAGE, signIn: true };
    }
    if (isNotFound(caught(error).api)) {
      // A line or coupon that is not there any more is not a lost cart: only when the cart itself is gone is it
      // forgotten, and the shopper told so in plain words.
      if (await cartStillThere(shop, ref)) return alreadyDone(edit) ?? refused(LINE_GONE_MESSAGE);
      forgetGoneGuestCart(shop, caught(error).api);
      return refused(CART_GONE_MESSAGE);
    }
    return refused(cartErrorMessage(caught(error), CART_MESSAGES.failed));
  }
}

/** Whether the cart a change was meant for still exists (a failed read says no only for "not found"). */
async function cartStillThere(shop: CartShop, ref: string): Promise<boolean> {
  try {
    await shop.client.getCart(ref);
    return true;
  } catch (error) {
    return !isNotFound(caught(error).api);
  }
}
