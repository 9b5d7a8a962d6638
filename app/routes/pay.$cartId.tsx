/**
 * A payment link's page (spec §4 pay-now): the PayNowReadOnly cart read-only, with its totals, and the way to pay
 * it. "Pay now" starts the checkout of that cart (PUT checkouts {cartId}) and goes through the checkout's steps
 * (address, delivery, payment, review) to the confirmation; "Cancel payment link" deletes the clone.
 *
 * The link is its shopper's: another shopper's link, a malformed id or a cart that is not a payment link is a 404
 * page (the API answers 404 for a cart that isn't the caller's).
 */
import { type MetaFunction, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/Button";
import { Field } from "~/components/Field";
import { OrderSummary } from "~/checkout/ui/OrderSummary";
import { checkoutLinks } from "~/checkout/ui/route-exports";
import { STORE_NAME } from "~/lib/brand";
import { errorTitle, pageFailure, RouteErrorBoundary } from "~/components/store/PageError";
import { serverTimingHeaders, withShop } from "~/shop.server";
import { readPage } from "~/lib/paging";
import { PAYMENT_LINK_MESSAGES } from "~/checkout/model/payment-link";

export const links = checkoutLinks;

export const meta: MetaFunction<typeof loader> = ({ error }) => [
  { title: `${error ? errorTitle(pageFailure(error), "Payment link not found") : "Pay now"} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, params, shop }) => {
    const url = new URL(request.url);
    // A link an agent made hands its guest's cart to this browser first (app/agent/handoff.server.ts).
    const handoff = shop.agent.handoff(params.cartId ?? "", url.searchParams);
    if (handoff) throw await handoff;
    const query = { origin: url.origin, linesPage: readPage(url.searchParams) };
    return shop.reply(await shop.checkout.payNow.page(params.cartId ?? "", query));
  });
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, params, shop }) =>
    shop.checkout.payNow.submit(params.cartId ?? "", await request.formData()),
  );
}

export default function PayNow() {
  const { link, paid, totals, lines, linePaging } = useLoaderData<typeof loader>();
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
          <OrderSummary totals={totals} lines={lines} paging={linePaging} />
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
