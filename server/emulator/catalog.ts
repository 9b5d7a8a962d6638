import { randomUUID } from "node:crypto";
import { effectiveAccountId, readFixture, requireGuestFlag } from "./context.js";
import { ApiError, invalidInput, notFound } from "./errors.js";
import { json } from "./http.js";
import { money, toCents } from "./money.js";
import { illegalQuery, intParam } from "./paging.js";
import { recordId } from "./record-ids.js";
import type { RequestContext, Router } from "./router.js";
import type { Emu, EmulatorModule } from "./state.js";

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

const PRODUCT_SELECT = `
  SELECT p.*, pe.id AS pricebook_entry_id, pe.currency_iso_code, pe.list_price_cents, pe.unit_price_cents
  FROM products p LEFT JOIN pricebook_entries pe ON pe.product_id = p.id`;

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
  const all = db.prepare(`${PRODUCT_SELECT} ORDER BY p.sort_order, p.name`);
  const variants = db.prepare(`${PRODUCT_SELECT} WHERE p.variation_parent_id = ? ORDER BY p.sort_order`);
  const category = db.prepare("SELECT * FROM product_categories WHERE id = ?");
  const categories = db.prepare("SELECT * FROM product_categories ORDER BY sort_order, name");
  const models = db.prepare(`
    SELECT sm.* FROM product_selling_models psm JOIN selling_models sm ON sm.id = psm.selling_model_id
    WHERE psm.product_id = ? ORDER BY sm.selling_model_type, sm.name`);
  return {
    product: (id: string) => byId.get(id) as ProductRow | undefined,
    allProducts: () => all.all() as ProductRow[],
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

/** A category and every category below it. */
function subtree(all: CategoryRow[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of all) {
      if (c.parent_id && ids.has(c.parent_id) && !ids.has(c.id)) {
        ids.add(c.id);
        grew = true;
      }
    }
  }
  return ids;
}

// ---------------------------------------------------------------------------------------------------------
// Shapes

const DEFAULT_IMAGE = "/images/products/default.svg";

export function productImage(p: ProductRow) {
  const url = p.image_url ?? DEFAULT_IMAGE;
  return {
    alternateText: p.image_alt ?? p.name,
    contentVersionId: null,
    id: null,
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
};

const DEFAULT_FIELDS = ["Name", "StockKeepingUnit", "Description"];

/** Parses a comma-separated field list (≤15 names, "*" = all). Unknown names are ignored, as the API does. */
export function fieldList(query: URLSearchParams, name: string, def: string[] = DEFAULT_FIELDS): string[] {
  const raw = query.get(name);
  if (raw === null || raw.trim() === "") return def;
  const wanted = raw.split(",").map((f) => f.trim()).filter(Boolean);
  if (wanted.length > 15) throw illegalQuery(name, raw, "At most 15 fields can be requested.");
  if (wanted.includes("*")) return Object.keys(PRODUCT_FIELDS);
  return wanted.filter((f) => f in PRODUCT_FIELDS);
}

export function productFieldValues(p: ProductRow, fields: string[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f, PRODUCT_FIELDS[f](p)]));
}

export function variationAttributes(p: ProductRow): Record<string, string> {
  return p.variation_attributes ? JSON.parse(p.variation_attributes) : {};
}

function productPrices(p: ProductRow) {
  return {
    currencyIsoCode: p.currency_iso_code ?? "USD",
    listPrice: money(p.list_price_cents),
    unitPrice: money(p.unit_price_cents),
    pricebookEntryId: p.pricebook_entry_id,
  };
}

function searchProduct(p: ProductRow) {
  return {
    id: p.id,
    name: p.name,
    urlName: p.url_name,
    productClass: p.product_class,
    defaultImage: { alternateText: p.image_alt ?? p.name, mediaType: "Image", sortOrder: 0, title: p.name, url: p.image_url ?? DEFAULT_IMAGE },
    fields: {
      Name: { value: p.name },
      StockKeepingUnit: { value: p.sku },
      Description: { value: p.description },
    },
    prices: productPrices(p),
  };
}

function variationInfo(catalog: CatalogStore, parent: ProductRow, attributeNames: string[]) {
  const variants = catalog.variants(parent.id);
  return {
    attributesToProductMappings: variants.map((v) => ({
      productId: v.id,
      canonicalKey: Object.values(variationAttributes(v)).join("_"),
      selectedAttributes: Object.entries(variationAttributes(v)).map(([apiName, value], sequence) => ({ apiName, label: apiName, sequence, value })),
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

function productDetail(catalog: CatalogStore, p: ProductRow, fields: string[]) {
  const image = productImage(p);
  const parent = p.variation_parent_id ? catalog.product(p.variation_parent_id) : p.product_class === "VariationParent" ? p : undefined;
  const attributeNames = parent ? Object.keys(variationAttributes(catalog.variants(parent.id)[0] ?? parent)) : [];
  return {
    id: p.id,
    urlName: p.url_name,
    productClass: p.product_class,
    fields: productFieldValues(p, fields),
    defaultImage: image,
    mediaGroups: [
      { developerName: "productDetailImage", name: "Product Detail Images", usageType: "Standard", mediaItems: [image] },
      { developerName: "productListImage", name: "Product List Image", usageType: "Listing", mediaItems: [image] },
    ],
    primaryProductCategoryPath: {
      path: catalog.categoryPath(p.category_id).map((c) => ({ id: c.id, name: c.name, description: c.description })),
    },
    purchaseQuantityRule: quantityRule(p),
    productSellingModels: catalog.sellingModels(p.id).map(sellingModelJson),
    variationParentId: p.variation_parent_id,
    variationAttributeSet: p.product_class === "Variation" ? { apiName: `${parent?.url_name ?? "product"}-attributes`, attributes: variationAttributes(p) } : null,
    variationInfo: parent ? variationInfo(catalog, parent, attributeNames) : null,
  };
}

export function sellingModelJson(m: SellingModelRow) {
  return { id: m.id, name: m.name, sellingModelType: m.selling_model_type, pricingTerm: m.pricing_term, pricingTermUnit: m.pricing_term_unit };
}

function categoryJson(c: CategoryRow) {
  return { id: c.id, fields: { Name: c.name, Description: c.description }, mediaGroups: [] };
}

function priceResult(p: ProductRow) {
  if (p.unit_price_cents === null) {
    return {
      productId: p.id,
      currencyIsoCode: "USD",
      listPrice: null,
      unitPrice: null,
      pricebookEntryId: null,
      success: false,
      error: { code: "NO_PRICE_AVAILABLE", message: "No pricing data available" },
    };
  }
  return { productId: p.id, ...productPrices(p), success: true, error: null };
}

// ---------------------------------------------------------------------------------------------------------
// Search

const SORT_ORDERS = ["Relevance", "NameAsc", "NameDesc", "PriceAsc", "PriceDesc"] as const;

interface SearchInput {
  searchTerm: string;
  categoryId: string | null;
  page: number;
  pageSize: number;
  sortOrder: (typeof SORT_ORDERS)[number];
}

function searchInputFromQuery(q: URLSearchParams): SearchInput {
  const sortOrder = q.get("sortOrder") || "Relevance";
  if (!(SORT_ORDERS as readonly string[]).includes(sortOrder)) throw illegalQuery("sortOrder", sortOrder, `Expected one of ${SORT_ORDERS.join(", ")}.`);
  return {
    searchTerm: (q.get("searchTerm") ?? "").trim(),
    categoryId: q.get("categoryId") || null,
    page: intParam(q, "page", 0, 0, 10_000),
    pageSize: intParam(q, "pageSize", 20, 1, 200),
    sortOrder: sortOrder as SearchInput["sortOrder"],
  };
}

function searchInputFromBody(body: any): SearchInput {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw invalidInput("The request body must be a JSON object.");
  const q = new URLSearchParams();
  for (const k of ["searchTerm", "categoryId", "page", "pageSize", "sortOrder"]) {
    if (body[k] !== undefined && body[k] !== null) q.set(k, String(body[k]));
  }
  return searchInputFromQuery(q);
}

function search(emu: Emu, input: SearchInput) {
  const catalog = catalogStore(emu);
  const categories = catalog.categories();
  let selected: CategoryRow | undefined;
  if (input.categoryId) {
    const id = recordId(input.categoryId, "category", "categoryId");
    selected = catalog.category(id);
    if (!selected) throw notFound(`Product category not found: ${id}`);
  }
  const terms = input.searchTerm.toLowerCase().split(/\s+/).filter(Boolean);
  const byTerm = catalog
    .allProducts()
    .filter((p) => terms.every((t) => p.name.toLowerCase().includes(t) || p.sku.toLowerCase().includes(t) || p.description.toLowerCase().includes(t)));
  const inSelected = selected ? subtree(categories, selected.id) : null;
  const matched = inSelected ? byTerm.filter((p) => inSelected.has(p.category_id)) : byTerm;

  const price = (p: ProductRow) => p.unit_price_cents ?? Number.MAX_SAFE_INTEGER;
  const sorters: Record<SearchInput["sortOrder"], ((a: ProductRow, b: ProductRow) => number) | null> = {
    Relevance: null,
    NameAsc: (a, b) => a.name.localeCompare(b.name),
    NameDesc: (a, b) => b.name.localeCompare(a.name),
    PriceAsc: (a, b) => price(a) - price(b),
    PriceDesc: (a, b) => price(b) - price(a),
  };
  const sorter = sorters[input.sortOrder];
  const sorted = sorter ? [...matched].sort(sorter) : matched;
  const pageItems = sorted.slice(input.page * input.pageSize, (input.page + 1) * input.pageSize);

  const children = categories.filter((c) => c.parent_id === (selected?.id ?? null));
  return {
    categories: {
      category: selected ? { id: selected.id, name: selected.name } : null,
      children: children.map((c) => {
        const ids = subtree(categories, c.id);
        return { category: { id: c.id, name: c.name }, productCount: byTerm.filter((p) => ids.has(p.category_id)).length };
      }),
    },
    facets: [],
    locale: "en_US",
    correlationId: randomUUID(),
    productsPage: {
      currencyIsoCode: "USD",
      pageSize: input.pageSize,
      total: matched.length,
      products: pageItems.map(searchProduct),
    },
  };
}

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

export function catalogRoutes(r: Router, emu: Emu) {
  r.webstore("GET", "search/products", { since: 58 }, (ctx) => {
    browse(ctx);
    return json(search(emu, searchInputFromQuery(ctx.query)));
  });

  r.webstore("POST", "search/products", async (ctx) => {
    browse(ctx);
    return json(search(emu, searchInputFromBody(await ctx.json())));
  });

  r.webstore("GET", "products/:productId", { since: 49 }, (ctx) => {
    browse(ctx);
    const product = findProduct(emu, ctx.params.productId);
    return json(productDetail(catalogStore(emu), product, fieldList(ctx.query, "fields")));
  });

  // A product without a price answers 200 with success:false, like a failed line of the batch form below,
  // so a client tells "unknown product" (404) from "no price" (error 102) without parsing messages.
  r.webstore("GET", "pricing/products/:productId", { since: 49 }, (ctx) => {
    browse(ctx);
    return json(priceResult(findProduct(emu, ctx.params.productId)));
  });

  r.webstore("POST", "pricing/products", { since: 49 }, async (ctx) => {
    browse(ctx);
    const body = await ctx.json();
    const items = body?.pricingLineItems;
    if (!Array.isArray(items) || items.length === 0) throw invalidInput("pricingLineItems is required: a list of {productId}.");
    if (items.length > 100) throw new ApiError(400, "MAX_LIMIT_EXCEEDED", "At most 100 pricing line items can be priced in one request.");
    const catalog = catalogStore(emu);
    const results = items.map((item: any) => {
      const id = typeof item?.productId === "string" ? item.productId.slice(0, 15) : null;
      const product = id ? catalog.product(id) : undefined;
      if (!product) {
        return {
          productId: item?.productId ?? null,
          currencyIsoCode: "USD",
          listPrice: null,
          unitPrice: null,
          pricebookEntryId: null,
          success: false,
          error: { code: "INVALID_ID_FIELD", message: `Product not found: ${item?.productId ?? null}` },
        };
      }
      return priceResult(product);
    });
    return json({ currencyIsoCode: "USD", success: results.every((x: any) => x.success), pricingLineItemResults: results });
  });

  r.webstore("GET", "product-categories/children", { since: 49 }, (ctx) => {
    browse(ctx);
    const parentParam = ctx.query.get("parentProductCategoryId");
    const parent = parentParam ? findCategory(emu, parentParam, "parentProductCategoryId") : null;
    const children = catalogStore(emu).categories().filter((c) => c.parent_id === (parent?.id ?? null));
    return json({ productCategories: children.map(categoryJson) });
  });

  r.webstore("GET", "product-categories/:productCategoryId", { since: 49 }, (ctx) => {
    browse(ctx);
    return json(categoryJson(findCategory(emu, ctx.params.productCategoryId, "productCategoryId")));
  });

  r.webstore("GET", "product-category-path/product-categories/:productCategoryId", { since: 49 }, (ctx) => {
    browse(ctx);
    const category = findCategory(emu, ctx.params.productCategoryId, "productCategoryId");
    return json({ path: catalogStore(emu).categoryPath(category.id).map((c) => ({ id: c.id, name: c.name, description: c.description })) });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Seed

interface CatalogFixture {
  categories: { id: string; name: string; description?: string; parentId: string | null }[];
  sellingModels: { id: string; name: string; sellingModelType: string; pricingTerm: number | null; pricingTermUnit: string | null; active?: boolean }[];
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
  const insertCategory = db.prepare("INSERT INTO product_categories(id, name, description, parent_id, sort_order) VALUES (?, ?, ?, ?, ?)");
  fixture.categories.forEach((c, i) => insertCategory.run(c.id, c.name, c.description ?? "", c.parentId, i));

  const insertModel = db.prepare(
    "INSERT INTO selling_models(id, name, selling_model_type, pricing_term, pricing_term_unit, is_active) VALUES (?, ?, ?, ?, ?, ?)",
  );
  for (const m of fixture.sellingModels) insertModel.run(m.id, m.name, m.sellingModelType, m.pricingTerm, m.pricingTermUnit, m.active === false ? 0 : 1);

  const insertProduct = db.prepare(`
    INSERT INTO products(id, sku, name, description, url_name, product_class, category_id, variation_parent_id, variation_attributes,
      is_sellable, image_url, image_alt, qty_minimum, qty_maximum, qty_increment, sort_order)
    VALUES (@id, @sku, @name, @description, @urlName, @productClass, @category, @variationParent, @variationAttributes,
      @sellable, @imageUrl, @imageAlt, @qtyMin, @qtyMax, @qtyInc, @sortOrder)`);
  const insertPrice = db.prepare(
    "INSERT INTO pricebook_entries(id, product_id, currency_iso_code, list_price_cents, unit_price_cents) VALUES (?, ?, 'USD', ?, ?)",
  );
  const insertStock = db.prepare("INSERT INTO inventory(product_id, on_hand) VALUES (?, ?)");
  const insertProductModel = db.prepare("INSERT INTO product_selling_models(product_id, selling_model_id) VALUES (?, ?)");

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
    if (p.unitPrice !== null) insertPrice.run(`01u${p.id.slice(3)}`, p.id, toCents(p.listPrice), toCents(p.unitPrice));
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
