/**
 * The address book's pages and forms (/account/addresses, /new, /{addressId}) over the book: what each page reads and
 * how each form ends. Signed-in buyers only; a guest goes to sign in and comes back.
 */
import { data } from "@remix-run/node";
import {
  parseAccountForm,
  addressListActionSchema,
  createAddressBookSchema,
} from "~/account/forms/account-forms.server";
import type { AddressBookValues } from "~/account/forms/address-book-schema";
import {
  ADDRESS_BOOK_PATH,
  ADDRESS_INTENTS,
  addressBookFormValues,
  addressName,
  addressPath,
  NEW_ADDRESS_PATH,
} from "~/account/model/address-book";
import type { AddressActionData } from "~/account/ui/AddressCard";
import { postedText, submittedWithJs } from "~/components/store/forms";
import { safeRedirect } from "~/lib/paths";
import { formConstraint } from "~/lib/validation/constraint.server";
import { toast, type ToastInput } from "~/shop/toast.server";
import type { ShopCore } from "~/shop/core.server";
import { ADDRESS_MISSING, type AddressBook } from "./address-book.server";

/**
 * The API's address input for the form's values. Every field is sent, an emptied one as "", so an edit can clear
 * a company or a phone number; the phone goes out as the saved address's `phoneNumber`.
 */
export function addressBookInput(values: AddressBookValues) {
  const a = values.address;
  return {
    name: addressName(values),
    addressType: values.addressType,
    isDefault: values.isDefault === true,
    firstName: a.firstName,
    lastName: a.lastName,
    companyName: a.companyName ?? "",
    street: a.street,
    city: a.city,
    region: a.region ?? "",
    postalCode: a.postalCode,
    country: a.country,
    phoneNumber: a.shipToPhoneNumber ?? "",
  };
}

/** /account/addresses: one page of the book (`pageTokenParam`: the URL's `?page=`). */
export async function addressBookPage(shop: ShopCore, book: AddressBook, pageTokenParam: string | null) {
  if (!shop.shopper.isLoggedIn) throw await book.signInFirst(ADDRESS_BOOK_PATH);
  const pageToken = pageTokenParam || undefined;
  return { page: await book.page(pageToken), hasPageToken: !!pageToken, accountName: book.accountNote() };
}

/** The list's forms (delete, make default): a fetcher gets the outcome back, a plain form a 303 with the toast. */
export async function submitAddressList(shop: ShopCore, book: AddressBook, formData: FormData) {
  if (!shop.shopper.isLoggedIn) throw await book.signInFirst(ADDRESS_BOOK_PATH);
  const submission = parseAccountForm(formData, addressListActionSchema);
  // Read from the posted fields: a refused form still answers the way it came (fetcher or plain form) and goes back.
  const back = safeRedirect(postedText(submission, "redirectTo"), ADDRESS_BOOK_PATH);
  const withJs = submittedWithJs(formData);
  const here = back.startsWith(ADDRESS_BOOK_PATH) ? back : ADDRESS_BOOK_PATH;
  const reply = async (note: ToastInput) => {
    if (!withJs) return shop.redirect(here, note);
    shop.toasts.flash(note);
    return shop.reply<AddressActionData>({ ok: note.variant !== "error", message: note.message });
  };

  if (submission.status !== "success") {
    const missingAddress = submission.error?.addressId?.[0];
    return reply(toast("error", missingAddress ?? "Choose an action."));
  }
  const { intent, addressId } = submission.value;
  const name = submission.value.name || "The address";
  return reply(
    intent === ADDRESS_INTENTS.remove ? await book.remove(addressId, name) : await book.makeDefault(addressId, name),
  );
}

/** /account/addresses/new (`typeParam`: the URL's `?type=`, Billing for a billing address). */
export async function newAddressPage(shop: ShopCore, book: AddressBook, typeParam: string | null) {
  if (!shop.shopper.isLoggedIn) throw await book.signInFirst(NEW_ADDRESS_PATH);
  const type = typeParam === "Billing" ? "Billing" : "Shipping";
  const options = await book.formOptions();
  const constraint = formConstraint(createAddressBookSchema(options));
  return { options, constraint, accountName: book.accountNote(), type };
}

export async function submitNewAddress(shop: ShopCore, book: AddressBook, form: FormData) {
  if (!shop.shopper.isLoggedIn) throw await book.signInFirst(NEW_ADDRESS_PATH);
  const schema = createAddressBookSchema(await book.formOptions());
  const submission = parseAccountForm(form, schema);
  if (submission.status !== "success") return shop.reply(submission.reply(), { status: 400 });
  const saved = await book.create(addressBookInput(submission.value));
  if (saved.kind !== "saved") {
    return shop.reply(submission.reply({ formErrors: [saved.message] }), { status: 400 });
  }
  return shop.redirect(
    ADDRESS_BOOK_PATH,
    toast("success", `Saved ${addressName(submission.value)} to your address book.`),
  );
}

/** /account/addresses/{addressId}: the address in its form; one that isn't in the book is a 404 (thrown). */
export async function editAddressPage(shop: ShopCore, book: AddressBook, addressId: string) {
  if (!shop.shopper.isLoggedIn) throw await book.signInFirst(addressPath(addressId));
  const found = await book.find(addressId);
  if (!found) throw data("Address not found", { status: 404 });
  const options = await book.formOptions(found.entry.country);
  return {
    id: found.entry.id,
    name: found.entry.name,
    options,
    constraint: formConstraint(createAddressBookSchema(options)),
    defaults: addressBookFormValues(found.raw),
    accountName: book.accountNote(),
  };
}

export async function submitAddressEdit(shop: ShopCore, book: AddressBook, addressId: string, form: FormData) {
  if (!shop.shopper.isLoggedIn) throw await book.signInFirst(addressPath(addressId));
  const found = await book.find(addressId);
  if (!found) return shop.redirect(ADDRESS_BOOK_PATH, toast("error", ADDRESS_MISSING));
  const schema = createAddressBookSchema(await book.formOptions(found.entry.country));
  const submission = parseAccountForm(form, schema);
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
}
