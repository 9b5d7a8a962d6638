/** The buyer account's saved (contact point) addresses (spec §7 "Addresses"). */
import { type ClientCore, required, send } from "../core.js";
import { CPA_DISABLED, WebstoreError } from "../errors.js";
import { isBlankAccountId, path } from "../http.js";
import type { Address, AddressCollection, PostalAddressFields } from "../types/index.js";

export interface AddressListOptions {
  /** An account id, or `current` for the effective account. */
  accountId?: string;
  /** One address by id (56.0+): an id the account doesn't have lists nothing. */
  addressId?: string;
  addressType?: "Shipping" | "Billing";
  defaultOnly?: boolean;
  excludeUnsupportedCountries?: boolean;
  fields?: string[];
  pageSize?: number;
  pageToken?: string;
  sortOrder?: "CreatedDateAsc" | "CreatedDateDesc" | "NameAsc" | "NameDesc";
}

export interface AddressInput extends PostalAddressFields {
  addressType?: "Shipping" | "Billing";
  middleName?: string;
  isDefault?: boolean;
}

const pathOf = (accountId: string) => path`accounts/${required(accountId, "accountId is required")}/addresses`;

export function addressesApi(core: ClientCore) {
  /**
   * `current` is the account the shopper acts for: named in the path when the shopper chose one, since the addresses
   * resource documents no `effectiveAccountId` parameter (server/webstore/http.ts sends it none).
   */
  const addressesPath = (accountId?: string) =>
    pathOf(accountId ?? (isBlankAccountId(core.effectiveAccountId) ? "current" : core.effectiveAccountId!));
  return {
    /**
     * Spec §5: guests have no saved addresses, and page size 0 means "don't list": both fail 'CPA disabled'.
     * Spec §9's "default address first" is done here, on the page read: Commerce Webstore Account Addresses documents
     * no parameter for it (addressId, addressType, defaultOnly, excludeUnsupportedCountries, fields, pageSize,
     * pageToken, sortOrder), so none is sent.
     */
    async getAddresses(options: AddressListOptions = {}): Promise<AddressCollection> {
      if (!core.accessToken || options.pageSize === 0) throw new WebstoreError(CPA_DISABLED);
      const { accountId, excludeUnsupportedCountries = true, ...query } = options;
      const collection: AddressCollection = await send(core, {
        path: addressesPath(accountId),
        query: { ...query, fields: query.fields?.length ? query.fields : undefined, excludeUnsupportedCountries },
      });
      if (!Array.isArray(collection?.items)) return collection;
      const items = [...collection.items].sort((a, b) => Number(b.isDefault === true) - Number(a.isDefault === true));
      return { ...collection, items };
    },

    async createAddress(input: AddressInput, options: { accountId?: string } = {}): Promise<Address> {
      return send(core, { method: "POST", path: addressesPath(options.accountId), body: input });
    },

    /** The spec's address carries its id as addressId (or id). */
    async updateAddress(
      input: AddressInput & { addressId?: string; id?: string },
      options: { accountId?: string } = {},
    ): Promise<Address> {
      const { addressId, id, ...body } = input;
      const target = required(addressId ?? id, "addressId is required");
      return send(core, {
        method: "PATCH",
        path: `${addressesPath(options.accountId)}/${encodeURIComponent(target)}`,
        body,
      });
    },

    async deleteAddress(addressId: string, options: { accountId?: string } = {}): Promise<void> {
      const target = required(addressId, "addressId is required");
      await send(core, { method: "DELETE", path: `${addressesPath(options.accountId)}/${encodeURIComponent(target)}` });
    },
  };
}
