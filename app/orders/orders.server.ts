/**
 * The orders slice's one server face: what the routes call as `shop.orders` (app/shop.server.ts wires it over the
 * request's core). Each member delegates to the step of ./server/ that serves its page:
 * - `provider.server.ts`: who may read an order, reading one through the lookup, the session's `guestVerification`;
 * - `lookup.server.ts`: the Order Lookup page and its form (spec §6);
 * - `order-page.server.ts`: the order page (a buyer's from the order resources, a guest's through the lookup or an
 *   access-token link) and its forms, with `order-link.server.ts` (a guest's access token) and `reorder.server.ts`
 *   ("Buy again");
 * - `history.server.ts`: the buyer's order history;
 * - `subscriptions.server.ts` and `subscription-actions.server.ts`: the account page's subscriptions and their forms.
 */
import type { GuestVerification } from "../../server/webstore/index";
import type { HistoryQuery, OrderPageQuery } from "~/orders/model";
import type { SubscriptionState, SubscriptionsView } from "~/account/model/subscriptions";
import {
  guestVerification,
  mayLoad,
  rememberGuestVerification,
  type OrdersCartSibling,
  type OrdersCore,
} from "~/orders/server/provider.server";
import { lookupForm, submitLookup } from "~/orders/server/lookup.server";
import { orderSummary, submitSummary } from "~/orders/server/order-page.server";
import { guestAccessToken } from "~/orders/server/order-link.server";
import { history, type HistoryResult } from "~/orders/server/history.server";
import { subscriptions } from "~/orders/server/subscriptions.server";
import { submitSubscriptionAction } from "~/orders/server/subscription-actions.server";

export interface OrdersHandler {
  /** /OrderLookup[/{recordId}]: the lookup page with its form's constraints (the number from `?orderNumber=`). */
  lookupForm(recordId: string | undefined, orderNumberParam: string | null): ReturnType<typeof lookupForm>;
  /**
   * The lookup form posted: refused or unmatched, the form again as typed (the handler flashed the toast); a match
   * loads the order summary as a new document (spec: "the page reloads").
   */
  submitLookup(form: FormData): ReturnType<typeof submitLookup>;
  /**
   * /OrderSummary/{orderNumber}: the order, or the "not found" page (404); a guest without a verification that opens
   * it goes to the lookup form (thrown redirect); an order the API can't read now is a thrown 503. `query` is what
   * the page's URL asks (orders/model readOrderPageQuery): a guest's access token, each group's page of items.
   */
  summary(orderNumberParam: string | undefined, query: OrderPageQuery): ReturnType<typeof orderSummary>;
  /** The order page's forms: a guest's "Get a link to this order", else "Buy again" (with the page's access token). */
  submitSummary(
    orderNumberParam: string | undefined,
    form: FormData,
    query: OrderPageQuery,
  ): ReturnType<typeof submitSummary>;
  /** The account page's subscription forms: cancel, renew, change the quantity (subscription-actions.server.ts). */
  submitSubscription(form: FormData): ReturnType<typeof submitSubscriptionAction>;
  /** A page of the buyer's order history, statuses in the store's words (the route reads and checks its query). */
  history(query: HistoryQuery): Promise<HistoryResult>;
  /**
   * One page of the subscriptions of the account the buyer shops for (GET `subscriptions`, 63.0): `state` Active or
   * Past, a page token from the previous page. Null when the API can't list them (before 63.0, a failure): the
   * account page then says so instead of showing none.
   */
  subscriptions(state: SubscriptionState, pageToken: string | null): Promise<SubscriptionsView | null>;

  // A guest's access to orders; the checkout asks for the last two through the composition (app/shop.server.ts).
  /** The guest's verification from the session, or null (signed-in buyers never send one). */
  guestVerification(): GuestVerification | null;
  /** Whether an order can be read for the shopper at all (a guest needs a verified lookup first). */
  mayLoad(): boolean;
  /**
   * A guest's access token for one order (POST `order-summaries/actions/authorize`, valid 60 minutes): asked with
   * the session's e-mail and the contact the guest gave at checkout, or the phone number `typed` on the order
   * page. Null when the API refuses (details that don't match, too many tries) or for a signed-in buyer.
   */
  guestAccessToken(orderNumber: string, typed?: { phoneNumber: string }): Promise<string | null>;
  /** After a guest's order (checkout, the orders' sibling): their e-mail kept as the session's verification. */
  rememberGuestVerification(email: string): void;
}

/** The sibling domains the orders ask things of (given by the composition). */
export interface OrdersSiblings {
  cart: OrdersCartSibling;
}

export function createOrdersHandler(shop: OrdersCore, { cart }: OrdersSiblings): OrdersHandler {
  return {
    lookupForm: (recordId, orderNumberParam) => lookupForm(shop, recordId, orderNumberParam),
    submitLookup: (form) => submitLookup(shop, form),
    summary: (orderNumberParam, query) => orderSummary(shop, orderNumberParam, query),
    submitSummary: (orderNumberParam, form, query) => submitSummary(shop, cart, orderNumberParam, form, query),
    submitSubscription: (form) => submitSubscriptionAction(shop, form),
    history: (query) => history(shop, query),
    subscriptions: (state, pageToken) => subscriptions(shop, state, pageToken),

    guestVerification: () => guestVerification(shop),
    mayLoad: () => mayLoad(shop),
    guestAccessToken: (orderNumber, typed) => guestAccessToken(shop, orderNumber, typed),
    rememberGuestVerification: (email) => rememberGuestVerification(shop.session, email),
  };
}
