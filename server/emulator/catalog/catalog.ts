import { randomUUID } from "node:crypto";
import { effectiveAccountId, pricingCurrency, readFixture, requireGuestFlag } from "../core/context.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { json } from "../core/http.js";
import { money, toCents } from "../core/money.js";
import { illegalQuery } from "../core/paging.js";
import { recordId } from "../core/record-ids.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";

/**
 * The catalog resources of the Connect API (search, product detail, pricing, categories). The spec doesn't list
 * them, but a storefront can't browse without them; they follow the real B2B/D2C commerce paths and shapes.
 */

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
}

/**
 * The store's default currency: its price book is the one a product row carries. Every other supported currency
 * has its own price book (GBP in the demo store); `productIn` swaps a row's prices for that book's entry.
 */
export const DEFAULT_CURRENCY = "USD";

const PRODUCT_SELECT = `
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
  const entryIn = db.prepare(
    "SELECT id, list_price_cents, unit_price_cents FROM pricebook_entries WHERE product_id = ? AND currency_iso_code = ?",
  );
  const categories = db.prepare("SELECT * FROM product_categories ORDER BY sort_order, name");
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
    category: (id: string) => category.get(id) as CategoryRow | undefined,
    categories: () => categories.all() as CategoryRow[],
    sellingModels: (productId: string) => models.all(productId) as SellingModelRow[],
    /** Root first, the category itself last. */
    categoryPath(id: string): CategoryRow[] {
      const byCategoryId = new Map(this.categories().map((c) => [c.id, c]));
      return pathOf(byCategoryId, id);
    },
  };
}

export type CatalogStore = ReturnType<typeof createCatalogStore>;

export function pathOf(byId: Map<string, CategoryRow>, id: string): CategoryRow[] {
  const path: CategoryRow[] = [];
  for (let c = byId.get(id); c; c = c.parent_id ? byId.get(c.parent_id) : undefined) path.unshift(c);
  return path;
}

// ---------------------------------------------------------------------------------------------------------
// Shapes

const DEFAULT_IMAGE = "/images/products/default.svg";

/**
 * The demo catalog's last change, as Product2.LastModifiedDate [I]: the fixtures carry no edit times, and a
 * date that moves with every reseed would tell a client (and its caches) that products changed when they didn't.
 */
export const CATALOG_LAST_MODIFIED = "2026-07-01T09:00:00.000Z";

/** Each product has one image: its ProductMedia record (key prefix 2pm, as in the doc's Product Overview example). */
const productMediaId = (p: ProductRow) => `2pm${p.id.slice(3)}`;

/** The store's two media groups, shared by every product (ElectronicMediaGroup records; ids [I]). */
const MEDIA_GROUPS = [
  { id: "2mgDM0000000001", developerName: "productDetailImage", name: "Product Detail Images", usageType: "Standard" },
  { id: "2mgDM0000000002", developerName: "productListImage", name: "Product List Image", usageType: "Listing" },
] as const;

export function productImage(p: ProductRow) {
  const url = p.image_url ?? DEFAULT_IMAGE;
  return {
    alternateText: p.image_alt ?? p.name,
    contentVersionId: null,
    id: productMediaId(p),
    mediaType: "Image",
    sortOrder: 0,
    thumbnailUrl: url,
    title: p.name,
    url,
  };
}

export function quantityRule(p: ProductRow) {
  if (p.qty_minimum === null) return null;
  return { minimum: String(p.qty_minimum), maximum: String(p.qty_maximum), increment: String(p.qty_increment) };
}

/** The product fields a `fields` / `productFields` query may ask for. */
const PRODUCT_FIELDS: Record<string, (p: ProductRow) => string> = {
  Name: (p) => p.name,
  StockKeepingUnit: (p) => p.sku,
  Description: (p) => p.description,
  ProductClass: (p) => p.product_class,
  LastModifiedDate: () => CATALOG_LAST_MODIFIED,
};

/** Search results' fields when none are asked for (Product Search Input: Name, Description, StockKeepingUnit, …). */
const DEFAULT_FIELDS = ["Name", "StockKeepingUnit", "Description"];
const ALL_FIELDS = Object.keys(PRODUCT_FIELDS);

/**
 * Parses a comma-separated field list ("*" = all). Unknown names are ignored, as the API does. Cart and wishlist
 * `productFields` take at most 15 names; `max` Infinity for resources without a limit (product detail, products).
 */
export function fieldList(query: URLSearchParams, name: string, def: string[] = DEFAULT_FIELDS, max = 15): string[] {
  const raw = query.get(name);
  if (raw === null || raw.trim() === "") return def;
  return knownFields(raw.split(","), name, max);
}

function knownFields(names: unknown[], label: string, max = Infinity): string[] {
  const wanted = names.map((f) => String(f).trim()).filter(Boolean);
  if (wanted.length > max) throw illegalQuery(label, wanted.join(","), `At most ${max} fields can be requested.`);
  if (wanted.includes("*")) return ALL_FIELDS;
  return wanted.filter((f) => f in PRODUCT_FIELDS);
}

export function productFieldValues(p: ProductRow, fields: string[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f, PRODUCT_FIELDS[f](p)]));
}

export function variationAttributes(p: ProductRow): Record<string, string> {
  return p.variation_attributes ? JSON.parse(p.variation_attributes) : {};
}

/**
 * A product's price as a Pricing Result Line Item (the lines of pricing/products and the `prices` of search
 * results): `error` is a ConnectApi.ErrorResponse `{errorCode, message}`. A product without a price book entry
 * (ERR-102) is a failed line with null prices [I: the code is the spec's product error 102].
 */
function priceLine(p: ProductRow) {
  if (p.unit_price_cents === null) {
    return {
      error: { errorCode: "NO_PRICE_AVAILABLE", message: "No pricing data available" },
      listPrice: null,
      pricebookEntryId: null,
      productId: p.id,
      success: false,
      unitPrice: null,
    };
  }
  return {
    error: null,
    listPrice: money(p.list_price_cents),
    pricebookEntryId: p.pricebook_entry_id,
    productId: p.id,
    success: true,
    unitPrice: money(p.unit_price_cents),
  };
}

function fieldValues(p: ProductRow, fields: string[]) {
  return Object.fromEntries(fields.map((f) => [f, { value: PRODUCT_FIELDS[f](p) }]));
}

/** Search results' product: Product Summary (POST product-search) / Commerce Product Summary (GET search/products). */
function searchProduct(p: ProductRow, fields: string[], opts: { prices: boolean; quantityRule: boolean }) {
  const image = productImage(p);
  return {
    defaultImage: {
      alternateText: image.alternateText,
      contentVersionId: null,
      id: image.id,
      mediaType: "Image",
      sortOrder: 0,
      thumbnailUrl: image.url,
      title: image.title,
      url: image.url,
    },
    fields: fieldValues(p, fields),
    id: p.id,
    name: p.name,
    ...(opts.prices ? { prices: priceLine(p) } : {}),
    productClass: p.product_class,
    ...(opts.quantityRule ? { purchaseQuantityRule: quantityRule(p) } : {}),
    urlName: p.url_name,
    variationAttributeSet: p.product_class === "Variation" ? { attributes: variationAttributes(p) } : null,
  };
}

function variationInfo(catalog: CatalogStore, parent: ProductRow, attributeNames: string[]) {
  const variants = catalog.variants(parent.id);
  return {
    attributesToProductMappings: variants.map((v) => ({
      productId: v.id,
      canonicalKey: Object.values(variationAttributes(v)).join("_"),
      selectedAttributes: Object.entries(variationAttributes(v)).map(([apiName, value], sequence) => ({
        apiName,
        label: apiName,
        sequence,
        value,
      })),
    })),
    variationAttributeInfo: Object.fromEntries(
      attributeNames.map((name, sequence) => [
        name,
        {
          apiName: name,
          label: name,
          sequence,
          objectName: "ProductAttribute",
          fieldEnumOrId: name,
          availableValues: [...new Set(variants.map((v) => variationAttributes(v)[name]).filter(Boolean))],
        },
      ]),
    ),
  };
}

/** Product Detail (connect_responses_product_detail.htm): `fields` is a map of names to values. */
function productDetail(catalog: CatalogStore, p: ProductRow, fields: string[]) {
  const image = productImage(p);
  const parent = p.variation_parent_id
    ? catalog.product(p.variation_parent_id)
    : p.product_class === "VariationParent"
      ? p
      : undefined;
  const attributeNames = parent ? Object.keys(variationAttributes(catalog.variants(parent.id)[0] ?? parent)) : [];
  return {
    id: p.id,
    urlName: p.url_name,
    productClass: p.product_class,
    fields: productFieldValues(p, fields),
    defaultImage: image,
    mediaGroups: MEDIA_GROUPS.map((g) => ({ ...g, mediaItems: [image] })),
    primaryProductCategoryPath: {
      path: catalog.categoryPath(p.category_id).map((c) => ({ id: c.id, name: c.name, description: c.description })),
    },
    purchaseQuantityRule: quantityRule(p),
    productSellingModels: catalog.sellingModels(p.id).map(sellingModelJson),
    variationParentId: p.variation_parent_id,
    variationAttributeSet:
      p.product_class === "Variation"
        ? { apiName: `${parent?.url_name ?? "product"}-attributes`, attributes: variationAttributes(p) }
        : null,
    variationInfo: parent ? variationInfo(catalog, parent, attributeNames) : null,
  };
}

export function sellingModelJson(m: SellingModelRow) {
  return {
    id: m.id,
    name: m.name,
    sellingModelType: m.selling_model_type,
    pricingTerm: m.pricing_term,
    pricingTermUnit: m.pricing_term_unit,
  };
}

function categoryJson(c: CategoryRow) {
  return { id: c.id, fields: { Name: c.name, Description: c.description }, mediaGroups: [] };
}

/**
 * Product Price (GET pricing/products/{productId}): ConnectApi.ProductPrice has no success flag; a product without
 * a price answers 200 with null prices [I]. From 56.0, productPriceEntries prices the product per selling model:
 * the ones asked for with `productSellingModelIds` (then the top-level prices are empty, as the page says), else
 * every model the product is sold with [I].
 */
function productPrice(catalog: CatalogStore, p: ProductRow, apiVersion: number, modelIds: string[] | null) {
  const line = priceLine(p);
  const base = {
    currencyIsoCode: p.currency_iso_code ?? "USD",
    listPrice: line.listPrice,
    pricebookEntryId: line.pricebookEntryId,
    unitPrice: line.unitPrice,
  };
  if (apiVersion < 56) return base;
  const sold = catalog.sellingModels(p.id).map((m) => m.id);
  const entries = (modelIds ?? sold).map((modelId) => {
    if (!sold.includes(modelId)) {
      return {
        error: { errorCode: "INVALID_ID_FIELD", message: `The product isn't sold with selling model ${modelId}.` },
        listPrice: null,
        priceAdjustment: null,
        pricebookEntryId: null,
        productSellingModelId: modelId,
        success: false,
        unitPrice: null,
      };
    }
    return {
      error: line.error,
      listPrice: line.listPrice,
      priceAdjustment: null,
      pricebookEntryId: line.pricebookEntryId,
      productSellingModelId: modelId,
      success: line.success,
      unitPrice: line.unitPrice,
    };
  });
  return modelIds
    ? { ...base, listPrice: null, pricebookEntryId: null, unitPrice: null, productPriceEntries: entries }
    : { ...base, productPriceEntries: entries };
}

/** Pricing Result of the batch forms: one line per product id, in order; an unknown id is a failed line. */
function pricingResult(catalog: CatalogStore, ids: unknown[], currency: string) {
  const lines = ids.map((raw) => {
    const product = typeof raw === "string" ? catalog.productIn(raw.slice(0, 15), currency) : undefined;
    if (product) return priceLine(product);
    return {
      error: { errorCode: "INVALID_ID_FIELD", message: `Product not found: ${String(raw ?? null)}` },
      listPrice: null,
      pricebookEntryId: null,
      productId: typeof raw === "string" ? raw : null,
      success: false,
      unitPrice: null,
    };
  });
  return {
    currencyIsoCode: currency,
    error: null,
    pricingLineItemResults: lines,
    success: lines.every((l) => l.success),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Sort rules and search

/**
 * The store's sort rules (GET search/sort-rules, Sort Rules Collection). The ids use the SortRule key prefix 0qU
 * seen in Salesforce's own LWR fixtures; labels and suffixes are the documented enums. The price rules sort by the
 * store's price book (type SortByPricebook, 55.0+; nameOrId its id [I]).
 */
export const SORT_RULES = [
  {
    sortRuleId: "0qUDM0000000001",
    label: "Best Match",
    labelSuffix: null,
    nameOrId: "Best Match",
    type: "Relevancy",
    direction: "Default",
    sortOrder: 1,
  },
  {
    sortRuleId: "0qUDM0000000002",
    label: "Product Name",
    labelSuffix: "Az",
    nameOrId: "Name",
    type: "ProductBased",
    direction: "Ascending",
    sortOrder: 2,
  },
  {
    sortRuleId: "0qUDM0000000003",
    label: "Product Name",
    labelSuffix: "Za",
    nameOrId: "Name",
    type: "ProductBased",
    direction: "Descending",
    sortOrder: 3,
  },
  {
    sortRuleId: "0qUDM0000000004",
    label: "Price",
    labelSuffix: "LowHigh",
    nameOrId: "01sDM0000000001",
    type: "SortByPricebook",
    direction: "Ascending",
    sortOrder: 4,
  },
  {
    sortRuleId: "0qUDM0000000005",
    label: "Price",
    labelSuffix: "HighLow",
    nameOrId: "01sDM0000000001",
    type: "SortByPricebook",
    direction: "Descending",
    sortOrder: 5,
  },
] as const;

type SortRule = (typeof SORT_RULES)[number];

function sorterOf(rule: SortRule): ((a: ProductRow, b: ProductRow) => number) | null {
  const sign = rule.direction === "Descending" ? -1 : 1;
  const price = (p: ProductRow) => p.unit_price_cents ?? Number.MAX_SAFE_INTEGER;
  if (rule.type === "ProductBased") return (a, b) => sign * a.name.localeCompare(b.name);
  // Products without a price go last either way.
  if (rule.type === "SortByPricebook")
    return (a, b) =>
      a.unit_price_cents === null || b.unit_price_cents === null ? price(a) - price(b) : sign * (price(a) - price(b));
  return null; // relevancy: the catalog's own order
}

/** What a search asks for, from the GET query or the POST body. */
interface SearchInput {
  searchTerm: string;
  categoryId: string | null;
  page: number;
  pageSize: number;
  sortRuleId: string | null;
  fields: string[];
  includePrices: boolean;
  includeQuantityRule: boolean;
}

const MAX_RESULTS_WINDOW = 5000;

/**
 * Checks the inputs every search form shares; `bad` builds the form's error (a query parameter or a body
 * property). Either searchTerm or categoryId is required [code I: INVALID_API_INPUT]; pageSize 1-200 (default 20);
 * page × pageSize ≤ 5000; searchTerm up to 32 words.
 */
function checkSearch(
  input: SearchInput,
  bad: (name: string, value: unknown, expected: string) => ApiError,
): SearchInput {
  if (!input.searchTerm && !input.categoryId) throw invalidInput("Specify a searchTerm or a categoryId.");
  if (input.searchTerm.split(/\s+/).filter(Boolean).length > 32)
    throw bad("searchTerm", input.searchTerm, "Up to 32 space-separated search terms.");
  if (!Number.isInteger(input.pageSize) || input.pageSize < 1 || input.pageSize > 200)
    throw bad("pageSize", input.pageSize, "Expected a whole number from 1 to 200.");
  if (!Number.isInteger(input.page) || input.page < 0) throw bad("page", input.page, "Expected a whole number from 0.");
  if (input.page * input.pageSize > MAX_RESULTS_WINDOW)
    throw bad("page", input.page, `page × pageSize can't exceed ${MAX_RESULTS_WINDOW}.`);
  const sortRuleId = input.sortRuleId;
  if (sortRuleId !== null && !SORT_RULES.some((r) => r.sortRuleId === sortRuleId.slice(0, 15))) {
    throw bad("sortRuleId", sortRuleId, "Use a sortRuleId from search/sort-rules.");
  }
  return input;
}

/** GET search/products (58.0): a search in the query string; Commerce Product Search Results with prices. */
function searchInputFromQuery(q: URLSearchParams): SearchInput {
  const num = (name: string, def: number) => {
    const raw = q.get(name);
    return raw === null || raw === "" ? def : Number(raw);
  };
  const includeQuantityRule = q.get("includeQuantityRule");
  if (includeQuantityRule !== null && includeQuantityRule !== "true" && includeQuantityRule !== "false") {
    throw illegalQuery("includeQuantityRule", includeQuantityRule, "Expected true or false.");
  }
  return checkSearch(
    {
      searchTerm: (q.get("searchTerm") ?? "").trim(),
      categoryId: q.get("categoryId") || null,
      page: num("page", 0),
      pageSize: num("pageSize", 20),
      sortRuleId: q.get("sortRuleId") || null,
      fields: q.get("fields") ? knownFields(q.get("fields")!.split(","), "fields") : DEFAULT_FIELDS,
      includePrices: true,
      includeQuantityRule: includeQuantityRule === "true",
    },
    (name, value, expected) => illegalQuery(name, String(value), expected),
  );
}

/** POST search/product-search (49.0): Product Search Input in the body; prices only with includePrices. */
function searchInputFromBody(body: any): SearchInput {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw invalidInput("The request body must be a Product Search Input object.");
  const text = (name: string) => {
    const v = body[name];
    if (v === undefined || v === null) return null;
    if (typeof v !== "string") throw invalidInput(`${name} must be a string.`);
    return v.trim() || null;
  };
  const flag = (name: string) => {
    const v = body[name];
    if (v === undefined || v === null) return false;
    if (typeof v !== "boolean") throw invalidInput(`${name} must be true or false.`);
    return v;
  };
  if (body.fields !== undefined && body.fields !== null && !Array.isArray(body.fields))
    throw invalidInput("fields must be a list of field names.");
  if (body.refinements !== undefined && body.refinements !== null && !Array.isArray(body.refinements))
    throw invalidInput("refinements must be a list.");
  return checkSearch(
    {
      searchTerm: text("searchTerm") ?? "",
      categoryId: text("categoryId"),
      page: body.page ?? 0,
      pageSize: body.pageSize ?? 20,
      sortRuleId: text("sortRuleId"),
      fields: Array.isArray(body.fields) && body.fields.length ? knownFields(body.fields, "fields") : DEFAULT_FIELDS,
      includePrices: flag("includePrices"),
      includeQuantityRule: flag("includeQuantityRule"),
    },
    (name, value) => invalidInput(`Invalid value for ${name}: ${JSON.stringify(value)}.`),
  );
}

/** SQL conditions over `products p`, ANDed, with their parameters. */
interface TermFilter {
  /** SQL ANDed into a WHERE over `products p`. */
  where: string[];
  params: unknown[];
}

/**
 * Search terms as SQL: every term (lower case) must appear in the name, the SKU or the description. Terms of three
 * characters or more go through the trigram index (db/009_search.sql); shorter ones, which trigrams cannot find, are
 * checked with instr on the rows the index left.
 */
function termFilter(terms: string[]): TermFilter {
  const where: string[] = [];
  const params: unknown[] = [];
  const indexed = terms.filter((t) => [...t].length >= 3);
  if (indexed.length) {
    where.push("p.rowid IN (SELECT rowid FROM products_search WHERE products_search MATCH ?)");
    params.push(indexed.map((t) => `"${t.replaceAll('"', '""')}"`).join(" AND "));
  }
  for (const t of terms.filter((t) => [...t].length < 3)) {
    where.push("(instr(lower(p.name), ?) > 0 OR instr(lower(p.sku), ?) > 0 OR instr(lower(p.description), ?) > 0)");
    params.push(t, t, t);
  }
  return { where, params };
}

/** The category and every category below it, as a recursive CTE named `tree` over one parameter (the root). */
const TREE = `WITH RECURSIVE tree(id) AS (SELECT ? UNION ALL SELECT c.id FROM product_categories c JOIN tree t ON c.parent_id = t.id)`;

/** A search, answered by SQLite: the matching products (in the catalog's order), then the page and the counts. */
function search(emu: Emu, input: SearchInput) {
  const catalog = catalogStore(emu);
  let selected: CategoryRow | undefined;
  if (input.categoryId) {
    const id = recordId(input.categoryId, "category", "categoryId");
    selected = catalog.category(id);
    if (!selected) throw notFound(`Product category not found: ${id}`);
  }
  const terms = input.searchTerm.toLowerCase().split(/\s+/).filter(Boolean);
  const filter = termFilter(terms);
  // db.prepare reuses compiled statements by their SQL (core/db.ts): one per shape of search.
  const prepared = (sql: string) => emu.db.prepare<unknown[]>(sql);

  // The matching products (in the selected category's tree, when there is one), in the catalog's order.
  const where = [...filter.where, ...(selected ? ["p.category_id IN (SELECT id FROM tree)"] : [])];
  const matchedSql = `${selected ? TREE : ""} ${PRODUCT_SELECT} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY p.sort_order, p.name`;
  const matched = prepared(matchedSql).all(...(selected ? [selected.id] : []), ...filter.params) as ProductRow[];

  const rule = input.sortRuleId ? SORT_RULES.find((r) => r.sortRuleId === input.sortRuleId!.slice(0, 15)) : undefined;
  const sorter = rule ? sorterOf(rule) : null;
  const sorted = sorter ? [...matched].sort(sorter) : matched;
  const pageItems = sorted.slice(input.page * input.pageSize, (input.page + 1) * input.pageSize);

  // The selected category's children (or the top level), each with how many products matching the terms it holds.
  const childrenSql = `WITH RECURSIVE under(child, id) AS (
      SELECT id, id FROM product_categories WHERE parent_id ${selected ? "= ?" : "IS NULL"}
      UNION ALL SELECT u.child, c.id FROM product_categories c JOIN under u ON c.parent_id = u.id)
    SELECT k.id, k.name, k.sort_order,
      (SELECT COUNT(*) FROM products p WHERE p.category_id IN (SELECT id FROM under WHERE child = k.id)${filter.where.map((w) => ` AND ${w}`).join("")}) AS n
    FROM product_categories k WHERE k.parent_id ${selected ? "= ?" : "IS NULL"} ORDER BY k.sort_order, k.name`;
  const childParams = selected ? [selected.id] : [];
  const children = prepared(childrenSql).all(...childParams, ...filter.params, ...childParams) as {
    id: string;
    name: string;
    n: number;
  }[];

  return {
    categories: {
      category: selected ? { id: selected.id, name: selected.name } : null,
      children: children.map((c) => ({ category: { id: c.id, name: c.name }, productCount: c.n })),
    },
    facets: [],
    locale: "en_US",
    correlationId: randomUUID(),
    productsPage: {
      currencyIsoCode: "USD",
      pageSize: input.pageSize,
      total: matched.length,
      products: pageItems.map((p) =>
        searchProduct(p, input.fields, { prices: input.includePrices, quantityRule: input.includeQuantityRule }),
      ),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Products by id or SKU

/**
 * Product Overview (GET products, 54.0): fields, default image, quantity rule, selling models; prices only
 * before 58.0 (from 58.0 they come from pricing/products, whatever excludePrices says). An id or SKU that names no
 * product the buyer may see is a failed entry [I].
 */
function productOverview(
  catalog: CatalogStore,
  p: ProductRow,
  fields: string[],
  opts: { media: boolean; prices: boolean },
) {
  return {
    defaultImage: opts.media ? productImage(p) : null,
    error: null,
    fields: productFieldValues(p, fields),
    id: p.id,
    name: p.name,
    ...(opts.prices ? { prices: priceLine(p) } : {}),
    productClass: p.product_class,
    productSellingModels: catalog.sellingModels(p.id).map(sellingModelJson),
    purchaseQuantityRule: quantityRule(p),
    sku: p.sku,
    success: true,
  };
}

function missingOverview(key: string) {
  return {
    defaultImage: null,
    error: { errorCode: "INVALID_ID_FIELD", message: `Product not found: ${key}` },
    fields: {},
    id: null,
    success: false,
  };
}

/** A comma-separated query list, trimmed, blanks dropped. */
const listParam = (q: URLSearchParams, name: string) =>
  (q.get(name) ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

// ---------------------------------------------------------------------------------------------------------
// Module

function browse(ctx: RequestContext) {
  requireGuestFlag(ctx, "guestBrowsingEnabled");
  // Checks a foreign effectiveAccountId (403); prices are the same for every account in the demo store.
  effectiveAccountId(ctx);
}

function findProduct(emu: Emu, rawId: string, label = "productId"): ProductRow {
  const id = recordId(rawId, "product", label);
  const product = catalogStore(emu).product(id);
  if (!product) throw notFound(`Product not found: ${id}`);
  return product;
}

function findCategory(emu: Emu, rawId: string, label: string): CategoryRow {
  const id = recordId(rawId, "category", label);
  const category = catalogStore(emu).category(id);
  if (!category) throw notFound(`Product category not found: ${id}`);
  return category;
}

/** At most this many products per batch request of the emulator [I: the product and pricing GETs state no limit]. */
const MAX_BATCH = 500;

export function catalogRoutes(r: Router, emu: Emu) {
  // connect_resources_commerce_webstore_search_products.htm
  r.webstore("GET", "search/products", { since: 58 }, (ctx) => {
    browse(ctx);
    return json(search(emu, searchInputFromQuery(ctx.query)));
  });

  // connect_resources_commerce_webstore_product_search.htm: POST retrieves, like the GET.
  r.webstore("POST", "search/product-search", { since: 49 }, async (ctx) => {
    browse(ctx);
    return json(search(emu, searchInputFromBody(await ctx.json())));
  });

  // connect_resources_commerce_webstore_search_sort_rules.htm (ConnectApi getSortRules, 52.0).
  r.webstore("GET", "search/sort-rules", { since: 52 }, (ctx) => {
    browse(ctx);
    return json({
      sortRules: SORT_RULES.map((rule) =>
        ctx.apiVersion < 54 ? { ...rule, labelSuffix: undefined, sortOrder: undefined } : rule,
      ),
    });
  });

  // connect_resources_commerce_webstore_products.htm: ids or skus, one of them.
  r.webstore("GET", "products", { since: 54 }, (ctx) => {
    browse(ctx);
    const ids = listParam(ctx.query, "ids");
    const skus = listParam(ctx.query, "skus");
    if (ids.length > 0 === skus.length > 0) throw invalidInput("Specify either ids or skus, but not both.");
    const keys = ids.length ? ids : skus;
    if (keys.length > MAX_BATCH)
      throw new ApiError(400, "MAX_LIMIT_EXCEEDED", `At most ${MAX_BATCH} products can be requested at once.`);
    const catalog = catalogStore(emu);
    const fields = fieldList(ctx.query, "fields", ALL_FIELDS, Infinity);
    const opts = {
      media: ctx.query.get("excludeMedia") !== "true",
      prices: ctx.apiVersion < 58 && ctx.query.get("excludePrices") !== "true",
    };
    const products = keys.map((key) => {
      const p = ids.length ? catalog.product(key.slice(0, 15)) : catalog.productBySku(key);
      return p ? productOverview(catalog, p, fields, opts) : missingOverview(key);
    });
    return json({ products, total: products.length });
  });

  r.webstore("GET", "products/:productId", { since: 49 }, (ctx) => {
    browse(ctx);
    const product = findProduct(emu, ctx.params.productId);
    // "If this list is empty or unspecified, all fields are returned. There is no limit to the number of fields."
    return json(productDetail(catalogStore(emu), product, fieldList(ctx.query, "fields", ALL_FIELDS, Infinity)));
  });

  r.webstore("GET", "pricing/products/:productId", { since: 49 }, (ctx) => {
    browse(ctx);
    const modelIds = listParam(ctx.query, "productSellingModelIds");
    const currency = pricingCurrency(ctx);
    const product = catalogStore(emu).productIn(findProduct(emu, ctx.params.productId).id, currency)!;
    return json(productPrice(catalogStore(emu), product, ctx.apiVersion, modelIds.length ? modelIds : null));
  });

  // connect_resources_commerce_webstore_pricing_products.htm: GET (54.0, productIds) and POST (49.0) answer alike.
  r.webstore("GET", "pricing/products", { since: 54 }, (ctx) => {
    browse(ctx);
    const ids = listParam(ctx.query, "productIds");
    if (ids.length === 0) throw invalidInput("productIds is required: a comma-separated list of product ids.");
    if (ids.length > MAX_BATCH)
      throw new ApiError(400, "MAX_LIMIT_EXCEEDED", `At most ${MAX_BATCH} products can be priced in one request.`);
    return json(pricingResult(catalogStore(emu), ids, pricingCurrency(ctx)));
  });

  r.webstore("POST", "pricing/products", { since: 49 }, async (ctx) => {
    browse(ctx);
    const body = await ctx.json();
    const items = body?.pricingLineItems;
    if (!Array.isArray(items) || items.length === 0)
      throw invalidInput("pricingLineItems is required: a list of {productId}.");
    // "Up to 500 line items for pricing."
    if (items.length > MAX_BATCH)
      throw new ApiError(
        400,
        "MAX_LIMIT_EXCEEDED",
        `At most ${MAX_BATCH} pricing line items can be priced in one request.`,
      );
    return json(
      pricingResult(
        catalogStore(emu),
        items.map((item: any) => item?.productId ?? null),
        pricingCurrency(ctx),
      ),
    );
  });

  r.webstore("GET", "product-categories/children", { since: 49 }, (ctx) => {
    browse(ctx);
    const parentParam = ctx.query.get("parentProductCategoryId");
    const parent = parentParam ? findCategory(emu, parentParam, "parentProductCategoryId") : null;
    const children = catalogStore(emu)
      .categories()
      .filter((c) => c.parent_id === (parent?.id ?? null));
    return json({ productCategories: children.map(categoryJson) });
  });

  r.webstore("GET", "product-categories/:productCategoryId", { since: 49 }, (ctx) => {
    browse(ctx);
    return json(categoryJson(findCategory(emu, ctx.params.productCategoryId, "productCategoryId")));
  });

  r.webstore("GET", "product-category-path/product-categories/:productCategoryId", { since: 49 }, (ctx) => {
    browse(ctx);
    const category = findCategory(emu, ctx.params.productCategoryId, "productCategoryId");
    return json({
      path: catalogStore(emu)
        .categoryPath(category.id)
        .map((c) => ({ id: c.id, name: c.name, description: c.description })),
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Seed

interface CatalogFixture {
  /** The price books of the store's other currencies, each a rate from the default prices. */
  priceBooks?: { currencyIsoCode: string; idPrefix: string; fromDefaultRate: number }[];
  categories: { id: string; name: string; description?: string; parentId: string | null }[];
  sellingModels: {
    id: string;
    name: string;
    sellingModelType: string;
    pricingTerm: number | null;
    pricingTermUnit: string | null;
    active?: boolean;
  }[];
  products: {
    id: string;
    sku: string;
    name: string;
    category: string;
    productClass: string;
    description: string;
    listPrice: string | null;
    unitPrice: string | null;
    stock: number | null;
    sellable?: boolean;
    variationParent?: string;
    variationAttributes?: Record<string, string>;
    sellingModels?: string[];
    quantityRule?: { minimum: number; maximum: number; increment: number };
  }[];
}

export function slug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function seedCatalog(emu: Emu) {
  const fixture = readFixture<CatalogFixture>(emu, "catalog.json");
  const db = emu.db;
  const insertCategory = db.prepare(
    "INSERT INTO product_categories(id, name, description, parent_id, sort_order) VALUES (?, ?, ?, ?, ?)",
  );
  fixture.categories.forEach((c, i) => insertCategory.run(c.id, c.name, c.description ?? "", c.parentId, i));

  const insertModel = db.prepare(
    "INSERT INTO selling_models(id, name, selling_model_type, pricing_term, pricing_term_unit, is_active) VALUES (?, ?, ?, ?, ?, ?)",
  );
  for (const m of fixture.sellingModels)
    insertModel.run(m.id, m.name, m.sellingModelType, m.pricingTerm, m.pricingTermUnit, m.active === false ? 0 : 1);

  const insertProduct = db.prepare(`
    INSERT INTO products(id, sku, name, description, url_name, product_class, category_id, variation_parent_id, variation_attributes,
      is_sellable, image_url, image_alt, qty_minimum, qty_maximum, qty_increment, sort_order)
    VALUES (@id, @sku, @name, @description, @urlName, @productClass, @category, @variationParent, @variationAttributes,
      @sellable, @imageUrl, @imageAlt, @qtyMin, @qtyMax, @qtyInc, @sortOrder)`);
  const insertPrice = db.prepare(
    "INSERT INTO pricebook_entries(id, product_id, currency_iso_code, list_price_cents, unit_price_cents) VALUES (?, ?, ?, ?, ?)",
  );
  const insertStock = db.prepare("INSERT INTO inventory(product_id, on_hand) VALUES (?, ?)");
  const insertProductModel = db.prepare(
    "INSERT INTO product_selling_models(product_id, selling_model_id) VALUES (?, ?)",
  );

  // Parents before their variations, so the foreign key holds while inserting.
  const ordered = [...fixture.products].sort((a, b) => Number(!!a.variationParent) - Number(!!b.variationParent));
  for (const p of ordered) {
    insertProduct.run({
      id: p.id,
      sku: p.sku,
      name: p.name,
      description: p.description,
      urlName: slug(p.name),
      productClass: p.productClass,
      category: p.category,
      variationParent: p.variationParent ?? null,
      variationAttributes: p.variationAttributes ? JSON.stringify(p.variationAttributes) : null,
      sellable: p.sellable === false ? 0 : 1,
      imageUrl: `/images/products/${p.sku}.svg`,
      imageAlt: p.name,
      qtyMin: p.quantityRule?.minimum ?? null,
      qtyMax: p.quantityRule?.maximum ?? null,
      qtyInc: p.quantityRule?.increment ?? null,
      sortOrder: fixture.products.indexOf(p),
    });
    if (p.unitPrice !== null) {
      insertPrice.run(`01u${p.id.slice(3)}`, p.id, DEFAULT_CURRENCY, toCents(p.listPrice), toCents(p.unitPrice));
      // The other currencies' price books (GBP): the fixture gives each book's rate from the default prices.
      for (const book of fixture.priceBooks ?? []) {
        const convert = (cents: number | null) => (cents === null ? null : Math.round(cents * book.fromDefaultRate));
        insertPrice.run(
          `${book.idPrefix}${p.id.slice(book.idPrefix.length)}`,
          p.id,
          book.currencyIsoCode,
          convert(toCents(p.listPrice)),
          convert(toCents(p.unitPrice)),
        );
      }
    }
    if (p.stock !== null) insertStock.run(p.id, p.stock);
    for (const m of p.sellingModels ?? []) insertProductModel.run(p.id, m);
  }

  const promos = readFixture(emu, "promotions.json");
  const insertPromotion = db.prepare(`
    INSERT INTO promotions(id, name, display_name, target_type, percent_off, is_automatic, is_exclusive, min_subtotal_cents,
      target_category_id, min_quantity, terms_and_conditions, priority)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertCoupon = db.prepare("INSERT INTO coupons(id, code, promotion_id, is_active) VALUES (?, ?, ?, 1)");
  promos.promotions.forEach((p: any, i: number) => {
    insertPromotion.run(
      p.id,
      p.name,
      p.displayName,
      p.targetType,
      p.percentOff,
      p.automatic ? 1 : 0,
      p.exclusive ? 1 : 0,
      p.minSubtotal ? toCents(p.minSubtotal) : null,
      p.targetCategoryId ?? null,
      p.minQuantity ?? null,
      p.termsAndConditions ?? null,
      i,
    );
    if (p.couponCode) insertCoupon.run(p.couponId, p.couponCode, p.id);
  });
}

export const catalogModule: EmulatorModule = { name: "catalog", routes: catalogRoutes, seed: seedCatalog };
