/**
 * The order confirmation: the order's reference number and a link to its summary page. With JavaScript the page
 * emits the spec's `orderPlaced` event (a window CustomEvent) once, for whatever listens (analytics, the header).
 * Only the order placed in this session is confirmed here; other numbers belong to the order pages.
 */
import type { MetaFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { checkoutLinks } from "~/checkout/ui/route-exports";
import { STORE_NAME } from "~/lib/brand";
import { errorTitle, pageFailure, RouteErrorBoundary } from "~/components/store/PageError";
import { orderSummaryPath } from "~/lib/paths";
import { serverTimingHeaders, withShop } from "~/shop.server";

export const links = checkoutLinks;

// Another order's number (or a failure) shows the ErrorBoundary: the title must not claim a confirmed order.
export const meta: MetaFunction<typeof loader> = ({ error }) => [
  { title: `${error ? errorTitle(pageFailure(error), "Order not found") : "Order confirmed"} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

export const ORDER_PLACED_EVENT = "orderPlaced";

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ params, shop }) =>
    shop.reply(await shop.checkout.confirmation(params.orderNumber ?? "")),
  );
}

export default function OrderConfirmation() {
  const { orderNumber, isGuest, orderLink } = useLoaderData<typeof loader>();
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (announced.current === orderNumber) return;
    announced.current = orderNumber;
    window.dispatchEvent(new CustomEvent(ORDER_PLACED_EVENT, { detail: { orderNumber } }));
  }, [orderNumber]);

  return (
    <div className="store-page store-narrow checkout-confirmation">
      <h1>Thank you for your order</h1>
      <p className="checkout-confirmation__number">
        Your order number is <strong data-testid="order-number">{orderNumber}</strong>
      </p>
      <p>
        {isGuest
          ? "Keep your order number: with your e-mail address, it lets you look up your order."
          : "You can follow your order in your order history."}
      </p>
      {orderLink ? (
        <p className="checkout-confirmation__order-link">
          <Link to={orderLink}>Your link to this order</Link> opens it without your e-mail address for the next 60
          minutes: bookmark it to come back.
        </p>
      ) : null}
      <p className="checkout-confirmation__links">
        <Link to={orderSummaryPath(orderNumber)} className="store-cta">
          View order details
        </Link>{" "}
        <Link to="/">Continue shopping</Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
