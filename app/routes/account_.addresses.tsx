/**
 * /account/addresses, the address book: the saved addresses of the account the buyer acts for (a B2B buyer's
 * managed account), defaults first, ten a page (the API's page tokens in `?page=`), each with Edit, Make default
 * and Delete. Guests are sent to sign in.
 *
 * Delete and Make default are POSTs to this route with an `intent`. Without JavaScript the action answers 303
 * back to the page with a toast; with it the forms are fetchers, a deleted address leaves the page at once and
 * focus goes to the page's heading, and the revalidation brings the API's list and the toast.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useFetchers, useLoaderData, useLocation } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { ADDRESS_BOOK_HEADING_ID, AddressCard } from "~/account/ui/AddressCard";
import { STORE_NAME } from "~/lib/brand";
import { pageTitle, pageFailure, RouteErrorBoundary } from "~/components/store/PageError";
import { TokenPagination } from "~/components/store/TokenPagination";
import { serverTimingHeaders, withShop } from "~/shop.server";
import { ADDRESS_BOOK_PATH, ADDRESS_INTENTS, NEW_ADDRESS_PATH } from "~/account/model/address-book";
import accountStyles from "~/styles/account.css?url";

export const meta: MetaFunction = ({ error }) => [
  { title: `${pageTitle(pageFailure(error), "Address Book")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) =>
    shop.reply(await shop.account.addressBookPage(new URL(request.url).searchParams.get("page"))),
  );
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => shop.account.submitAddressList(await request.formData()));
}

export default function AddressBook() {
  const { page, hasPageToken, accountName } = useLoaderData<typeof loader>();
  const location = useLocation();
  const fetchers = useFetchers();
  // Addresses being deleted leave the page at once (with JavaScript); the revalidation confirms it.
  const deleting = new Set(
    fetchers
      .filter((f) => f.formData?.get("intent") === ADDRESS_INTENTS.remove)
      .map((f) => String(f.formData?.get("addressId") ?? "")),
  );
  const visible = page.entries.filter((entry) => !deleting.has(entry.id));
  const here = `${location.pathname}${location.search}`;

  return (
    <div className="store-page account-page">
      <Breadcrumbs items={[{ label: "Your account", url: "/account" }, { label: "Address Book" }]} />
      <h1 id={ADDRESS_BOOK_HEADING_ID} tabIndex={-1}>
        Address Book
      </h1>
      {accountName ? (
        <p className="store-muted">
          Addresses of {accountName}. <Link to="/account">Switch account</Link>
        </p>
      ) : null}
      <p>
        <Link to={NEW_ADDRESS_PATH} className="store-cta">
          Add an address
        </Link>
      </p>
      {visible.length > 0 ? (
        <ul className="account-addresses" aria-label="Saved addresses">
          {visible.map((entry) => (
            <AddressCard key={entry.id} entry={entry} redirectTo={here} />
          ))}
        </ul>
      ) : (
        <p className="store-empty">
          {hasPageToken ? (
            <Link to={ADDRESS_BOOK_PATH}>Back to the first page</Link>
          ) : (
            "No saved addresses yet. Addresses you add here, or save at checkout, are offered when you check out."
          )}
        </p>
      )}
      <TokenPagination
        label="Address pages"
        path={ADDRESS_BOOK_PATH}
        previousPageToken={page.previousPageToken}
        nextPageToken={page.nextPageToken}
        paged={hasPageToken}
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
