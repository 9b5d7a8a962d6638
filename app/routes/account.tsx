/**
 * The buyer's account page: who is signed in, the account they act for, and (for buyers who manage several
 * accounts, B2B) a switcher: a select and a submit button, so it works without JavaScript. Cart, checkout and
 * order calls then act for the chosen account (the client sends it as effectiveAccountId).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/Button";
import { SelectField } from "~/components/SelectField";
import { ORDER_HISTORY_PATH, STORE_NAME } from "~/components/store/Header";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { WISHLIST_PATH } from "~/components/store/WishlistButton";
import { ADDRESS_BOOK_PATH } from "~/components/store/urls";
import { errorMessage, getWebstore, loginPath, serverTimingHeaders, toast } from "~/webstore.server";
import { useStoreHref } from "~/components/store-href";

export const meta: MetaFunction = () => [
  { title: `Your account | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  if (!ws.shopper.isLoggedIn) throw await ws.redirect(loginPath("/account"));
  const accounts = await ws.client.getManagedAccounts({ includeMyAccount: true });
  // Keep the header's switcher offer in step with what the API says now.
  ws.session.set("managedAccountCount", accounts.length);
  return ws.reply({
    shopper: ws.shopper,
    accounts: accounts.map((account) => ({
      id: account.id,
      name: account.name || account.id,
      city: [account.address.city, account.address.state, account.address.country].filter(Boolean).join(", "),
    })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ws = await getWebstore(request, context);
  if (!ws.shopper.isLoggedIn) return ws.redirect(loginPath("/account"));
  const formData = await request.formData();
  if (formData.get("intent") !== "switchAccount") return ws.redirect("/account", toast("error", "Choose an action."));
  const accountId = String(formData.get("accountId") ?? "");
  try {
    const accounts = await ws.client.getManagedAccounts({ includeMyAccount: true });
    const chosen = accounts.find((account) => account.id === accountId);
    if (!chosen) return ws.redirect("/account", toast("error", "Choose one of your accounts."));
    ws.session.set("effectiveAccountId", chosen.id);
    ws.session.set("effectiveAccountName", chosen.name || chosen.id);
    // A checkout started for the previous account does not belong to this one, nor do its wishlists.
    ws.session.unset("activeCheckoutId", "defaultWishlistId");
    return ws.redirect("/account", toast("success", `You're now shopping for ${chosen.name || chosen.id}.`));
  } catch (error) {
    return ws.redirect("/account", toast("error", errorMessage(error, "We couldn't switch accounts. Try again.")));
  }
}

export default function Account() {
  const { shopper, accounts } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const accountAction = useStoreHref("/account");
  const pending = navigation.state === "submitting" && navigation.formAction === accountAction;
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
      {accounts.length > 1 ? (
        <section aria-labelledby="switch-title" className="store-section">
          <h2 id="switch-title">Switch account</h2>
          <p className="store-muted">Your cart, checkout and orders follow the account you shop for.</p>
          <Form method="post" action="/account" className="store-inline-form">
            <SelectField
              label="Shop for account"
              name="accountId"
              defaultValue={shopper.effectiveAccountId}
              options={accounts.map((account) => ({
                value: account.id,
                label: account.city ? `${account.name} (${account.city})` : account.name,
              }))}
            />
            <Button name="intent" value="switchAccount" pending={pending} pendingLabel="Switching…">
              Switch account
            </Button>
          </Form>
        </section>
      ) : null}
      <section aria-labelledby="links-title" className="store-section">
        <h2 id="links-title">Orders</h2>
        <ul className="store-links">
          <li>
            <Link to={ORDER_HISTORY_PATH}>Order History</Link>
          </li>
          <li>
            <Link to="/cart">Your cart</Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="saved-title" className="store-section">
        <h2 id="saved-title">Saved for you</h2>
        {accounts.length > 1 ? (
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

export const ErrorBoundary = RouteErrorBoundary;
