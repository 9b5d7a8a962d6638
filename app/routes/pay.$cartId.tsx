/**
 * A payment link's page (spec §4 pay-now): the PayNowReadOnly cart read-only, with its totals, and the way to pay
 * it. "Pay now" starts the checkout of that cart (PUT checkouts {cartId}) and goes through the checkout's steps
 * (address, delivery, payment, review) to the confirmation; "Cancel payment link" deletes the clone.
 *
 * The link is its shopper's: another shopper's link, a malformed id or a cart that is not a payment link is a 404
 * page (the API answers 404 for a cart that isn't the caller's).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { isFetchError } from "../../server/webstore/errors";
import { Button } from "~/components/Button";
import { Field } from "~/components/Field";
import { OrderSummary } from "~/components/checkout/OrderSummary";
import { checkoutLinks } from "~/components/checkout/route-exports";
import { STORE_NAME } from "~/components/store/Header";
import { errorTitle, RouteErrorBoundary } from "~/components/store/PageError";
import { applicationContext, forgetCheckout, mayCheckOut, progressOf, startOrResumeCheckout } from "~/checkout.server";
import { CHECKOUT_MESSAGES, checkoutLinesFrom, checkoutTotals, stepPath } from "~/lib/checkout";
import { PAYMENT_LINK_MESSAGES, payPath } from "~/lib/payment-link";
import {
  errorMessage,
  getWebstore,
  loginPath,
  rethrowResponse,
  serverTimingHeaders,
  toast,
  type Webstore,
} from "~/webstore.server";

export const links = checkoutLinks;

export const meta: MetaFunction<typeof loader> = ({ error }) => [
  { title: `${error ? errorTitle(error, "Payment link not found") : "Pay now"} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

const NOT_FOUND = "Payment link not found";

/** The payment link's cart, or the 404 page: not the shopper's, not a payment link, or not an id at all. */
async function paymentLinkCart(ws: Webstore, cartId: string) {
  try {
    const answer = await ws.client.getCart(cartId);
    if (answer.data.type !== "PayNowReadOnly") throw data(NOT_FOUND, { status: 404 });
    return answer;
  } catch (error) {
    rethrowResponse(error);
    if (isFetchError(error) && (error.status === 404 || error.status === 400)) throw data(NOT_FOUND, { status: 404 });
    throw error;
  }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  const cartId = params.cartId ?? "";
  const cart = await paymentLinkCart(ws, cartId);
  const paid = cart.data.status === "Closed";
  let lines: ReturnType<typeof checkoutLinesFrom> = [];
  if (!paid) {
    const items = await ws.client.getCartItems(cartId, { pageSize: 100, productFields: ["Name"] });
    lines = checkoutLinesFrom(items.data);
  }
  const url = new URL(request.url);
  return ws.reply({
    cartId,
    link: `${url.origin}${payPath(cartId)}`,
    paid,
    processing: cart.processing,
    totals: checkoutTotals(cart.data),
    lines,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const ws = await getWebstore(request, context);
  const cartId = params.cartId ?? "";
  const cart = await paymentLinkCart(ws, cartId);

  if (intent === "cancel") {
    try {
      await ws.client.deleteCart(cartId);
    } catch (error) {
      rethrowResponse(error);
      if (!(isFetchError(error) && error.status === 404))
        return ws.redirect(payPath(cartId), toast("error", errorMessage(error)));
    }
    if (ws.session.get("paymentLinkId") === cartId) ws.session.unset("paymentLinkId");
    const active = ws.session.get("activeCheckoutId");
    if (active && progressOf(ws.session, active).paymentLinkId === cartId) forgetCheckout(ws.session);
    return ws.redirect("/cart", toast("info", PAYMENT_LINK_MESSAGES.cancelled));
  }

  if (intent !== "pay") return ws.redirect(payPath(cartId));
  if (cart.data.status === "Closed") return ws.redirect(payPath(cartId), toast("info", PAYMENT_LINK_MESSAGES.paid));
  if (!mayCheckOut(ws.shopper, await applicationContext(ws))) {
    return ws.redirect(loginPath(payPath(cartId)), toast("info", CHECKOUT_MESSAGES.signIn));
  }
  await startOrResumeCheckout(ws, { cartId });
  // The payment link stays active until its order is placed (checkout.server rememberOrder).
  ws.session.set("paymentLinkId", cartId);
  return ws.redirect(stepPath("shipping"));
}

export default function PayNow() {
  const { link, paid, totals, lines } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  return (
    <div className="store-page checkout">
      <h1>Pay now</h1>
      {paid ? (
        <div className="store-narrow">
          <p role="status">{PAYMENT_LINK_MESSAGES.paid}</p>
          <p>
            <Link to="/" className="store-cta">
              Continue shopping
            </Link>
          </p>
        </div>
      ) : (
        <div className="checkout__layout">
          <div className="checkout__main">
            <p>
              This payment link holds a copy of your cart that can't be changed. Pay it now, or come back to the link
              later: it stays open until it is paid or cancelled.
            </p>
            <Field
              label="Payment link"
              type="url"
              name="paymentLink"
              readOnly
              defaultValue={link}
              limitNotice={false}
            />
            <Form method="post" className="checkout-actions">
              <Button name="intent" value="pay" pending={pendingIntent === "pay"} pendingLabel="Starting payment…">
                Pay now
              </Button>{" "}
              <Button
                name="intent"
                value="cancel"
                variant="neutral"
                pending={pendingIntent === "cancel"}
                pendingLabel="Cancelling…"
              >
                Cancel payment link
              </Button>
            </Form>
          </div>
          <OrderSummary totals={totals} lines={lines} />
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
