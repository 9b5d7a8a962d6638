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
import { applicationContext, mayCheckOut, startOrResumeCheckout } from "~/checkout.server";
import { CHECKOUT_MESSAGES, CHECKOUT_START_PATH, stepPath } from "~/lib/checkout";
import { getWebstore, loginPath, serverTimingHeaders, toast } from "~/webstore.server";

export const handle = checkoutHandle;

export const links = checkoutLinks;

export const meta = checkoutMeta();

export const headers = serverTimingHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  const appContext = await applicationContext(ws);
  if (!mayCheckOut(ws.shopper, appContext)) {
    throw await ws.redirect(loginPath(CHECKOUT_START_PATH), toast("info", CHECKOUT_MESSAGES.signIn));
  }
  const checkout = await startOrResumeCheckout(ws);
  if (checkout.processing) return ws.reply({ processing: true as const });
  // Every checkout begins with the shipping step, filled in with what the checkout already knows.
  throw await ws.redirect(stepPath("shipping"));
}

export default function CheckoutStart() {
  useLoaderData<typeof loader>();
  return <CheckoutProcessing />;
}

export const ErrorBoundary = RouteErrorBoundary;
