/**
 * A guest's link to one order: an access token (POST `order-summaries/actions/authorize`, valid 60 minutes) that
 * opens the order page without the lookup form. Asked on the order page and by the checkout's confirmation.
 */
import { isFetchError } from "../../../server/webstore/index";
import { guestVerification, type OrderShop } from "~/orders/server/provider.server";

/**
 * Asked with the session's e-mail and the contact the guest gave at checkout, or the phone number `typed` on the
 * order page. Null when the API refuses (details that don't match, too many tries) or for a signed-in buyer.
 */
export async function guestAccessToken(
  shop: Pick<OrderShop, "client" | "session" | "shopper">,
  orderNumber: string,
  typed?: { phoneNumber: string },
): Promise<string | null> {
  if (shop.shopper.isLoggedIn) return null;
  const contact = shop.session.get("guestUserContext") ?? {};
  const email = guestVerification(shop)?.email ?? contact.email;
  const phoneNumber = typed?.phoneNumber ?? contact.phoneNumber;
  if (!email || !phoneNumber) return null;
  try {
    const answer = await shop.client.authorizeGuestOrder({
      orderSummaryRefNumber: orderNumber,
      email,
      phoneNumber,
      ...(!typed && contact.lastName ? { lastName: contact.lastName } : {}),
    });
    return typeof answer.accessToken === "string" && answer.accessToken ? answer.accessToken : null;
  } catch (error) {
    if (!isFetchError(error) || error.status >= 500 || error.status === 0)
      console.error("Order authorization failed:", error);
    return null;
  }
}
