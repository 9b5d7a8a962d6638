import type { Db } from "./db.js";
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
  return {
    webstoreExists: (id) => exists.get(id) !== undefined,
    applicationContext(id) {
      const row = webstore.get(id) as { application_context: string } | undefined;
      if (!row) return {};
      const known = parsed.get(id);
      if (known?.raw === row.application_context) return known.value;
      const value = JSON.parse(row.application_context);
      parsed.set(id, { raw: row.application_context, value });
      return value;
    },
    setApplicationContext(id, ctx) {
      updateContext.run(JSON.stringify(ctx), id);
    },
    user: (id) => user.get(id) as UserRow | undefined,
    managedAccounts(userId) {
      return (managed.all(userId) as any[]).map((r) => ({ ...r, isDefault: r.is_default === 1 }));
    },
  };
}
