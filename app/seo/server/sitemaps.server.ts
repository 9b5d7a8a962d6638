/**
 * The sitemaps (sitemaps.org protocol 0.9): an index at /sitemap.xml naming shards of categories
 * (/sitemap/categories/N.xml) and of products (/sitemap/products/N.xml), each URL in every locale of the store with
 * its `hreflang` alternates and its `lastmod`.
 *
 * Everything comes from the catalog resources the store's pages already use, as a guest sees them:
 * - the plan: the category tree, walked with one product search per category (search/product-search by categoryId:
 *   its `categories.children` are the subcategories with their product counts, its first page the category's
 *   `lastmod`), cut into units of at most SEARCH_RESULTS_WINDOW products, the most a search pages through
 *   (page × pageSize ≤ 5000). A category whose products fit is one unit (its subcategories' products with it); a
 *   larger one without products of its own leaves them to its subcategories; a larger one with products of its own is
 *   split by a facet every product has one value of (the facet's counts add up to the category's), value by value,
 *   and again by another facet while a slice is too large. The plan is a few hundred small entries, kept for
 *   PLAN_TTL_MS and shared by the requests that wait for it.
 * - a products shard: the units the plan packed into it, paged through 200 products a search, written out as each
 *   page comes (a ReadableStream pulled by the response): one page of products in memory at a time.
 *
 * A product in two categories (a real org allows it) is listed where each is found, so possibly twice; the emulator
 * files a product in one.
 */
import type { WebstoreClient } from "../../../server/webstore/index";
import { fieldValue } from "~/catalog/model/product";
import type { ApiFacet, SearchRefinement } from "~/catalog/model/filters";
import { categoryPath, productPath } from "~/lib/paths";
import { SEARCH_RESULTS_WINDOW } from "~/lib/paging";
import { storeLocales } from "~/lib/format/locale";
import type { Crawler } from "~/shop/core.server";
import { alternatesOf, urlIn, type Alternate } from "~/seo/model/urls";
import { STORE_LOCALE } from "~/lib/format/money";

/** The protocol's cap on the URLs of one sitemap. */
export const MAX_URLS_PER_SITEMAP = 50_000;
/** What a products shard holds at most, in URLs (every locale's URL of a product counts): well under the cap, so a
 * shard answers in a few seconds and a crawler re-reads less when a part changes. */
export const SHARD_URLS = 20_000;
/** Products a search page of the walk reads (Product Search Input's largest page). */
export const SITEMAP_PAGE_SIZE = 200;
const PLAN_TTL_MS = 15 * 60_000;
/** Searches of the plan's walk in flight at once. */
const WALK_CONCURRENCY = 4;
/** The first page's products, as the category page shows them: its lastmod. */
const CATEGORY_FIRST_PAGE = 12;

export const SITEMAP_CONTENT_TYPE = "application/xml; charset=utf-8";

/** A slice of the catalog one search pages through whole: a category's tree, maybe narrowed by facet values. */
export interface SitemapUnit {
  categoryId: string;
  refinements: SearchRefinement[];
  /** Its products when the plan was made. */
  count: number;
}

export interface SitemapPlan {
  categories: { id: string; name: string; lastmod: string | null }[];
  /** Products shards: each a run of units. */
  productShards: SitemapUnit[][];
  /** The products the plan counted (every unit's). */
  productCount: number;
  /** Units cut short: a slice larger than a search pages through that no facet could split (logged). */
  truncated: number;
}

type Search = Awaited<ReturnType<WebstoreClient["searchProducts"]>>;

const childrenOf = (answer: Search): { id: string; name: string; count: number }[] => {
  const children = (answer?.categories as { children?: unknown } | null | undefined)?.children;
  if (!Array.isArray(children)) return [];
  return children.flatMap((child) => {
    const c = child as {
      category?: { id?: string; name?: string; fields?: { Name?: unknown } };
      productCount?: unknown;
    };
    const id = c?.category?.id;
    if (!id) return [];
    const name = String(c.category?.name ?? c.category?.fields?.Name ?? id);
    return [{ id, name, count: typeof c.productCount === "number" ? c.productCount : 0 }];
  });
};

const newest = (answer: Search): string | null => {
  let latest: string | null = null;
  for (const product of answer?.productsPage?.products ?? []) {
    const value = fieldValue(product.fields, "LastModifiedDate");
    if (value && (!latest || value > latest)) latest = value;
  }
  return latest;
};

/** A small limiter: at most `n` of the walk's searches at once. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(run: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((go) => waiting.push(go));
    active++;
    try {
      return await run();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** Walks the category tree into the plan (see the top of this file). */
export async function buildPlan(client: WebstoreClient, localeCount: number): Promise<SitemapPlan> {
  const limit = limiter(WALK_CONCURRENCY);
  const search = (input: Parameters<WebstoreClient["searchProducts"]>[0]) => limit(() => client.searchProducts(input));
  let truncated = 0;

  /** A slice too large for one search, split by a facet whose values partition it. */
  async function facetUnits(
    categoryId: string,
    refinements: SearchRefinement[],
    count: number,
    facets: readonly ApiFacet[],
  ): Promise<SitemapUnit[]> {
    const used = new Set(refinements.map((r) => r.nameOrId));
    const partition = facets.find(
      (f) =>
        (f.facetType ?? "DistinctValue") === "DistinctValue" &&
        f.attributeType &&
        !used.has(f.nameOrId) &&
        (f.values ?? []).length > 1 &&
        (f.values ?? []).reduce((sum, v) => sum + (v.productCount ?? 0), 0) === count,
    );
    if (!partition) {
      truncated++;
      console.warn(
        `[sitemap] ${count} products of category ${categoryId} can't be split into searches of ${SEARCH_RESULTS_WINDOW}: the sitemap lists the first ${SEARCH_RESULTS_WINDOW}.`,
      );
      return [{ categoryId, refinements, count: SEARCH_RESULTS_WINDOW }];
    }
    const slices = await Promise.all(
      (partition.values ?? []).map(async (value) => {
        const narrowed: SearchRefinement[] = [
          ...refinements,
          {
            type: "DistinctValue",
            attributeType: partition.attributeType!,
            nameOrId: partition.nameOrId,
            values: [value.nameOrId],
          },
        ];
        const n = value.productCount ?? 0;
        if (n === 0) return [];
        if (n <= SEARCH_RESULTS_WINDOW) return [{ categoryId, refinements: narrowed, count: n }];
        const answer = await search({ categoryId, refinements: narrowed, page: 0, pageSize: 1 });
        return facetUnits(categoryId, narrowed, answer?.productsPage?.total ?? n, answer?.facets ?? []);
      }),
    );
    return slices.flat();
  }

  type Visited = { categories: SitemapPlan["categories"]; units: SitemapUnit[] };
  async function visit(category: { id: string; name: string }, covered: boolean): Promise<Visited> {
    const answer = await search({
      categoryId: category.id,
      page: 0,
      pageSize: CATEGORY_FIRST_PAGE,
      fields: ["LastModifiedDate"],
    });
    const total = answer?.productsPage?.total ?? 0;
    const children = childrenOf(answer);
    const units: SitemapUnit[] = [];
    let childrenCovered = covered;
    if (!covered && total > 0) {
      const inChildren = children.reduce((sum, c) => sum + c.count, 0);
      if (total <= SEARCH_RESULTS_WINDOW) {
        units.push({ categoryId: category.id, refinements: [], count: total });
        childrenCovered = true;
      } else if (inChildren < total) {
        // Products of its own beside its subcategories': the whole tree, by facet values.
        units.push(...(await facetUnits(category.id, [], total, answer?.facets ?? [])));
        childrenCovered = true;
      }
    }
    const below = await Promise.all(children.map((child) => visit(child, childrenCovered)));
    return {
      categories: [
        { id: category.id, name: category.name, lastmod: newest(answer) },
        ...below.flatMap((b) => b.categories),
      ],
      units: [...units, ...below.flatMap((b) => b.units)],
    };
  }

  const top = (await client.getCategories())?.productCategories ?? [];
  const visited = await Promise.all(
    top.map((c) => visit({ id: c.id, name: String(c.fields?.Name ?? c.name ?? c.id) }, false)),
  );
  const units = visited.flatMap((v) => v.units);
  const perShard = Math.max(1, Math.floor(Math.min(SHARD_URLS, MAX_URLS_PER_SITEMAP) / Math.max(1, localeCount)));
  const productShards: SitemapUnit[][] = [];
  let current: SitemapUnit[] = [];
  let filled = 0;
  for (const unit of units) {
    if (current.length && filled + unit.count > perShard) {
      productShards.push(current);
      current = [];
      filled = 0;
    }
    current.push(unit);
    filled += unit.count;
  }
  if (current.length) productShards.push(current);
  return {
    categories: visited.flatMap((v) => v.categories),
    productShards,
    productCount: units.reduce((sum, u) => sum + u.count, 0),
    truncated,
  };
}

/** One plan per storefront process (its browsing identity stands for it), made once per PLAN_TTL_MS. */
const plans = new WeakMap<object, { at: number; plan: Promise<SitemapPlan> }>();
const processKey = {};

export function sitemapPlan(crawler: Crawler, now = Date.now()): Promise<SitemapPlan> {
  const key = crawler.context.browsingIdentity ?? processKey;
  const held = plans.get(key);
  if (held && now - held.at < PLAN_TTL_MS) return held.plan;
  const plan = buildPlan(crawler.client, storeLocales(crawler.appContext).length);
  plans.set(key, { at: now, plan });
  // A failed walk is not kept: the next request tries again.
  plan.catch(() => plans.delete(key));
  return plan;
}

const xml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

const SITE = (crawler: Crawler) => ({
  origin: crawler.origin,
  basePath: crawler.basePath,
  locales: storeLocales(crawler.appContext),
});

export function sitemapIndexXml(crawler: Crawler, plan: SitemapPlan): string {
  const site = SITE(crawler);
  const loc = (path: string) => `  <sitemap><loc>${xml(urlIn(site, STORE_LOCALE, path))}</loc></sitemap>`;
  const categoryShards = Math.ceil((plan.categories.length * site.locales.length) / SHARD_URLS);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Array.from({ length: categoryShards }, (_, i) => loc(`/sitemap/categories/${i + 1}.xml`)),
    ...plan.productShards.map((_, i) => loc(`/sitemap/products/${i + 1}.xml`)),
    "</sitemapindex>",
    "",
  ].join("\n");
}

const URLSET_OPEN = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  "",
].join("\n");
const URLSET_CLOSE = "</urlset>\n";

/** Each locale's URL of a page, each naming every alternate (itself included), as search engines require. */
function urlEntries(alternates: readonly Alternate[], lastmod: string | null): string {
  const links = alternates
    .map((a) => `<xhtml:link rel="alternate" hreflang="${xml(a.hreflang)}" href="${xml(a.href)}"/>`)
    .join("");
  const modified = lastmod ? `<lastmod>${xml(lastmod)}</lastmod>` : "";
  return alternates
    .filter((a) => a.hreflang !== "x-default")
    .map((a) => `<url><loc>${xml(a.href)}</loc>${modified}${links}</url>\n`)
    .join("");
}

/** The categories shard N (1-based); null when there is none. */
export function categoriesShardXml(crawler: Crawler, plan: SitemapPlan, n: number): string | null {
  const site = SITE(crawler);
  const perShard = Math.max(1, Math.floor(SHARD_URLS / site.locales.length));
  const slice = plan.categories.slice((n - 1) * perShard, n * perShard);
  if (n < 1 || slice.length === 0) return null;
  return (
    URLSET_OPEN + slice.map((c) => urlEntries(alternatesOf(site, categoryPath(c)), c.lastmod)).join("") + URLSET_CLOSE
  );
}

/**
 * The products shard N (1-based) as a stream: each unit paged through, a search page at a time, written as it comes;
 * never more than MAX_URLS_PER_SITEMAP URLs. Null when there is no such shard.
 */
export function productsShardStream(crawler: Crawler, plan: SitemapPlan, n: number): ReadableStream<Uint8Array> | null {
  const units = plan.productShards[n - 1];
  if (n < 1 || !units) return null;
  const site = SITE(crawler);
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<string> {
    yield URLSET_OPEN;
    let urls = 0;
    for (const unit of units) {
      for (let page = 0; page * SITEMAP_PAGE_SIZE < SEARCH_RESULTS_WINDOW; page++) {
        const answer = await crawler.client.searchProducts({
          categoryId: unit.categoryId,
          refinements: unit.refinements,
          page,
          pageSize: SITEMAP_PAGE_SIZE,
          fields: ["Name", "LastModifiedDate"],
        });
        const products = answer?.productsPage?.products ?? [];
        let out = "";
        for (const product of products) {
          if (!product.id || urls + site.locales.length > MAX_URLS_PER_SITEMAP) continue;
          const lastmod = fieldValue(product.fields, "LastModifiedDate") ?? null;
          const path = productPath({
            id: product.id,
            urlName: typeof product.urlName === "string" ? product.urlName : null,
            name: (typeof product.name === "string" && product.name) || fieldValue(product.fields, "Name") || null,
          });
          out += urlEntries(alternatesOf(site, path), lastmod);
          urls += site.locales.length;
        }
        if (out) yield out;
        const total = answer?.productsPage?.total ?? 0;
        if (products.length < SITEMAP_PAGE_SIZE || (page + 1) * SITEMAP_PAGE_SIZE >= total) break;
      }
    }
    yield URLSET_CLOSE;
  }
  const source = chunks();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}
