/**
 * /OrderSummary/{orderNumber}: one order's details (spec §2 "Order details breadcrumb", §3 order summary, order
 * delivery group, order adjustments), and "Buy again".
 *
 * Signed-in buyers see the orders of the accounts they may act for; any other number gets the same "not found"
 * page as an unknown one. Guests see an order only after a successful lookup in this session (its verification
 * travels with every order call); without one they are sent to the lookup form with the number filled in.
 */
import {
  type ActionFunctionArgs,
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { OrderDetails } from "~/components/orders/OrderDetails";
import { PageDataLayer, ViewChangeNotifier } from "~/components/orders/PageRegions";
import { ORDER_HISTORY_PATH, orderLookupPath, orderSummaryPath, ORDER_LOOKUP_PATH } from "~/lib/paths";
import { STORE_NAME } from "~/lib/brand";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { reorderSchema, parseWithZod } from "~/handlers/orders/forms.server";
import { withShop, serverTimingHeaders, toast } from "~/handlers/shop.server";
import { DEFAULT_CURRENCY, STORE_LOCALE } from "~/lib/format/formats";
import { ORDER_LOOKUP_RATE_LIMITED_MESSAGE, orderNumberFromQuery, type OrderData } from "~/lib/orders/index";
import ordersStyles from "~/styles/orders.css";

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
  return withShop(args, async ({ request, params, shop }) => {
    const orderNumber = orderNumberFromQuery(params.orderNumber);
    const notFound = () =>
      shop.reply({ orderNumber: orderNumber || (params.orderNumber ?? ""), order: null }, { status: 404 });
    if (!orderNumber) return notFound();
    const page = await shop.orders.orderPage(orderNumber, new URL(request.url).searchParams);
    switch (page.kind) {
      case "order":
        return shop.reply({ orderNumber: page.orderNumber, order: page.order, providerKey: page.providerKey });
      case "verify":
        throw await shop.redirect(
          orderLookupPath(orderNumber),
          page.rateLimited ? toast("error", ORDER_LOOKUP_RATE_LIMITED_MESSAGE) : null,
        );
      case "not-found":
        return notFound();
      case "unavailable":
        throw data("We couldn't load this order. Try again in a moment.", {
          status: 503,
          headers: await shop.headers(),
        });
    }
  });
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, params, shop }) => {
    const orderNumber = orderNumberFromQuery(params.orderNumber);
    const submission = parseWithZod(await request.formData(), { schema: reorderSchema });
    if (submission.status !== "success" || !orderNumber) {
      return shop.redirect(orderNumber ? orderSummaryPath(orderNumber) : ORDER_LOOKUP_PATH);
    }
    return shop.orders.reorder(orderNumber);
  });
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
