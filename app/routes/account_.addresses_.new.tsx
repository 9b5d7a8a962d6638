/**
 * /account/addresses/new: a new saved address for the account the buyer acts for. POST → 303 to the address book
 * with a toast, or 400 with every message and what was typed.
 */
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressBookForm } from "~/components/account/AddressBookForm";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { STORE_NAME } from "~/components/store/Header";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { addressBookAccountNote, addressFormOptions, bookAccount, requireBuyer } from "~/address-book.server";
import {
  ADDRESS_BOOK_PATH,
  addressBookInput,
  addressName,
  createAddressBookSchema,
  NEW_ADDRESS_PATH,
} from "~/lib/address-book";
import accountStyles from "~/styles/account.css";
import checkoutStyles from "~/styles/checkout.css";
import { toast } from "~/toast.server";
import { errorMessage, getWebstore, serverTimingHeaders } from "~/webstore.server";

export const meta: MetaFunction = () => [
  { title: `Add an address | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: checkoutStyles as unknown as string },
  { rel: "stylesheet", href: accountStyles as unknown as string },
];

export const headers = serverTimingHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  await requireBuyer(ws, NEW_ADDRESS_PATH);
  const type = new URL(request.url).searchParams.get("type") === "Billing" ? "Billing" : "Shipping";
  return ws.reply({ options: await addressFormOptions(ws), accountName: addressBookAccountNote(ws), type });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ws = await getWebstore(request, context);
  await requireBuyer(ws, NEW_ADDRESS_PATH);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: createAddressBookSchema(await addressFormOptions(ws)) });
  if (submission.status !== "success") return ws.reply(submission.reply(), { status: 400 });
  try {
    await ws.client.createAddress(addressBookInput(submission.value), bookAccount(ws));
  } catch (error) {
    const message = errorMessage(error, "We couldn't save the address. Check it and try again.");
    return ws.reply(submission.reply({ formErrors: [message] }), { status: 400 });
  }
  return ws.redirect(
    ADDRESS_BOOK_PATH,
    toast("success", `Saved ${addressName(submission.value)} to your address book.`),
  );
}

export default function NewAddress() {
  const { options, accountName, type } = useLoaderData<typeof loader>();
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
        defaultValue={{ addressType: type, address: { country: options.countries[0] } }}
        lastResult={lastResult}
        submitLabel="Save address"
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
