/** The buyer account's saved (contact point) addresses (spec §7 "Addresses"). */
import { type ClientCore, required, send } from "../core.js";
import { CPA_DISABLED, WebstoreError } from "../errors.js";
import { path } from "../http.js";
import type { Address, AddressCollection, PostalAddressFields } from "../types/index.js";

export interface AddressListOptions {
  /** An account id, or `current` for the effective account. */
  accountId?: string;
  /** One address by id (56.0+): an id the account doesn't have lists nothing. */
  addressId?: string;
  addressType?: "Shipping" | "Billing";
  defaultOnly?: boolean;
  excludeUnsupportedCountries?: boolean;
  shouldShowDefaultAddrFirst?: boolean;
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

const addressesPath = (accountId = "current") =>
  path`accounts/${required(accountId, "accountId is required")}/addresses`;

export function addressesApi(core: ClientCore) {
  return {
    /** Spec §5: guests have no saved addresses, and page size 0 means "don't list": both fail 'CPA disabled'. */
    async getAddresses(options: AddressListOptions = {}): Promise<AddressCollection> {
      if (!core.accessToken || options.pageSize === 0) throw new WebstoreError(CPA_DISABLED);
      const { accountId, excludeUnsupportedCountries = true, shouldShowDefaultAddrFirst = true, ...query } = options;
      return send(core, {
        path: addressesPath(accountId),
        query: {
          ...query,
          fields: query.fields?.length ? query.fields : undefined,
          excludeUnsupportedCountries,
          shouldShowDefaultAddrFirst,
        },
      });
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
