/**
 * Reading the catalog's JSON into what the pages show. The API nests field values differently per resource
 * (`fields.Name.value` in search results, `fields.Name` in product details), so everything goes through
 * `fieldValue`. Pure: used by loaders (to send the page only what it shows) and by tests. Each reader takes the
 * client's type of what it reads and still reads it defensively: the client's schemas pass through what they don't
 * name and type records' fields as unknown, and a real org sends what it likes.
 */

import { sellingModelOptions, type SellingModelOption } from "~/cart/model/subscriptions";
import { isObject, type Json, type JsonField } from "~/lib/json";
import { QUANTITY_MAX, QUANTITY_MIN } from "../../../server/webstore/limits";
import type { LineAttribute } from "./variations";
import type {
  FeaturedProduct,
  FeaturedProductsOutput,
  ProductDetail,
  ProductSearchResults,
  RecommendationResults,
  SortRule,
} from "../../../server/webstore/index";

/** Products a listing page shows (category, search). */
export const LISTING_PAGE_SIZE = 12;

const text = (v: JsonField): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** A product's `fields` (a product detail's, a search result's). */
export type ProductFields = Record<string, unknown> | null | undefined;

/** A product field whether the API gives it as "value" or as { value: "value" }. */
export function fieldValue(fields: ProductFields, name: string): string | undefined {
  if (!isObject(fields)) return undefined;
  const raw = fields[name];
  if (isObject(raw)) return text(raw.value) ?? text(raw.text);
  if (typeof raw === "number" || typeof raw === "boolean") return String(raw);
  return text(raw);
}

export interface ProductImage {
  url: string;
  alt: string;
}

/** A product as a line of a list shows it (a cart line, a wishlist item): its line id, the product, its picture. */
export interface ProductLineView {
  id: string;
  productId: string;
  name: string;
  sku?: string;
  urlName?: string;
  image: ProductImage | null;
  /** A variation's attribute values ("Color: Denim"), in sequence; empty for any other product. */
  attributes?: LineAttribute[];
}

/**
 * The picture of a product detail (its defaultImage, a media item), a cart line or a wishlist item (their
 * thumbnailImage). Takes any JSON field: the three resources shape it alike but the adapter types them apart (a media
 * item and a wishlist item's thumbnail are plain JSON to it).
 */
export function imageOf(image: JsonField, fallbackAlt: string): ProductImage | null {
  if (!isObject(image)) return null;
  const url = text(image.url) ?? text(image.thumbnailUrl);
  if (!url) return null;
  return { url, alt: text(image.alternateText) ?? text(image.title) ?? fallbackAlt };
}

export interface ProductCardView {
  id: string;
  name: string;
  urlName?: string;
  sku?: string;
  image: ProductImage | null;
  /** The price the shopper pays (money string); null when the product has no price. */
  unitPrice: string | null;
  /** The list price, shown struck through when it differs. */
  listPrice: string | null;
  /** The prices' currency (the search page's, or the shopper's after repricing); the store's default when absent. */
  currency?: string;
}

/** A product of a search's results page (search/product-search, search/products). */
export type ProductSummary = ProductSearchResults["productsPage"]["products"][number];

/** A product of the search results (search/product-search, search/products). */
export function productCardView(product: ProductSummary | null | undefined): ProductCardView | null {
  const id = text(product?.id);
  if (!product || !id) return null;
  const name = text(product.name) ?? fieldValue(product.fields, "Name") ?? id;
  const prices = isObject(product.prices) ? product.prices : {};
  return {
    id,
    name,
    urlName: text(product.urlName),
    sku: fieldValue(product.fields, "StockKeepingUnit"),
    image: imageOf(product.defaultImage, name),
    unitPrice: text(prices.unitPrice) ?? null,
    listPrice: text(prices.listPrice) ?? null,
  };
}

/** The product page's "Similar products": the relationship type of the featured products it shows. */
export const SIMILAR_PRODUCTS = "similarProducts";
/** The most featured products the product page shows. */
export const FEATURED_MAX = 8;

/** A featured product's listing picture: the first item of its productListImage media group (its defaultImage, if any, first). */
function listingImage(product: FeaturedProduct, name: string): ProductImage | null {
  const own = imageOf(product.defaultImage, name);
  if (own) return own;
  const listing = (product.mediaGroups ?? []).find((group) => group?.developerName === "productListImage");
  return imageOf(listing?.mediaItems?.[0], name);
}

/**
 * The cards of one relationship type of a product's featured products (products/{id}/featured-products), in their
 * sequence, unpriced (a Product Detail carries no price): the caller prices them. The product itself is left out.
 */
export function featuredCardViews(
  answer: FeaturedProductsOutput | null | undefined,
  type: string,
  productId: string,
): ProductCardView[] {
  const list = answer?.featuredProductsByRelationshipType?.[type];
  if (!Array.isArray(list)) return [];
  return list
    .flatMap((product): ProductCardView[] => {
      const id = text(product?.id);
      if (!id || id.slice(0, 15) === productId.slice(0, 15)) return [];
      const name = fieldValue(product.fields, "Name") ?? id;
      const card = {
        id,
        name,
        urlName: text(product.urlName),
        sku: fieldValue(product.fields, "StockKeepingUnit"),
        image: listingImage(product, name),
        unitPrice: null,
        listPrice: null,
      };
      return [card];
    })
    .slice(0, FEATURED_MAX);
}

/** "Frequently bought together": Einstein's recommender of the products other shoppers bought with these. */
export const BOUGHT_TOGETHER = "CustomersWhoBoughtAlsoBought";
/** The most recommended products a page shows. */
export const RECOMMENDED_MAX = 4;

/** A recommended product's card, with the quantity its "Add to cart" adds (its purchase minimum, else 1). */
export interface RecommendedCardView extends ProductCardView {
  addQuantity: number;
}

/**
 * The cards of Einstein's recommendations (ai/recommendations with includePricingAndProductInformation, 63.0), in
 * the answer's order, priced by the answer's own price lines; the products named in `shown` (the page's product,
 * the cart's lines) are left out.
 */
export function recommendationCardViews(
  answer: RecommendationResults | null | undefined,
  shown: readonly string[],
): RecommendedCardView[] {
  const products = answer?.productPage?.products;
  if (!Array.isArray(products)) return [];
  const skip = new Set(shown.map((id) => id.slice(0, 15)));
  return products
    .flatMap((product): RecommendedCardView[] => {
      const id = text(product?.id);
      if (!id || skip.has(id.slice(0, 15))) return [];
      const name = text(product.name) ?? fieldValue(product.fields, "Name") ?? id;
      const prices = product.prices;
      const priced = prices && prices.success !== false;
      const minimum = Number(isObject(product.purchaseQuantityRule) ? product.purchaseQuantityRule.minimum : NaN);
      return [
        {
          id,
          name,
          urlName: text(product.urlName),
          sku: fieldValue(product.fields, "StockKeepingUnit"),
          image: imageOf(product.defaultImage, name),
          unitPrice: priced ? (prices.unitPrice ?? null) : null,
          listPrice: priced ? (prices.listPrice ?? null) : null,
          currency: text(answer?.productPage?.currencyIsoCode),
          addQuantity: Number.isInteger(minimum) && minimum > 0 ? minimum : 1,
        },
      ];
    })
    .slice(0, RECOMMENDED_MAX);
}

export interface QuantityRule {
  minimum: number;
  maximum: number;
  increment: number;
}

/** A part of a bundle or a set (a Product Child): its page, and how many of it the bundle holds or the set asks for. */
export interface ProductComponent {
  id: string;
  name: string;
  path: string;
  quantity: number;
  /** A set's part is bought on its own: its price in the shopper's currency (null when unpriced or not read). */
  price: { unitPrice: string | null; listPrice: string | null; currency: string } | null;
}

export interface ProductDetailView {
  id: string;
  name: string;
  urlName?: string;
  sku?: string;
  description?: string;
  image: ProductImage | null;
  productClass?: string;
  quantityRule: QuantityRule | null;
  /** primaryProductCategoryPath, root first. */
  categoryPath: { id: string; name: string }[];
  /** productSellingModels: how the product may be bought (empty: once, with no choice to make). */
  sellingModels: SellingModelOption[];
  /** The store's brand and GTIN fields (custom: Brand__c, GTIN__c), when the catalog has them. */
  brand?: string;
  gtin?: string;
}

const toNumber = (v: JsonField): number | undefined => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

export function quantityRuleOf(rule: ProductDetail["purchaseQuantityRule"]): QuantityRule | null {
  if (!isObject(rule)) return null;
  const minimum = toNumber(rule.minimum);
  const maximum = toNumber(rule.maximum);
  const increment = toNumber(rule.increment);
  if (minimum === undefined && maximum === undefined && increment === undefined) return null;
  return {
    minimum: Math.max(QUANTITY_MIN, Math.ceil(minimum ?? QUANTITY_MIN)),
    maximum: Math.min(QUANTITY_MAX, Math.floor(maximum ?? QUANTITY_MAX)),
    increment: Math.max(1, Math.floor(increment ?? 1)),
  };
}

/** A product of products/{id}. */
export function productDetailView(product: ProductDetail | null | undefined): ProductDetailView | null {
  const id = text(product?.id);
  if (!product || !id) return null;
  const name = fieldValue(product.fields, "Name") ?? text(product.name) ?? id;
  const pathItems =
    isObject(product.primaryProductCategoryPath) && Array.isArray(product.primaryProductCategoryPath.path)
      ? product.primaryProductCategoryPath.path
      : [];
  const mediaImage = Array.isArray(product.mediaGroups)
    ? (product.mediaGroups
        .flatMap((group) => (isObject(group) && Array.isArray(group.mediaItems) ? group.mediaItems : []))
        .map((item) => imageOf(item, name))
        .find(Boolean) ?? null)
    : null;
  return {
    id,
    name,
    urlName: text(product.urlName),
    sku: fieldValue(product.fields, "StockKeepingUnit"),
    description: fieldValue(product.fields, "Description"),
    image: imageOf(product.defaultImage, name) ?? mediaImage,
    productClass: text(product.productClass),
    quantityRule: quantityRuleOf(product.purchaseQuantityRule),
    categoryPath: pathItems
      .filter(isObject)
      .map((item) => ({ id: text(item.id) ?? "", name: text(item.name) ?? "" }))
      .filter((item) => item.id && item.name),
    sellingModels: sellingModelOptions(product.productSellingModels),
    brand: fieldValue(product.fields, "Brand__c"),
    gtin: fieldValue(product.fields, "GTIN__c"),
  };
}

/** The words of the API's sort rule label suffixes (Sort Rule, labelSuffix). */
const LABEL_SUFFIXES: Record<string, string> = {
  Ascen: "Asc",
  Ascending: "Ascending",
  Az: "A-Z",
  Descen: "Desc",
  Descending: "Descending",
  FewMany: "Few-Many",
  HeavyLight: "Heavy-Light",
  HighLow: "High-Low",
  HighestLowest: "Highest-Lowest",
  LightHeavy: "Light-Heavy",
  LowHigh: "Low-High",
  LowestHighest: "Lowest-Highest",
  ManyFew: "Many-Few",
  NewOld: "New-Old",
  Newest: "Newest",
  NewestOldest: "Newest-Oldest",
  NineZero: "9-0",
  OldNew: "Old-New",
  Oldest: "Oldest",
  OldestNewest: "Oldest-Newest",
  PriceDecreasing: "$$-$",
  PriceIncreasing: "$-$$",
  ThickThin: "Thick-Thin",
  ThinThick: "Thin-Thick",
  Za: "Z-A",
  ZeroNine: "0-9",
};

export interface SortOption {
  value: string;
  label: string;
}

/**
 * The store's sort rules (search/sort-rules) as the choices of a sort menu, in their sortOrder: "Product Name
 * (A-Z)". Rules without an id are skipped; two rules that would read alike keep their direction apart.
 */
export function sortOptions(answer: { sortRules?: readonly SortRule[] | null } | null | undefined): SortOption[] {
  const rules: Json[] = Array.isArray(answer?.sortRules) ? answer.sortRules.filter(isObject) : [];
  const order = (rule: Json) => (typeof rule.sortOrder === "number" ? rule.sortOrder : Number.MAX_SAFE_INTEGER);
  return [...rules]
    .sort((a, b) => order(a) - order(b))
    .filter((rule) => text(rule.sortRuleId))
    .map((rule) => {
      const label = text(rule.label) ?? text(rule.nameOrId) ?? "Sort";
      const suffix = text(rule.labelSuffix);
      const words = suffix
        ? (LABEL_SUFFIXES[suffix] ?? suffix)
        : rule.direction === "Ascending" || rule.direction === "Descending"
          ? String(rule.direction)
          : null;
      return { value: rule.sortRuleId as string, label: words ? `${label} (${words})` : label };
    });
}
