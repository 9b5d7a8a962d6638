/**
 * /account/addresses/{addressId}: edit one saved address of the account the buyer acts for. An id that names no
 * address of that account (another account's, deleted, made up) is a 404 page; a save that finds it gone goes
 * back to the book and says so. POST → 303 to the book with a toast, or 400 with every message and what was typed.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressBookForm } from "~/account/ui/AddressBookForm";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { STORE_NAME } from "~/lib/brand";
import { errorTitle, pageFailure, notFoundBoundary } from "~/components/store/PageError";
import { serverTimingHeaders, withShop } from "~/shop.server";
import { ADDRESS_BOOK_PATH } from "~/account/model/address-book";
import accountStyles from "~/styles/account.css?url";
import checkoutStyles from "~/styles/checkout.css?url";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: `${data ? `Edit ${data.name}` : errorTitle(pageFailure(error), "Address not found")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: checkoutStyles },
  { rel: "stylesheet", href: accountStyles },
];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ params, shop }) =>
    shop.reply(await shop.account.editAddressPage(params.addressId ?? "")),
  );
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, params, shop }) =>
    shop.account.submitAddressEdit(params.addressId ?? "", await request.formData()),
  );
}

export default function EditAddress() {
  const { id, name, options, constraint, defaults, accountName } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="store-page account-page">
      <Breadcrumbs
        items={[
          { label: "Your account", url: "/account" },
          { label: "Address Book", url: ADDRESS_BOOK_PATH },
          { label: `Edit ${name}` },
        ]}
      />
      <h1>Edit {name}</h1>
      {accountName ? <p className="store-muted">For {accountName}</p> : null}
      {/* Keyed on the address: Conform reads its default values once. */}
      <AddressBookForm
        key={id}
        id="edit-address"
        options={options}
        constraint={constraint}
        defaultValue={defaults}
        lastResult={lastResult}
        submitLabel="Save changes"
      />
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({
  heading: "We can't find that address",
  text: "It isn't in the address book of the account you shop for, or it was deleted.",
  link: { to: ADDRESS_BOOK_PATH, label: "Go to your address book" },
});
