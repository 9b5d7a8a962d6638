/**
 * /checkout: starts the shopper's checkout (PUT checkouts for the active or guest cart) or resumes the one in the
 * session, then sends the shopper to the shipping step. Guests check out only when the store allows it
 * (application context guestCheckoutEnabled), else they sign in first. The shipping step reads the started checkout
 * for up to a second while the API calculates it (202, decision 020); still calculating after that, it shows
 * 'Loading' and refreshes itself.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkoutHandle, checkoutLinks, checkoutMeta } from "~/checkout/ui/route-exports";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { serverTimingHeaders, withShop } from "~/shop.server";

export const handle = checkoutHandle;

export const links = checkoutLinks;

export const meta = checkoutMeta();

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, ({ shop }) => shop.checkout.begin());
}

// The loader always redirects, so nothing here is ever shown; the route stays a page (not a resource route) so that a
// start the API refuses renders the store's error page.
export default function CheckoutStart() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
