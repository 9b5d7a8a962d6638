import { transactionScope, type Db } from "./db.js";
import type { StoreBasics, UserRow } from "./state.js";

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
    managedAccounts(userId) {
      return (managed.all(userId) as any[]).map((r) => ({ ...r, isDefault: r.is_default === 1 }));
    },
  };
}
