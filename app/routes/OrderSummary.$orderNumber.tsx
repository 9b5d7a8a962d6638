/**
 * /OrderSummary/{orderNumber}: one order's details (spec §2 "Order details breadcrumb", §3 order summary, order
 * delivery group, order adjustments), its shipments, and "Buy again".
 *
 * Signed-in buyers see the orders of the accounts they may act for; any other number gets the same "not found"
 * page as an unknown one. Guests see an order only after a successful lookup in this session (its verification
 * travels with every order call); without one they are sent to the lookup form with the number filled in.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Button } from "~/components/Button";
import { OrderDetails } from "~/orders/ui/OrderDetails";
import { OrderShipmentsSection } from "~/orders/ui/OrderShipments";
import { PageDataLayer, ViewChangeNotifier } from "~/orders/ui/PageRegions";
import { ORDER_HISTORY_PATH, ORDER_LOOKUP_PATH } from "~/lib/paths";
import { STORE_NAME } from "~/lib/brand";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { withShop, serverTimingHeaders } from "~/shop.server";
import { DEFAULT_CURRENCY, STORE_LOCALE } from "~/lib/format/formats";
import { readOrderPageQuery, type OrderData } from "~/orders/model";
import ordersStyles from "~/styles/orders.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  {
    title:
      page && "order" in page && page.order
        ? `Order ${page.orderNumber} | ${STORE_NAME}`
        : `Order Details | ${STORE_NAME}`,
  },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, params, shop }) =>
    shop.orders.summary(params.orderNumber, readOrderPageQuery(new URL(request.url).searchParams)),
  );
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, params, shop }) =>
    shop.orders.submitSummary(
      params.orderNumber,
      await request.formData(),
      readOrderPageQuery(new URL(request.url).searchParams),
    ),
  );
}

/**
 * A guest's way back to the order without retyping: on a page opened from its link, the link itself (to keep);
 * otherwise a form asking the phone number given with the order, which the API's authorization requires.
 */
function GuestOrderLink({ openedByLink }: { openedByLink: boolean }) {
  const answer = useActionData<typeof action>();
  const failed = answer && "linkError" in answer ? answer : null;
  if (openedByLink) {
    return (
      <section className="orders-link" aria-labelledby="order-link-title">
        <h2 id="order-link-title">Your link to this order</h2>
        <p>
          This page's address opens your order without your e-mail address for 60 minutes from when it was made.
          Bookmark it or keep it to come back.
        </p>
      </section>
    );
  }
  return (
    <section className="orders-link" aria-labelledby="order-link-title">
      <h2 id="order-link-title">Come back without retyping</h2>
      <Form method="post" className="orders-link__form" noValidate>
        <input type="hidden" name="intent" value="order-link" />
        <label htmlFor="order-link-phone">Phone Number</label>
        <input
          id="order-link-phone"
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          required
          maxLength={40}
          defaultValue={failed?.phoneNumber ?? ""}
          aria-invalid={failed?.linkError ? true : undefined}
          aria-describedby={failed?.linkError ? "order-link-phone-error" : "order-link-phone-hint"}
        />
        <p id="order-link-phone-hint" className="store-muted">
          The phone number you gave with your order: we make a link that opens this order for 60 minutes.
        </p>
        {failed?.linkError ? (
          <p id="order-link-phone-error" role="alert" className="orders-link__error">
            {failed.linkError}
          </p>
        ) : null}
        <Button type="submit" variant="neutral">
          Get a link to this order
        </Button>
      </Form>
    </section>
  );
}

const TRAIL = [{ label: "Order History", url: ORDER_HISTORY_PATH }, { label: "Order Details" }];

function OrderNotFound({ orderNumber }: { orderNumber: string }) {
  return (
    <div className="store-page orders-page">
      <Breadcrumbs items={TRAIL} />
      <div className="store-empty orders-not-found">
        <h1 className="store-empty__title">We can't find that order</h1>
        <p>
          There's no order {orderNumber ? <strong>{orderNumber}</strong> : null} for your account. Check the number, or
          find the order in your <Link to={ORDER_HISTORY_PATH}>Order History</Link>.
        </p>
        <p>
          <Link to={ORDER_LOOKUP_PATH}>Look up another order</Link>
        </p>
      </div>
      <ViewChangeNotifier message="Order not found" />
    </div>
  );
}

export default function OrderSummaryRoute() {
  const page = useLoaderData<typeof loader>();
  if (!page.order) return <OrderNotFound orderNumber={page.orderNumber} />;
  const order: OrderData = page.order;
  return (
    <div className="store-page orders-page" key={"providerKey" in page ? page.providerKey : undefined}>
      <Breadcrumbs items={TRAIL} />
      <h1>Order {page.orderNumber}</h1>
      <OrderDetails order={order} />
      {"shipments" in page && page.shipments ? <OrderShipmentsSection shipments={page.shipments} /> : null}
      {"guest" in page && page.guest ? <GuestOrderLink openedByLink={page.guest.openedByLink} /> : null}
      <ViewChangeNotifier message={`Order ${page.orderNumber} details page`} />
      <PageDataLayer
        data={{
          page: "Order Details",
          pageType: "OrderSummary",
          locale: STORE_LOCALE,
          currency: order.summary.currencyIsoCode || DEFAULT_CURRENCY,
        }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
