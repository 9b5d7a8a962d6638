/**
 * A payment link's page (spec §4 pay-now): the PayNowReadOnly cart read-only, with its totals, and the way to pay
 * it. "Pay now" starts the checkout of that cart (PUT checkouts {cartId}) and goes through the checkout's steps
 * (address, delivery, payment, review) to the confirmation; "Cancel payment link" deletes the clone.
 *
 * The link is its shopper's: another shopper's link, a malformed id or a cart that is not a payment link is a 404
 * page (the API answers 404 for a cart that isn't the caller's).
 */
import { parseWithZod } from "@conform-to/zod";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/components/Button";
import { Field } from "~/components/Field";
import { OrderSummary } from "~/components/checkout/OrderSummary";
import { checkoutLinks } from "~/components/checkout/route-exports";
import { STORE_NAME } from "~/components/store/Header";
import { errorTitle, RouteErrorBoundary } from "~/components/store/PageError";
import { shopAction, shopLoader } from "~/handlers/shop.server";
import { CHECKOUT_MESSAGES, checkoutLinesFrom, checkoutTotals, stepPath } from "~/lib/checkout";
import { PAYMENT_LINK_MESSAGES, payPath } from "~/lib/payment-link";
import { errorMessage, loginPath, serverTimingHeaders, toast } from "~/webstore.server";

export const links = checkoutLinks;

export const meta: MetaFunction<typeof loader> = ({ error }) => [
  { title: `${error ? errorTitle(error, "Payment link not found") : "Pay now"} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

/** The page's two buttons. */
const payNowSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay") }),
  z.object({ intent: z.literal("cancel") }),
]);

export const loader = shopLoader(async ({ request, params, shop }) => {
  const cartId = params.cartId ?? "";
  const cart = await shop.checkout.paymentLinkCart(cartId);
  const paid = cart.data.status === "Closed";
  let lines: ReturnType<typeof checkoutLinesFrom> = [];
  if (!paid) {
    const items = await shop.client.getCartItems(cartId, { pageSize: 100, productFields: ["Name"] });
    lines = checkoutLinesFrom(items.data);
  }
  const url = new URL(request.url);
  return shop.reply({
    cartId,
    link: `${url.origin}${payPath(cartId)}`,
    paid,
    processing: cart.processing,
    totals: checkoutTotals(cart.data),
    lines,
  });
});

export const action = shopAction(async ({ request, params, shop }) => {
  const submission = parseWithZod(await request.formData(), { schema: payNowSchema });
  const cartId = params.cartId ?? "";
  const cart = await shop.checkout.paymentLinkCart(cartId);
  if (submission.status !== "success") return shop.redirect(payPath(cartId));

  if (submission.value.intent === "cancel") {
    const cancelled = await shop.checkout.cancelPaymentLink(cartId);
    if (!cancelled.ok) return shop.redirect(payPath(cartId), toast("error", errorMessage(cancelled.error)));
    return shop.redirect("/cart", toast("info", PAYMENT_LINK_MESSAGES.cancelled));
  }

  if (cart.data.status === "Closed") return shop.redirect(payPath(cartId), toast("info", PAYMENT_LINK_MESSAGES.paid));
  if (!(await shop.checkout.mayCheckOut())) {
    return shop.redirect(loginPath(payPath(cartId)), toast("info", CHECKOUT_MESSAGES.signIn));
  }
  await shop.checkout.payPaymentLink(cartId);
  return shop.redirect(stepPath("shipping"));
});

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
