/**
 * The address book's calls (spec §7 "Addresses"): the saved addresses of the account the buyer acts for
 * (`accounts/{effectiveAccountId}/addresses`, a B2B buyer's managed account), read, created, changed and deleted
 * there. Guests have no address book (spec §6): they are sent to sign in.
 */
import { data } from "@remix-run/node";
import { isFetchError } from "../server/webstore/index";
import { addressBookAccount, addressBookCountries, addressBookEntry, type AddressBookEntry } from "./lib/address-book";
import { toast } from "./toast.server";
import { loginPath, rethrowResponse, type Webstore } from "./webstore.server";

export const SIGN_IN_FOR_ADDRESSES = "Sign in to see your address book.";

/** Guests go to sign in and come back to `path` (thrown: the loader or action stops here). */
export async function requireBuyer(ws: Webstore, path: string): Promise<void> {
  if (!ws.shopper.isLoggedIn) throw await ws.redirect(loginPath(path), toast("info", SIGN_IN_FOR_ADDRESSES));
}

/** The account the book reads and writes: the effective account, else `current`. */
export const bookAccount = (ws: Webstore) => ({ accountId: addressBookAccount(ws.shopper.effectiveAccountId) });

/** The account named on the book's pages: a buyer who acts for several accounts (B2B) sees whose book it is. */
export function addressBookAccountNote(ws: Webstore): string | null {
  return ws.shopper.canSwitchAccount && ws.shopper.effectiveAccountName ? ws.shopper.effectiveAccountName : null;
}

/** The API's 15- and 18-character forms of one id are the same record. */
const sameId = (a: string, b: string) => a.slice(0, 15) === b.slice(0, 15);

/** An id that could name a record (letters and digits, 15 or 18 of them): anything else is no address of ours. */
const looksLikeId = (id: string) => /^[a-zA-Z0-9]{15}([a-zA-Z0-9]{3})?$/.test(id);

export const addressNotFound = () => data("Address not found", { status: 404 });

/**
 * One saved address of the account, or null when the account has none by that id (another account's, deleted,
 * made up). The list call with `addressId` reads it: the API has no GET for one address.
 */
export async function findAddress(
  ws: Webstore,
  addressId: string,
): Promise<{ raw: unknown; entry: AddressBookEntry } | null> {
  if (!looksLikeId(addressId)) return null;
  try {
    const found = await ws.client.getAddresses({
      ...bookAccount(ws),
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
    rethrowResponse(error);
    // A malformed or foreign id may be refused rather than filtered out: either way it isn't in this book.
    if (isFetchError(error) && (error.status === 400 || error.status === 404)) return null;
    throw error;
  }
}

/** What the address form needs from the store: the countries it offers and the phone rule, as checkout has them. */
export interface AddressFormOptions {
  countries: string[];
  skipPhoneNumberValidation: boolean;
}

/** The form's options; `own` is the edited address's country, offered even when the store no longer ships there. */
export async function addressFormOptions(ws: Webstore, own?: string | null): Promise<AddressFormOptions> {
  const context = await ws.client.getApplicationContext().catch((error: unknown) => {
    rethrowResponse(error);
    return null;
  });
  return {
    countries: addressBookCountries(context?.shippingCountries, own),
    skipPhoneNumberValidation: context?.skipPhoneNumberValidationEnabled === true,
  };
}

/** True for the API's "no such address here" (deleted meanwhile, another account's). */
export const isMissingAddress = (error: unknown) =>
  isFetchError(error) && (error.status === 404 || error.status === 400);
