/**
 * /checkout: starts the shopper's checkout (PUT checkouts for the active or guest cart) or resumes the one in the
 * session, then sends the shopper to the shipping step. Guests check out only when the store allows it
 * (application context guestCheckoutEnabled), else they sign in first. While the API is still calculating (202)
 * the page shows 'Loading' and refreshes itself; the server never waits.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckoutProcessing } from "~/components/checkout/CheckoutLayout";
import { checkoutHandle, checkoutLinks, checkoutMeta } from "~/components/checkout/route-exports";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { serverTimingHeaders, toast, withShop } from "~/handlers/shop.server";
import { CHECKOUT_MESSAGES } from "~/lib/checkout/failures";
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
    const checkout = await shop.checkout.start();
    if (checkout.processing) return shop.reply({ processing: true as const });
    // Every checkout begins with the shipping step, filled in with what the checkout already knows.
    throw await shop.redirect(stepPath("shipping"));
  });
}

export default function CheckoutStart() {
  useLoaderData<typeof loader>();
  return <CheckoutProcessing />;
}

export const ErrorBoundary = RouteErrorBoundary;
