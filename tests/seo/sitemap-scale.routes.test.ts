/**
 * The sitemaps of a merchant-sized store (issue 38): the index and its shards together list every product and every
 * category the store has, each shard within the protocol's 50,000 URLs. A generated store of 20,000 products next to
 * the demo's (server/emulator/large-store) has a top category larger than one search pages through (5,000) with
 * products of its own (Coffee: the demo's coffees beside ~6,000 generated ones), so the walk's split by facet values
 * is exercised too.
 *
 * At the README's large scale (100,000 products, 532 categories): `SITEMAP_SCALE=large npx vitest run --project unit
 * tests/seo/sitemap-scale.routes.test.ts` (seeding takes a minute or two; `SITEMAP_DB=<file>` keeps the seeded database
 * for another run). It prints the counts and each shard's time.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import { LARGE_STORE_SIZE } from "../../server/emulator/large-store/index.js";
import { startStore, type Store } from "../support/routes";

const LARGE = process.env.SITEMAP_SCALE === "large";
const SIZE = LARGE ? LARGE_STORE_SIZE : { products: 20_000, buyers: 0, bulkOrders: 0, bulkCartLines: 0, seed: 23 };

let emulator: Emulator;
let store: Store;
beforeAll(async () => {
  emulator = createEmulator({ scale: SIZE, dbFile: process.env.SITEMAP_DB || ":memory:" });
  store = await startStore({ emulator });
}, 600_000);
afterAll(async () => {
  await store?.close();
  emulator?.close();
});

const ids = (sql: string) => (emulator.db.prepare(sql).all() as { id: string }[]).map((r) => r.id);

test(
  "the index and its shards list every product and every category, once per locale",
  async () => {
    const started = Date.now();
    const index = await fetch(`${store.url}/sitemap.xml`);
    expect(index.status).toBe(200);
    const shards = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const indexMs = Date.now() - started;
    const seen = { product: new Map<string, number>(), category: new Map<string, number>() };
    let gb = 0;
    for (const shard of shards) {
      const began = Date.now();
      const body = await (await fetch(`${store.url}${shard}`)).text();
      let urls = 0;
      for (const m of body.matchAll(/<url><loc>[^<]*?\/(en-GB\/)?(product|category)\/[^<]*\/([^/<]+)<\/loc>/g)) {
        urls++;
        if (m[1]) gb++;
        else {
          const kind = seen[m[2] as "product" | "category"];
          kind.set(m[3], (kind.get(m[3]) ?? 0) + 1);
        }
      }
      expect(urls).toBeLessThanOrEqual(50_000);
      expect(body.endsWith("</urlset>\n")).toBe(true);
      console.log(`${shard}: ${urls} URLs in ${Date.now() - began} ms`);
    }
    const products = ids("SELECT id FROM products ORDER BY id");
    const categories = ids("SELECT id FROM product_categories ORDER BY id");
    console.log(
      `sitemap: index (the plan's walk) in ${indexMs} ms; ${shards.length} shards; ${seen.product.size} of ${products.length} products, ${seen.category.size} of ${categories.length} categories`,
    );
    expect([...seen.product.keys()].sort()).toEqual(products);
    expect([...seen.category.keys()].sort()).toEqual(categories);
    expect([...seen.product.values(), ...seen.category.values()].every((n) => n === 1)).toBe(true);
    // Each page's en-GB twin as well.
    expect(gb).toBe(products.length + categories.length);
  },
  LARGE ? 1_200_000 : 300_000,
);
