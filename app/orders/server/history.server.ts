/** The buyer's order history (/OrderSummary/OrderSummary/Default): a page of their order summaries. */
import { isFetchError } from "../../../server/webstore/index";
import { EMPTY_HISTORY_PAGE, historyPage, orderStatusLabel, type HistoryPage, type HistoryQuery } from "~/orders/model";
import { statusNames, type OrderShop } from "~/orders/server/provider.server";

/** One page of the order history, or `restart` when its page token is stale (start from the first page). */
export type HistoryResult = { kind: "page"; page: HistoryPage } | { kind: "restart" };

/** A page of the buyer's order history, statuses in the store's words. */
export async function history(
  shop: Pick<OrderShop, "client" | "appContext">,
  query: HistoryQuery,
): Promise<HistoryResult> {
  try {
    const [answer, names] = await Promise.all([
      shop.client.getOrderSummaries({ ...query.api, includeProducts: false }),
      statusNames(shop),
    ]);
    const page = historyPage(answer);
    return {
      kind: "page",
      page: { ...page, rows: page.rows.map((row) => ({ ...row, status: orderStatusLabel(row.status, names) })) },
    };
  } catch (error) {
    // Buyers without orders may get 404 instead of an empty list (reference §8).
    if (isFetchError(error) && error.status === 404) return { kind: "page", page: EMPTY_HISTORY_PAGE };
    // A page token from another sort or a stale one: start again from the first page.
    if (isFetchError(error) && error.status === 400 && query.pageToken) return { kind: "restart" };
    throw error;
  }
}
