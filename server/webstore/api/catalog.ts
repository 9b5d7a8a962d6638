/** Products, prices, categories and search (Connect "commerce/webstores/{id}/…" catalog resources). */
import { type ClientCore, catalogRead, documentedAt, pageSizeInRange, required, send } from "../core.js";
import { DEFAULT_TTL_MS } from "../cache.js";
import { path } from "../http.js";
import type {
  FeaturedProductsOutput,
  NavigationMenuItemCollection,
  ProductCategory,
  ProductChildCollection,
  ProductDetail,
  ProductOverviewCollection,
  ProductPrice,
  ProductPrices,
  ProductSearchResults,
  RecommendationResults,
  SortRule,
} from "../types/index.js";

/** Product Search Input (POST search/product-search): a searchTerm, a categoryId, or both. */
export interface ProductSearchInput {
  searchTerm?: string;
  categoryId?: string;
  /** 0-based. */
  page?: number;
  /** 1-200; the API's default is the store's setting. */
  pageSize?: number;
  /** One of the store's sort rules (getSortRules); relevancy when absent. */
  sortRuleId?: string;
  fields?: string[];
  /** Prices of the products in the results (a Pricing Result Line Item each); default false. */
  includePrices?: boolean;
  includeQuantityRule?: boolean;
  /** Up to nine refinements (facets chosen), up to 20 values each; omitted when empty. */
  refinements?: RefinementInput[];
}

/**
 * A refinement of Product Search Input: a Distinct Value Refinement Input (products with any of the values of a
 * facetable attribute), or a Range refinement with a min, a max or both (ConnectApi.RangeRefinementInput, 64.0).
 */
export type RefinementInput =
  | { type: "DistinctValue"; attributeType: string; nameOrId: string; values: string[] }
  | { type: "Range"; attributeType: string; nameOrId: string; min?: string; max?: string };

/** What a featured product's card shows: its name and SKU (the resource answers every field when none are named). */
const FEATURED_FIELDS = ["Name", "StockKeepingUnit"];
/** The media group of a product's listing image (the Featured Products Output example's one). */
const LISTING_MEDIA_GROUP = "productListImage";

/** The most anchors one recommendations read sends (the cart page names a few of its products). */
const RECOMMENDATION_ANCHORS_MAX = 5;

/** What getRecommendations asks for: Einstein's recommender and the products it recommends from. */
export interface RecommendationsInput {
  recommender: "CustomersWhoBoughtAlsoBought";
  anchorValues: readonly string[];
  /**
   * The shopper's id for Einstein, sent as the `cqcid` cookie: "If you omit the cqcid cookie, an empty set of
   * results is returned" (connect_resources_commerce_webstore_ai_recommendations.htm). The store tracks no
   * activity, so any id stable for the shopper serves.
   */
  shopperId: string;
}

export function catalogApi(core: ClientCore) {
  return {
    /**
     * POST search/product-search (49.0): one request for a page of results, with their prices when
     * `includePrices`. Either a searchTerm or a categoryId is required, so a search without one fails here.
     */
    async searchProducts(input: ProductSearchInput): Promise<ProductSearchResults> {
      const searchTerm = input.searchTerm?.trim() || undefined;
      if (!searchTerm && !input.categoryId) throw new TypeError("searchProducts needs a searchTerm or a categoryId");
      const body = {
        searchTerm,
        categoryId: input.categoryId,
        page: input.page,
        pageSize: pageSizeInRange(input.pageSize, 200),
        sortRuleId: input.sortRuleId,
        fields: input.fields?.length ? input.fields : undefined,
        includePrices: input.includePrices,
        includeQuantityRule: input.includeQuantityRule,
        refinements: input.refinements?.length ? input.refinements : undefined,
      };
      const search = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      return catalogRead(core, "search/product-search", search, () =>
        send(core, { method: "POST", path: "search/product-search", body: search }),
      );
    },

    /** The store's sort rules (GET search/sort-rules, 52.0), in their sortOrder; cached like other store settings. */
    async getSortRules(): Promise<{ sortRules: SortRule[] }> {
      return core.caches.data.get(
        core.cacheKey("search/sort-rules"),
        async () => ({ value: await send<{ sortRules: SortRule[] }>(core, { path: "search/sort-rules" }) }),
        { ttlMs: DEFAULT_TTL_MS },
      );
    },

    async getProduct(productId: string, options: { fields?: string[] } = {}): Promise<ProductDetail> {
      required(productId, "productId is required");
      const fields = options.fields?.length ? options.fields : undefined;
      return catalogRead(core, "products/{id}", [productId, fields], () =>
        send(core, { path: path`products/${productId}`, query: { fields } }),
      );
    },

    /**
     * A bundle's or a set's child products (GET products/{id}/children, 57.0), the first page of up to `pageSize`
     * (1-100). Before 57.0 the resource doesn't exist: no children.
     */
    async getProductChildren(productId: string, options: { pageSize?: number } = {}): Promise<ProductChildCollection> {
      required(productId, "productId is required");
      if (!documentedAt(core, 57)) return { count: 0, items: [], total: 0 };
      const pageSize = pageSizeInRange(options.pageSize, 100);
      return catalogRead(core, "products/{id}/children", [productId, pageSize], () =>
        send(core, { path: path`products/${productId}/children`, query: { pageSize } }),
      );
    },

    /**
     * A product's featured products (GET products/{id}/featured-products, 64.0) by relationship type, each with its
     * listing image (the productListImage media group) and its name and SKU. Before 64.0 the resource doesn't
     * exist: none. Cached like the product's other reads.
     */
    async getFeaturedProducts(productId: string): Promise<FeaturedProductsOutput> {
      required(productId, "productId is required");
      if (!documentedAt(core, 64)) return { featuredProductsByRelationshipType: {} };
      const query = { fields: FEATURED_FIELDS, includeMediaGroups: true, mediaGroups: LISTING_MEDIA_GROUP };
      return catalogRead(core, "products/{id}/featured-products", productId, () =>
        send(core, { path: path`products/${productId}/featured-products`, query }),
      );
    },

    /**
     * Einstein's recommendations (GET ai/recommendations) with each product's name, image and price in the same
     * answer (includePricingAndProductInformation, 63.0): a card needs no other read. Before 63.0 the products come
     * as ids alone: none. Shared per catalog scope (the answer's prices are the scope's) for RECOMMENDATIONS_FRESH_MS,
     * keyed by the query as sent: the anchors in their order (the emulator breaks ties between equally bought products
     * by it; Einstein's pages don't say that order doesn't matter). The shopper id is not in the key (see
     * RECOMMENDATIONS_FRESH_MS), nor is the answer's `uuid`, which only activity tracking reads (the store sends
     * none): shoppers sharing an answer share its uuid.
     */
    async getRecommendations(input: RecommendationsInput): Promise<RecommendationResults> {
      const anchorValues = input.anchorValues.filter(Boolean).slice(0, RECOMMENDATION_ANCHORS_MAX);
      if (!documentedAt(core, 63) || anchorValues.length === 0) return { productPage: { products: [] } };
      required(input.shopperId, "shopperId is required");
      const query = { recommender: input.recommender, anchorValues, includePricingAndProductInformation: true };
      return catalogRead(
        core,
        "ai/recommendations",
        query,
        () =>
          send<RecommendationResults>(core, {
            path: "ai/recommendations",
            query,
            headers: { Cookie: `cqcid=${encodeURIComponent(input.shopperId)}` },
          }),
        core.caches.recommendations,
      );
    },

    /** Several products by id (GET products?ids=, 54.0): fields, default image, quantity rule, in the order asked. */
    async getProducts(
      productIds: readonly string[],
      options: { fields?: string[] } = {},
    ): Promise<ProductOverviewCollection> {
      if (productIds.length === 0) throw new TypeError("getProducts needs at least one product id");
      const fields = options.fields?.length ? options.fields : undefined;
      return catalogRead(core, "products", [productIds, fields], () =>
        send(core, { path: "products", query: { ids: productIds, fields } }),
      );
    },

    /**
     * Products by SKU (GET products?skus=, 54.0): each SKU's product id, name and class, or a failed entry for a SKU
     * that names no product the shopper may see. Not cached: a quick order's list of SKUs is asked for once.
     */
    async getProductsBySku(
      skus: readonly string[],
      options: { fields?: string[] } = {},
    ): Promise<ProductOverviewCollection> {
      if (skus.length === 0) throw new TypeError("getProductsBySku needs at least one SKU");
      const fields = options.fields?.length ? options.fields : undefined;
      return send(core, { path: "products", query: { skus, fields, excludeMedia: true } });
    },

    async getProductPrice(productId: string): Promise<ProductPrice> {
      required(productId, "productId is required");
      return catalogRead(core, "pricing/products/{id}", productId, () =>
        send(core, { path: path`pricing/products/${productId}` }),
      );
    },

    /** Several products' prices: GET pricing/products?productIds= from 54.0 (cacheable), POST before. */
    async getProductPrices(productIds: readonly string[]): Promise<ProductPrices> {
      if (productIds.length === 0) throw new TypeError("getProductPrices needs at least one product id");
      return catalogRead(core, "pricing/products", productIds, () =>
        documentedAt(core, 54)
          ? send(core, { path: "pricing/products", query: { productIds } })
          : send(core, {
              method: "POST",
              path: "pricing/products",
              body: { pricingLineItems: productIds.map((productId) => ({ productId })) },
            }),
      );
    },

    /**
     * Top-level categories without a parent (or a parent's children). Every page's navigation reads the top level:
     * shared per catalog scope, because B2B entitlements may hide categories.
     */
    async getCategories(parentProductCategoryId?: string): Promise<{ productCategories: ProductCategory[] }> {
      return catalogRead(core, "product-categories/children", parentProductCategoryId ?? "", () =>
        send<{ productCategories: ProductCategory[] }>(core, {
          path: "product-categories/children",
          query: { parentProductCategoryId },
        }),
      );
    },

    /**
     * The store's category menu in one call (GET category-menu-items, 64.0): the top `maxLevels` levels of the
     * categories as navigation menu items. Shared per catalog scope like the category list it replaces.
     */
    async getCategoryMenuItems(options: { maxLevels?: number } = {}): Promise<NavigationMenuItemCollection> {
      if (!documentedAt(core, 64)) throw new TypeError("category-menu-items is documented from API version 64.0");
      const maxLevels = options.maxLevels;
      return catalogRead(core, "category-menu-items", maxLevels ?? null, () =>
        send<NavigationMenuItemCollection>(core, { path: "category-menu-items", query: { maxLevels } }),
      );
    },

    async getCategory(categoryId: string): Promise<ProductCategory> {
      required(categoryId, "categoryId is required");
      return catalogRead(core, "product-categories/{id}", categoryId, () =>
        send(core, { path: path`product-categories/${categoryId}` }),
      );
    },

    async getCategoryPath(categoryId: string): Promise<{ path: ProductCategory[] }> {
      required(categoryId, "categoryId is required");
      return catalogRead(core, "product-category-path", categoryId, () =>
        send(core, { path: path`product-category-path/product-categories/${categoryId}` }),
      );
    },
  };
}
