import type { Emu } from "../core/state.js";

/** The catalog tables' rows and their read access, shared by the cart, wishlist and order modules. */

export interface ProductRow {
  id: string;
  sku: string;
  name: string;
  description: string;
  url_name: string;
  product_class: "Simple" | "VariationParent" | "Variation" | "Set" | "Bundle";
  category_id: string;
  variation_parent_id: string | null;
  variation_attributes: string | null;
  is_sellable: 0 | 1;
  image_url: string | null;
  image_alt: string | null;
  qty_minimum: number | null;
  qty_maximum: number | null;
  qty_increment: number | null;
  sort_order: number;
  pricebook_entry_id: string | null;
  currency_iso_code: string | null;
  list_price_cents: number | null;
  unit_price_cents: number | null;
}

/** One attribute of a variation parent's attribute set (ProductAttributeSetItem with its picklist), in sequence. */
export interface AttributeSetItemRow {
  attribute_set_id: string;
  developer_name: string;
  master_label: string;
  description: string | null;
  api_name: string;
  label: string;
  field_id: string;
  sequence: number;
  /** JSON array of the picklist's active values. */
  allowable_values: string;
}

export interface CategoryRow {
  id: string;
  name: string;
  description: string;
  parent_id: string | null;
  sort_order: number;
}

export interface SellingModelRow {
  id: string;
  name: string;
  selling_model_type: "OneTime" | "Evergreen" | "TermDefined";
  pricing_term: number | null;
  pricing_term_unit: string | null;
  is_active: 0 | 1;
  term_minimum: number | null;
  term_maximum: number | null;
  term_increment: number | null;
}

/**
 * The store's default currency: its price book is the one a product row carries. Every other supported currency
 * has its own price book (GBP in the demo store); `productIn` swaps a row's prices for that book's entry.
 */
export const DEFAULT_CURRENCY = "USD";

export const PRODUCT_SELECT = `
  SELECT p.*, pe.id AS pricebook_entry_id, pe.currency_iso_code, pe.list_price_cents, pe.unit_price_cents
  FROM products p LEFT JOIN pricebook_entries pe ON pe.product_id = p.id AND pe.currency_iso_code = '${DEFAULT_CURRENCY}'`;

const stores = new WeakMap<Emu, ReturnType<typeof createCatalogStore>>();

/** Read access to the catalog tables, shared by the cart, wishlist and order modules (one per emulator). */
export function catalogStore(emu: Emu) {
  let store = stores.get(emu);
  if (!store) stores.set(emu, (store = createCatalogStore(emu)));
  return store;
}

function createCatalogStore(emu: Emu) {
  const db = emu.db;
  const byId = db.prepare(`${PRODUCT_SELECT} WHERE p.id = ?`);
  const bySku = db.prepare(`${PRODUCT_SELECT} WHERE p.sku = ?`);
  const variants = db.prepare(`${PRODUCT_SELECT} WHERE p.variation_parent_id = ? ORDER BY p.sort_order`);
  const category = db.prepare("SELECT * FROM product_categories WHERE id = ?");
  const attributeSet = db.prepare(`
    SELECT s.id AS attribute_set_id, s.developer_name, s.master_label, s.description,
      i.api_name, i.label, i.field_id, i.sequence, i.allowable_values
    FROM product_attribute_set_products sp
    JOIN product_attribute_sets s ON s.id = sp.attribute_set_id
    JOIN product_attribute_set_items i ON i.attribute_set_id = s.id
    WHERE sp.product_id = ? ORDER BY i.sequence`);
  const entryIn = db.prepare(
    "SELECT id, list_price_cents, unit_price_cents FROM pricebook_entries WHERE product_id = ? AND currency_iso_code = ?",
  );
  const categories = db.prepare("SELECT * FROM product_categories ORDER BY sort_order, name");
  const children = db.prepare("SELECT * FROM product_categories WHERE parent_id IS ? ORDER BY sort_order, name");
  // A category and the categories above it (db/014_scale_indexes.sql), root first.
  const path = db.prepare(`
    SELECT c.* FROM category_ancestors a JOIN product_categories c ON c.id = a.ancestor_id
    WHERE a.category_id = ? ORDER BY a.depth DESC`);
  const pathIds = db.prepare(
    "SELECT ancestor_id AS id FROM category_ancestors WHERE category_id = ? ORDER BY depth DESC",
  );
  const models = db.prepare(`
    SELECT sm.* FROM product_selling_models psm JOIN selling_models sm ON sm.id = psm.selling_model_id
    WHERE psm.product_id = ? ORDER BY sm.selling_model_type, sm.name`);
  return {
    product: (id: string) => byId.get(id) as ProductRow | undefined,
    productBySku: (sku: string) => bySku.get(sku) as ProductRow | undefined,
    /**
     * The product priced from the price book of `currency`: a product without an entry in that book has no price
     * there (product error 102 when it is added to a cart in that currency).
     */
    productIn(id: string, currency: string | null | undefined): ProductRow | undefined {
      const p = byId.get(id) as ProductRow | undefined;
      if (!p || !currency || currency === DEFAULT_CURRENCY) return p;
      const entry = entryIn.get(id, currency) as
        { id: string; list_price_cents: number | null; unit_price_cents: number } | undefined;
      return {
        ...p,
        pricebook_entry_id: entry?.id ?? null,
        currency_iso_code: currency,
        list_price_cents: entry?.list_price_cents ?? null,
        unit_price_cents: entry?.unit_price_cents ?? null,
      };
    },
    variants: (parentId: string) => variants.all(parentId) as ProductRow[],
    /** The variation parent's attribute set, one row per attribute in sequence; empty for any other product. */
    attributeSet: (parentId: string) => attributeSet.all(parentId) as AttributeSetItemRow[],
    category: (id: string) => category.get(id) as CategoryRow | undefined,
    categories: () => categories.all() as CategoryRow[],
    /** The categories directly under `parentId` (the top level for null), in the catalog's order. */
    children: (parentId: string | null) => children.all(parentId) as CategoryRow[],
    sellingModels: (productId: string) => models.all(productId) as SellingModelRow[],
    /** Root first, the category itself last. */
    categoryPath: (id: string) => path.all(id) as CategoryRow[],
    /** categoryPath's ids alone, from the ancestors' index (no category rows read). */
    categoryIdPath: (id: string) => (pathIds.all(id) as { id: string }[]).map((c) => c.id),
  };
}

export type CatalogStore = ReturnType<typeof createCatalogStore>;

/* The catalog folder's other statements, by name: volume price schedules (price-tiers.ts), stock and reservations
 * (inventory.ts, inventory-levels.ts), and the store an SEO lookup reads an order in (seo.ts). The seeders'
 * statements are in seed.ts. */

/** `.get(pricebookEntryId)`: the schedule adjusting a price book entry. */
export function scheduleOfEntry(emu: Emu) {
  return emu.db.prepare(`
    SELECT s.* FROM pricebook_entry_adjustments a JOIN price_adjustment_schedules s ON s.id = a.schedule_id
    WHERE a.pricebook_entry_id = ?`);
}

/** `.all(scheduleId)`: a schedule's tiers, lowest first. */
export function tiersOfSchedule(emu: Emu) {
  return emu.db.prepare("SELECT * FROM price_adjustment_tiers WHERE schedule_id = ? ORDER BY lower_bound");
}

/** `.get(pricebookEntryId, quantity, quantity)`: the one tier a quantity reaches. */
export function tierAtQuantity(emu: Emu) {
  return emu.db.prepare(`
    SELECT t.* FROM pricebook_entry_adjustments a JOIN price_adjustment_tiers t ON t.schedule_id = a.schedule_id
    WHERE a.pricebook_entry_id = ? AND t.lower_bound <= ? AND (t.upper_bound IS NULL OR t.upper_bound > ?)
    ORDER BY t.lower_bound DESC LIMIT 1`);
}

export function inventoryRow(emu: Emu, productId: string) {
  return emu.db.prepare("SELECT on_hand FROM inventory WHERE product_id = ?").get(productId) as
    { on_hand: number } | undefined;
}

/** The units of a product other carts' live reservations hold. */
export function heldByOthers(emu: Emu, productId: string, cartId: string | null) {
  return emu.db
    .prepare(
      `SELECT coalesce(sum(ri.quantity), 0) AS n
       FROM inventory_reservation_items ri JOIN inventory_reservations r ON r.id = ri.reservation_id
       WHERE ri.product_id = ? AND r.expires_at > ? AND r.cart_id IS NOT ?`,
    )
    .get(productId, emu.clock.now(), cartId) as { n: number };
}

export function liveReservationRow(emu: Emu, cartId: string) {
  return emu.db
    .prepare("SELECT * FROM inventory_reservations WHERE cart_id = ? AND expires_at > ?")
    .get(cartId, emu.clock.now()) as
    { id: string; cart_id: string; created_at: number; expires_at: number } | undefined;
}

export function reservationItems(emu: Emu, reservationId: string) {
  return emu.db
    .prepare(
      "SELECT product_id AS productId, quantity FROM inventory_reservation_items WHERE reservation_id = ? ORDER BY product_id",
    )
    .all(reservationId) as { productId: string; quantity: number }[];
}

export function deleteReservationOf(emu: Emu, cartId: string) {
  emu.db.prepare("DELETE FROM inventory_reservations WHERE cart_id = ?").run(cartId);
}

export function deleteExpiredReservations(emu: Emu, now: number) {
  emu.db.prepare("DELETE FROM inventory_reservations WHERE expires_at <= ?").run(now);
}

export function insertReservation(emu: Emu, id: string, cartId: string, createdAt: number, expiresAt: number) {
  emu.db
    .prepare("INSERT INTO inventory_reservations(id, cart_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .run(id, cartId, createdAt, expiresAt);
}

/** `.run(reservationId, productId, quantity)`, for a loop over the reserved products. */
export function reservationItemInsert(emu: Emu) {
  return emu.db.prepare(
    "INSERT INTO inventory_reservation_items(reservation_id, product_id, quantity) VALUES (?, ?, ?)",
  );
}

export function firstWebstore(emu: Emu) {
  return emu.db.prepare("SELECT id FROM webstores ORDER BY id LIMIT 1").get() as { id: string } | undefined;
}

/* Search and category listings (search.ts). search.ts builds the conditions (`where`: "WHERE …" or "", or a list
 * joined with AND), the sources and the sort expressions from the request; the statements that run them are here.
 * Their plans are checked by tests/emulator/query-plans.test.ts. */

export function facetableAttributeRows(emu: Emu): unknown[] {
  return emu.db.prepare("SELECT * FROM search_facetable_attributes ORDER BY display_rank").all();
}

/** How many products a category holds, its subcategories' included (kept by db/014's triggers). */
export function categoryProductCount(emu: Emu, categoryId: string): number {
  const row = emu.db.prepare("SELECT n FROM category_product_counts WHERE category_id = ?").get(categoryId) as
    { n: number } | undefined;
  return row?.n ?? 0;
}

/** A page of a category's products in the catalog's order: one range of category_products, from its offset. */
export function categoryProductPage(emu: Emu, categoryId: string, offset: number, size: number): string[] {
  const rows = emu.db
    .prepare(
      `SELECT product_id FROM category_products WHERE ancestor_id = ? ORDER BY sort_order, name, product_id
       LIMIT ? OFFSET ?`,
    )
    .all(categoryId, size, offset) as { product_id: string }[];
  return rows.map((r) => r.product_id);
}

/** A page cut from at most `atMost` matches (counted before), sorted whole. */
export function sortedMatchPage(
  emu: Emu,
  atMost: number,
  from: string,
  where: string,
  order: string,
  params: unknown[],
  size: number,
  offset: number,
): string[] {
  const rows = emu.db
    .prepare<unknown[]>(
      `SELECT /* at most ${atMost} matches, counted first */ p.id ${from} ${where}
       ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .all(...params, size, offset) as { id: string }[];
  return rows.map((r) => r.id);
}

const ids = (rows: unknown[]) => (rows as { id: string }[]).map((r) => r.id);

/**
 * A page of the matches along one of the products' order indexes (the catalog's order, or the name's), walked until
 * the page is full. `order` is the index's own order, so SQLite reads the index and stops at the page's end.
 */
export function indexOrderPage(
  emu: Emu,
  index: "products_catalog_order" | "products_name_order",
  priced: boolean,
  where: string,
  order: string,
  params: unknown[],
  size: number,
  offset: number,
): string[] {
  return ids(
    emu.db
      .prepare<unknown[]>(
        `SELECT p.id FROM products p INDEXED BY ${index}
       ${priced ? `LEFT JOIN pricebook_entries pe ON pe.product_id = p.id AND pe.currency_iso_code = '${DEFAULT_CURRENCY}'` : ""}
       ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(...params, size, offset),
  );
}

/** A page of the priced matches along the price's index, walked until the page is full. */
export function priceOrderPage(
  emu: Emu,
  where: string,
  direction: "ASC" | "DESC",
  params: unknown[],
  size: number,
  offset: number,
): string[] {
  return ids(
    emu.db
      .prepare<unknown[]>(
        `SELECT p.id FROM pricebook_entries pe INDEXED BY pricebook_entries_currency_price
     CROSS JOIN products p ON p.id = pe.product_id
     ${where}
     ORDER BY pe.unit_price_cents ${direction}, p.sort_order, p.name LIMIT ? OFFSET ?`,
      )
      .all(...params, size, offset),
  );
}

/** A page of the products matching `where`, in the catalog's order. */
export function catalogOrderPageWhere(emu: Emu, where: string, params: unknown[], size: number, offset: number) {
  return ids(
    emu.db
      .prepare<unknown[]>(`SELECT p.id FROM products p ${where} ORDER BY p.sort_order, p.name LIMIT ? OFFSET ?`)
      .all(...params, size, offset),
  );
}

export function productCountWhere(emu: Emu, where: string, params: unknown[]): number {
  return (
    emu.db.prepare<unknown[]>(`SELECT count(*) AS n FROM products p ${where}`).get(...params) as {
      n: number;
    }
  ).n;
}

/** The matches of indexed terms alone, counted in the full-text index (no product row read). */
export function termMatchCount(emu: Emu, params: unknown[]): number {
  return (
    emu.db
      .prepare<unknown[]>("SELECT count(*) AS n FROM products_search WHERE products_search MATCH ?")
      .get(...params) as { n: number }
  ).n;
}

export function matchCountFrom(emu: Emu, from: string, where: string, params: unknown[]): number {
  return (emu.db.prepare<unknown[]>(`SELECT count(*) AS n ${from} ${where}`).get(...params) as { n: number }).n;
}

/** The children of a parent (`parent`: its condition on `k`), with their kept product counts. */
export function childCategoryCounts(emu: Emu, parent: string, parentParams: unknown[]) {
  return emu.db
    .prepare<unknown[]>(
      `SELECT k.id, k.name, coalesce(c.n, 0) AS n FROM product_categories k
         LEFT JOIN category_product_counts c ON c.category_id = k.id
         WHERE ${parent} ORDER BY k.sort_order, k.name`,
    )
    .all(...parentParams) as { id: string; name: string; n: number }[];
}

export function childCategories(emu: Emu, parent: string, parentParams: unknown[]) {
  return emu.db
    .prepare<unknown[]>(`SELECT k.id, k.name FROM product_categories k WHERE ${parent} ORDER BY k.sort_order, k.name`)
    .all(...parentParams) as { id: string; name: string }[];
}

/**
 * The matches under each child of a parent: counted by their own category first (one pass over the matches), then
 * each category's count added to its ancestors among the children: a few hundred categories, not a closure lookup
 * per match. `params`: the conditions', then the parent's.
 */
export function childMatchCounts(emu: Emu, countedFrom: string, where: string[], parent: string, params: unknown[]) {
  return emu.db
    .prepare<unknown[]>(
      `SELECT a.ancestor_id AS id, sum(m.n) AS n
       FROM (SELECT p.category_id, count(*) AS n FROM ${countedFrom} p
             WHERE ${where.join(" AND ")} GROUP BY p.category_id) m
       JOIN category_ancestors a ON a.category_id = m.category_id
       WHERE a.ancestor_id IN (SELECT k.id FROM product_categories k WHERE ${parent})
       GROUP BY a.ancestor_id`,
    )
    .all(...params) as { id: string; n: number }[];
}

/** A category's facet value counts, kept by db/014's triggers. */
export function keptFacetCounts(emu: Emu, categoryId: string): unknown[] {
  return emu.db
    .prepare("SELECT attribute, value, n FROM category_facet_counts WHERE category_id = ? AND n > 0")
    .all(categoryId);
}

/** keptFacetCounts of some attributes (`attributeSql` on `f`); `params`: the category's id, then the attributes'. */
export function keptFacetCountsWhere(emu: Emu, attributeSql: string, params: unknown[]): unknown[] {
  return emu.db
    .prepare<unknown[]>(
      `SELECT attribute, value, n FROM category_facet_counts f WHERE category_id = ? AND n > 0 AND ${attributeSql}`,
    )
    .all(...params);
}

/** The facet values of the matches, each with how many have it, in one GROUP BY. */
export function matchFacetCounts(emu: Emu, from: string, where: string[], params: unknown[]): unknown[] {
  return emu.db
    .prepare<unknown[]>(
      `SELECT f.attribute, f.value, count(*) AS n ${from}
         JOIN product_facet_values f ON f.product_id = p.id
         WHERE ${where.join(" AND ")} GROUP BY f.attribute, f.value`,
    )
    .all(...params);
}

/** Marks the reads of the catalog a keyword search's counts are made from: once per version of the catalog. */
const ONCE_PER_CATALOG = "/* the catalog's search counts, read once per catalog version */";

/**
 * How many products full-text terms match, and their rowids (one JSON list): a keyword search's one pass over its
 * matches, reading the index alone.
 */
export function termMatches(emu: Emu, params: unknown[]): { n: number; ids: string } {
  return emu.db
    .prepare<unknown[]>(
      "SELECT count(*) AS n, json_group_array(rowid) AS ids FROM products_search WHERE products_search MATCH ?",
    )
    .get(...params) as { n: number; ids: string };
}

/**
 * Every product's top-level category: its rowid (`r`) and the category's id. Iterated, not listed: at a million
 * products a list of rows held at once grew the process by hundreds of MiB for as long as it took to read them.
 */
export function productTopCategories(emu: Emu) {
  return emu.db
    .prepare(
      `SELECT ${ONCE_PER_CATALOG} k.rowid AS r, a.ancestor_id AS top FROM product_keys k
       JOIN category_ancestors a ON a.category_id = k.category_id
       JOIN product_categories c ON c.id = a.ancestor_id WHERE c.parent_id IS NULL`,
    )
    .iterate() as IterableIterator<{ r: number; top: string }>;
}

/** The highest rowid a product has (0 for none): the size of the arrays kept by product rowid. */
export function lastProductRowid(emu: Emu): number {
  return (
    emu.db.prepare(`SELECT ${ONCE_PER_CATALOG} coalesce(max(rowid), 0) AS r FROM product_keys`).get() as {
      r: number;
    }
  ).r;
}

/** How many facet values products have in all (one per product and value). */
export function facetValueCount(emu: Emu): number {
  return (emu.db.prepare(`SELECT ${ONCE_PER_CATALOG} count(*) AS n FROM product_facet_values`).get() as { n: number })
    .n;
}

/** The facet values products have, each once, in the primary key's order. */
export function facetValueList(emu: Emu) {
  return emu.db.prepare(`SELECT DISTINCT ${ONCE_PER_CATALOG} attribute, value FROM product_facet_values`).all() as {
    attribute: string;
    value: string;
  }[];
}

/** The rowids (`r`) of the products that have one facet value, iterated. */
export function facetValueRowids(emu: Emu, attribute: string, value: string) {
  return emu.db
    .prepare<unknown[]>(
      `SELECT ${ONCE_PER_CATALOG} k.rowid AS r FROM product_facet_values f
       JOIN product_keys k ON k.id = f.product_id WHERE f.attribute = ? AND f.value = ?`,
    )
    .iterate(attribute, value) as IterableIterator<{ r: number }>;
}

/** Every product's rowid (`r`) in the catalog's order: products_catalog_order walked whole, iterated. */
export function productsInCatalogOrder(emu: Emu) {
  return emu.db
    .prepare(
      `SELECT ${ONCE_PER_CATALOG} p.rowid AS r FROM products p INDEXED BY products_catalog_order
       ORDER BY p.sort_order, p.name`,
    )
    .iterate() as IterableIterator<{ r: number }>;
}

/** A product's id by its rowid. */
export function productIdAt(emu: Emu, rowid: number): string | undefined {
  return (emu.db.prepare("SELECT id FROM product_keys WHERE rowid = ?").get(rowid) as { id: string } | undefined)?.id;
}

/** The tables a keyword search's counts are made from (product_keys and category_ancestors follow these). */
const COUNTED_TABLES = ["products", "product_facet_values", "product_categories", "search_facetable_attributes"];

/**
 * Calls `changed` after every write to a table a keyword search's counts are made from, through TEMP triggers:
 * the connection's own, never part of the database file (a state, a file another tool opens), and dropped with the
 * tables' own triggers by a bulk write (core/db.ts withoutTriggers, counted as one change there).
 */
export function watchCountedTables(emu: Emu, changed: () => void) {
  const db = emu.db;
  db.function("emulator_catalog_changed", { deterministic: false, varargs: false }, () => {
    changed();
    return null;
  });
  for (const table of COUNTED_TABLES)
    for (const event of ["INSERT", "UPDATE", "DELETE"])
      db.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS "${table}_${event.toLowerCase()}_counted" AFTER ${event} ON main."${table}"
         BEGIN SELECT emulator_catalog_changed(); END`,
      );
}

/* What recommendations read (catalog/recommendations.ts): orders and carts by product, each read bounded. */

/** The latest orders holding a product, newest first, along the product's index (rowid order is placing order). */
export function latestOrdersWith(emu: Emu, productId: string, limit: number): { id: string }[] {
  return emu.db
    .prepare("SELECT order_summary_id AS id FROM order_items WHERE product_id = ? ORDER BY rowid DESC LIMIT ?")
    .all(productId, limit) as { id: string }[];
}

/** One order's products (bounded by the order). */
export function productsOfOrder(emu: Emu, orderId: string): { id: string }[] {
  return emu.db
    .prepare("SELECT DISTINCT product_id AS id FROM order_items WHERE order_summary_id = ? AND product_id IS NOT NULL")
    .all(orderId) as { id: string }[];
}

/** The products of a cart's lines, at most `limit`. */
export function productsOfCart(emu: Emu, cartId: string, limit: number): { id: string }[] {
  return emu.db
    .prepare("SELECT DISTINCT product_id AS id FROM cart_items WHERE cart_id = ? AND product_id IS NOT NULL LIMIT ?")
    .all(cartId, limit) as { id: string }[];
}
