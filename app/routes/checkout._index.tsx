/**
 * /checkout: starts the shopper's checkout (PUT checkouts for the active or guest cart) or resumes the one in the
 * session, then sends the shopper to the shipping step. Guests check out only when the store allows it
 * (application context guestCheckoutEnabled), else they sign in first. While the API is still calculating (202)
 * the page shows 'Loading' and refreshes itself; the server never waits.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckoutProcessing } from "~/components/checkout/CheckoutLayout";
import { STORE_NAME } from "~/components/store/Header";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { applicationContext, mayCheckOut, startOrResumeCheckout } from "~/checkout.server";
import { CHECKOUT_MESSAGES, CHECKOUT_START_PATH, stepPath } from "~/lib/checkout";
import type { RefreshHandle } from "~/root";
import checkoutStyles from "~/styles/checkout.css";
import { toast } from "~/toast.server";
import { getWebstore, loginPath, serverTimingHeaders } from "~/webstore.server";

export const handle: RefreshHandle = { refreshWhileProcessing: true };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: checkoutStyles as unknown as string }];

export const meta: MetaFunction = () => [{ title: `Checkout | ${STORE_NAME}` }, { name: "robots", content: "noindex" }];

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
