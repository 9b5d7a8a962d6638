/**
 * /OrderSummary/OrderSummary/Default: the signed-in buyer's order history (the list of order summaries with the
 * default filter: all dates, newest first), with a date range, sort and token paging. A literal route, so it
 * never reaches /OrderSummary/{orderNumber} (which only matches two segments anyway). Guests sign in first.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isFetchError } from "../../server/webstore/errors";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { OrderHistoryFilters, OrderHistoryList } from "~/components/orders/OrderHistory";
import { PageDataLayer, ViewChangeNotifier } from "~/components/orders/PageRegions";
import { STORE_NAME } from "~/components/store/Header";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { DEFAULT_CURRENCY, STORE_LOCALE } from "~/lib/formats";
import { historyPage, orderStatusLabel, readHistoryQuery, type HistoryPage } from "~/lib/orders";
import ordersStyles from "~/styles/orders.css";
import { orderStatusNames } from "~/orders.server";
import { getWebstore, loginPath, requestPath, rethrowResponse, serverTimingHeaders } from "~/webstore.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles as unknown as string }];

export const meta: MetaFunction = () => [
  { title: `Order History | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

const EMPTY_PAGE: HistoryPage = { rows: [], nextPageToken: null, previousPageToken: null, hasPrevious: false };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const ws = await getWebstore(request, context);
  const here = requestPath(request, context);
  if (!ws.shopper.isLoggedIn) throw await ws.redirect(loginPath(`${here}${url.search}`));
  const query = readHistoryQuery(url.searchParams);
  if (Object.keys(query.errors).length > 0) return ws.reply({ query, page: EMPTY_PAGE }, { status: 400 });
  try {
    const [answer, statusNames] = await Promise.all([
      ws.client.getOrderSummaries({ ...query.api, includeProducts: false }),
      orderStatusNames(ws),
    ]);
    const page = historyPage(answer);
    return ws.reply({
      query,
      page: { ...page, rows: page.rows.map((row) => ({ ...row, status: orderStatusLabel(row.status, statusNames) })) },
    });
  } catch (error) {
    rethrowResponse(error);
    // Buyers without orders may get 404 instead of an empty list (reference §8).
    if (isFetchError(error) && error.status === 404) return ws.reply({ query, page: EMPTY_PAGE });
    // A page token from another sort or a stale one: start again from the first page.
    if (isFetchError(error) && error.status === 400 && query.pageToken) {
      throw await ws.redirect(`${here}${historySearchWithout(url.searchParams)}`);
    }
    throw error;
  }
}

function historySearchWithout(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete("pageToken");
  const search = next.toString();
  return search ? `?${search}` : "";
}

const TRAIL = [{ label: "Order History" }];

export default function OrderHistoryRoute() {
  const { query, page } = useLoaderData<typeof loader>();
  return (
    <div className="store-page orders-page orders-history">
      <Breadcrumbs items={TRAIL} />
      <h1>Order History</h1>
      <OrderHistoryFilters query={query} />
      <OrderHistoryList page={page} query={query} />
      <ViewChangeNotifier message="Order History page" />
      <PageDataLayer
        data={{ page: "Order History", pageType: "OrderHistory", locale: STORE_LOCALE, currency: DEFAULT_CURRENCY }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
