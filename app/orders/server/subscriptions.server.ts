/**
 * The account page's subscriptions: one page of those of the account the buyer shops for (GET `subscriptions`,
 * 63.0). Their forms are ./subscription-actions.server.ts.
 */
import { isFetchError, QUANTITY_MAX, QUANTITY_MIN } from "../../../server/webstore/index";
import {
  SUBSCRIPTIONS_PAGE_SIZE,
  toSubscriptionsView,
  type SubscriptionState,
  type SubscriptionsView,
} from "~/account/model/subscriptions";
import type { ShopCore } from "~/shop/core.server";

/**
 * `state` Active or Past, a page token from the previous page. Null when the API can't list them (before 63.0, a
 * failure): the account page then says so instead of showing none.
 */
export async function subscriptions(
  { client }: Pick<ShopCore, "client">,
  state: SubscriptionState,
  pageToken: string | null,
): Promise<SubscriptionsView | null> {
  const read = (token: string | null) =>
    client.getSubscriptions({ pageSize: SUBSCRIPTIONS_PAGE_SIZE, state, ...(token ? { pageToken: token } : {}) });
  let token = pageToken;
  for (;;) {
    try {
      const collection = await read(token);
      // Renewal and amendment are documented from 65.0; cancellation from 63.0, as the list itself.
      return collection
        ? toSubscriptionsView(collection, state, token !== null, client.apiVersion >= 65, {
            min: QUANTITY_MIN,
            max: QUANTITY_MAX,
          })
        : null;
    } catch (error) {
      // A token from another list (or a stale one) is refused: the first page instead.
      if (token && isFetchError(error) && error.status === 400) {
        token = null;
        continue;
      }
      if (!isFetchError(error) || error.status >= 500 || error.status === 0)
        console.error("Reading the subscriptions failed:", error);
      return null;
    }
  }
}
