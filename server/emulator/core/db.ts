import Database from "better-sqlite3";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ApiError, invalidInput } from "./errors.js";

export type Db = Database.Database;

/**
 * Opens the emulator's SQLite database and applies the ordered migrations in `db/*.sql` that it has not
 * applied yet. A file database survives restarts; ":memory:" gives every test its own store.
 */
export function openDatabase(file: string, migrationsDir: string): Db {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // In WAL mode NORMAL never corrupts the store; a power cut may lose the last transactions, fine for an emulator.
  // FULL would wait for the disk at every commit: each cart change, checkout update and order.
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  // Two requests racing for the last unit must serialise on the write lock, not fail at once.
  db.pragma("busy_timeout = 5000");
  migrate(db, migrationsDir);
  memoizeStatements(db);
  return db;
}

const STATEMENT_CACHE_LIMIT = 500;

/**
 * Handlers call `db.prepare(sql)` where they need it (readable, next to the query); compiling the same SQL on
 * every request was a large share of a cart read. Statements are reused by their SQL text instead. Safe because
 * nothing here switches a statement into a mode (pluck/raw/expand) or iterates one while re-entering it.
 */
function memoizeStatements(db: Db) {
  const compile = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      // SQL built with a variable number of placeholders could grow the map without end.
      if (cache.size >= STATEMENT_CACHE_LIMIT) cache.clear();
      statement = compile(sql);
      if (statement.reader) rowsBuiltInJs(db, sql, statement);
      cache.set(sql, statement);
    }
    return statement;
  }) as Db["prepare"];
}

/**
 * The statement's rows are the objects better-sqlite3 makes (same keys, same order, same values; a later column of
 * the same name wins, as there), built here from its raw mode's arrays: better-sqlite3 sets each column through
 * V8's API, which made a wide row (a product's 20 columns: 4.4 µs) cost a third more than these assignments
 * (3.1 µs), and placing an order reads a dozen wide rows.
 */
function rowsBuiltInJs(db: Db, sql: string, statement: Database.Statement) {
  const names = statement.columns().map((c) => c.name);
  const { get, all, iterate } = statement;
  const row = (values: unknown[]) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) object[names[i]] = values[i];
    return object;
  };
  const traced = (params: unknown[]) => readListeners.get(db)?.(sql, params);
  statement.raw(true);
  Object.assign(statement, {
    get(...params: unknown[]) {
      traced(params);
      const values = get.apply(statement, params) as unknown[] | undefined;
      return values === undefined ? undefined : row(values);
    },
    all(...params: unknown[]) {
      traced(params);
      const rows = all.apply(statement, params) as unknown[];
      for (let i = 0; i < rows.length; i++) rows[i] = row(rows[i] as unknown[]);
      return rows;
    },
    *iterate(...params: unknown[]) {
      traced(params);
      for (const values of iterate.apply(statement, params) as IterableIterator<unknown[]>) yield row(values);
    },
  });
}

/** Who is told of every read statement run on a database, with its parameters (listenToReads). */
const readListeners = new WeakMap<Db, (sql: string, params: unknown[]) => void>();

/**
 * Calls `listener` with the SQL and the parameters of every read statement the emulator runs on `db` (until
 * called again with null): the registry of the queries a request really ran, which the query-plan test explains
 * (tests/emulator/query-plans.test.ts) instead of keeping copies of the SQL.
 */
export function listenToReads(db: Db, listener: ((sql: string, params: unknown[]) => void) | null) {
  if (listener) readListeners.set(db, listener);
  else readListeners.delete(db);
}

/** Whether a database file lacks any of the migrations in `migrationsDir`, read without writing to it. */
export function hasPendingMigrations(file: string, migrationsDir: string): boolean {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const logged = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get();
    const applied = new Set(
      logged ? (db.prepare("SELECT name FROM schema_migrations").all() as { name: string }[]).map((r) => r.name) : [],
    );
    return readdirSync(migrationsDir).some((f) => f.endsWith(".sql") && !applied.has(f));
  } finally {
    db.close();
  }
}

export function migrate(db: Db, migrationsDir: string): string[] {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)");
  const applied = new Set(
    (db.prepare("SELECT name FROM schema_migrations").all() as { name: string }[]).map((r) => r.name),
  );
  const pending = readdirSync(migrationsDir)
    .filter((f) => f.endsWith(".sql") && !applied.has(f))
    .sort();
  for (const name of pending) {
    const sql = readFileSync(join(migrationsDir, name), "utf8");
    db.transaction(() => {
      db.exec(sql);
      db.prepare("INSERT INTO schema_migrations(name, applied_at) VALUES (?, ?)").run(name, new Date().toISOString());
    })();
  }
  return pending;
}

/**
 * Empties every table but the migration log, so the store can be seeded again (reset). Only ordinary tables, with
 * their triggers off (row by row, a full-text index's delete trigger made emptying a 100,000-product catalog take
 * longer than seeding it): the full-text indexes (virtual tables over a content table) are rebuilt, empty, after.
 */
export function truncateAll(db: Db) {
  const tables = dataTables(db);
  db.pragma("foreign_keys = OFF");
  try {
    db.transaction(() => {
      withoutTriggers(db, tables, () => {
        for (const t of tables) db.exec(`DELETE FROM "${t}"`);
      });
      rebuildFullTextIndexes(db);
    })();
  } finally {
    db.pragma("foreign_keys = ON");
  }
}

/**
 * Runs `work` (inside the caller's transaction) with the triggers of `tables` dropped, then creates them again as
 * they were. For bulk writes whose triggers' work is redone in bulk afterwards (rebuildFullTextIndexes).
 */
export function withoutTriggers<T>(db: Db, tables: readonly string[], work: () => T): T {
  if (!db.inTransaction) throw new Error("withoutTriggers: call inside a transaction");
  // The connection's own (TEMP) triggers on these tables too: they watch writes for what the emulator keeps in
  // memory, and a bulk write is counted as one change (bulkWrites) instead of row by row.
  const triggers = db
    .prepare(
      `SELECT name, sql, 'main' AS schema FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (SELECT value FROM json_each(?))
       UNION ALL
       SELECT name, sql, 'temp' FROM sqlite_temp_master WHERE type = 'trigger' AND tbl_name IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(tables), JSON.stringify(tables)) as { name: string; sql: string; schema: string }[];
  for (const t of triggers) db.exec(`DROP TRIGGER ${t.schema}."${t.name}"`);
  const result = work();
  for (const t of triggers) db.exec(t.sql);
  bulkWriteCounts.set(db, bulkWrites(db) + 1);
  return result;
}

const bulkWriteCounts = new WeakMap<Db, number>();

/** How many bulk writes with the triggers off (withoutTriggers) this connection has made: any may have changed anything. */
export function bulkWrites(db: Db): number {
  return bulkWriteCounts.get(db) ?? 0;
}

/**
 * Rebuilds every full-text index that reads a content table (FTS5 `content = '…'`, db/009_search.sql) from that
 * table: after rows were written or deleted with its triggers off. One pass over the table, much faster than the
 * trigger's row-by-row updates.
 */
export function rebuildFullTextIndexes(db: Db) {
  const indexes = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%'")
    .all() as { name: string; sql: string }[];
  for (const index of indexes) {
    if (/\bcontent\s*=\s*'[^']+'/i.test(index.sql))
      db.exec(`INSERT INTO "${index.name}"("${index.name}") VALUES ('rebuild')`);
  }
}

export function isEmpty(db: Db): boolean {
  const row = db.prepare("SELECT COUNT(*) AS n FROM webstores").get() as { n: number };
  return row.n === 0;
}

/**
 * Runs `read` inside one read transaction: a handler that reads many rows sees one snapshot and takes SQLite's
 * WAL read lock once (a read outside a transaction takes and drops it: ~3 µs a statement, against ~0.45 µs inside
 * one). For code that only reads: nothing is rolled back on an error. Inside an open transaction it just runs.
 */
export function inReadTransaction<T>(db: Db, read: () => T): T {
  if (db.inTransaction) return read();
  db.prepare("BEGIN").run();
  scopes.set(db, {});
  try {
    return read();
  } finally {
    scopes.delete(db);
    // COMMIT of a transaction that only read ends the snapshot; an error leaves nothing to undo.
    if (db.inTransaction) db.prepare("COMMIT").run();
  }
}

/** The transaction inReadTransaction or inWriteTransaction is running, by database, while it runs. */
const scopes = new WeakMap<Db, object>();

/**
 * The transaction inReadTransaction or inWriteTransaction is running on `db` (the same object for its whole run),
 * or null outside one: what a value read in it may be remembered for, as long as nothing in it writes that value
 * (nothing else can: the transaction holds its snapshot, and a write transaction the write lock). A read outside
 * one, or in a transaction opened some other way, reads again.
 */
export function transactionScope(db: Db): object | null {
  return db.inTransaction ? (scopes.get(db) ?? null) : null;
}

const runners = new WeakMap<Db, Database.Transaction<(work: () => unknown) => unknown>>();

/**
 * Runs `work` in one immediate write transaction, so a handler's reads share the write's lock instead of each
 * taking SQLite's read lock (see inReadTransaction). Immediate, not deferred: a snapshot that read first and then
 * wrote could fail at once (SQLITE_BUSY) when another connection to the file wrote in between; immediate waits on
 * busy_timeout as a lone write does. An ApiError thrown by `work` still commits what ran before it (an expired
 * session ended on the way to its 410 stays ended, as it did when each statement committed on its own); any other
 * error rolls back. Inside an open transaction it just runs.
 */
export function inWriteTransaction<T>(db: Db, work: () => T): T {
  // Inside a transaction already: a savepoint would cost statements and change nothing (an error reaching the
  // outer transaction is handled there).
  if (db.inTransaction) return work();
  let runner = runners.get(db);
  // One transaction function per database: db.transaction builds its wrappers on every call.
  if (!runner) runners.set(db, (runner = db.transaction((w: () => unknown) => w())));
  let refused: ApiError | undefined;
  const result = runner.immediate(() => {
    scopes.set(db, {});
    try {
      return work();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      refused = err;
      return undefined;
    } finally {
      scopes.delete(db);
    }
  }) as T;
  if (refused) throw refused;
  return result;
}

/** The tables of the store's data: every ordinary table but the migration log (the schema is the code's). */
function dataTables(db: Db): string[] {
  return (db.pragma("table_list") as { schema: string; name: string; type: string }[])
    .filter(
      (t) =>
        t.schema === "main" && t.type === "table" && t.name !== "schema_migrations" && !t.name.startsWith("sqlite_"),
    )
    .map((t) => t.name);
}

function migrationsOf(db: Db, schema: string): string {
  const rows = db.prepare(`SELECT name FROM ${schema}.schema_migrations ORDER BY name`).all() as { name: string }[];
  return rows.map((r) => r.name).join(",");
}

/**
 * Saved states (admin/states.ts): puts the rows of the database image `image` in place of the store's, in one transaction (the store is never seen
 * half loaded). The image is attached from a file: SQLite copies table to table (`INSERT … SELECT`) without a row
 * reaching JavaScript, which keeps a load of the demo store well under 200 ms. An image of another schema (a state
 * file from another version of the emulator) is refused before anything changes.
 */
export function loadImage(db: Db, image: Buffer): void {
  const dir = mkdtempSync(join(tmpdir(), "emulator-state-"));
  const file = join(dir, "state.db");
  writeFileSync(file, image);
  try {
    loadDatabaseFile(db, file, "The state was saved by another version of the emulator's database schema.");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Puts the rows of the database file `file` in place of the store's, in one transaction (loadImage; a reset to a
 * prepared store, large-store/prepare.ts). A file of another schema is refused with `otherSchema`, before anything
 * changes.
 */
export function loadDatabaseFile(db: Db, file: string, otherSchema: string): void {
  db.prepare("ATTACH DATABASE ? AS saved").run(file);
  try {
    if (migrationsOf(db, "saved") !== migrationsOf(db, "main")) throw invalidInput(otherSchema);
    const tables = dataTables(db);
    db.pragma("foreign_keys = OFF");
    try {
      db.transaction(() => {
        // The full-text index's triggers would redo row by row what one rebuild does after.
        withoutTriggers(db, tables, () => {
          for (const t of tables) {
            db.exec(`DELETE FROM main."${t}"`);
            db.exec(`INSERT INTO main."${t}" SELECT * FROM saved."${t}"`);
          }
        });
        rebuildFullTextIndexes(db);
      })();
    } finally {
      db.pragma("foreign_keys = ON");
    }
  } finally {
    db.exec("DETACH DATABASE saved");
  }
}

/** Offsets of the file format's write and read versions in a database header: 1 rollback journal, 2 WAL. */
const FORMAT_VERSION_BYTES = [18, 19];

/**
 * The store's data as a database image (what a state holds, and what a state file is). A file store runs in WAL
 * mode and its image says so; an image marked WAL opens only next to a WAL file, which a buffer has not. Its pages
 * already hold every committed write, so it is marked a plain rollback-journal database.
 */
export function saveImage(db: Db): Buffer {
  const image = db.serialize();
  for (const at of FORMAT_VERSION_BYTES) image[at] = 1;
  return image;
}

/**
 * Throws unless `image` is a database the emulator wrote (it has the migration log): SQLite opens any bytes, only a
 * read tells a database from something else. `what` names it in the message.
 */
export function assertEmulatorImage(image: Buffer, what: string): void {
  const db = new Database(image, { readonly: true });
  try {
    db.prepare("SELECT name FROM schema_migrations").all();
  } catch {
    throw new Error(`${what} is not a state the emulator exported.`);
  } finally {
    db.close();
  }
}
