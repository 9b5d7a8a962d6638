import { transactionScope, type Db } from "./db.js";

export interface UserRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  kind: "B2C" | "B2B";
  account_id: string;
}

export interface StoreBasics {
  webstoreExists(id: string): boolean;
  applicationContext(webstoreId: string): Record<string, any>;
  setApplicationContext(webstoreId: string, ctx: Record<string, any>): void;
  user(id: string): UserRow | undefined;
  /**
   * Whether the user may act for the account: their own, or one they manage. One row of the key, however many
   * accounts the buyer manages (up to the switcher's 200 and beyond): every request that names an account asks.
   */
  mayActFor(user: Pick<UserRow, "id" | "account_id">, accountId: string): boolean;
  /** The user's default managed account, if one is marked (one index entry). */
  defaultAccountId(userId: string): string | undefined;
  /**
   * Accounts the user manages (the default first, then by name), with the default flag: the account switcher's
   * list, read whole (a buyer's accounts, as a cart's lines are the cart's); access checks use mayActFor.
   */
  managedAccounts(userId: string): {
    id: string;
    name: string;
    isDefault: boolean;
    street: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
    zip: string | null;
  }[];
}

export function createStoreBasics(db: Db): StoreBasics {
  const webstore = db.prepare("SELECT id, application_context FROM webstores WHERE id = ?");
  // Every webstore request asks; the existence check needn't copy the context's JSON text out.
  const exists = db.prepare("SELECT 1 FROM webstores WHERE id = ?");
  const updateContext = db.prepare("UPDATE webstores SET application_context = ? WHERE id = ?");
  const user = db.prepare(
    "SELECT id, username, first_name, last_name, email, phone, kind, account_id FROM users WHERE id = ?",
  );
  const managed = db.prepare(`
    SELECT a.id, a.name, a.street, a.city, a.state, a.country, a.zip, m.is_default
    FROM managed_accounts m JOIN accounts a ON a.id = m.account_id
    WHERE m.user_id = ? ORDER BY m.is_default DESC, a.name`);
  const manages = db.prepare("SELECT 1 FROM managed_accounts WHERE user_id = ? AND account_id = ?");
  // db/028_managed_account_default.sql: the default is one index entry, not a walk of the buyer's accounts.
  const byDefault = db.prepare(
    "SELECT account_id FROM managed_accounts WHERE user_id = ? AND is_default = 1 ORDER BY account_id LIMIT 1",
  );
  // Read on nearly every request, often several times: parsed once per stored text (a settings change or a reset
  // stores a new one). Callers only read it.
  const parsed = new Map<string, { raw: string; value: any }>();
  // Within one transaction of inReadTransaction / inWriteTransaction the row can only change by
  // setApplicationContext, so a request that asks several times (a guest's placement asked four times) reads once.
  let memo: { scope: object; id: string; value: any } | null = null;
  return {
    webstoreExists: (id) => exists.get(id) !== undefined,
    applicationContext(id) {
      const scope = transactionScope(db);
      if (scope && memo?.scope === scope && memo.id === id) return memo.value;
      const row = webstore.get(id) as { application_context: string } | undefined;
      if (!row) return {};
      const known = parsed.get(id);
      const value = known?.raw === row.application_context ? known.value : JSON.parse(row.application_context);
      if (value !== known?.value) parsed.set(id, { raw: row.application_context, value });
      memo = scope ? { scope, id, value } : null;
      return value;
    },
    setApplicationContext(id, ctx) {
      memo = null;
      updateContext.run(JSON.stringify(ctx), id);
    },
    user: (id) => user.get(id) as UserRow | undefined,
    mayActFor: (u, accountId) => accountId === u.account_id || manages.get(u.id, accountId) !== undefined,
    defaultAccountId: (userId) => (byDefault.get(userId) as { account_id: string } | undefined)?.account_id,
    managedAccounts(userId) {
      return (managed.all(userId) as any[]).map((r) => ({ ...r, isDefault: r.is_default === 1 }));
    },
  };
}

/* The core tables' other statements: the webstore, accounts and users the fixtures seed and the context resources
 * read (context.ts), the id counters (ids.ts), and which fixtures the store was seeded from (index.ts). */

export function insertWebstore(db: Db, id: string, name: string, applicationContext: string) {
  db.prepare("INSERT INTO webstores(id, name, application_context) VALUES (?, ?, ?)").run(id, name, applicationContext);
}

/** `.run({ id, name, street, city, state, country, zip })`: an account of the fixtures. */
export function accountInsert(db: Db) {
  return db.prepare(
    "INSERT INTO accounts(id, name, street, city, state, country, zip) VALUES (@id, @name, @street, @city, @state, @country, @zip)",
  );
}

/** `.run(id, username, passwordHash, firstName, lastName, email, phone, kind, accountId)`: a buyer of the fixtures. */
export function userInsert(db: Db) {
  return db.prepare(
    "INSERT INTO users(id, username, password_hash, first_name, last_name, email, phone, kind, account_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
}

/** `.run(userId, accountId, isDefault)`. */
export function managedAccountInsert(db: Db) {
  return db.prepare("INSERT INTO managed_accounts(user_id, account_id, is_default) VALUES (?, ?, ?)");
}

export function accountNameRow(db: Db, id: string) {
  return db.prepare("SELECT name FROM accounts WHERE id = ?").get(id) as { name: string } | undefined;
}

export function accountRow(db: Db, id: string): unknown {
  return db.prepare("SELECT * FROM accounts WHERE id = ?").get(id);
}

/** A consumer (B2C) buyer buys through a person account: an account with a B2C user. */
export function isPersonAccount(db: Db, accountId: string): boolean {
  return db.prepare("SELECT 1 FROM users WHERE account_id = ? AND kind = 'B2C'").get(accountId) !== undefined;
}

/** `.get(prefix)`: the next number of an id prefix. */
export function idCounterBump(db: Db) {
  return db.prepare(
    "INSERT INTO id_counters(prefix, n) VALUES (?, 1) ON CONFLICT(prefix) DO UPDATE SET n = n + 1 RETURNING n",
  );
}

/** `.all([prefix, count, …])`: blocks of numbers for `kinds` prefixes in one statement. */
export function idBlocksReserve(db: Db, kinds: number) {
  return db.prepare(
    `INSERT INTO id_counters(prefix, n) VALUES ${Array.from({ length: kinds }, () => "(?, ?)").join(", ")}
         ON CONFLICT(prefix) DO UPDATE SET n = n + excluded.n RETURNING prefix, n`,
  );
}

export function seededFingerprint(db: Db): string | null {
  const row = db.prepare("SELECT value FROM seed_info WHERE key = 'fixtures'").get() as { value: string } | undefined;
  return row?.value ?? null;
}

export function recordSeededFingerprint(db: Db, fingerprint: string) {
  db.prepare("INSERT OR REPLACE INTO seed_info(key, value) VALUES ('fixtures', ?)").run(fingerprint);
}
