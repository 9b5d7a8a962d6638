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
import { formConstraint, serverTimingHeaders, toast, withShop } from "~/shop.server";
import { createAddressBookSchema, parseWithZod } from "~/account/forms/account-forms.server";
import { ADDRESS_BOOK_PATH, addressBookInput, addressName, NEW_ADDRESS_PATH } from "~/account/model/address-book";
import accountStyles from "~/styles/account.css";
import checkoutStyles from "~/styles/checkout.css";

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
  return withShop(args, async ({ request, shop }) => {
    const book = shop.account.addresses;
    if (!shop.shopper.isLoggedIn) throw await book.signInFirst(NEW_ADDRESS_PATH);
    const type = new URL(request.url).searchParams.get("type") === "Billing" ? "Billing" : "Shipping";
    const options = await book.formOptions();
    const constraint = formConstraint(createAddressBookSchema(options));
    return shop.reply({ options, constraint, accountName: book.accountNote(), type });
  });
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const book = shop.account.addresses;
    if (!shop.shopper.isLoggedIn) throw await book.signInFirst(NEW_ADDRESS_PATH);
    const schema = createAddressBookSchema(await book.formOptions());
    const submission = parseWithZod(await request.formData(), { schema });
    if (submission.status !== "success") return shop.reply(submission.reply(), { status: 400 });
    const saved = await book.create(addressBookInput(submission.value));
    if (saved.kind !== "saved") {
      return shop.reply(submission.reply({ formErrors: [saved.message] }), { status: 400 });
    }
    return shop.redirect(
      ADDRESS_BOOK_PATH,
      toast("success", `Saved ${addressName(submission.value)} to your address book.`),
    );
  });
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
