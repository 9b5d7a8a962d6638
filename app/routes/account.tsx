/**
 * The buyer's account page: who is signed in, the account they act for, and (for buyers who manage several
 * accounts, B2B) a switcher: a select and a submit button, so it works without JavaScript. Cart, checkout and
 * order calls then act for the chosen account (the client sends it as effectiveAccountId).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import { SelectField } from "~/components/SelectField";
import { ORDER_HISTORY_PATH, ADDRESS_BOOK_PATH, WISHLIST_PATH, loginPath } from "~/lib/paths";
import { STORE_NAME } from "~/lib/brand";
import { pageTitle, RouteErrorBoundary } from "~/components/store/PageError";
import { accountActionSchema, parseWithZod } from "~/handlers/identity/forms.server";
import { withShop, serverTimingHeaders, toast } from "~/shop.server";

export const meta: MetaFunction = ({ error }) => [
  { title: `${pageTitle(error, "Your account")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ shop }) => {
    if (!shop.shopper.isLoggedIn) throw await shop.redirect(loginPath("/account"));
    const accounts = await shop.identity.accounts();
    return shop.reply({ shopper: shop.shopper, accounts });
  });
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    if (!shop.shopper.isLoggedIn) return shop.redirect(loginPath("/account"));
    const submission = parseWithZod(await request.formData(), { schema: accountActionSchema });
    if (submission.status !== "success") return shop.redirect("/account", toast("error", "Choose an action."));
    return shop.redirect("/account", await shop.identity.switchAccount(submission.value.accountId));
  });
}

export default function Account() {
  const { shopper, accounts } = useLoaderData<typeof loader>();
  const pending = useIsPending({ formAction: "/account", state: "submitting" });
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
