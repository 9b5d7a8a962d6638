import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestAuthorization } from "../support/identity.js";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";

/**
 * The emulator's facet counts (db/012_facets.sql, server/emulator/catalog/search.ts) against a plain reading of the
 * fixtures: each value of each facetable attribute, counted over the products a search finds. Browsing a category
 * reads the counts from the category's index range, a search with a term through the products found: both must
 * give the fixtures' counts.
 */

const API = "http://emulator.local/services/data/v65.0/commerce/webstores/0ZEDEMO00000001";
const catalog = JSON.parse(readFileSync(resolve(__dirname, "../../fixtures/catalog.json"), "utf8")) as {
  categories: { id: string; parentId: string | null }[];
  products: {
    id: string;
    sku: string;
    name: string;
    description: string;
    category: string;
    facets?: Record<string, string>;
  }[];
};

function treeOf(categoryId: string): Set<string> {
  const tree = new Set([categoryId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of catalog.categories)
      if (c.parentId && tree.has(c.parentId) && !tree.has(c.id)) grew = tree.add(c.id) !== null;
  }
  return tree;
}

/** `{attribute: {value: count}}` over the fixtures' products of the category that hold `term`. */
function expectedCounts(
  categoryId: string,
  term = "",
  categoryOf = (p: { id: string; category: string }) => p.category,
) {
  const tree = treeOf(categoryId);
  const counts: Record<string, Record<string, number>> = {};
  for (const p of catalog.products) {
    if (!tree.has(categoryOf(p))) continue;
    if (term && ![p.name, p.sku, p.description].some((f) => f.toLowerCase().includes(term))) continue;
    for (const [attribute, value] of Object.entries(p.facets ?? {})) {
      counts[attribute] ??= {};
      counts[attribute][value] = (counts[attribute][value] ?? 0) + 1;
    }
  }
  return counts;
}

let emulator: Emulator;
let authorization: string;
async function facetCounts(body: Record<string, unknown>) {
  const res = await emulator.fetch(
    new Request(`${API}/search/product-search`, {
      method: "POST",
      headers: { "Content-Type": "application/json", authorization },
      body: JSON.stringify(body),
    }),
  );
  expect(res.status).toBe(201);
  const answer = (await res.json()) as {
    facets: { nameOrId: string; values: { nameOrId: string; productCount: number }[] }[];
  };
  return Object.fromEntries(
    answer.facets.map((f) => [f.nameOrId, Object.fromEntries(f.values.map((v) => [v.nameOrId, v.productCount]))]),
  );
}

beforeAll(async () => {
  emulator = createEmulator();
  authorization = (await guestAuthorization((r) => emulator.fetch(r), "http://emulator.local")).authorization;
});
afterAll(() => emulator.close());

describe("facet counts", () => {
  it.each(catalog.categories.map((c) => c.id))("browsing category %s counts the fixtures' values", async (id) => {
    expect(await facetCounts({ categoryId: id })).toEqual(expectedCounts(id));
  });

  it.each(catalog.categories.map((c) => c.id))("searching category %s for “oz” counts the same way", async (id) => {
    expect(await facetCounts({ categoryId: id, searchTerm: "oz" })).toEqual(expectedCounts(id, "oz"));
  });

  it("follows a product that moves to another category", async () => {
    const mug = "01tDM0000000028"; // Speckled Stoneware Mug, Clay & Kiln, in Mugs
    const kitchen = "0ZGDM0000000KIT";
    emulator.db.prepare("UPDATE products SET category_id = ? WHERE id = ?").run(kitchen, mug);
    try {
      const moved = (p: { id: string; category: string }) => (p.id === mug ? kitchen : p.category);
      expect(await facetCounts({ categoryId: kitchen })).toEqual(expectedCounts(kitchen, "", moved));
      expect(await facetCounts({ categoryId: "0ZGDM0000000MUG" })).toEqual(
        expectedCounts("0ZGDM0000000MUG", "", moved),
      );
    } finally {
      emulator.db.prepare("UPDATE products SET category_id = ? WHERE id = ?").run("0ZGDM0000000MUG", mug);
    }
  });
});
