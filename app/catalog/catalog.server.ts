/**
 * The catalog domain: categories, search, products and their prices as the browsing pages (home, category, search,
 * product) show them. Reads that fail where a page can do without them (sort rules, a category's path, prices)
 * leave that part out; a product or category the API doesn't know is null (the page's 404).
 */
import {
  isFetchError,
  type NavigationMenuItem,
  type ProductCategory,
  type ProductSearchInput,
} from "../../server/webstore/index";
import type { ApiFacet, SearchRefinement } from "~/catalog/model/filters";
import {
  LISTING_PAGE_SIZE,
  productCardView,
  sortOptions,
  type ProductCardView,
  type ProductSummary,
  type RecommendedCardView,
  type SortOption,
} from "~/catalog/model/product";
import { pagingFromTotal, searchPage, type Paging } from "~/lib/paging";
import { productPath } from "~/lib/paths";
import {
  isMissing,
  productPage,
  type CatalogCore,
  type ProductPage,
  type ProductPageQuery,
} from "~/catalog/server/product.server";
import { boughtTogether } from "~/catalog/server/recommendations.server";
import type { ShopCore } from "~/shop/core.server";
import { caught } from "~/shop/errors.server";

export interface CatalogHandler {
  /** The home page: the top-level categories and the first one's products (null: could not be read). */
  home(): Promise<{ categories: CategoryTile[] | null; featured: ProductCardView[] | null }>;
  /** One page of a category's products with its path and subcategories; null when there is no such category. */
  category(categoryId: string, query: ListingQuery): Promise<CategoryPage | null>;
  /** One page of a search's results (none without a term). */
  search(term: string, query: ListingQuery): Promise<ProductListing>;
  /** The product page: the product, its prices, and whether the buyer saved it; null when there is no such product. */
  product(productId: string, query: ProductPageQuery): Promise<ProductPage | null>;
  /** The header's category links (every page): none when the categories can't be read. */
  navigation(): Promise<NavigationLink[]>;
  /** The search box's suggestions for what the shopper has typed so far (none below SUGGEST_MIN_LENGTH). */
  suggest(typed: string): Promise<Suggestions>;
  /**
   * "Frequently bought together" with these products (the cart's first lines), leaving out the ones `shown` (all of
   * the page's lines): priced cards, none when they can't be read.
   */
  boughtTogether(productIds: readonly string[], shown?: readonly string[]): Promise<RecommendedCardView[]>;
}

export function createCatalogHandler(shop: CatalogCore): CatalogHandler {
  return {
    home: () => homePage(shop),
    category: (categoryId, query) => categoryPage(shop, categoryId, query),
    search: (term, query) => searchResults(shop, term, query),
    product: (productId, query) => productPage(shop, productId, query),
    navigation: () => navigation(shop),
    suggest: (typed) => suggestions(shop, typed),
    boughtTogether: (productIds, shown) => boughtTogether(shop, productIds, shown),
  };
}

type CatalogShop = Pick<ShopCore, "client" | "currencyIsoCode">;

/** A results page of search/product-search (what `productCards` prices). */
type SearchPage = { currencyIsoCode?: string | null; products?: readonly ProductSummary[] | null } | null | undefined;

/** A listing's page (1-based, from the URL) and the `?sort=` asked for. */
export interface ListingQuery {
  page: number;
  sort: string | null;
  /** The filters chosen, as the search's refinements (catalog/model/filters). */
  refinements?: SearchRefinement[];
}

export interface ProductListing {
  products: ProductCardView[];
  total: number;
  paging: Paging;
  sorts: SortOption[];
  /** The sort rule in force: the one asked for when it is one of the store's, else null (relevance). */
  sort: string | null;
  /** The results' facets (values with their counts), as the search answered them. */
  facets: ApiFacet[];
  /** The currency of the search's prices, which a price range refines. */
  priceCurrency: string | null;
  /** The API refused the filters (an old link's facet the store no longer has): the results are unfiltered. */
  filtersRefused: boolean;
}

/** A category as the header links it. */
export interface NavigationLink {
  id: string;
  name: string;
}

export interface CategoryTile {
  id: string;
  name: string;
  description: string;
}

export interface CategoryPage extends ProductListing {
  category: CategoryTile;
  trail: { id: string; name: string }[];
  children: { id: string; name: string; productCount: number | null }[];
}

export { LISTING_PAGE_SIZE } from "~/catalog/model/product";
/** How many products the home page features. */
export const FEATURED_COUNT = 8;

const nameOf = (c: ProductCategory) => String(c.fields?.Name ?? c.name ?? c.id);
const descriptionOf = (c: ProductCategory) => (typeof c.fields?.Description === "string" ? c.fields.Description : "");

/** The store's sort rules (cached by the client); none when they can't be read: the page just offers no sorting. */
export async function sortChoices(shop: Pick<ShopCore, "client">): Promise<SortOption[]> {
  try {
    return sortOptions(await shop.client.getSortRules());
  } catch {
    return [];
  }
}

/** The `?sort=` of the URL when it names one of the store's sort rules; else null (the API's relevance order). */
export function chosenSort(choices: readonly SortOption[], requested: string | null): string | null {
  return requested && choices.some((choice) => choice.value === requested) ? requested : null;
}

/**
 * The product cards of a search results page, priced in the shopper's currency: search results carry the store's
 * prices, so when the shopper shops in another currency (GBP) the cards are repriced with one pricing call in it
 * (pricing/products with currencyIsoCode), as the product page and the cart price them.
 */
export async function productCards(shop: CatalogShop, page: SearchPage): Promise<ProductCardView[]> {
  const cards = (page?.products ?? []).map(productCardView).filter((p): p is ProductCardView => p !== null);
  const pageCurrency = page?.currencyIsoCode ?? undefined;
  const wanted = shop.currencyIsoCode;
  if (!wanted || wanted === pageCurrency || cards.length === 0)
    return cards.map((card) => ({ ...card, currency: pageCurrency }));
  try {
    const prices = await shop.client.getProductPrices(cards.map((card) => card.id));
    const byId = new Map(prices.pricingLineItemResults.map((line) => [line.productId, line]));
    return cards.map((card) => {
      const line = byId.get(card.id);
      const priced = line && line.success !== false;
      return {
        ...card,
        unitPrice: priced ? (line.unitPrice ?? null) : null,
        listPrice: priced ? (line.listPrice ?? null) : null,
        currency: prices.currencyIsoCode ?? wanted,
      };
    });
  } catch {
    // Without the shopper's prices the cards show none rather than another currency's.
    return cards.map((card) => ({ ...card, unitPrice: null, listPrice: null, currency: wanted }));
  }
}

/**
 * The store's categories (cached by the client) as the header's links; a page without them still works. From API
 * 64.0 they are the category menu (category-menu-items, the documented one-call menu), its top level; before, or
 * when the menu can't be read, the top-level categories (product-categories/children), as before 64.0.
 */
function navigation(shop: CatalogShop): Promise<NavigationLink[]> {
  const categories = () =>
    shop.client
      .getCategories()
      .then((answer) => (answer?.productCategories ?? []).map((c) => ({ id: c.id, name: nameOf(c) })))
      .catch(() => []);
  if (shop.client.apiVersion < 64) return categories();
  return shop.client
    .getCategoryMenuItems({ maxLevels: 1 })
    .then((answer) => menuLinks(answer?.menuItems ?? []))
    .catch(categories);
}

/**
 * A menu's categories as links: the category's id is its page reference's record (59.0, the Storefront Categories
 * data source), else the last segment of the item's route; an item naming no category (a Home item) is left out.
 */
export function menuLinks(items: readonly NavigationMenuItem[]): NavigationLink[] {
  return items.flatMap((item) => {
    const recordId = item.pageReference?.attributes?.recordId;
    const routeId = item.actionValue?.match(/^\/category\/(?:[^/?#]+\/)*([A-Za-z0-9]{15,18})(?:[?#].*)?$/)?.[1];
    const id = typeof recordId === "string" && recordId ? recordId : routeId;
    return id && item.label ? [{ id, name: item.label }] : [];
  });
}

/** Shorter than this, what is typed suggests nothing: two letters match too much to help. */
export const SUGGEST_MIN_LENGTH = 3;
/** The longest typed text read: a search term is up to 100 characters (search/product-search). */
export const SUGGEST_MAX_LENGTH = 100;
/** The most words a search term has (search/product-search: "up to 32 space-separated search terms"). */
const SUGGEST_MAX_WORDS = 32;
/** How many products a suggestion shows (one small search), and how many completed terms. */
const SUGGESTED_PRODUCTS = 5;
const SUGGESTED_TERMS = 4;

export interface Suggestions {
  /** What was looked up: the typed text, trimmed, spaces collapsed, cut to SUGGEST_MAX_LENGTH. */
  term: string;
  /** Search terms that complete what was typed, from the matching products' names. */
  terms: string[];
  /** The matching products, each with its page's path. */
  products: { id: string; name: string; href: string }[];
}

/** The typed text as the suggestions read it. */
export function suggestTerm(typed: string): string {
  const words = typed.replace(/\s+/g, " ").trim().slice(0, SUGGEST_MAX_LENGTH).trim().split(" ");
  // The search takes up to 32 space-separated terms (search/product-search).
  return words.slice(0, SUGGEST_MAX_WORDS).join(" ");
}

/**
 * Suggestions from the product search (search/product-search, 49.0): the first few products matching what was
 * typed, by name, and search terms completing its last word from those names. GET search/suggestions (52.0) is
 * documented, but its answer's fields are not (docs/emulator.md, "Search suggestions"), so the store does not call
 * it. No prices: a suggestion names products, the page they open prices them. Cached by the client per term.
 */
async function suggestions(shop: CatalogShop, typed: string): Promise<Suggestions> {
  const term = suggestTerm(typed);
  if ([...term].length < SUGGEST_MIN_LENGTH) return { term, terms: [], products: [] };
  const answer = await shop.client.searchProducts({ searchTerm: term, page: 0, pageSize: SUGGESTED_PRODUCTS });
  const products = (answer?.productsPage?.products ?? []).flatMap((p) => {
    const card = productCardView(p);
    return card ? [{ id: card.id, name: card.name, href: productPath(card) }] : [];
  });
  return {
    term,
    terms: completedTerms(
      term,
      products.map((p) => p.name),
    ).slice(0, SUGGESTED_TERMS),
    products,
  };
}

/**
 * Terms completing the typed text's last word with a word of a name that starts with it ("stone" → "stoneware"),
 * each once, in the names' order; the typed text itself is not a suggestion.
 */
export function completedTerms(term: string, names: readonly string[]): string[] {
  const words = term.toLowerCase().split(" ");
  const last = words.pop() ?? "";
  const lead = words.length ? `${words.join(" ")} ` : "";
  const found = new Set<string>();
  for (const name of names) {
    for (const word of name.toLowerCase().split(/[^\p{L}\p{N}'-]+/u)) {
      if (word.length > last.length && word.startsWith(last)) found.add(`${lead}${word}`);
    }
  }
  return [...found];
}

/**
 * Featured products are the first page of the first top-level category: a search needs a term or a category
 * (search/product-search), and the category list is already here (cached by the client), so the home page costs
 * one search with its prices, not a request per product.
 */
async function homePage(shop: CatalogShop) {
  const categories = await shop.client
    .getCategories()
    .then((answer) =>
      (answer?.productCategories ?? []).map((c) => ({ id: c.id, name: nameOf(c), description: descriptionOf(c) })),
    )
    .catch(() => null);
  const first = categories?.[0];
  const featured = !first
    ? categories && []
    : await shop.client
        .searchProducts({ categoryId: first.id, page: 0, pageSize: FEATURED_COUNT, includePrices: true })
        .then((answer) => productCards(shop, answer?.productsPage))
        .catch(() => null);
  return { categories, featured };
}

/** A category's subcategories with their product counts, as search/product-search answers them. */
function subcategories(categories: Record<string, unknown> | null | undefined): CategoryPage["children"] {
  const children = Array.isArray(categories?.children) ? (categories.children as unknown[]) : [];
  return children.flatMap((child) => {
    if (typeof child !== "object" || child === null) return [];
    const { category, productCount } = child as { category?: ProductCategory | null; productCount?: unknown };
    if (!category?.id) return [];
    return [
      { id: category.id, name: nameOf(category), productCount: typeof productCount === "number" ? productCount : null },
    ];
  });
}

async function categoryPage(shop: CatalogShop, categoryId: string, query: ListingQuery): Promise<CategoryPage | null> {
  const sorts = await sortChoices(shop);
  const sort = chosenSort(sorts, query.sort);
  const { apiPage, beyond } = searchPage(query.page, LISTING_PAGE_SIZE);
  try {
    const [category, { answer: results, filtersRefused }, path] = await Promise.all([
      shop.client.getCategory(categoryId),
      refinedSearch(shop, {
        categoryId,
        page: apiPage,
        pageSize: LISTING_PAGE_SIZE,
        sortRuleId: sort ?? undefined,
        includePrices: true,
        refinements: query.refinements,
      }),
      shop.client.getCategoryPath(categoryId).catch(() => ({ path: [] as ProductCategory[] })),
    ]);
    return {
      category: { id: category.id, name: nameOf(category), description: descriptionOf(category) },
      trail: (path?.path ?? []).map((c) => ({ id: c.id, name: nameOf(c) })),
      children: subcategories(results?.categories),
      ...(await listingOf(shop, results, { query, beyond, sorts, sort, filtersRefused })),
    };
  } catch (error) {
    if (isMissing(caught(error).api)) return null;
    throw error;
  }
}

/**
 * A search with the filters chosen; when the API refuses them (400: a shared link's facet the store no longer
 * offers, a hand-edited URL), the same search without them, said so, rather than an error page.
 */
async function refinedSearch(shop: CatalogShop, input: ProductSearchInput) {
  try {
    return { answer: await shop.client.searchProducts(input), filtersRefused: false };
  } catch (error) {
    if (!input.refinements?.length || !isFetchError(error) || error.status !== 400) throw error;
    const answer = await shop.client.searchProducts({ ...input, refinements: undefined });
    return { answer, filtersRefused: true };
  }
}

const currencyOf = (page: object | null | undefined) => {
  const currency = (page as { currencyIsoCode?: unknown } | null | undefined)?.currencyIsoCode;
  return typeof currency === "string" ? currency : null;
};

async function searchResults(shop: CatalogShop, term: string, query: ListingQuery): Promise<ProductListing> {
  const sorts = await sortChoices(shop);
  const sort = chosenSort(sorts, query.sort);
  if (!term) {
    const paging = pagingFromTotal(0, LISTING_PAGE_SIZE, 1);
    return { products: [], total: 0, paging, sorts, sort, facets: [], priceCurrency: null, filtersRefused: false };
  }
  // The URL's page is 1-based for shoppers; the API's is 0-based. One request brings the page and its prices.
  const { apiPage, beyond } = searchPage(query.page, LISTING_PAGE_SIZE);
  const { answer, filtersRefused } = await refinedSearch(shop, {
    searchTerm: term,
    page: apiPage,
    pageSize: LISTING_PAGE_SIZE,
    sortRuleId: sort ?? undefined,
    includePrices: true,
    refinements: query.refinements,
  });
  return listingOf(shop, answer, { query, beyond, sorts, sort, filtersRefused });
}

/** A page of search results as a listing shows it (a category's or a search's): cards, paging, sorts, facets. */
async function listingOf(
  shop: CatalogShop,
  answer: Awaited<ReturnType<CatalogShop["client"]["searchProducts"]>> | null | undefined,
  page: Pick<ProductListing, "sorts" | "sort" | "filtersRefused"> & { query: ListingQuery; beyond: boolean },
): Promise<ProductListing> {
  const total = answer?.productsPage?.total ?? 0;
  return {
    products: page.beyond ? [] : await productCards(shop, answer?.productsPage),
    total,
    paging: pagingFromTotal(total, LISTING_PAGE_SIZE, page.query.page),
    sorts: page.sorts,
    sort: page.sort,
    facets: answer?.facets ?? [],
    priceCurrency: currencyOf(answer?.productsPage),
    filtersRefused: page.filtersRefused,
  };
}
