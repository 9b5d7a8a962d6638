/** "Buy again": an order's products into the shopper's cart (POST `order-summaries/actions/add-order-to-cart`). */
import { isFetchError } from "../../../server/webstore/index";
import { ORDER_LOOKUP_RATE_LIMITED_MESSAGE, reorderOutcome } from "~/orders/model";
import { orderLookupPath, orderSummaryPath } from "~/lib/paths";
import { toast } from "~/shop/toast.server";
import { guestVerification, type OrdersCartSibling, type OrdersCore } from "~/orders/server/provider.server";

const REORDER_FAILED_MESSAGE = "We couldn't add this order to your cart. Try again in a moment.";

/**
 * The order's products into the active cart, then to the cart with a toast naming what failed. A guest holding the
 * order's access token (the page's link) reorders with it.
 */
export async function reorder(
  shop: Pick<OrdersCore, "client" | "session" | "shopper" | "appContext" | "redirect">,
  orderNumber: string,
  cart: OrdersCartSibling,
  accessToken?: string | null,
): Promise<Response> {
  const { client, shopper } = shop;
  const verification = guestVerification(shop);
  const token = !shopper.isLoggedIn && !verification ? accessToken || null : null;
  if (!shopper.isLoggedIn && !verification && !token) return shop.redirect(orderLookupPath(orderNumber));

  if (!shopper.isLoggedIn) {
    if (shop.appContext?.guestCartEnabled === false) {
      return shop.redirect(orderSummaryPath(orderNumber), toast("info", "Sign in to add items to your cart."));
    }
  }

  let result;
  try {
    // `active`: the shopper's open cart (a guest's through the guest cart session), opened when there is none.
    result = await client.addOrderToCart({
      cartStateOrId: "active",
      orderSummaryIdOrRefNumber: orderNumber,
      ...(verification ? { verification } : {}),
      ...(token ? { accessToken: token } : {}),
    });
  } catch (error) {
    if (isFetchError(error) && error.status === 404 && !shopper.isLoggedIn) {
      return shop.redirect(orderLookupPath(orderNumber));
    }
    if (isFetchError(error) && error.status === 429) {
      return shop.redirect(orderSummaryPath(orderNumber), toast("error", ORDER_LOOKUP_RATE_LIMITED_MESSAGE));
    }
    if (!isFetchError(error) || error.status >= 500) console.error("add-order-to-cart failed:", error);
    // A buyer's order page answers "not found" itself when the order is not theirs.
    return shop.redirect(orderSummaryPath(orderNumber), toast("error", REORDER_FAILED_MESSAGE));
  }
  const cartId = typeof result.cartId === "string" ? result.cartId : null;
  if (!shopper.isLoggedIn && cartId) cart.keepGuestCart(cartId);
  const outcome = reorderOutcome(result);
  return shop.redirect("/cart", toast(outcome.variant, outcome.message));
}
