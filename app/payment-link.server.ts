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
import { isBlankAccountId, isFetchError, NO_ACCOUNT_ID } from "../server/webstore/index";
import { forgetCheckout } from "./checkout.server";
import { PAYMENT_LINK_MESSAGES } from "./lib/payment-link";

// The cart's action takes these from here: a .server module is nothing in the browser, so the cart page doesn't
// load the payment link's words for an action that runs on the server.
export { PAYMENT_LINK_MESSAGES, payPath } from "./lib/payment-link";
import { cartRef, rethrowResponse, type Webstore } from "./webstore.server";

/** The account the clone is for: the one the buyer acts for, else what the session context names (a guest: none). */
async function targetAccount(ws: Webstore): Promise<string> {
  const fromSession = ws.session.get("effectiveAccountId");
  if (ws.shopper.isLoggedIn && !isBlankAccountId(fromSession)) return fromSession!;
  try {
    const context = await ws.client.getSessionContext();
    return context.effectiveAccountId || NO_ACCOUNT_ID;
  } catch (error) {
    rethrowResponse(error);
    return NO_ACCOUNT_ID;
  }
}

export type CreatedPaymentLink = { ok: true; cartId: string } | { ok: false; message: string };

/** Clones the shopper's cart as PayNowReadOnly and remembers it as the active payment link. */
export async function createPaymentLink(ws: Webstore): Promise<CreatedPaymentLink> {
  const ref = cartRef(ws);
  if (!ref) return { ok: false, message: PAYMENT_LINK_MESSAGES.empty };
  try {
    const answer = await ws.client.cloneCart(ref === "current" ? "active" : ref, {
      targetEffectiveAccountId: await targetAccount(ws),
      targetType: "PayNowReadOnly",
    });
    const cartId = answer.data.cartId;
    if (!cartId) throw new Error("The clone was answered without a cart id.");
    ws.session.set("paymentLinkId", cartId);
    if (!ws.shopper.isLoggedIn) {
      // Spec §4: cloning removes the stored guest cart id; the API closed that cart, and with it any checkout of it.
      ws.session.unset("guestCartId");
      forgetCheckout(ws.session);
    }
    return { ok: true, cartId };
  } catch (error) {
    rethrowResponse(error);
    // Spec §4: a failed clone is logged and ignored.
    console.warn("Cloning the cart for a payment link failed:", error instanceof Error ? error.message : error);
    if (isFetchError(error) && error.status === 404 && !ws.shopper.isLoggedIn) ws.session.unset("guestCartId");
    return { ok: false, message: PAYMENT_LINK_MESSAGES.failed };
  }
}
