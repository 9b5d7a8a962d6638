import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { hasPendingMigrations, isEmpty, openDatabase, type Db } from "../core/db.js";
import type { Emu } from "../core/state.js";
import { recordSeededFingerprint, seededFingerprint } from "../core/store.js";
import type { LargeStoreSize } from "./generate.js";
import { finishCatalog, finishLargeStore, seedBulkOrders, seedBuyers, seedCategories, seedProducts } from "./seed.js";

/**
 * A generated store too large to seed at every start (DEMO_SCALE=xl: a million products) is seeded once into a
 * prepared file, and each store that needs it starts from a copy. The file is named by the seed fingerprint (the
 * fixtures and the generator's description, index.ts), so another fixture set or generator prepares another file
 * and the one of the current fingerprint is reused as it is.
 *
 * Seeding streams: products and orders are written in batches, a transaction each, and the memory used is a batch's,
 * not the store's. Each batch records how far seeding got in the same transaction (seed_info), so a preparation
 * stopped half way (a killed process, a full disk) resumes from its last committed batch. Until its last step the
 * file is `….partial.sqlite`: a file of the final name is always complete.
 */

/** How far a preparation got: after the fixtures, products 1 … `products`, the catalog's indexes, orders 1 … `orders`. */
export interface PrepareProgress {
  products: number;
  catalog: boolean;
  orders: number;
  /** Order lines written with those orders (they are numbered across the history). */
  items: number;
}

export interface PrepareOptions {
  /** Where prepared stores are kept. */
  dir: string;
  size: LargeStoreSize;
  /** The seed fingerprint the finished store records, and the file's name. */
  fingerprint: string;
  migrationsDir: string;
  /** The emulator's view of a database, as the store itself makes it. */
  emuOf(db: Db): Emu;
  /** Every module's fixtures, in the caller's transaction. */
  seedFixtures(emu: Emu): void;
  /** Rows a transaction: the defaults keep a batch to a few seconds and tens of megabytes. */
  batch?: { products?: number; orders?: number };
  /** Told after each committed batch (a long preparation's progress; tests stop one half way by throwing). */
  onProgress?(progress: PrepareProgress): void;
}

export interface PreparedStore {
  file: string;
  /** Found ready, prepared from nothing, or finished from a partial file an earlier run left. */
  outcome: "reused" | "prepared" | "resumed";
  ms: number;
}

const PRODUCTS_A_BATCH = 10_000;
const ORDERS_A_BATCH = 5_000;
const PROGRESS_KEY = "prepare-progress";
const PREFIX = "store-";

/** The prepared file of a fingerprint. */
export function preparedStorePath(dir: string, fingerprint: string): string {
  return join(dir, `${PREFIX}${fingerprint.slice(0, 16)}.sqlite`);
}

/** The prepared store of `options.fingerprint`: reused, resumed or prepared. */
export function preparedStore(options: PrepareOptions): PreparedStore {
  const started = performance.now();
  const file = preparedStorePath(options.dir, options.fingerprint);
  const elapsed = () => Math.round(performance.now() - started);
  if (existsSync(file)) {
    // Migrations added since it was prepared are applied to it once here, not to every copy; a file with none
    // pending is only read (its copies are the stores), so reusing it leaves it as it was.
    if (hasPendingMigrations(file, options.migrationsDir)) closeAsJournal(openDatabase(file, options.migrationsDir));
    return { file, outcome: "reused", ms: elapsed() };
  }
  mkdirSync(options.dir, { recursive: true });
  const partial = file.replace(/\.sqlite$/, ".partial.sqlite");
  const resumed = existsSync(partial);
  const db = openDatabase(partial, options.migrationsDir);
  try {
    // A rollback journal, not the write-ahead log: batches append pages, which a journal does not copy and a WAL
    // would write twice (and the catalog's search index, built in one transaction, would grow a WAL of its size).
    db.pragma("journal_mode = DELETE");
    // 64 MiB of page cache: indexes of a million rows are built with fewer reads back from the file.
    db.pragma("cache_size = -65536");
    const emu = options.emuOf(db);
    // BEGIN IMMEDIATE: each batch reads the progress under the write lock, so two processes preparing the same file
    // at once take turns and never write a batch twice.
    const advance = db.transaction(() => step(db, emu, options));
    for (;;) {
      const progress = advance.immediate();
      if (!progress) break;
      options.onProgress?.(progress);
    }
  } catch (error) {
    db.close();
    throw error;
  }
  closeAsJournal(db);
  // Another process preparing the same store may have finished first.
  if (existsSync(partial)) renameSync(partial, file);
  removeOthers(options.dir, basename(file));
  return { file, outcome: resumed ? "resumed" : "prepared", ms: elapsed() };
}

/** One batch, in the caller's transaction; its progress, or null once the store is finished. */
function step(db: Db, emu: Emu, options: PrepareOptions): PrepareProgress | null {
  const { size } = options;
  const row = db.prepare("SELECT value FROM seed_info WHERE key = ?").get(PROGRESS_KEY) as
    { value: string } | undefined;
  let progress: PrepareProgress;
  if (!row) {
    if (!isEmpty(db)) {
      if (seededFingerprint(db) === options.fingerprint) return null;
      throw new Error(`${db.name} holds data but no preparation's progress: remove it to prepare the store again.`);
    }
    options.seedFixtures(emu);
    seedCategories(emu);
    progress = { products: 0, catalog: false, orders: 0, items: 0 };
  } else {
    progress = JSON.parse(row.value) as PrepareProgress;
    if (progress.products < size.products) {
      const to = Math.min(size.products, progress.products + (options.batch?.products ?? PRODUCTS_A_BATCH));
      seedProducts(emu, size, progress.products + 1, to);
      progress = { ...progress, products: to };
    } else if (!progress.catalog) {
      finishCatalog(emu);
      seedBuyers(emu, size);
      progress = { ...progress, catalog: true };
    } else if (progress.orders < size.bulkOrders) {
      const to = Math.min(size.bulkOrders, progress.orders + (options.batch?.orders ?? ORDERS_A_BATCH));
      const items = seedBulkOrders(emu, size, progress.orders + 1, to, progress.items);
      progress = { ...progress, orders: to, items };
    } else {
      finishLargeStore(emu, size);
      db.prepare("DELETE FROM seed_info WHERE key = ?").run(PROGRESS_KEY);
      recordSeededFingerprint(db, options.fingerprint);
      return null;
    }
  }
  db.prepare("INSERT OR REPLACE INTO seed_info(key, value) VALUES (?, ?)").run(PROGRESS_KEY, JSON.stringify(progress));
  return progress;
}

/** Closed in rollback-journal mode: the file alone is the whole store, ready to copy. */
function closeAsJournal(db: Db) {
  db.pragma("journal_mode = DELETE");
  db.close();
}

/** Stores prepared for other fingerprints (older fixtures or generators): gigabytes each, never read again. */
function removeOthers(dir: string, keep: string) {
  for (const name of readdirSync(dir))
    if (name.startsWith(PREFIX) && name !== keep) rmSync(join(dir, name), { force: true });
}
