/**
 * /OrderSummary/{orderNumber}: one order's details (spec §2 "Order details breadcrumb", §3 order summary, order
 * delivery group, order adjustments), and "Buy again".
 *
 * Signed-in buyers see the orders of the accounts they may act for; any other number gets the same "not found"
 * page as an unknown one. Guests see an order only after a successful lookup in this session (its verification
 * travels with every order call); without one they are sent to the lookup form with the number filled in.
 */
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { OrderDetails } from "~/components/orders/OrderDetails";
import { PageDataLayer, ViewChangeNotifier } from "~/components/orders/PageRegions";
import { ORDER_HISTORY_PATH, ORDER_LOOKUP_PATH, STORE_NAME } from "~/components/store/Header";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { DEFAULT_CURRENCY, STORE_LOCALE } from "~/lib/formats";
import {
  ORDER_LOOKUP_RATE_LIMITED_MESSAGE,
  orderLookupPath,
  orderNumberFromQuery,
  orderStatusLabel,
  type OrderData,
} from "~/lib/orders";
import { loadOrder, mayLoadOrders, orderStatusNames, reorder } from "~/orders.server";
import ordersStyles from "~/styles/orders.css";
import { getWebstore, serverTimingHeaders, toast } from "~/webstore.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles as unknown as string }];

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

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orderNumber = orderNumberFromQuery(params.orderNumber);
  const ws = await getWebstore(request, context);
  if (!orderNumber) return ws.reply({ orderNumber: params.orderNumber ?? "", order: null }, { status: 404 });
  // Guests read an order only with the verification of a lookup (spec §6): without one, the lookup form.
  if (!mayLoadOrders(ws)) throw await ws.redirect(orderLookupPath(orderNumber));

  const [{ state, status, key }, statusNames] = await Promise.all([loadOrder(ws, orderNumber), orderStatusNames(ws)]);
  if (!state.hasErrors && !state.isLoading) {
    const order: OrderData = {
      summary: { ...state.summary, status: orderStatusLabel(state.summary.status, statusNames) },
      deliveryGroups: state.deliveryGroups,
      adjustments: state.adjustments,
      payments: state.payments,
    };
    return ws.reply({ orderNumber: state.summary.orderNumber ?? orderNumber, order, providerKey: key });
  }
  if (!ws.shopper.isLoggedIn) {
    // The session's verification is not for this order (or lookups are paused): verify again.
    const notice = status === 429 ? toast("error", ORDER_LOOKUP_RATE_LIMITED_MESSAGE) : null;
    throw await ws.redirect(orderLookupPath(orderNumber), notice);
  }
  if (status === 404 || status === 403 || status === 400) {
    return ws.reply({ orderNumber, order: null }, { status: 404 });
  }
  throw data("We couldn't load this order. Try again in a moment.", { status: 503, headers: await ws.headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const orderNumber = orderNumberFromQuery(params.orderNumber);
  const formData = await request.formData();
  const ws = await getWebstore(request, context);
  if (formData.get("intent") !== "reorder" || !orderNumber) {
    return ws.redirect(orderNumber ? `/OrderSummary/${encodeURIComponent(orderNumber)}` : ORDER_LOOKUP_PATH);
  }
  return reorder(ws, orderNumber);
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
  const order = page.order as OrderData;
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
