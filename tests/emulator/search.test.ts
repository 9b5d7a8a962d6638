import { readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestAuthorization } from "../support/identity.js";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";

/**
 * The emulator's search is answered by SQLite (db/009_search.sql: a trigram index of name, SKU and description). It
 * matches what a plain reading of the rule gives: every term, case-insensitive, appears in the name, the SKU or the
 * description; a category keeps its own products and its sub-categories'. The reference below reads the fixtures.
 */

const API = "http://emulator.local/services/data/v65.0/commerce/webstores/0ZEDEMO00000001";
const catalog = JSON.parse(readFileSync(resolve(__dirname, "../../fixtures/catalog.json"), "utf8")) as {
  categories: { id: string; parentId: string | null }[];
  products: { id: string; sku: string; name: string; description: string; category: string }[];
};

function expected(searchTerm: string, categoryId?: string): string[] {
  const terms = searchTerm.toLowerCase().split(/\s+/).filter(Boolean);
  const tree = new Set(categoryId ? [categoryId] : []);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of catalog.categories)
      if (c.parentId && tree.has(c.parentId) && !tree.has(c.id)) grew = tree.add(c.id) !== null;
  }
  return catalog.products
    .filter((p) => terms.every((t) => [p.name, p.sku, p.description].some((f) => f.toLowerCase().includes(t))))
    .filter((p) => !categoryId || tree.has(p.category))
    .map((p) => p.id)
    .sort();
}

let emulator: Emulator;
let authorization: string;
async function search(body: Record<string, unknown>) {
  const res = await emulator.fetch(
    new Request(`${API}/search/product-search`, {
      method: "POST",
      headers: { "Content-Type": "application/json", authorization },
      body: JSON.stringify({ pageSize: 200, ...body }),
    }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as {
    productsPage: { total: number; products: { id: string }[] };
    categories: { children: { category: { id: string }; productCount: number }[] };
  };
}

beforeAll(async () => {
  emulator = createEmulator();
  authorization = (await guestAuthorization((r) => emulator.fetch(r), "http://emulator.local")).authorization;
});
afterAll(() => emulator.close());

describe("search by SQL", () => {
  it.each([
    "coffee",
    "COFFEE",
    "mug",
    "oz",
    "12 oz",
    "whole bean",
    "espresso capsules",
    "ERR-1",
    "a",
    "ka",
    "zzz",
    "Yirgacheffe",
    "bean, 12",
    "'",
    '"x"',
    "ground colombia",
  ])("finds the products whose name, SKU or description hold every term of %j", async (searchTerm) => {
    const answer = await search({ searchTerm });
    expect(answer.productsPage.products.map((p) => p.id).sort()).toEqual(expected(searchTerm));
    expect(answer.productsPage.total).toBe(expected(searchTerm).length);
  });

  it("keeps a category's products and its sub-categories', with or without a term", async () => {
    for (const [searchTerm, categoryId] of [
      ["", "0ZGDM0000000CFE"],
      ["bean", "0ZGDM0000000CFE"],
      ["", "0ZGDM0000000WBN"],
      ["mug", "0ZGDM0000000CFE"],
    ] as const) {
      const answer = await search({ searchTerm: searchTerm || undefined, categoryId });
      expect(answer.productsPage.products.map((p) => p.id).sort()).toEqual(expected(searchTerm, categoryId));
    }
  });

  it("counts each child category's matching products", async () => {
    const answer = await search({ searchTerm: "bean" });
    for (const child of answer.categories.children) {
      const inTree = expected("bean", child.category.id);
      expect(child.productCount, child.category.id).toBe(inTree.length);
    }
  });

  it("keeps the index in step after a reset and in a store reopened from its file", async () => {
    await emulator.fetch(new Request("http://emulator.local/__emulator/reset", { method: "POST" }));
    authorization = (await guestAuthorization((r) => emulator.fetch(r), "http://emulator.local")).authorization;
    expect((await search({ searchTerm: "coffee" })).productsPage.total).toBe(expected("coffee").length);

    const dir = mkdtempSync(join(tmpdir(), "search-"));
    try {
      createEmulator({ dbFile: join(dir, "store.sqlite") }).close();
      const reopened = createEmulator({ dbFile: join(dir, "store.sqlite") });
      const auth = (await guestAuthorization((r) => reopened.fetch(r), "http://emulator.local")).authorization;
      const res = await reopened.fetch(
        new Request(`${API}/search/product-search`, {
          method: "POST",
          headers: { "Content-Type": "application/json", authorization: auth },
          body: JSON.stringify({ searchTerm: "mug", pageSize: 200 }),
        }),
      );
      expect(((await res.json()) as { productsPage: { total: number } }).productsPage.total).toBe(
        expected("mug").length,
      );
      reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
