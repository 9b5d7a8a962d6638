/**
 * /checkout: starts the shopper's checkout (PUT checkouts for the active or guest cart) or resumes the one in the
 * session, then sends the shopper to the shipping step. Guests check out only when the store allows it
 * (application context guestCheckoutEnabled), else they sign in first. The shipping step reads the started checkout
 * a few times at once while the API calculates it (202, decision 017); still calculating after that, it shows
 * 'Loading' and refreshes itself.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkoutHandle, checkoutLinks, checkoutMeta } from "~/checkout/ui/route-exports";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { serverTimingHeaders, toast, withShop } from "~/shop.server";
import { CHECKOUT_MESSAGES } from "~/checkout/model/failures";
import { CHECKOUT_START_PATH, stepPath, loginPath } from "~/lib/paths";

export const handle = checkoutHandle;

export const links = checkoutLinks;

export const meta = checkoutMeta();

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ shop }) => {
    if (!(await shop.checkout.mayCheckOut())) {
      throw await shop.redirect(loginPath(CHECKOUT_START_PATH), toast("info", CHECKOUT_MESSAGES.signIn));
    }
    await shop.checkout.start();
    // Every checkout begins with the shipping step, filled in with what the checkout already knows. A start the API
    // is still calculating (202) goes there too, as a payment link's does: the step reads the checkout again and
    // shows 'Loading' itself while it is processing, so a shopper no longer stops here for a page that refreshes in
    // a second (and the server reads the checkout once less) only to be redirected on.
    throw await shop.redirect(stepPath("shipping"));
  });
}

// The loader always redirects, so nothing here is ever shown; the route stays a page (not a resource route) so that a
// start the API refuses renders the store's error page.
export default function CheckoutStart() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
