/**
 * The address book (spec §7 "Addresses"): the saved addresses of the account the buyer acts for
 * (`accounts/{effectiveAccountId}/addresses`, a B2B buyer's managed account), read, created, changed and deleted
 * there. Guests have no address book (spec §6): they are sent to sign in.
 */
import { type FetchError, isFetchError, type Address, type AddressInput } from "../../../server/webstore/index";
import {
  ADDRESS_BOOK_PAGE_SIZE,
  addressBookAccount,
  addressBookCountries,
  addressBookEntry,
  addressBookPage,
  type AddressBookEntry,
  type AddressBookPage,
} from "~/account/model/address-book";
import { toast, type ToastInput } from "~/shop/toast.server";
import { errorMessage, caught, type Caught } from "~/shop/errors.server";
import { loginPath } from "~/lib/paths";
import { isRecordId } from "~/lib/record-id.server";
import type { ShopCore } from "~/shop/core.server";

export const SIGN_IN_FOR_ADDRESSES = "Sign in to see your address book.";
export const ADDRESS_MISSING = "We couldn't find that address in your address book. It may have been deleted.";

/** What the address form needs from the store: the countries it offers and the phone rule, as checkout has them. */
export interface AddressFormOptions {
  countries: string[];
  skipPhoneNumberValidation: boolean;
}

/** One saved address: the API's record (the form's starting values) and the book's entry. */
export interface FoundAddress {
  raw: Address;
  entry: AddressBookEntry;
}

/** How a save ends: saved, the address gone meanwhile, or refused with the form's message. */
export type AddressSave =
  { kind: "saved" } | { kind: "missing"; message: string } | { kind: "refused"; message: string };

export interface AddressBook {
  /** For a guest: to sign in with the spec's toast, and back to `path` afterwards. */
  signInFirst(path: string): Promise<Response>;
  /** The account named on the book's pages: a buyer who acts for several accounts (B2B) sees whose book it is. */
  accountNote(): string | null;
  /** A page of the book (every saved address, also in countries the store doesn't ship to). */
  page(pageToken: string | undefined): Promise<AddressBookPage>;
  /** One saved address of the account, or null when it has none by that id (another account's, deleted, made up). */
  find(addressId: string): Promise<FoundAddress | null>;
  /** The form's options; `own` is the edited address's country, offered even when the store no longer ships there. */
  formOptions(own?: string | null): Promise<AddressFormOptions>;
  create(input: AddressInput): Promise<AddressSave>;
  update(addressId: string, input: AddressInput): Promise<AddressSave>;
  /** Deleting an address already gone is what the shopper wanted: said, not refused. */
  remove(addressId: string, name: string): Promise<ToastInput>;
  makeDefault(addressId: string, name: string): Promise<ToastInput>;
}

/** The API's 15- and 18-character forms of one id are the same record. */
const sameId = (a: string, b: string) => a.slice(0, 15) === b.slice(0, 15);

/** True for the API's "no such address here" (deleted meanwhile, another account's). */
const isMissingAddress = (failure: FetchError | null) => failure?.status === 404 || failure?.status === 400;

export function createAddressBook(shop: ShopCore): AddressBook {
  const { client, shopper } = shop;
  /** The account the book reads and writes: the effective account, else `current`. */
  const account = () => ({ accountId: addressBookAccount(shopper.effectiveAccountId) });

  async function find(addressId: string): Promise<FoundAddress | null> {
    // Anything but a record id is no address of ours.
    if (!isRecordId(addressId)) return null;
    try {
      // The list call with `addressId` reads one: the API has no GET for one address.
      const found = await client.getAddresses({
        ...account(),
        addressId,
        excludeUnsupportedCountries: false,
        pageSize: 1,
      });
      for (const raw of found.items) {
        const entry = addressBookEntry(raw);
        if (entry && sameId(entry.id, addressId)) return { raw, entry };
      }
      return null;
    } catch (error) {
      // A malformed or foreign id may be refused rather than filtered out: either way it isn't in this book.
      if (isFetchError(error) && (error.status === 400 || error.status === 404)) return null;
      throw error;
    }
  }

  const saveFailed = (failure: Caught): AddressSave => ({
    kind: "refused",
    message: errorMessage(failure, "We couldn't save the address. Check it and try again."),
  });

  return {
    signInFirst: (path) => shop.redirect(loginPath(path), toast("info", SIGN_IN_FOR_ADDRESSES)),

    accountNote: () => (shopper.canSwitchAccount && shopper.effectiveAccountName ? shopper.effectiveAccountName : null),

    async page(pageToken) {
      const list = (token?: string) =>
        client.getAddresses({
          ...account(),
          pageSize: ADDRESS_BOOK_PAGE_SIZE,
          pageToken: token,
          excludeUnsupportedCountries: false,
        });
      // Spec §9: the default address first. The addresses resource documents no parameter that sorts it first
      // (docs/emulator.md, "Parameters the storefront sends"), so the book reads the defaults (`defaultOnly`,
      // documented) beside the page, shows them at the top of the first page and not again where the API's order
      // puts them. A book whose defaults can't be read still lists every address, in the API's order.
      const defaults = client
        .getAddresses({ ...account(), defaultOnly: true, pageSize: 10, excludeUnsupportedCountries: false })
        .then((found) => found.items)
        .catch(() => []);
      let listed: Awaited<ReturnType<typeof list>>;
      try {
        listed = await list(pageToken);
      } catch (error) {
        // A stale or made-up page token: the first page is what the shopper gets.
        if (!(pageToken && isFetchError(error) && error.status === 400)) throw error;
        listed = await list();
      }
      const firstDefaults = await defaults;
      const isDefault = (raw: { addressId?: unknown }) =>
        typeof raw.addressId === "string" &&
        firstDefaults.some((d) => typeof d.addressId === "string" && sameId(d.addressId, raw.addressId as string));
      const rest = listed.items.filter((raw) => !isDefault(raw));
      const firstPage = !listed.previousPageToken;
      return addressBookPage({ ...listed, items: firstPage ? [...firstDefaults, ...rest] : rest });
    },

    find,

    async formOptions(own) {
      const context = shop.appContext;
      return {
        countries: addressBookCountries(context?.shippingCountries, own),
        skipPhoneNumberValidation: context?.skipPhoneNumberValidationEnabled === true,
      };
    },

    async create(input) {
      try {
        await client.createAddress(input, account());
        return { kind: "saved" };
      } catch (error) {
        return saveFailed(caught(error));
      }
    },

    async update(addressId, input) {
      try {
        await client.updateAddress({ addressId, ...input }, account());
        return { kind: "saved" };
      } catch (error) {
        if (isMissingAddress(caught(error).api) && (await find(addressId)) === null)
          return { kind: "missing", message: ADDRESS_MISSING };
        return saveFailed(caught(error));
      }
    },

    async remove(addressId, name) {
      try {
        await client.deleteAddress(addressId, account());
        return toast("success", `Deleted ${name}.`);
      } catch (error) {
        // Deleted already (another tab, a double submit): what the shopper wanted is done.
        if (isMissingAddress(caught(error).api)) return toast("info", `${name} is no longer in your address book.`);
        return toast("error", errorMessage(caught(error), "We couldn't change your address book. Try again."));
      }
    },

    async makeDefault(addressId, name) {
      try {
        const saved = await client.updateAddress({ addressId, isDefault: true }, account());
        const type = saved.addressType === "Billing" ? "billing" : "shipping";
        return toast("success", `${saved.name || name} is now your default ${type} address.`);
      } catch (error) {
        if (isMissingAddress(caught(error).api)) return toast("error", ADDRESS_MISSING);
        return toast("error", errorMessage(caught(error), "We couldn't change your address book. Try again."));
      }
    },
  };
}
