/**
 * The buyer's account page: who is signed in, the account they act for, and (for buyers who manage several
 * accounts, B2B) a switcher: a select and a submit button, so it works without JavaScript; up to 200 accounts are
 * found by a search and listed a page at a time (account/ui/AccountSwitcher). Cart, checkout and order calls then act
 * for the chosen account (the client sends it as effectiveAccountId).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountSwitcher } from "~/account/ui/AccountSwitcher";
import {
  ORDER_HISTORY_PATH,
  ADDRESS_BOOK_PATH,
  PROFILE_PATH,
  WISHLIST_PATH,
  loginPath,
  productPath,
} from "~/lib/paths";
import { profileAbilities } from "~/account/model/profile";
import { useStoreLocale } from "~/components/StoreLocale";
import { formatDate } from "~/lib/format/formats";
import { subscriptionsOffered } from "~/cart/model/subscriptions";
import { SAVED_CARTS_PATH } from "~/cart/model/saved-carts";
import {
  SUBSCRIPTIONS_PAGE_SIZE,
  SUBSCRIPTIONS_STATE_PARAM,
  SUBSCRIPTIONS_TOKEN_PARAM,
  subscriptionStateOf,
  subscriptionsTokenOf,
  isSubscriptionIntent,
  type SubscriptionFormFailure,
  type SubscriptionsView,
} from "~/account/model/subscriptions";
import { SubscriptionActions } from "~/account/ui/SubscriptionActions";
import { STORE_NAME } from "~/lib/brand";
import { pageTitle, pageFailure, RouteErrorBoundary } from "~/components/store/PageError";
import { withShop, serverTimingHeaders } from "~/shop.server";

export const meta: MetaFunction = ({ error }) => [
  { title: `${pageTitle(pageFailure(error), "Your account")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    if (!shop.shopper.isLoggedIn) throw await shop.redirect(loginPath("/account"));
    const params = new URL(request.url).searchParams;
    // Subscriptions only where the store sells them (decision 013); one page of the account's, never all.
    const offered = subscriptionsOffered(shop.appContext?.subscriptionConfig);
    const [switcher, subscriptions] = await Promise.all([
      shop.account.accountSwitcher(params),
      offered ? shop.orders.subscriptions(subscriptionStateOf(params), subscriptionsTokenOf(params)) : null,
    ]);
    // My profile exists from API 52.0 (GET myprofile).
    const profileShown = profileAbilities(shop.client.apiVersion).readable;
    return shop.reply({ shopper: shop.shopper, switcher, subscriptionsShown: offered, subscriptions, profileShown });
  });
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const form = await request.formData();
    // The subscriptions' forms belong to the orders slice, which reads the subscriptions; the rest to the account.
    return isSubscriptionIntent(form.get("intent"))
      ? shop.orders.submitSubscription(form)
      : shop.account.submitAccountForm(form);
  });
}

export default function Account() {
  const { shopper, switcher, subscriptionsShown, subscriptions, profileShown } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure =
    answer && typeof answer === "object" && "subscriptionForm" in answer
      ? (answer.subscriptionForm as SubscriptionFormFailure)
      : null;
  return (
    <div className="store-page store-narrow">
      <h1>Your account</h1>
      <dl className="store-details">
        <div>
          <dt>Signed in as</dt>
          <dd>{shopper.firstName ?? "Buyer"}</dd>
        </div>
        {shopper.effectiveAccountName ? (
          <div>
            <dt>Shopping for</dt>
            <dd>{shopper.effectiveAccountName}</dd>
          </div>
        ) : null}
      </dl>
      {profileShown ? (
        <p>
          <Link to={PROFILE_PATH}>My profile</Link>: your name, email address and phone
        </p>
      ) : null}
      {switcher.total > 1 ? <AccountSwitcher view={switcher} currentId={shopper.effectiveAccountId} /> : null}
      <section aria-labelledby="links-title" className="store-section">
        <h2 id="links-title">Orders</h2>
        <ul className="store-links">
          <li>
            <Link to={ORDER_HISTORY_PATH}>Order History</Link>
          </li>
          <li>
            <Link to="/cart">Your cart</Link>
          </li>
          <li>
            <Link to={SAVED_CARTS_PATH}>Saved carts</Link>
          </li>
        </ul>
      </section>
      {subscriptionsShown ? <Subscriptions view={subscriptions} failure={failure} /> : null}
      <section aria-labelledby="saved-title" className="store-section">
        <h2 id="saved-title">Saved for you</h2>
        {switcher.total > 1 ? (
          <p className="store-muted">Addresses and wishlists belong to the account you shop for.</p>
        ) : null}
        <ul className="store-links">
          <li>
            <Link to={ADDRESS_BOOK_PATH}>Address Book</Link>
          </li>
          <li>
            <Link to={WISHLIST_PATH}>Wishlists</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

const subscriptionsLink = (state: "Active" | "Past", token?: string) => {
  const query = new URLSearchParams();
  if (state === "Past") query.set(SUBSCRIPTIONS_STATE_PARAM, "past");
  if (token) query.set(SUBSCRIPTIONS_TOKEN_PARAM, token);
  const search = query.toString();
  return `/account${search ? `?${search}` : ""}#subscriptions-title`;
};

/**
 * The account's subscriptions (GET `subscriptions`): a page of the active ones (or, asked, the ended ones), each with
 * its product, plan and term, and the day's orders it was bought with. A page at a time, however many there are.
 */
function Subscriptions({ view, failure }: { view: SubscriptionsView | null; failure: SubscriptionFormFailure | null }) {
  const locale = useStoreLocale();
  const state = view?.state ?? "Active";
  const date = (value: string | null) => (value ? formatDate(value, "medium", { locale }) : "");
  return (
    <section aria-labelledby="subscriptions-title" className="store-section">
      <h2 id="subscriptions-title">Subscriptions</h2>
      <ul className="store-links" aria-label="Which subscriptions">
        <li>
          <Link to={subscriptionsLink("Active")} aria-current={state === "Active" ? "page" : undefined}>
            Active
          </Link>
        </li>
        <li>
          <Link to={subscriptionsLink("Past")} aria-current={state === "Past" ? "page" : undefined}>
            Ended
          </Link>
        </li>
      </ul>
      {view === null ? (
        <p role="status">We couldn&apos;t load your subscriptions right now. Try again in a moment.</p>
      ) : view.rows.length === 0 ? (
        <p>{state === "Active" ? "You have no active subscriptions." : "You have no ended subscriptions."}</p>
      ) : (
        <ul className="store-subscriptions">
          {view.rows.map((row) => (
            <li key={row.id} aria-labelledby={`subscription-${row.id}`}>
              <h3 id={`subscription-${row.id}`}>
                {row.productId ? (
                  <Link to={productPath({ id: row.productId, name: row.productName })}>{row.productName}</Link>
                ) : (
                  row.productName
                )}
              </h3>
              <dl className="store-details">
                <div>
                  <dt>Plan</dt>
                  <dd>
                    {row.plan}: {row.term}
                  </dd>
                </div>
                {row.quantity ? (
                  <div>
                    <dt>Quantity</dt>
                    <dd>{row.quantity}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>Started</dt>
                  <dd>{date(row.startDate)}</dd>
                </div>
                <div>
                  <dt>{state === "Past" ? "Ended" : "Ends"}</dt>
                  <dd>{row.endDate ? date(row.endDate) : "When you cancel"}</dd>
                </div>
                {row.nextBillingDate && !row.cancellationDate ? (
                  <div>
                    <dt>Next billing</dt>
                    <dd>{date(row.nextBillingDate)}</dd>
                  </div>
                ) : null}
                {row.cancellationDate ? (
                  <div>
                    <dt>Cancelled</dt>
                    <dd>Stops on {date(row.cancellationDate)}</dd>
                  </div>
                ) : null}
                {row.renewed ? (
                  <div>
                    <dt>Renewed</dt>
                    <dd>Runs until {date(row.endDate)}</dd>
                  </div>
                ) : null}
                {row.pendingQuantity ? (
                  <div>
                    <dt>Quantity change</dt>
                    <dd>
                      {row.pendingQuantity.quantity} from {date(row.pendingQuantity.from)}
                    </dd>
                  </div>
                ) : null}
              </dl>
              {state === "Active" ? (
                <SubscriptionActions
                  row={row}
                  canRenewAndAmend={view.canRenewAndAmend}
                  quantityRange={view.quantityRange}
                  failure={failure?.subscriptionId === row.id ? failure : null}
                />
              ) : null}
              {row.startDay ? (
                <p>
                  <Link to={`${ORDER_HISTORY_PATH}?from=${row.startDay}&to=${row.startDay}`}>
                    Orders of {date(row.startDay)}
                  </Link>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {view && (view.nextPageToken || view.isLaterPage) ? (
        <p className="store-muted">
          {SUBSCRIPTIONS_PAGE_SIZE} subscriptions a page.{" "}
          {view.isLaterPage ? <Link to={subscriptionsLink(state)}>First page</Link> : null}
          {view.isLaterPage && view.nextPageToken ? " · " : null}
          {view.nextPageToken ? (
            <Link to={subscriptionsLink(state, view.nextPageToken)}>More subscriptions</Link>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
