/** Products, prices and categories (Connect "commerce/webstores/{id}/…" catalog resources). */
import { type ClientCore, pageSizeInRange, required, send } from '../core.js';
import { DEFAULT_TTL_MS } from '../cache.js';
import { path } from '../http.js';
import type { ProductCategory, ProductDetail, ProductPrice, ProductPrices, ProductSearchResults } from '../types.js';

export interface ProductSearchInput {
  searchTerm?: string;
  categoryId?: string;
  /** 0-based. */
  page?: number;
  pageSize?: number;
  /** The real API's sort rule id. */
  sortRuleId?: string;
  sortOrder?: string;
  fields?: string[];
}

export function catalogApi(core: ClientCore) {
  return {
    async searchProducts(input: ProductSearchInput = {}): Promise<ProductSearchResults> {
      return send(core, {
        path: 'search/products',
        query: {
          searchTerm: input.searchTerm,
          categoryId: input.categoryId,
          page: input.page,
          pageSize: pageSizeInRange(input.pageSize, 200),
          sortRuleId: input.sortRuleId,
          sortOrder: input.sortOrder,
          fields: input.fields?.length ? input.fields : undefined,
        },
      });
    },

    async getProduct(productId: string, options: { fields?: string[] } = {}): Promise<ProductDetail> {
      required(productId, 'productId is required');
      return send(core, {
        path: path`products/${productId}`,
        query: { fields: options.fields?.length ? options.fields : undefined },
      });
    },

    async getProductPrice(productId: string): Promise<ProductPrice> {
      required(productId, 'productId is required');
      return send(core, { path: path`pricing/products/${productId}` });
    },

    async getProductPrices(productIds: readonly string[]): Promise<ProductPrices> {
      return send(core, {
        method: 'POST',
        path: 'pricing/products',
        body: { pricingLineItems: productIds.map((productId) => ({ productId })) },
      });
    },

    /** Top-level categories without a parent. */
    /**
     * The category tree changes rarely and every page's navigation reads its top level, so answers are cached
     * for the default lifetime — per effective account, because B2B entitlements may hide categories.
     */
    async getCategories(parentProductCategoryId?: string): Promise<{ productCategories: ProductCategory[] }> {
      return core.caches.data.get(
        core.cacheKey('product-categories/children', parentProductCategoryId ?? '', core.effectiveAccountId ?? ''),
        async () => ({
          value: await send<{ productCategories: ProductCategory[] }>(core, {
            path: 'product-categories/children',
            query: { parentProductCategoryId },
          }),
        }),
        { ttlMs: DEFAULT_TTL_MS },
      );
    },

    async getCategory(categoryId: string): Promise<ProductCategory> {
      required(categoryId, 'categoryId is required');
      return send(core, { path: path`product-categories/${categoryId}` });
    },

    async getCategoryPath(categoryId: string): Promise<{ path: ProductCategory[] }> {
      required(categoryId, 'categoryId is required');
      return send(core, { path: path`product-category-path/product-categories/${categoryId}` });
    },
  };
}
