import { z } from "zod";
import { id, money, optional, jsonValue, jsonField } from "./common.js";

/** Catalog: prices, sort rules, products, search results, categories. */

/** ConnectApi.ErrorResponse, the `error` of a price line or a product overview. */
const ErrorResponseSchema = z
  .object({ errorCode: optional(z.string()), message: optional(z.string()) })
  .catchall(jsonField);

/**
 * ConnectApi.PriceAdjustmentTier: one quantity band of a volume price. lowerBound is the first quantity it covers,
 * upperBound the first it no longer covers (null: no limit); tierUnitPrice is the unit price in the band.
 */
export const PriceAdjustmentTierSchema = z
  .object({
    id: optional(id),
    adjustmentType: optional(z.string()),
    adjustmentValue: optional(z.string()),
    lowerBound: optional(z.string()),
    upperBound: optional(z.string()),
    tierUnitPrice: optional(money),
  })
  .catchall(jsonField);
export type PriceAdjustmentTier = z.infer<typeof PriceAdjustmentTierSchema>;

/** ConnectApi.PriceAdjustmentSchedule: a price book entry's volume prices (adjustmentMethod, scheduleType: 59.0). */
export const PriceAdjustmentScheduleSchema = z
  .object({
    id: optional(id),
    adjustmentMethod: optional(z.string()),
    scheduleType: optional(z.string()),
    priceAdjustmentTiers: optional(z.array(PriceAdjustmentTierSchema)),
  })
  .catchall(jsonField);

/** A Product Price Entry (56.0): the product's price for one selling model. */
export const ProductPriceEntrySchema = z
  .object({
    productSellingModelId: optional(id),
    pricebookEntryId: optional(id),
    listPrice: optional(money),
    unitPrice: optional(money),
    priceAdjustment: optional(PriceAdjustmentScheduleSchema),
    success: optional(z.boolean()),
    error: optional(ErrorResponseSchema),
  })
  .catchall(jsonField);

/** Product Price (GET pricing/products/{productId}); also a line of a Pricing Result (with productId, success, error). */
export const ProductPriceSchema = z
  .object({
    productId: optional(id),
    currencyIsoCode: optional(z.string()),
    listPrice: optional(money),
    unitPrice: optional(money),
    pricebookEntryId: optional(id),
    priceAdjustment: optional(PriceAdjustmentScheduleSchema),
    productPriceEntries: optional(z.array(ProductPriceEntrySchema)),
    success: optional(z.boolean()),
    error: optional(ErrorResponseSchema),
  })
  .catchall(jsonField);
export type ProductPrice = z.infer<typeof ProductPriceSchema>;

export const ProductPricesSchema = z
  .object({
    currencyIsoCode: optional(z.string()),
    pricingLineItemResults: z.array(ProductPriceSchema),
    success: optional(z.boolean()),
  })
  .catchall(jsonField);
export type ProductPrices = z.infer<typeof ProductPricesSchema>;

/** A Sort Rule of GET search/sort-rules. */
export const SortRuleSchema = z
  .object({
    sortRuleId: id,
    label: optional(z.string()),
    labelSuffix: optional(z.string()),
    nameOrId: optional(z.string()),
    type: optional(z.string()),
    direction: optional(z.string()),
    sortOrder: optional(z.number()),
  })
  .catchall(jsonField);
export type SortRule = z.infer<typeof SortRuleSchema>;

/** Product Overview Collection (GET products?ids=). */
export const ProductOverviewCollectionSchema = z
  .object({
    products: z.array(
      z
        .object({
          id: id.nullable(),
          sku: optional(z.string()),
          fields: optional(z.record(jsonValue)),
          defaultImage: optional(z.record(jsonValue)),
          success: optional(z.boolean()),
          error: optional(ErrorResponseSchema),
        })
        .catchall(jsonField),
    ),
    total: optional(z.number()),
  })
  .catchall(jsonField);
export type ProductOverviewCollection = z.infer<typeof ProductOverviewCollectionSchema>;

/**
 * ConnectApi.SubscriptionTermRule (59.0): the numbers of pricing terms a term-defined plan may be bought for,
 * https://developer.salesforce.com/docs/platform/apex-ref/references/apex-ref/apex-connectapi-output-subscription-term-rule.html
 */
const SubscriptionTermRuleSchema = z
  .object({
    minimum: optional(z.number()),
    maximum: optional(z.number()),
    increment: optional(z.number()),
  })
  .catchall(jsonField);

/**
 * ConnectApi.ProductSellingModel (56.0), a product's `productSellingModels`:
 * https://developer.salesforce.com/docs/platform/apex-ref/references/apex-ref/apex-connectapi-output-product-selling-model.html
 */
export const ProductSellingModelSchema = z
  .object({
    id: optional(id),
    name: optional(z.string()),
    displayName: optional(z.string()),
    description: optional(z.string()),
    sellingModelType: optional(z.string()),
    pricingTerm: optional(z.number()),
    pricingTermUnit: optional(z.string()),
    subscriptionTermRule: optional(SubscriptionTermRuleSchema),
  })
  .catchall(jsonField);
export type ProductSellingModel = z.infer<typeof ProductSellingModelSchema>;

export const ProductDetailSchema = z
  .object({
    id,
    fields: optional(z.record(jsonValue)),
    defaultImage: optional(z.record(jsonValue)),
    mediaGroups: optional(z.array(jsonValue)),
    primaryProductCategoryPath: optional(z.record(jsonValue)),
    productClass: optional(z.string()),
    purchaseQuantityRule: optional(z.record(jsonValue)),
    variationAttributeSet: optional(z.record(jsonValue)),
    variationInfo: optional(z.record(jsonValue)),
    productSellingModels: optional(z.array(ProductSellingModelSchema)),
  })
  .catchall(jsonField);
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/**
 * Product Child Collection of GET products/{id}/children (57.0): a bundle's or a set's child products, each a
 * Product Child `{defaultQuantity, productInfo}` (the quantity of the child to order, and its Product Detail).
 */
export const ProductChildCollectionSchema = z
  .object({
    count: optional(z.number()),
    items: z.array(
      z
        .object({ defaultQuantity: optional(z.string()), productInfo: optional(ProductDetailSchema) })
        .catchall(jsonField),
    ),
    nextPageToken: optional(z.string()),
    total: optional(z.number()),
  })
  .catchall(jsonField);
export type ProductChildCollection = z.infer<typeof ProductChildCollectionSchema>;

/** A media group of a product (ElectronicMediaGroup): its developer name and its media items (`url`, `alternateText`…). */
export const ProductMediaGroupSchema = z
  .object({
    developerName: optional(z.string()),
    id: optional(id),
    mediaItems: optional(z.array(z.record(jsonValue))),
    name: optional(z.string()),
    usageType: optional(z.string()),
  })
  .catchall(jsonField);

/**
 * A featured product of Featured Products Output (64.0): the Product Detail fields its page's example shows, with
 * `attributeSetInfo` when asked for (includeAttributeSetInfo).
 */
export const FeaturedProductSchema = z
  .object({
    id,
    defaultImage: optional(z.record(jsonValue)),
    fields: optional(z.record(jsonValue)),
    mediaGroups: optional(z.array(ProductMediaGroupSchema)),
    productClass: optional(z.string()),
    productSellingModels: optional(z.array(ProductSellingModelSchema)),
    purchaseQuantityRule: optional(z.record(jsonValue)),
    urlName: optional(z.string()),
    attributeSetInfo: optional(z.record(jsonValue)),
  })
  .catchall(jsonField);
export type FeaturedProduct = z.infer<typeof FeaturedProductSchema>;

/**
 * Featured Products Output of GET products/{id}/featured-products (64.0): each relationship type's featured
 * products, "sorted based on the Sequence field on the junction object".
 */
export const FeaturedProductsOutputSchema = z
  .object({ featuredProductsByRelationshipType: z.record(z.array(FeaturedProductSchema)) })
  .catchall(jsonField);
export type FeaturedProductsOutput = z.infer<typeof FeaturedProductsOutputSchema>;

/**
 * A recommended product of Commerce Einstein Recommendation Results (GET ai/recommendations, 55.0): its id, and
 * with includePricingAndProductInformation (63.0) its fields, image, quantity rule and price line. The answer's own
 * page was not found: the names are those Salesforce's store components read from it [I].
 */
export const RecommendedProductSchema = z
  .object({
    id,
    name: optional(z.string()),
    fields: optional(z.record(jsonValue)),
    defaultImage: optional(z.record(jsonValue)),
    prices: optional(ProductPriceSchema),
    productClass: optional(z.string()),
    purchaseQuantityRule: optional(z.record(jsonValue)),
    urlName: optional(z.string()),
  })
  .catchall(jsonField);
export type RecommendedProduct = z.infer<typeof RecommendedProductSchema>;

/** Commerce Einstein Recommendation Results: one page of recommended products, and the answer's id for tracking. */
export const RecommendationResultsSchema = z
  .object({
    productPage: z
      .object({ currencyIsoCode: optional(z.string()), products: z.array(RecommendedProductSchema) })
      .catchall(jsonField),
    uuid: optional(z.string()),
  })
  .catchall(jsonField);
export type RecommendationResults = z.infer<typeof RecommendationResultsSchema>;

export const ProductSummarySchema = z
  .object({
    id,
    name: optional(z.string()),
    fields: optional(z.record(jsonValue)),
    defaultImage: optional(z.record(jsonValue)),
    prices: optional(z.record(jsonValue)),
    productClass: optional(z.string()),
  })
  .catchall(jsonField);

/** A Distinct Facet Value: a value of a facet and how many products of the results have it. */
export const DistinctFacetValueSchema = z
  .object({ displayName: optional(z.string()), nameOrId: z.string(), productCount: optional(z.number()) })
  .catchall(jsonField);

/** A Search Facet of product search results (Distinct Value Search Facet: `values`). */
export const SearchFacetSchema = z
  .object({
    attributeType: optional(z.string()),
    displayName: optional(z.string()),
    displayRank: optional(z.number()),
    displayType: optional(z.string()),
    facetType: optional(z.string()),
    nameOrId: z.string(),
    values: optional(z.array(DistinctFacetValueSchema)),
  })
  .catchall(jsonField);
export type SearchFacet = z.infer<typeof SearchFacetSchema>;

export const ProductSearchResultsSchema = z
  .object({
    productsPage: z
      .object({
        products: z.array(ProductSummarySchema),
        total: optional(z.number()),
        currentPage: optional(z.number()),
        pageSize: optional(z.number()),
      })
      .catchall(jsonField),
    categories: optional(z.record(jsonValue)),
    facets: optional(z.array(SearchFacetSchema)),
    locale: optional(z.string()),
  })
  .catchall(jsonField);
export type ProductSearchResults = z.infer<typeof ProductSearchResultsSchema>;

export const ProductCategorySchema = z
  .object({ id, fields: optional(z.record(jsonValue)), name: optional(z.string()) })
  .catchall(jsonField);
export type ProductCategory = z.infer<typeof ProductCategorySchema>;

/**
 * ConnectApi.NavigationMenuItem of GET category-menu-items (64.0): a category as a menu entry. `actionValue` is the
 * route URL of an InternalLink; `pageReference` (59.0) names the category's record for the Storefront Categories
 * data source; `subMenu` holds the items below it.
 */
export const NavigationMenuItemSchema: z.ZodType<NavigationMenuItem> = z.lazy(() =>
  z
    .object({
      actionType: optional(z.string()),
      actionValue: optional(z.string()),
      imageUrl: optional(z.string()),
      label: z.string(),
      pageReference: optional(
        z.object({ attributes: optional(z.record(jsonValue)), type: optional(z.string()) }).catchall(jsonField),
      ),
      subMenu: optional(z.array(NavigationMenuItemSchema)),
      target: optional(z.string()),
    })
    .catchall(jsonField),
);
export interface NavigationMenuItem {
  actionType?: string | null;
  actionValue?: string | null;
  imageUrl?: string | null;
  label: string;
  pageReference?: { attributes?: Record<string, unknown> | null; type?: string | null } | null;
  subMenu?: NavigationMenuItem[] | null;
  target?: string | null;
}

/** Navigation Menu Item Collection, the answer of GET category-menu-items. */
export const NavigationMenuItemCollectionSchema = z
  .object({ menuItems: z.array(NavigationMenuItemSchema) })
  .catchall(jsonField);
export type NavigationMenuItemCollection = z.infer<typeof NavigationMenuItemCollectionSchema>;
