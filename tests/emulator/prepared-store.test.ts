import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import { BULK_BUYER, type LargeStoreSize, type PrepareProgress } from "../../server/emulator/large-store/index.js";

/**
 * A prepared store (DEMO_SCALE=xl's way, large-store/prepare.ts), at a test's size: seeded in batches into a file of
 * its own, resumed where a stopped preparation left it, copied for each store and loaded again by a reset. What
 * holds at 600 products in batches of 150 holds at a million in batches of 10,000.
 */

const SIZE: LargeStoreSize = {
  products: 600,
  buyers: 3,
  bulkOrders: 40,
  bulkCartLines: 20,
  managedAccounts: 5,
  seed: 41,
};
const BATCH = { products: 150, orders: 15 };

/** The generated rows (ids with LG), the kept listings and the search index's matches, in one digest. */
function storeDigest(emulator: Emulator): string {
  const reads = [
    "SELECT * FROM products WHERE id LIKE '01tLG%'",
    "SELECT * FROM pricebook_entries WHERE product_id LIKE '01tLG%'",
    "SELECT * FROM inventory WHERE product_id LIKE '01tLG%'",
    "SELECT * FROM product_facet_values WHERE product_id LIKE '01tLG%'",
    "SELECT * FROM category_products WHERE product_id LIKE '01tLG%'",
    "SELECT * FROM category_product_counts",
    "SELECT * FROM product_categories WHERE id LIKE '0ZGLG%'",
    "SELECT * FROM accounts WHERE id LIKE '001LG%'",
    "SELECT * FROM managed_accounts WHERE account_id LIKE '001LG%'",
    "SELECT * FROM order_summaries WHERE id LIKE '1OsLG%'",
    "SELECT * FROM order_items WHERE id LIKE '10uLG%'",
    "SELECT * FROM order_payments WHERE id LIKE '0a3LG%'",
    "SELECT * FROM cart_items WHERE id LIKE '0a9LG%'",
    "SELECT rowid FROM products_search WHERE products_search MATCH 'range'",
    `SELECT rowid FROM products_search WHERE products_search MATCH '"LG-000123"'`,
  ];
  const hash = createHash("sha256");
  for (const sql of reads) {
    const rows = emulator.db
      .prepare(sql)
      .all()
      .map((r) => JSON.stringify(r))
      .sort();
    hash.update(sql).update(JSON.stringify(rows));
  }
  return hash.digest("hex");
}

const bulkLines = (emulator: Emulator) =>
  (
    emulator.db.prepare("SELECT count(*) AS n FROM cart_items WHERE cart_id = ?").get(BULK_BUYER.cartId) as {
      n: number;
    }
  ).n;

let dir: string;
let expected: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "prepared-store-"));
  // The same size seeded the one-transaction way (DEMO_SCALE=large's): what the batches must add up to.
  const inMemory = createEmulator({ scale: SIZE });
  expected = storeDigest(inMemory);
  inMemory.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const storeFiles = (prepared: string) => readdirSync(prepared).filter((f) => f.startsWith("store-"));

describe("a prepared store", () => {
  it("resumes a preparation stopped half way from its last batch, and ends with the store seeding writes at once", () => {
    const prepared = join(dir, "resume");
    const stopped: PrepareProgress[] = [];
    expect(() =>
      createEmulator({
        dbFile: join(dir, "resume.sqlite"),
        scale: SIZE,
        prepared: {
          dir: prepared,
          batch: BATCH,
          onProgress: (p) => {
            stopped.push(p);
            // As a killed process: the batch that reached 300 products is committed, nothing after it.
            if (p.products === 300) throw new Error("stopped");
          },
        },
      }),
    ).toThrow("stopped");
    expect(stopped.map((p) => p.products)).toEqual([0, 150, 300]);
    // Only the partial file: a file of the final name is always complete.
    expect(storeFiles(prepared)).toEqual([expect.stringMatching(/\.partial\.sqlite$/)]);

    const resumed: PrepareProgress[] = [];
    const store = createEmulator({
      dbFile: join(dir, "resume.sqlite"),
      scale: SIZE,
      prepared: { dir: prepared, batch: BATCH, onProgress: (p) => resumed.push(p) },
    });
    // From product 301 on: the fixtures and the first 300 products were not written again.
    expect(resumed[0]).toEqual({ products: 450, catalog: false, orders: 0, items: 0 });
    expect(resumed.map((p) => p.orders).filter((n) => n > 0)).toEqual([15, 30, 40]);
    expect(storeFiles(prepared)).toEqual([expect.stringMatching(/^store-[0-9a-f]{16}\.sqlite$/)]);
    expect(store.seeding).toBe("seeded");
    expect(storeDigest(store)).toBe(expected);
    expect(bulkLines(store)).toBe(20);
    store.close();
  }, 60_000);

  it("is copied for each new store, kept by a store already seeded from it, and loaded again by a reset", () => {
    const prepared = join(dir, "copies");
    const progress: PrepareProgress[] = [];
    const options = { dir: prepared, batch: BATCH, onProgress: (p: PrepareProgress) => progress.push(p) };
    const first = createEmulator({ dbFile: join(dir, "first.sqlite"), scale: SIZE, prepared: options });
    expect(progress.length).toBeGreaterThan(0);
    progress.length = 0;
    // Reusing the prepared file only reads it: its bytes and its modification time stay as they were.
    const file = join(
      prepared,
      readdirSync(prepared).find((name) => name.endsWith(".sqlite"))!,
    );
    const fileState = () => ({
      digest: createHash("sha256").update(readFileSync(file)).digest("hex"),
      modified: statSync(file).mtimeMs,
    });
    const before = fileState();
    const second = createEmulator({ dbFile: join(dir, "second.sqlite"), scale: SIZE, prepared: options });
    expect(second.seeding).toBe("seeded");
    expect(progress).toEqual([]);
    expect(fileState()).toEqual(before);
    expect(storeDigest(second)).toBe(expected);

    // A shopper's change stays in its store (a copy), and a reset brings the prepared store back.
    second.db.prepare("DELETE FROM cart_items WHERE cart_id = ?").run(BULK_BUYER.cartId);
    expect(bulkLines(second)).toBe(0);
    expect(bulkLines(first)).toBe(20);
    second.reset();
    expect(bulkLines(second)).toBe(20);
    expect(storeDigest(second)).toBe(expected);
    second.db.prepare("DELETE FROM cart_items WHERE cart_id = ?").run(BULK_BUYER.cartId);
    second.close();
    first.close();

    const reopened = createEmulator({ dbFile: join(dir, "second.sqlite"), scale: SIZE, prepared: options });
    expect(reopened.seeding).toBe("kept");
    expect(bulkLines(reopened)).toBe(0);
    reopened.close();
  }, 60_000);

  it("of another generator's size replaces the older one's file", () => {
    const prepared = join(dir, "replaced");
    createEmulator({ dbFile: join(dir, "a.sqlite"), scale: SIZE, prepared: { dir: prepared } }).close();
    const [before] = storeFiles(prepared);
    createEmulator({
      dbFile: join(dir, "b.sqlite"),
      scale: { ...SIZE, seed: 42 },
      prepared: { dir: prepared },
    }).close();
    const after = storeFiles(prepared);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
    expect(existsSync(join(prepared, before))).toBe(false);
  }, 60_000);

  it("needs a database file: a store in memory would hold the whole prepared file", () => {
    expect(() => createEmulator({ scale: SIZE, prepared: { dir: join(dir, "memory") } })).toThrow(/database file/);
    expect(() => createEmulator({ scale: "xl" })).toThrow(/database file/);
  });
});
