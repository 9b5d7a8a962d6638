import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import type { LargeStoreSize } from "../../server/emulator/large-store/index.js";
import { guestAuthorization } from "../support/identity.js";

/**
 * A keyword search's counts (server/emulator/catalog/term-counts.ts: total, top-level categories, facet values),
 * made in memory from the catalog read once per version of it, are what counting the matches in SQL gives: here
 * the SQL the emulator ran before, as the reference, on a generated store; its page in the catalog's order, cut
 * from the matches counted, is the one SQL reads; and both follow every change of the catalog (a write, a reset, a
 * state loaded back).
 */

const SITE = "http://emulator.local";
const API = `${SITE}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001`;
const SIZE: LargeStoreSize = { products: 1_500, buyers: 2, bulkOrders: 10, bulkCartLines: 5, seed: 37 };

let emulator: Emulator;
let auth: Record<string, string>;
beforeAll(async () => {
  emulator = createEmulator({ scale: SIZE });
  auth = await guestAuthorization((r) => emulator.fetch(r), SITE);
});
afterAll(() => emulator?.close());

async function search(searchTerm: string, page = 0) {
  const res = await emulator.fetch(
    new Request(`${API}/search/product-search`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ searchTerm, pageSize: 5, page }),
    }),
  );
  expect(res.status).toBe(201);
  const body = (await res.json()) as any;
  return {
    total: body.productsPage.total as number,
    page: body.productsPage.products.map((p: any) => p.id) as string[],
    categories: Object.fromEntries(body.categories.children.map((c: any) => [c.category.id, c.productCount])) as Record<
      string,
      number
    >,
    facets: Object.fromEntries(
      body.facets.flatMap((f: any) => f.values.map((v: any) => [`${f.nameOrId}=${v.nameOrId}`, v.productCount])),
    ) as Record<string, number>,
  };
}

/**
 * A page of 5 of the matches in the catalog's order, as the walk of products_catalog_order reads it: by sort order,
 * then name, then rowid (the index's own order for ties).
 */
function pageOf(term: string, page: number): string[] {
  return (
    emulator.db
      .prepare(
        `SELECT p.id FROM products p
         WHERE p.rowid IN (SELECT rowid FROM products_search WHERE products_search MATCH ?)
         ORDER BY p.sort_order, p.name, p.rowid LIMIT 5 OFFSET ?`,
      )
      .all(`"${term}"`, page * 5) as { id: string }[]
  ).map((r) => r.id);
}

/** The counts as SQL makes them over the matches' keys: the reference. */
function reference(term: string) {
  const match = `"${term}"`;
  const matches = "SELECT rowid FROM products_search WHERE products_search MATCH ?";
  const db = emulator.db;
  const total = (
    db.prepare(`SELECT count(*) AS n FROM products_search WHERE products_search MATCH ?`).get(match) as any
  ).n;
  const categories = db
    .prepare(
      `SELECT a.ancestor_id AS id, count(*) AS n FROM product_keys p
       JOIN category_ancestors a ON a.category_id = p.category_id
       JOIN product_categories c ON c.id = a.ancestor_id AND c.parent_id IS NULL
       WHERE p.rowid IN (${matches}) GROUP BY a.ancestor_id`,
    )
    .all(match) as { id: string; n: number }[];
  const facets = db
    .prepare(
      `SELECT f.attribute, f.value, count(*) AS n FROM product_keys p
       JOIN product_facet_values f ON f.product_id = p.id
       WHERE p.rowid IN (${matches}) GROUP BY f.attribute, f.value`,
    )
    .all(match) as { attribute: string; value: string; n: number }[];
  return {
    total,
    page: pageOf(term, 0),
    categories: Object.fromEntries(categories.map((c) => [c.id, c.n])),
    facets: Object.fromEntries(facets.map((f) => [`${f.attribute}=${f.value}`, f.n])),
  };
}

describe("a keyword search's counts", () => {
  it("are the SQL's: the total, each top-level category's matches, each facet value's", async () => {
    for (const term of ["cof", "coffee", "mug", "kettle", "roast", "espresso", "ceramic", "blend", "zzqx"]) {
      const answered = await search(term);
      const expected = reference(term);
      expect(answered.total, term).toBe(expected.total);
      expect(answered.categories, term).toEqual(expected.categories);
      // The answer lists at most 100 values of an attribute (MAX_FACET_VALUES); the generated store has fewer.
      expect(answered.facets, term).toEqual(expected.facets);
    }
    expect((await search("roast")).total).toBeGreaterThan(50);
  });

  it("give the page of the matches in the catalog's order, cut from the matches counted", async () => {
    // "range": every generated product (the marked way); "kettle", "mug": a few (their places sorted).
    const products = (emulator.db.prepare("SELECT count(*) AS n FROM products").get() as { n: number }).n;
    expect((await search("range")).total).toBeGreaterThan(products / 16);
    expect((await search("kettle")).total).toBeLessThan(products / 16);
    for (const term of ["range", "kettle", "mug", "espresso", "zzqx"])
      for (const page of [0, 1, 7, 40]) {
        const answered = await search(term, page);
        expect(answered.page, `${term}, page ${page}`).toEqual(pageOf(term, page));
      }
    expect((await search("kettle", 1)).page).toHaveLength(5);
    expect((await search("range", 40)).page).toHaveLength(5);
  });

  it("follow a write to the catalog, a state loaded back and a reset", async () => {
    const before = await search("mug");
    const [key, count] = Object.entries(before.facets)[0];
    const [attribute, value] = key.split("=");
    const control = (method: string, path: string) => emulator.fetch(new Request(`${SITE}${path}`, { method }));
    expect((await control("POST", "/__emulator/states/before-edit")).status).toBe(201);

    // One product found by "mug" with the value loses it.
    const product = emulator.db
      .prepare(
        `SELECT f.product_id AS id FROM product_facet_values f JOIN product_keys p ON p.id = f.product_id
         WHERE f.attribute = ? AND f.value = ? AND p.rowid IN (SELECT rowid FROM products_search WHERE products_search MATCH '"mug"')
         LIMIT 1`,
      )
      .get(attribute, value) as { id: string };
    emulator.db
      .prepare("DELETE FROM product_facet_values WHERE attribute = ? AND value = ? AND product_id = ?")
      .run(attribute, value, product.id);
    const edited = await search("mug");
    expect(edited.facets[key] ?? 0).toBe(count - 1);
    expect(edited).toEqual({ ...reference("mug"), facets: reference("mug").facets });

    // The last of its matches is moved first in the catalog's order: the first page follows.
    const last = emulator.db
      .prepare(
        `SELECT p.id FROM products p WHERE p.rowid IN (SELECT rowid FROM products_search WHERE products_search MATCH '"mug"')
         ORDER BY p.sort_order DESC, p.name DESC LIMIT 1`,
      )
      .get() as { id: string };
    emulator.db.prepare("UPDATE products SET sort_order = -1 WHERE id = ?").run(last.id);
    expect((await search("mug")).page[0]).toBe(last.id);
    expect((await search("mug")).page).toEqual(pageOf("mug", 0));

    expect((await control("PUT", "/__emulator/states/before-edit")).status).toBe(200);
    expect(await search("mug")).toEqual(before);

    emulator.db
      .prepare("DELETE FROM product_facet_values WHERE attribute = ? AND value = ? AND product_id = ?")
      .run(attribute, value, product.id);
    expect((await control("POST", "/__emulator/reset")).status).toBe(200);
    auth = await guestAuthorization((r) => emulator.fetch(r), SITE);
    expect(await search("mug")).toEqual(before);
  });
});
