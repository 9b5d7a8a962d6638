/**
 * /account/addresses/new: a new saved address for the account the buyer acts for. POST → 303 to the address book
 * with a toast, or 400 with every message and what was typed.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressBookForm } from "~/account/ui/AddressBookForm";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { STORE_NAME } from "~/lib/brand";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { serverTimingHeaders, withShop } from "~/shop.server";
import { ADDRESS_BOOK_PATH } from "~/account/model/address-book";
import accountStyles from "~/styles/account.css?url";
import checkoutStyles from "~/styles/checkout.css?url";

export const meta: MetaFunction = () => [
  { title: `Add an address | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: checkoutStyles },
  { rel: "stylesheet", href: accountStyles },
];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) =>
    shop.reply(await shop.account.newAddressPage(new URL(request.url).searchParams.get("type"))),
  );
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => shop.account.submitNewAddress(await request.formData()));
}

export default function NewAddress() {
  const { options, constraint, accountName, type } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="store-page account-page">
      <Breadcrumbs
        items={[
          { label: "Your account", url: "/account" },
          { label: "Address Book", url: ADDRESS_BOOK_PATH },
          { label: "Add an address" },
        ]}
      />
      <h1>Add an address</h1>
      {accountName ? <p className="store-muted">For {accountName}</p> : null}
      <AddressBookForm
        id="new-address"
        options={options}
        constraint={constraint}
        defaultValue={{ addressType: type, address: { country: options.countries[0] } }}
        lastResult={lastResult}
        submitLabel="Save address"
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
