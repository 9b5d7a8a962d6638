/**
 * /account/addresses/{addressId}: edit one saved address of the account the buyer acts for. An id that names no
 * address of that account (another account's, deleted, made up) is a 404 page; a save that finds it gone goes
 * back to the book and says so. POST → 303 to the book with a toast, or 400 with every message and what was typed.
 */
import {
  type ActionFunctionArgs,
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressBookForm } from "~/account/ui/AddressBookForm";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { STORE_NAME } from "~/lib/brand";
import { errorTitle, notFoundBoundary } from "~/components/store/PageError";
import { ADDRESS_MISSING } from "~/account/server/address-book.server";
import { formConstraint, serverTimingHeaders, toast, withShop } from "~/shop.server";
import { createAddressBookSchema, parseWithZod } from "~/account/forms/account-forms.server";
import {
  ADDRESS_BOOK_PATH,
  addressBookFormValues,
  addressBookInput,
  addressName,
  addressPath,
} from "~/account/model/address-book";
import accountStyles from "~/styles/account.css";
import checkoutStyles from "~/styles/checkout.css";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: `${data ? `Edit ${data.name}` : errorTitle(error, "Address not found")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: checkoutStyles },
  { rel: "stylesheet", href: accountStyles },
];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ params, shop }) => {
    const book = shop.account.addresses;
    const addressId = params.addressId ?? "";
    if (!shop.shopper.isLoggedIn) throw await book.signInFirst(addressPath(addressId));
    const found = await book.find(addressId);
    if (!found) throw data("Address not found", { status: 404 });
    const options = await book.formOptions(found.entry.country);
    return shop.reply({
      id: found.entry.id,
      name: found.entry.name,
      options,
      constraint: formConstraint(createAddressBookSchema(options)),
      defaults: addressBookFormValues(found.raw),
      accountName: book.accountNote(),
    });
  });
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, params, shop }) => {
    const book = shop.account.addresses;
    const addressId = params.addressId ?? "";
    if (!shop.shopper.isLoggedIn) throw await book.signInFirst(addressPath(addressId));
    const found = await book.find(addressId);
    if (!found) return shop.redirect(ADDRESS_BOOK_PATH, toast("error", ADDRESS_MISSING));
    const schema = createAddressBookSchema(await book.formOptions(found.entry.country));
    const submission = parseWithZod(await request.formData(), { schema });
    if (submission.status !== "success") return shop.reply(submission.reply(), { status: 400 });
    const saved = await book.update(found.entry.id, addressBookInput(submission.value));
    switch (saved.kind) {
      case "saved":
        return shop.redirect(ADDRESS_BOOK_PATH, toast("success", `Saved ${addressName(submission.value)}.`));
      case "missing":
        return shop.redirect(ADDRESS_BOOK_PATH, toast("error", saved.message));
      case "refused":
        return shop.reply(submission.reply({ formErrors: [saved.message] }), { status: 400 });
    }
  });
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
