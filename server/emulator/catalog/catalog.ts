import { effectiveAccountId, pricingCurrency, requireGuestFlag } from "../core/context.js";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { json } from "../core/http.js";
import { recordId } from "../core/record-ids.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";
import { categoryMenuItems } from "./category-menu.js";
import { productChildren } from "./children.js";
import { featuredProducts } from "./featured-products.js";
import { priceAdjustmentJson, tierStore } from "./price-tiers.js";
import { recommendations } from "./recommendations.js";
import { search, searchInputFromBody, searchInputFromQuery, SORT_RULES } from "./search.js";
import { seedCatalog } from "./seed.js";
import {
  ALL_FIELDS,
  categoryJson,
  fieldList,
  priceLine,
  productDetail,
  productFieldValues,
  productImage,
  productPrice,
  pricingResult,
  quantityRule,
  sellingModelJson,
} from "./shapes.js";
import { catalogStore, type CatalogStore, type CategoryRow, type ProductRow } from "./store.js";

/**
 * The catalog resources of the Connect API (search, product detail, pricing, categories). The spec doesn't list
 * them, but a storefront can't browse without them; they follow the real B2B/D2C commerce paths and shapes.
 */

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
    return json(search(emu, searchInputFromQuery(emu, ctx.query, ctx.apiVersion)));
  });

  // connect_resources_commerce_webstore_product_search.htm: POST retrieves, like the GET, but answers 201 Created
  // as every POST of the Connect API does (orgs were seen answering 201 to it).
  r.webstore("POST", "search/product-search", { since: 49 }, async (ctx) => {
    browse(ctx);
    return json(search(emu, searchInputFromBody(emu, await ctx.json(), ctx.apiVersion)), 201);
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
    const fields = fieldList(ctx.query, "fields", ALL_FIELDS, Infinity);
    return json(productDetail(catalogStore(emu), product, fields, ctx.apiVersion));
  });

  // connect_resources_commerce_webstore_product_children.htm (57.0): a bundle's or a set's child products.
  r.webstore("GET", "products/:productId/children", { since: 57 }, (ctx) => {
    browse(ctx);
    return json(productChildren(emu, ctx, findProduct(emu, ctx.params.productId)));
  });

  // connect_resources_commerce_webstore_products_featured_products.htm (64.0): the product's featured products.
  r.webstore("GET", "products/:productId/featured-products", { since: 64 }, (ctx) => {
    browse(ctx);
    return json(featuredProducts(emu, ctx, findProduct(emu, ctx.params.productId)));
  });

  // connect_resources_commerce_webstore_ai_recommendations.htm (55.0): the products chosen are emulator-only.
  r.webstore("GET", "ai/recommendations", { since: 55 }, (ctx) => {
    browse(ctx);
    return json(recommendations(ctx));
  });

  r.webstore("GET", "pricing/products/:productId", { since: 49 }, (ctx) => {
    browse(ctx);
    const modelIds = listParam(ctx.query, "productSellingModelIds");
    const currency = pricingCurrency(ctx);
    const product = catalogStore(emu).productIn(findProduct(emu, ctx.params.productId).id, currency)!;
    const tiers = tierStore(emu).scheduleOf(product);
    const adjustment =
      tiers && product.unit_price_cents !== null
        ? priceAdjustmentJson(tiers.schedule, tiers.tiers, product.unit_price_cents, ctx.apiVersion)
        : null;
    return json(
      productPrice(catalogStore(emu), product, ctx.apiVersion, modelIds.length ? modelIds : null, adjustment),
    );
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

  // connect_resources_commerce_webstore_category-menu-items.htm (64.0).
  r.webstore("GET", "category-menu-items", { since: 64 }, (ctx) => {
    browse(ctx);
    return json(categoryMenuItems(emu, ctx));
  });

  r.webstore("GET", "product-categories/children", { since: 49 }, (ctx) => {
    browse(ctx);
    const parentParam = ctx.query.get("parentProductCategoryId");
    const parent = parentParam ? findCategory(emu, parentParam, "parentProductCategoryId") : null;
    const children = catalogStore(emu).children(parent?.id ?? null);
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

export const catalogModule: EmulatorModule = { name: "catalog", routes: catalogRoutes, seed: seedCatalog };
