import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import {
  BULK_BUYER,
  MANAGER_BUYER,
  generateCategories,
  generateManagedAccount,
  generateProduct,
  type LargeStoreSize,
} from "../../server/emulator/large-store/index.js";
import { nextOrderNumber } from "../../server/emulator/orders/store.js";
import type { Emu } from "../../server/emulator/core/state.js";
import { buyerAuthorization, guestAuthorization } from "../support/identity.js";
import { readConfig } from "../../server/config.js";

/** The demo catalog's products (fixtures/catalog.json): the generated store comes beside them. */
const DEMO_PRODUCTS = (
  JSON.parse(readFileSync(new URL("../../fixtures/catalog.json", import.meta.url), "utf8")) as {
    products: unknown[];
  }
).products.length;

/**
 * The merchant-sized demo store (DEMO_SCALE=large), generated at a small size so the test is quick: the same
 * generator and writer, 2,000 products instead of 100,000. What holds here holds at every size.
 */

const SITE = "http://emulator.local";
const API = `${SITE}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001`;
const SMALL: LargeStoreSize = {
  products: 2_000,
  buyers: 40,
  bulkOrders: 120,
  bulkCartLines: 15,
  managedAccounts: 200,
  seed: 23,
};

type Row = Record<string, unknown>;
const rows = (emulator: Emulator, sql: string, ...params: unknown[]) =>
  emulator.db.prepare(sql).all(...params) as Row[];
const one = (emulator: Emulator, sql: string, ...params: unknown[]) => emulator.db.prepare(sql).get(...params) as Row;

/** A digest of every generated product as a shopper sees it: name, description, category, prices, stock. */
function catalogDigest(emulator: Emulator): string {
  const all = rows(
    emulator,
    `SELECT p.id, p.sku, p.name, p.description, p.category_id, pe.currency_iso_code, pe.list_price_cents,
       pe.unit_price_cents, i.on_hand
     FROM products p JOIN pricebook_entries pe ON pe.product_id = p.id LEFT JOIN inventory i ON i.product_id = p.id
     WHERE p.sku LIKE 'LG-%' ORDER BY p.id, pe.currency_iso_code`,
  );
  const facets = rows(
    emulator,
    "SELECT product_id, attribute, value FROM product_facet_values WHERE product_id LIKE '01tLG%' ORDER BY 1, 2",
  );
  const families = rows(
    emulator,
    `SELECT id, product_class, variation_parent_id, variation_attributes FROM products
     WHERE sku LIKE 'LG-%' AND product_class <> 'Simple' ORDER BY id`,
  );
  return createHash("sha256")
    .update(JSON.stringify([all, facets, families]))
    .digest("hex");
}

async function get(emulator: Emulator, path: string, auth: Record<string, string>) {
  const res = await emulator.fetch(new Request(`${API}/${path}`, { headers: auth }));
  return { status: res.status, body: (await res.json()) as any };
}

let store: Emulator;
beforeAll(() => {
  store = createEmulator({ scale: SMALL });
});
afterAll(() => store.close());

describe("a generated store (DEMO_SCALE=large, at a test's size)", () => {
  it("is the same store for the same seed, and another for another seed", () => {
    const again = createEmulator({ scale: SMALL });
    const reseeded = createEmulator({ scale: { ...SMALL, seed: 24 } });
    try {
      expect(catalogDigest(again)).toBe(catalogDigest(store));
      expect(catalogDigest(reseeded)).not.toBe(catalogDigest(store));
    } finally {
      again.close();
      reseeded.close();
    }
  });

  it("generates a product alone exactly as the store holds it", () => {
    const { leaves } = generateCategories();
    const p = generateProduct(SMALL.seed, leaves, 1_234);
    const row = one(store, "SELECT sku, name, description, category_id FROM products WHERE id = ?", p.id);
    expect(row).toEqual({ sku: p.sku, name: p.name, description: p.description, category_id: p.categoryId });
  });

  it("holds the size's products in about 500 categories three levels deep", () => {
    // Variations come beside the generated products (their parents are among them).
    expect(
      one(store, "SELECT count(*) AS n FROM products WHERE sku LIKE 'LG-%' AND variation_parent_id IS NULL").n,
    ).toBe(SMALL.products);
    const generated = rows(
      store,
      `SELECT c.id, c.parent_id, p.parent_id AS grandparent, g.parent_id AS root_parent
       FROM product_categories c LEFT JOIN product_categories p ON p.id = c.parent_id
       LEFT JOIN product_categories g ON g.id = p.parent_id WHERE c.id LIKE '0ZGLG%'`,
    );
    expect(generated.length).toBeGreaterThanOrEqual(450);
    expect(generated.length).toBeLessThanOrEqual(600);
    // Every product sits in a level-three category: its parent's parent is a top category (it has no parent).
    const misplaced = one(
      store,
      `SELECT count(*) AS n FROM products pr JOIN product_categories c ON c.id = pr.category_id
       LEFT JOIN product_categories p ON p.id = c.parent_id LEFT JOIN product_categories g ON g.id = p.parent_id
       WHERE pr.sku LIKE 'LG-%' AND (g.id IS NULL OR g.parent_id IS NOT NULL)`,
    );
    expect(misplaced.n).toBe(0);
    // Under the demo's own top categories (Coffee…) and under new ones.
    const tops = new Set(generated.filter((c) => c.grandparent === null && c.parent_id).map((c) => c.parent_id));
    expect(tops).toContain("0ZGDM0000000CFE");
    expect([...tops].some((id) => String(id).startsWith("0ZGLG"))).toBe(true);
  });

  it("prices every generated product in both currencies (GBP by the price book rule: USD × 0.8) and stocks it", () => {
    const prices = rows(
      store,
      `SELECT usd.list_price_cents AS usd_list, usd.unit_price_cents AS usd_unit, gbp.list_price_cents AS gbp_list,
         gbp.unit_price_cents AS gbp_unit, i.on_hand
       FROM products p
       LEFT JOIN pricebook_entries usd ON usd.product_id = p.id AND usd.currency_iso_code = 'USD'
       LEFT JOIN pricebook_entries gbp ON gbp.product_id = p.id AND gbp.currency_iso_code = 'GBP'
       LEFT JOIN inventory i ON i.product_id = p.id WHERE p.sku LIKE 'LG-%' AND p.product_class <> 'VariationParent'`,
    );
    const parents = one(
      store,
      "SELECT count(*) AS n FROM products WHERE product_class = 'VariationParent' AND sku LIKE 'LG-%'",
    ).n as number;
    const variations = one(
      store,
      "SELECT count(*) AS n FROM products WHERE product_class = 'Variation' AND sku LIKE 'LG-%'",
    ).n as number;
    expect(prices).toHaveLength(SMALL.products - parents + variations);
    for (const p of prices) {
      expect(p.gbp_unit).toBe(Math.round((p.usd_unit as number) * 0.8));
      expect(p.gbp_list).toBe(Math.round((p.usd_list as number) * 0.8));
      expect(p.usd_list as number).toBeGreaterThanOrEqual(p.usd_unit as number);
      expect(p.on_hand).toBeTypeOf("number");
    }
    // Some out of stock, most not.
    const outOfStock = prices.filter((p) => p.on_hand === 0).length;
    expect(outOfStock).toBeGreaterThan(0);
    expect(outOfStock).toBeLessThan(SMALL.products / 10);
  });

  it("gives every product facet values, makes variation families and volume prices, as the demo catalog has", async () => {
    // Every generated product (and variation) has a Brand and one of Roast, Material or Flavor.
    const perProduct = rows(
      store,
      `SELECT p.id, group_concat(f.attribute) AS attributes FROM products p
       LEFT JOIN product_facet_values f ON f.product_id = p.id WHERE p.sku LIKE 'LG-%' GROUP BY p.id`,
    );
    for (const p of perProduct) expect(String(p.attributes).split(",").sort()[0], String(p.id)).toBe("Brand__c");
    expect(perProduct.every((p) => String(p.attributes).split(",").length === 2)).toBe(true);
    // Families: parents in a demo attribute set, each variation naming one of the set's values.
    const families = rows(
      store,
      `SELECT p.id, sp.attribute_set_id, count(v.id) AS variations FROM products p
       JOIN product_attribute_set_products sp ON sp.product_id = p.id
       JOIN products v ON v.variation_parent_id = p.id WHERE p.sku LIKE 'LG-%' GROUP BY p.id`,
    );
    expect(families.length).toBeGreaterThan(3);
    const guest = await guestAuthorization((r) => store.fetch(r), SITE);
    const family = families[0];
    const detail = await get(store, `products/${family.id}`, guest);
    expect(detail.status).toBe(200);
    expect(detail.body.productClass).toBe("VariationParent");
    expect(detail.body.variationInfo.attributesToProductMappings).toHaveLength(family.variations as number);
    // Volume prices: some business packs carry the demo's case pricing, in every currency.
    const tiered = rows(
      store,
      `SELECT e.product_id, e.currency_iso_code FROM pricebook_entry_adjustments a
       JOIN pricebook_entries e ON e.id = a.pricebook_entry_id WHERE e.product_id LIKE '01tLG%'`,
    );
    expect(tiered.length).toBeGreaterThan(0);
    expect(new Set(tiered.map((t) => t.currency_iso_code))).toEqual(new Set(["USD", "GBP"]));
    const pricing = await get(store, `pricing/products/${tiered[0].product_id}`, guest);
    expect(pricing.body.priceAdjustment?.priceAdjustmentTiers?.length).toBe(2);
  });

  it("gives bulk@demo.store the size's orders, newest first over two years, and a cart of the size's lines", async () => {
    const auth = await buyerAuthorization((r) => store.fetch(r), SITE, BULK_BUYER.username, BULK_BUYER.password);
    const first = await get(store, "order-summaries?pageSize=100", auth);
    expect(first.status).toBe(200);
    expect(first.body.orderSummaries).toHaveLength(100);
    const dates = first.body.orderSummaries.map((o: { orderedDate: string }) => Date.parse(o.orderedDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const last = await get(store, `order-summaries?pageSize=100&pageToken=${first.body.nextPageToken}`, auth);
    expect(last.body.orderSummaries).toHaveLength(SMALL.bulkOrders - 100);
    expect(last.body.nextPageToken).toBeNull();
    const span = dates[0] - Date.parse(last.body.orderSummaries.at(-1).orderedDate);
    expect(span / (24 * 3600 * 1000)).toBeGreaterThan(700);

    const cart = await get(store, "carts/active", auth);
    expect(cart.status).toBe(200);
    expect(cart.body.uniqueProductCount).toBe(SMALL.bulkCartLines);

    // Twice the size, twice the history and the cart.
    const double = { ...SMALL, products: 1_000, buyers: 5, bulkOrders: 2 * SMALL.bulkOrders, bulkCartLines: 30 };
    const bigger = createEmulator({ scale: double });
    try {
      expect(one(bigger, "SELECT count(*) AS n FROM order_summaries WHERE owner_user_id = ?", BULK_BUYER.id).n).toBe(
        double.bulkOrders,
      );
      expect(one(bigger, "SELECT count(*) AS n FROM cart_items WHERE cart_id = ?", BULK_BUYER.cartId).n).toBe(30);
      expect(one(bigger, "SELECT count(*) AS n FROM users WHERE username LIKE 'shopper%'").n).toBe(5);
    } finally {
      bigger.close();
    }
  });

  it("lists a category with every category below it: its page, total, subcategory counts and facet counts", async () => {
    const guest = await guestAuthorization((r) => store.fetch(r), SITE);
    const coffee = "0ZGDM0000000CFE";
    const tree = `WITH RECURSIVE tree(id) AS (SELECT ? UNION ALL SELECT c.id FROM product_categories c JOIN tree t ON c.parent_id = t.id)`;
    const all = rows(
      store,
      `${tree} SELECT id FROM products WHERE category_id IN (SELECT id FROM tree) ORDER BY sort_order, name`,
      coffee,
    ).map((r) => r.id);
    expect(all.length).toBeGreaterThan(200);
    const page = await get(store, `search/products?categoryId=${coffee}&page=3&pageSize=50`, guest);
    expect(page.body.productsPage.total).toBe(all.length);
    expect(page.body.productsPage.products.map((p: { id: string }) => p.id)).toEqual(all.slice(150, 200));
    for (const child of page.body.categories.children) {
      const n = rows(
        store,
        `${tree} SELECT id FROM products WHERE category_id IN (SELECT id FROM tree)`,
        child.category.id,
      ).length;
      expect(child.productCount, child.category.name).toBe(n);
    }
    const brands = rows(
      store,
      `${tree} SELECT f.value, count(*) AS n FROM product_facet_values f JOIN products p ON p.id = f.product_id
       WHERE f.attribute = 'Brand__c' AND p.category_id IN (SELECT id FROM tree) GROUP BY f.value ORDER BY f.value`,
      coffee,
    );
    const brandFacet = page.body.facets.find((f: { nameOrId: string }) => f.nameOrId === "Brand__c");
    expect(
      brandFacet.values.map((v: { nameOrId: string; productCount: number }) => ({
        value: v.nameOrId,
        n: v.productCount,
      })),
    ).toEqual(brands.map((b) => ({ value: b.value, n: b.n })));
  });

  it("counts a refined category's matches and facet values as a plain reading of the catalog does", async () => {
    const guest = await guestAuthorization((r) => store.fetch(r), SITE);
    const coffee = "0ZGDM0000000CFE";
    const tree = `WITH RECURSIVE tree(id) AS (SELECT ? UNION ALL SELECT c.id FROM product_categories c JOIN tree t ON c.parent_id = t.id)`;
    const brands = rows(
      store,
      `${tree} SELECT f.value FROM product_facet_values f JOIN products p ON p.id = f.product_id
       WHERE f.attribute = 'Brand__c' AND p.category_id IN (SELECT id FROM tree) GROUP BY f.value ORDER BY count(*) DESC LIMIT 2`,
      coffee,
    ).map((r) => r.value as string);
    const refined = `${tree}, matched AS (SELECT p.id FROM products p JOIN product_facet_values b ON b.product_id = p.id
      AND b.attribute = 'Brand__c' AND b.value IN (?, ?) WHERE p.category_id IN (SELECT id FROM tree))`;
    const total = one(store, `${refined} SELECT count(*) AS n FROM matched`, coffee, ...brands).n;
    const roasts = rows(
      store,
      `${refined} SELECT f.value, count(*) AS n FROM matched m JOIN product_facet_values f ON f.product_id = m.id
       WHERE f.attribute = 'Roast__c' GROUP BY f.value ORDER BY f.value`,
      coffee,
      ...brands,
    );
    const res = await store.fetch(
      new Request(`${API}/search/product-search`, {
        method: "POST",
        headers: { ...guest, "content-type": "application/json" },
        body: JSON.stringify({
          categoryId: coffee,
          refinements: [{ type: "DistinctValue", attributeType: "Custom", nameOrId: "Brand__c", values: brands }],
        }),
      }),
    );
    const body = (await res.json()) as any;
    expect(body.productsPage.total).toBe(total);
    expect(total).toBeGreaterThan(0);
    const roast = body.facets.find((f: { nameOrId: string }) => f.nameOrId === "Roast__c");
    expect(
      roast.values.map((v: { nameOrId: string; productCount: number }) => ({ value: v.nameOrId, n: v.productCount })),
    ).toEqual(roasts.map((r) => ({ value: r.value, n: r.n })));
  });

  it("counts a search term's matches under each top category as a plain reading of the catalog does", async () => {
    const guest = await guestAuthorization((r) => store.fetch(r), SITE);
    const tree = `WITH RECURSIVE tree(top, id) AS (SELECT id, id FROM product_categories WHERE parent_id IS NULL
      UNION ALL SELECT t.top, c.id FROM product_categories c JOIN tree t ON c.parent_id = t.id)`;
    const expected = rows(
      store,
      `${tree} SELECT t.top AS id, count(*) AS n FROM products p JOIN tree t ON t.id = p.category_id
       WHERE instr(lower(p.name || ' ' || p.sku || ' ' || p.description), 'kettle') > 0 GROUP BY t.top`,
    );
    const found = await get(store, "search/products?searchTerm=kettle", guest);
    const counts = Object.fromEntries(
      found.body.categories.children.map((c: { category: { id: string }; productCount: number }) => [
        c.category.id,
        c.productCount,
      ]),
    );
    expect(expected.length).toBeGreaterThan(1);
    for (const e of expected) expect(counts[e.id as string], String(e.id)).toBe(e.n);
    expect(found.body.productsPage.total).toBe(expected.reduce((sum, e) => sum + (e.n as number), 0));
  });

  it("gives manager@demo.store the size's accounts, their own the default, all 200 in the account switcher", async () => {
    const auth = await buyerAuthorization((r) => store.fetch(r), SITE, MANAGER_BUYER.username, MANAGER_BUYER.password);
    const list = await get(store, "external-managed-accounts?includeMyAccount=true", auth);
    expect(list.status).toBe(200);
    const accounts = list.body.externalManagedAccounts as { accountId: string; accountName: string }[];
    expect(accounts).toHaveLength(200);
    expect(accounts[0]).toMatchObject({ accountId: MANAGER_BUYER.accountId, isMyAccount: true });
    expect(new Set(accounts.map((a) => a.accountName)).size).toBe(200);
    const generated = generateManagedAccount(SMALL.seed, 137);
    expect(accounts).toContainEqual(expect.objectContaining({ accountId: generated.id, accountName: generated.name }));
    const context = await get(store, "session-context", auth);
    expect(context.body.effectiveAccountId).toBe(MANAGER_BUYER.accountId);
    // Any of them may be acted for.
    const other = await get(store, `session-context?effectiveAccountId=${generated.id}`, auth);
    expect(other.body.effectiveAccountName).toBe(generated.name);
  });

  it("signs in the generated buyers with the demo password", async () => {
    expect(one(store, "SELECT count(*) AS n FROM users WHERE username LIKE 'shopper%@demo.store'").n).toBe(
      SMALL.buyers,
    );
    const auth = await buyerAuthorization((r) => store.fetch(r), SITE, "shopper0040@demo.store", "demo-pass-1");
    const context = await get(store, "session-context", auth);
    expect(context.body.guestUser).toBe(false);
  });

  it("keeps the demo's handles: its SKUs, buyers, orders and the next order number", async () => {
    expect(
      one(store, "SELECT on_hand FROM inventory i JOIN products p ON p.id = i.product_id WHERE sku = 'LAST-UNIT'")
        .on_hand,
    ).toBe(1);
    const errorSkus = rows(store, "SELECT sku FROM products WHERE sku LIKE 'ERR-10_' ORDER BY sku").map((r) => r.sku);
    expect(errorSkus).toEqual(["ERR-100", "ERR-101", "ERR-102", "ERR-103", "ERR-104", "ERR-105", "ERR-106", "ERR-107"]);
    const auth = await buyerAuthorization((r) => store.fetch(r), SITE, "buyer@demo.store", "demo-pass-1");
    const history = await get(store, "order-summaries", auth);
    expect(history.body.orderSummaries.map((o: { orderNumber: string }) => o.orderNumber).sort()).toEqual([
      "00000102",
      "00000103",
      "00000104",
      "00000105",
      "00000106",
    ]);
    // The generated history (90000001 up) leaves the checkout's numbering where the demo's is.
    expect(one(store, "SELECT max(order_number) AS n FROM order_summaries").n).toBe(
      String(90_000_000 + SMALL.bulkOrders),
    );
    expect(nextOrderNumber({ db: store.db } as Emu)).toBe("00000110");
  });
});

describe("a generated store in a database file", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "large-store-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Seeds a store four times (three starts and a reset): seconds on a busy machine, more than the default 5.
  it("is seeded once, kept at the same scale, seeded again at another, and reset to its own scale", async () => {
    const dbFile = join(dir, "store.sqlite");
    // The demo's products and the generated ones, their variations aside.
    const products = (e: Emulator) =>
      one(e, "SELECT count(*) AS n FROM products WHERE variation_parent_id IS NULL OR sku NOT LIKE 'LG-%'").n as number;
    const first = createEmulator({ dbFile, scale: SMALL });
    expect(first.seeding).toBe("seeded");
    const digest = catalogDigest(first);
    // A shopper's change survives a restart at the same scale.
    first.db
      .prepare("UPDATE inventory SET on_hand = 7 WHERE product_id = (SELECT id FROM products WHERE sku = 'LG-000001')")
      .run();
    first.close();

    const kept = createEmulator({ dbFile, scale: SMALL });
    expect(kept.seeding).toBe("kept");
    expect(
      one(kept, "SELECT on_hand FROM inventory i JOIN products p ON p.id = i.product_id WHERE p.sku = 'LG-000001'")
        .on_hand,
    ).toBe(7);
    const reset = await kept.fetch(new Request(`${SITE}/__emulator/reset`, { method: "POST" }));
    expect(reset.status).toBeLessThan(300);
    expect(products(kept)).toBe(DEMO_PRODUCTS + SMALL.products);
    expect(catalogDigest(kept)).toBe(digest);
    // The search index, emptied and rebuilt around the reset's bulk writes, finds generated and demo products alike.
    const hits = (term: string) =>
      one(kept, "SELECT count(*) AS n FROM products_search WHERE products_search MATCH ?", `"${term}"`).n;
    expect(hits("LG-001999")).toBe(1);
    expect(hits("Yirgacheffe")).toBe(1);
    kept.close();

    const demo = createEmulator({ dbFile });
    expect(demo.seeding).toBe("reseeded");
    expect(products(demo)).toBe(DEMO_PRODUCTS);
    demo.close();

    const large = createEmulator({ dbFile, scale: SMALL });
    expect(large.seeding).toBe("reseeded");
    expect(catalogDigest(large)).toBe(digest);
    large.close();
  }, 60_000);
});

describe("DEMO_SCALE", () => {
  it("is demo unless set to large or xl, and refuses anything else by name", () => {
    expect(readConfig({ NODE_ENV: "production" }).DEMO_SCALE).toBe("demo");
    expect(readConfig({ NODE_ENV: "production", DEMO_SCALE: "large" }).DEMO_SCALE).toBe("large");
    expect(readConfig({ NODE_ENV: "production", DEMO_SCALE: "xl" }).DEMO_SCALE).toBe("xl");
    expect(() => readConfig({ NODE_ENV: "production", DEMO_SCALE: "huge" })).toThrow(/DEMO_SCALE/);
  });
});

describe("POST /__emulator/large-store", () => {
  const control = (emulator: Emulator, body: unknown) =>
    emulator.fetch(
      new Request(`${SITE}/__emulator/large-store`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );

  it("seeds a generated store of the asked size next to the demo's, once, until a reset", async () => {
    const demo = createEmulator();
    try {
      expect(one(demo, "SELECT count(*) AS n FROM users WHERE id = ?", MANAGER_BUYER.id).n).toBe(0);
      const seeded = await control(demo, { products: 300, bulkCartLines: 40, managedAccounts: 12 });
      expect(seeded.status).toBe(201);
      expect(one(demo, "SELECT count(*) AS n FROM cart_items WHERE cart_id = ?", BULK_BUYER.cartId).n).toBe(40);
      expect(one(demo, "SELECT count(*) AS n FROM managed_accounts WHERE user_id = ?", MANAGER_BUYER.id).n).toBe(12);
      const guest = await guestAuthorization((r) => demo.fetch(r), SITE);
      const context = await get(demo, "application-context", guest);
      expect(context.body.propertiesEx.highScaleCartEnabled).toBe(true);

      const again = await control(demo, { products: 300 });
      expect(again.status).toBe(409);
      expect(((await again.json()) as any)[0].errorCode).toBe("CONFLICT");

      demo.reset();
      expect(one(demo, "SELECT count(*) AS n FROM users WHERE id = ?", BULK_BUYER.id).n).toBe(0);
    } finally {
      demo.close();
    }
  });

  it("refuses a size past its bounds or a field it doesn't know (400 INVALID_API_INPUT)", async () => {
    const demo = createEmulator();
    try {
      for (const body of [
        { products: 300, bulkCartLines: 2_001 },
        { products: 300, managedAccounts: 201 },
        { rows: 3 },
      ]) {
        const res = await control(demo, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(((await res.json()) as any)[0].errorCode).toBe("INVALID_API_INPUT");
      }
    } finally {
      demo.close();
    }
  });
});
