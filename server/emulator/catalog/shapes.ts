import { money } from "../core/money.js";
import { illegalQuery } from "../core/paging.js";
import type { CatalogStore, CategoryRow, ProductRow, SellingModelRow } from "./store.js";

/** The JSON shapes of the catalog resources: images, product fields, product detail, prices, categories. */

const DEFAULT_IMAGE = "/images/products/default.svg";

/**
 * The demo catalog's last change, as Product2.LastModifiedDate [I]: the fixtures carry no edit times, and a
 * date that moves with every reseed would tell a client (and its caches) that products changed when they didn't.
 * Written as orgs write a record's datetime field values in `fields`: whole seconds, no milliseconds
 * ("2021-04-02T21:25:18Z", seen in orgs' product detail answers).
 */
export const CATALOG_LAST_MODIFIED = "2026-07-01T09:00:00Z";
/** Product2.CreatedDate of every demo product [I: the fixtures carry no creation times]; before the last change. */
export const CATALOG_CREATED = "2026-06-01T09:00:00Z";

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
  CreatedDate: () => CATALOG_CREATED,
  LastModifiedDate: () => CATALOG_LAST_MODIFIED,
};

/** The canonical name of each product field by its lower-case name: field names are case-insensitive. */
const CANONICAL_FIELD = new Map(Object.keys(PRODUCT_FIELDS).map((name) => [name.toLowerCase(), name]));

/** Search results' fields when none are asked for (Product Search Input: Name, Description, StockKeepingUnit, …). */
export const DEFAULT_FIELDS = ["Name", "StockKeepingUnit", "Description"];
export const ALL_FIELDS = Object.keys(PRODUCT_FIELDS);

/**
 * Parses a comma-separated field list ("*" = all). Unknown names are ignored, as the API does. Cart and wishlist
 * `productFields` take at most 15 names; `max` Infinity for resources without a limit (product detail, products).
 */
export function fieldList(query: URLSearchParams, name: string, def: string[] = DEFAULT_FIELDS, max = 15): string[] {
  const raw = query.get(name);
  if (raw === null || raw.trim() === "") return def;
  return knownFields(raw.split(","), name, max);
}

export function knownFields(names: unknown[], label: string, max = Infinity): string[] {
  const wanted = names.map((f) => String(f).trim()).filter(Boolean);
  if (wanted.length > max) throw illegalQuery(label, wanted.join(","), `At most ${max} fields can be requested.`);
  if (wanted.includes("*")) return ALL_FIELDS;
  // Orgs take a field name in any case (`fields=createdDate`); the answer names it canonically [I: the name an org
  // answers under is not documented], once.
  const canonical = wanted.flatMap((f) => CANONICAL_FIELD.get(f.toLowerCase()) ?? []);
  return [...new Set(canonical)];
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
export function priceLine(p: ProductRow) {
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
export function searchProduct(p: ProductRow, fields: string[], opts: { prices: boolean; quantityRule: boolean }) {
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

/**
 * A variation's attribute values with their attribute's label and sequence (its parent's attribute set), in
 * sequence: what cart items, wishlist items and orders name a variation by. Empty for any other product.
 */
export function labelledAttributes(catalog: CatalogStore, p: ProductRow) {
  if (!p.variation_parent_id) return [];
  const values = variationAttributes(p);
  return catalog
    .attributeSet(p.variation_parent_id)
    .filter((a) => a.api_name in values)
    .map((a) => ({ apiName: a.api_name, label: a.label, sequence: a.sequence, value: values[a.api_name] }));
}

/**
 * Cart Product Attribute / Order Summary Product Attribute: `variationAttributes` of a cart item's product, a
 * wishlist item's product and an order summary's products, a map of attribute API name to {label, sequence, value}.
 */
export function variationAttributeMap(catalog: CatalogStore, p: ProductRow) {
  return Object.fromEntries(
    labelledAttributes(catalog, p).map((a) => [a.apiName, { label: a.label, sequence: a.sequence, value: a.value }]),
  );
}

type AttributeSet = ReturnType<CatalogStore["attributeSet"]>;

/** Product Attribute Info of each attribute of the set, by API name (availableValues in the picklist's order). */
function attributeInfo(set: AttributeSet, offered: ProductRow[], apiVersion: number) {
  return Object.fromEntries(
    set.map((a) => {
      const allowable = JSON.parse(a.allowable_values) as string[];
      const used = new Set(offered.map((v) => variationAttributes(v)[a.api_name]));
      return [
        a.api_name,
        {
          allowableValues: allowable,
          apiName: a.api_name,
          availableValues: allowable.filter((value) => used.has(value)),
          fieldEnumOrId: a.field_id,
          ...(apiVersion >= 64 ? { groupedBy: false } : {}),
          label: a.label,
          objectName: "ProductAttribute",
          sequence: a.sequence,
        },
      ];
    }),
  );
}

/**
 * Product Variation Info: the variations offered (a variation no longer sold, ERR-105, is not one: it is left
 * out of the mappings and its values out of availableValues [I]) and each one's attribute combination.
 */
function variationInfo(set: AttributeSet, offered: ProductRow[], apiVersion: number) {
  return {
    attributesToProductMappings: offered.map((v) => {
      const values = variationAttributes(v);
      return {
        canonicalKey: set.map((a) => values[a.api_name] ?? "").join("_"),
        productId: v.id,
        selectedAttributes: set.map((a) => ({
          apiName: a.api_name,
          label: a.label,
          sequence: a.sequence,
          value: values[a.api_name] ?? null,
        })),
        ...(apiVersion >= 59 ? { urlName: v.url_name } : {}),
      };
    }),
    variationAttributeInfo: attributeInfo(set, offered, apiVersion),
  };
}

/** ProductAttribute records have no id of their own in the demo data: one is derived from the variation's [I]. */
const productAttributeId = (p: ProductRow) => `0iZ${p.id.slice(3)}`;

/** Product Detail (connect_responses_product_detail.htm): `fields` is a map of names to values. */
export function productDetail(catalog: CatalogStore, p: ProductRow, fields: string[], apiVersion = 65) {
  const image = productImage(p);
  const parentId = p.variation_parent_id ?? (p.product_class === "VariationParent" ? p.id : null);
  const set = parentId ? catalog.attributeSet(parentId) : [];
  const offered = parentId ? catalog.variants(parentId).filter((v) => v.is_sellable === 1) : [];
  const values = variationAttributes(p);
  const family = set.length > 0;
  return {
    id: p.id,
    ...(apiVersion >= 59 ? { urlName: p.url_name } : {}),
    productClass: p.product_class,
    fields: productFieldValues(p, fields),
    defaultImage: image,
    mediaGroups: MEDIA_GROUPS.map((g) => ({ ...g, mediaItems: [image] })),
    primaryProductCategoryPath: {
      path: catalog.categoryPath(p.category_id).map((c) => ({ id: c.id, name: c.name, description: c.description })),
    },
    purchaseQuantityRule: quantityRule(p),
    ...(apiVersion >= 56 ? { productSellingModels: catalog.sellingModels(p.id).map(sellingModelJson) } : {}),
    attributeSetInfo: family
      ? {
          [set[0].developer_name]: {
            attributeInfo: attributeInfo(set, offered, apiVersion),
            description: set[0].description,
            developerName: set[0].developer_name,
            id: set[0].attribute_set_id,
            masterLabel: set[0].master_label,
            sequence: null,
          },
        }
      : null,
    variationParentId: p.variation_parent_id,
    // The parent's set has no values chosen (each attribute null), a variation's has its own values.
    variationAttributeSet: family
      ? {
          attributes: Object.fromEntries(set.map((a) => [a.api_name, values[a.api_name] ?? null])),
          developerName: set[0].developer_name,
          id: p.product_class === "Variation" ? productAttributeId(p) : null,
        }
      : null,
    variationInfo: family ? variationInfo(set, offered, apiVersion) : null,
  };
}

export function sellingModelJson(m: SellingModelRow) {
  return {
    id: m.id,
    name: m.name,
    sellingModelType: m.selling_model_type,
    pricingTerm: m.pricing_term,
    pricingTermUnit: m.pricing_term_unit,
    // Subscription Term Rule (59.0; ConnectApi.SubscriptionTermRule: increment, maximum, minimum, Integers).
    subscriptionTermRule:
      m.term_minimum !== null
        ? { increment: m.term_increment ?? 1, maximum: m.term_maximum ?? m.term_minimum, minimum: m.term_minimum }
        : null,
  };
}

export function categoryJson(c: CategoryRow) {
  return { id: c.id, fields: { Name: c.name, Description: c.description }, mediaGroups: [] };
}

/**
 * Product Price (GET pricing/products/{productId}): ConnectApi.ProductPrice has no success flag; a product without
 * a price answers 200 with null prices [I]. From 56.0, productPriceEntries prices the product per selling model:
 * the ones asked for with `productSellingModelIds` (then the top-level prices are empty, as the page says), else
 * every model the product is sold with [I]. A product sold without a selling model has one entry, its price, whose
 * productSellingModelId is empty (ConnectApi.ProductPriceEntry: "If no product selling model ID is specified in a
 * request parameter, this property is empty"): orgs answer a non-empty list for every product.
 */
export function productPrice(
  catalog: CatalogStore,
  p: ProductRow,
  apiVersion: number,
  modelIds: string[] | null,
  priceAdjustment: object | null = null,
) {
  const line = priceLine(p);
  const base = {
    currencyIsoCode: p.currency_iso_code ?? "USD",
    listPrice: line.listPrice,
    // The price book entry's volume prices (catalog/price-tiers.ts), null without a schedule.
    priceAdjustment,
    pricebookEntryId: line.pricebookEntryId,
    unitPrice: line.unitPrice,
  };
  if (apiVersion < 56) return base;
  const sold = catalog.sellingModels(p.id).map((m) => m.id);
  if (!modelIds && sold.length === 0) {
    const entry = {
      error: line.error,
      listPrice: line.listPrice,
      priceAdjustment,
      pricebookEntryId: line.pricebookEntryId,
      productSellingModelId: null,
      success: line.success,
      unitPrice: line.unitPrice,
    };
    return { ...base, productPriceEntries: [entry] };
  }
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
      priceAdjustment,
      pricebookEntryId: line.pricebookEntryId,
      productSellingModelId: modelId,
      success: line.success,
      unitPrice: line.unitPrice,
    };
  });
  return modelIds
    ? {
        ...base,
        listPrice: null,
        priceAdjustment: null,
        pricebookEntryId: null,
        unitPrice: null,
        productPriceEntries: entries,
      }
    : { ...base, productPriceEntries: entries };
}

/** Pricing Result of the batch forms: one line per product id, in order; an unknown id is a failed line. */
export function pricingResult(catalog: CatalogStore, ids: unknown[], currency: string) {
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
