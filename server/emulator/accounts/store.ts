import type { Emu } from "../core/state.js";

export const ADDRESS_TYPES = ["Shipping", "Billing"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export interface AddressRow {
  id: string;
  account_id: string;
  address_type: AddressType;
  name: string;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  company_name: string | null;
  street: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  phone_number: string | null;
  is_default: 0 | 1;
  created_at: number;
}

/** The columns an address create or update sets (addresses.ts parses them). */
export type AddressColumns = Partial<Record<keyof AddressRow, unknown>>;

/** The account_addresses table's statements, prepared once per emulator (addressStore). */

const stores = new WeakMap<Emu, ReturnType<typeof createAddressStore>>();

/** Prepared statements over account_addresses (one set per emulator); other modules read saved addresses here. */
export function addressStore(emu: Emu) {
  let store = stores.get(emu);
  if (!store) stores.set(emu, (store = createAddressStore(emu)));
  return store;
}

function createAddressStore(emu: Emu) {
  const db = emu.db;
  const byId = db.prepare("SELECT * FROM account_addresses WHERE id = ?");
  const byAccount = db.prepare("SELECT * FROM account_addresses WHERE account_id = ?");
  const clearDefault = db.prepare(
    "UPDATE account_addresses SET is_default = 0 WHERE account_id = ? AND address_type = ? AND id <> ?",
  );
  const remove = db.prepare("DELETE FROM account_addresses WHERE id = ?");
  const insert = db.prepare(`
    INSERT INTO account_addresses(id, account_id, address_type, name, first_name, middle_name, last_name, company_name, street, city,
      region, postal_code, country, phone_number, is_default, created_at)
    VALUES (@id, @account_id, @address_type, @name, @first_name, @middle_name, @last_name, @company_name, @street, @city,
      @region, @postal_code, @country, @phone_number, @is_default, @created_at)`);
  const get = (id: string) => byId.get(id) as AddressRow | undefined;

  /** One default per account and type: a new default takes the flag from the old one. */
  const keepOneDefault = (row: AddressRow) => {
    if (row.is_default === 1) clearDefault.run(row.account_id, row.address_type, row.id);
  };

  return {
    get,
    /** The address when it belongs to the account, else undefined (the caller answers 404). */
    inAccount: (accountId: string, id: string) => {
      const row = get(id);
      return row?.account_id === accountId ? row : undefined;
    },
    list: (accountId: string) => byAccount.all(accountId) as AddressRow[],
    create: emu.db.transaction((accountId: string, changes: AddressColumns): AddressRow => {
      const row = {
        id: emu.ids("address"),
        account_id: accountId,
        first_name: null,
        middle_name: null,
        last_name: null,
        company_name: null,
        street: null,
        city: null,
        region: null,
        postal_code: null,
        country: null,
        phone_number: null,
        created_at: emu.clock.now(),
        ...changes,
      } as AddressRow;
      // The flag moves first so the one-default index never sees two.
      if (row.is_default === 1) clearDefault.run(accountId, row.address_type, row.id);
      insert.run(row);
      return get(row.id)!;
    }),
    update: emu.db.transaction((existing: AddressRow, changes: AddressColumns): AddressRow => {
      keepOneDefault({ ...existing, ...changes } as AddressRow);
      const columns = Object.keys(changes);
      if (columns.length) {
        db.prepare(`UPDATE account_addresses SET ${columns.map((c) => `${c} = @${c}`).join(", ")} WHERE id = @id`).run({
          ...changes,
          id: existing.id,
        });
      }
      return get(existing.id)!;
    }),
    remove: (id: string) => remove.run(id),
    insertFixture: (row: AddressRow) => insert.run(row),
  };
}
