/**
 * Pay-now links (spec §4 "Guest cart"): the shopper's cart cloned as a PayNowReadOnly cart (POST
 * carts/{id}/actions/clone), paid on its own page, /pay/{cartId}, through the usual checkout steps.
 *
 * What the spec asks around it, and where it happens:
 * - the clone's id is the payment link id, kept in the session (LWR keeps it in session storage) while the link is
 *   active: from the clone until its order is placed or the shopper cancels it;
 * - cloning removes the stored guest cart id (the API closes a guest's source cart, connect_resources_commerce_
 *   webstore_cart_clone.htm), so the shopper's next item starts a new cart;
 * - no guest cart is preserved at login while a payment link is active (routes/login.tsx);
 * - a failed clone is logged and ignored: the shopper stays on the cart with a note.
 */
import { data } from "@remix-run/node";
import { isBlankAccountId, isFetchError, NO_ACCOUNT_ID } from "../../../server/webstore/index";
import { PAYMENT_LINK_MESSAGES } from "~/checkout/model/payment-link";
import { forgetCheckout, progressOf, type CartSibling, type CheckoutShop } from "./session.server";
import { caught } from "~/shop/errors.server";

/** The account the clone is for: the one the buyer acts for, else what the session context names (a guest: none). */
async function targetAccount(shop: CheckoutShop): Promise<string> {
  const fromSession = shop.session.get("effectiveAccountId");
  if (shop.shopper.isLoggedIn && fromSession && !isBlankAccountId(fromSession)) return fromSession;
  try {
    const context = await shop.client.getSessionContext();
    return context.effectiveAccountId || NO_ACCOUNT_ID;
  } catch {
    return NO_ACCOUNT_ID;
  }
}

export type CreatedPaymentLink = { ok: true; cartId: string } | { ok: false; message: string };

/** Clones the shopper's cart as PayNowReadOnly and remembers it as the active payment link. */
export async function createPaymentLink(shop: CheckoutShop, cart: CartSibling): Promise<CreatedPaymentLink> {
  const ref = cart.ref();
  if (!ref) return { ok: false, message: PAYMENT_LINK_MESSAGES.empty };
  try {
    const answer = await shop.client.cloneCart(ref === "current" ? "active" : ref, {
      targetEffectiveAccountId: await targetAccount(shop),
      targetType: "PayNowReadOnly",
    });
    const cartId = answer.data.cartId;
    if (!cartId) throw new Error("The clone was answered without a cart id.");
    shop.session.set("paymentLinkId", cartId);
    if (!shop.shopper.isLoggedIn) {
      // Spec §4: cloning removes the stored guest cart id; the API closed that cart, and with it any checkout of it.
      shop.session.unset("guestCartId");
      forgetCheckout(shop.session);
    }
    return { ok: true, cartId };
  } catch (error) {
    // Spec §4: a failed clone is logged and ignored.
    console.warn("Cloning the cart for a payment link failed:", error instanceof Error ? error.message : error);
    cart.forgetGoneGuestCart(caught(error).api);
    return { ok: false, message: PAYMENT_LINK_MESSAGES.failed };
  }
}

export const PAYMENT_LINK_NOT_FOUND = "Payment link not found";

/** The payment link's cart, or the 404 page: not the shopper's, not a payment link, or not an id at all. */
export async function paymentLinkCart(shop: CheckoutShop, cartId: string) {
  let answer: Awaited<ReturnType<CheckoutShop["client"]["getCart"]>>;
  try {
    answer = await shop.client.getCart(cartId);
  } catch (error) {
    if (isFetchError(error) && (error.status === 404 || error.status === 400))
      throw data(PAYMENT_LINK_NOT_FOUND, { status: 404 });
    throw error;
  }
  if (answer.data.type !== "PayNowReadOnly") throw data(PAYMENT_LINK_NOT_FOUND, { status: 404 });
  return answer;
}

/**
 * Cancels the payment link (deletes the clone; one already gone counts as cancelled) and forgets it, with the
 * checkout that paid it. False when the API refused to delete it.
 */
export async function cancelPaymentLink(
  shop: CheckoutShop,
  cartId: string,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  try {
    await shop.client.deleteCart(cartId);
  } catch (error) {
    if (!(isFetchError(error) && error.status === 404)) return { ok: false, error };
  }
  if (shop.session.get("paymentLinkId") === cartId) shop.session.unset("paymentLinkId");
  const active = shop.session.get("activeCheckoutId");
  if (active && progressOf(shop.session, active).paymentLinkId === cartId) forgetCheckout(shop.session);
  return { ok: true };
}
