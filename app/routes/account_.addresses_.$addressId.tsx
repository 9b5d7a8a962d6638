/**
 * /account/addresses/{addressId}: edit one saved address of the account the buyer acts for. An id that names no
 * address of that account (another account's, deleted, made up) is a 404 page; a save that finds it gone goes
 * back to the book and says so. POST → 303 to the book with a toast, or 400 with every message and what was typed.
 */
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressBookForm } from "~/components/account/AddressBookForm";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { STORE_NAME } from "~/components/store/Header";
import { errorTitle, notFoundBoundary } from "~/components/store/PageError";
import {
  addressBookAccountNote,
  addressFormOptions,
  addressNotFound,
  bookAccount,
  findAddress,
  isMissingAddress,
  requireBuyer,
} from "~/address-book.server";
import {
  ADDRESS_BOOK_PATH,
  addressBookFormValues,
  addressBookInput,
  addressName,
  addressPath,
  createAddressBookSchema,
} from "~/lib/address-book";
import accountStyles from "~/styles/account.css";
import checkoutStyles from "~/styles/checkout.css";
import { toast } from "~/toast.server";
import { errorMessage, getWebstore, serverTimingHeaders } from "~/webstore.server";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: `${data ? `Edit ${data.name}` : errorTitle(error, "Address not found")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: checkoutStyles as unknown as string },
  { rel: "stylesheet", href: accountStyles as unknown as string },
];

export const headers = serverTimingHeaders;

const MISSING = "We couldn't find that address in your address book. It may have been deleted.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  const addressId = params.addressId ?? "";
  await requireBuyer(ws, addressPath(addressId));
  const found = await findAddress(ws, addressId);
  if (!found) throw addressNotFound();
  return ws.reply({
    id: found.entry.id,
    name: found.entry.name,
    options: await addressFormOptions(ws, found.entry.country),
    defaults: addressBookFormValues(found.raw),
    accountName: addressBookAccountNote(ws),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ws = await getWebstore(request, context);
  const addressId = params.addressId ?? "";
  await requireBuyer(ws, addressPath(addressId));
  const found = await findAddress(ws, addressId);
  if (!found) return ws.redirect(ADDRESS_BOOK_PATH, toast("error", MISSING));
  const formData = await request.formData();
  const submission = parseWithZod(formData, {
    schema: createAddressBookSchema(await addressFormOptions(ws, found.entry.country)),
  });
  if (submission.status !== "success") return ws.reply(submission.reply(), { status: 400 });
  try {
    await ws.client.updateAddress(
      { addressId: found.entry.id, ...addressBookInput(submission.value) },
      bookAccount(ws),
    );
  } catch (error) {
    if (isMissingAddress(error) && (await findAddress(ws, addressId)) === null)
      return ws.redirect(ADDRESS_BOOK_PATH, toast("error", MISSING));
    const message = errorMessage(error, "We couldn't save the address. Check it and try again.");
    return ws.reply(submission.reply({ formErrors: [message] }), { status: 400 });
  }
  return ws.redirect(ADDRESS_BOOK_PATH, toast("success", `Saved ${addressName(submission.value)}.`));
}

export default function EditAddress() {
  const { id, name, options, defaults, accountName } = useLoaderData<typeof loader>();
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
