/**
 * /OrderSummary/OrderSummary/Default: the signed-in buyer's order history (the list of order summaries with the
 * default filter: all dates, newest first), with a date range, sort and token paging. A literal route, so it
 * never reaches /OrderSummary/{orderNumber} (which only matches two segments anyway). Guests sign in first.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { OrderHistoryFilters, OrderHistoryList } from "~/orders/ui/OrderHistory";
import { PageDataLayer, ViewChangeNotifier } from "~/orders/ui/PageRegions";
import { STORE_NAME } from "~/lib/brand";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { DEFAULT_CURRENCY, STORE_LOCALE } from "~/lib/format/formats";
import { withShop, serverTimingHeaders } from "~/shop.server";
import { EMPTY_HISTORY_PAGE, readHistoryQuery } from "~/orders/model";
import ordersStyles from "~/styles/orders.css?url";
import { loginPath } from "~/lib/paths";
import { requestPath } from "~/lib/request-paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: MetaFunction = () => [
  { title: `Order History | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, context, shop }) => {
    const url = new URL(request.url);
    const here = requestPath(request, context);
    if (!shop.shopper.isLoggedIn) throw await shop.redirect(loginPath(`${here}${url.search}`));
    const query = readHistoryQuery(url.searchParams);
    if (Object.keys(query.errors).length > 0) return shop.reply({ query, page: EMPTY_HISTORY_PAGE }, { status: 400 });
    const history = await shop.orders.history(query);
    if (history.kind === "restart") throw await shop.redirect(`${here}${historySearchWithout(url.searchParams)}`);
    return shop.reply({ query, page: history.page });
  });
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
