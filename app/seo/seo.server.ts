/**
 * Findable by search engines and by shoppers' agents (shop.seo): what a catalog page tells them about itself (its
 * canonical URL, hreflang alternates, robots directive, Open Graph, Twitter card and schema.org JSON-LD), its markdown
 * view, and the documents made for every visitor alike (robots.txt, the sitemaps, llms.txt). Everything from what the
 * page's loader read anyway, or, for the documents, the catalog resources as a guest reads them (docs/seo.md).
 */
import type { AppLoadContext } from "@remix-run/node";
import type { ShopCore } from "~/shop/core.server";
import { openCrawler, type Crawler } from "~/shop/core.server";
import { isUnavailable, storeUnavailable } from "~/shop/errors.server";
import { offerRepresentation } from "~/shop/representation.server";
import { sendBlocks } from "~/seo/server/document-blocks.server";
import type { ProductPage } from "~/catalog/server/product.server";
import type { CategoryPage, ProductListing } from "~/catalog/catalog.server";
import { storeLocales } from "~/lib/format/locale";
import { STORE_LOCALE } from "~/lib/format/money";
import { STORE_DESCRIPTION } from "~/seo/model/description";
import type { SiteAddress } from "~/seo/model/urls";
import {
  categorySeo,
  homeSeo,
  productSeo,
  searchSeo,
  sentSeo,
  type ProductFacts,
  type SentSeo,
} from "~/seo/model/structured-data";
import { categoryMarkdown, productMarkdown } from "~/seo/model/markdown";
import { robotsTxt, llmsTxt } from "~/seo/server/documents.server";
import {
  categoriesShardXml,
  productsShardStream,
  sitemapIndexXml,
  sitemapPlan,
  SITEMAP_CONTENT_TYPE,
} from "~/seo/server/sitemaps.server";
import { LISTING_PAGE_SIZE } from "~/catalog/model/product";

export type { SentSeo } from "~/seo/model/structured-data";

/** What a catalog page's URL asks for: its splat without a `.md`, and whether the markdown view is wanted. */
export interface PageView {
  splat: string | undefined;
  markdown: boolean;
}

export interface SeoHandler {
  /**
   * The page's splat and whether it asks for markdown (`.md` at the end, or `accept`, the request's Accept header,
   * preferring `text/markdown`).
   */
  view(splat: string | undefined, accept: string | null): PageView;
  // What a page's loader sends: its tags' values and its JSON-LD as text (meta-tags.ts, ui/StructuredData.tsx).
  home(): SentSeo;
  /** `search`: the page's query (a filter, a sort or a price range keeps the page out of the index). */
  category(page: CategoryPage, search: URLSearchParams): SentSeo;
  search(term: string, listing: Pick<ProductListing, "products" | "paging">): SentSeo;
  product(page: ProductPage): SentSeo;
  /** Offers the page's markdown view, which the document's render answers instead of the page. */
  productMarkdown(page: ProductPage): void;
  categoryMarkdown(page: CategoryPage): void;
}

const MARKDOWN = "text/markdown; charset=utf-8";

/** Whether the request's Accept prefers markdown to HTML (an agent's `Accept: text/markdown`). */
function acceptsMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const types = accept.split(",").map((part) => part.split(";")[0].trim().toLowerCase());
  const markdown = types.indexOf("text/markdown");
  const html = types.indexOf("text/html");
  return markdown !== -1 && (html === -1 || markdown < html);
}

function addressOf(core: Pick<ShopCore, "origin" | "context" | "basePath" | "appContext">): SiteAddress {
  return {
    origin: core.origin,
    basePath: core.basePath,
    locale: core.context.locale ?? STORE_LOCALE,
    locales: storeLocales(core.appContext),
  };
}

function productFacts(page: ProductPage): ProductFacts {
  return {
    product: page.product,
    price: page.price,
    tiers: page.tiers,
    stock: page.stock,
    family: page.family,
    shownId: page.buyId,
  };
}

export function createSeo(core: Pick<ShopCore, "origin" | "context" | "basePath" | "appContext">): SeoHandler {
  const address = () => addressOf(core);
  const offer = (body: string) => offerRepresentation(core.context, { body, contentType: MARKDOWN });
  const sent = (seo: Parameters<typeof sentSeo>[0]): SentSeo => {
    const text = sentSeo(seo);
    return { ...text, jsonLd: sendBlocks(core.context, text.jsonLd) };
  };
  return {
    view(splat, accept) {
      const md = !!splat && splat.endsWith(".md");
      return {
        splat: md ? splat.slice(0, -3) : splat,
        markdown: md || acceptsMarkdown(accept),
      };
    },
    home: () => sent(homeSeo(address(), STORE_DESCRIPTION)),
    category: (page, search) =>
      sent(
        categorySeo(
          address(),
          {
            category: page.category,
            trail: page.trail,
            products: page.products,
            page: page.paging.page,
            pageSize: LISTING_PAGE_SIZE,
          },
          search,
        ),
      ),
    search: (term, listing) =>
      sent(
        searchSeo(address(), {
          term,
          products: listing.products,
          page: listing.paging.page,
          pageSize: LISTING_PAGE_SIZE,
        }),
      ),
    product: (page) => sent(productSeo(address(), productFacts(page))),
    productMarkdown: (page) => offer(productMarkdown(address(), productFacts(page))),
    categoryMarkdown: (page) =>
      offer(
        categoryMarkdown(address(), {
          category: page.category,
          children: page.children,
          products: page.products,
          total: page.total,
          page: page.paging.page,
          totalPages: page.paging.totalPages,
        }),
      ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The documents: resource routes, nobody's session.

/** How long a shared cache (a CDN, nginx) may keep a document. */
const DOCUMENT_MAX_AGE = "public, max-age=3600";

async function document(
  request: Request,
  context: AppLoadContext,
  make: (crawler: Crawler) => Promise<{ body: BodyInit; type: string } | null>,
): Promise<Response> {
  try {
    const made = await make(await openCrawler(request, context));
    if (!made) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain" } });
    return new Response(made.body, {
      headers: { "Content-Type": made.type, "Cache-Control": DOCUMENT_MAX_AGE, "X-Robots-Tag": "noindex" },
    });
  } catch (error) {
    if (isUnavailable(error)) return storeUnavailable(new Headers());
    throw error;
  }
}

export const robotsDocument = (request: Request, context: AppLoadContext) =>
  document(request, context, async (crawler) => ({ body: robotsTxt(crawler), type: "text/plain; charset=utf-8" }));

export const llmsDocument = (request: Request, context: AppLoadContext) =>
  document(request, context, async (crawler) => ({ body: await llmsTxt(crawler), type: "text/plain; charset=utf-8" }));

export const sitemapIndexDocument = (request: Request, context: AppLoadContext) =>
  document(request, context, async (crawler) => ({
    body: sitemapIndexXml(crawler, await sitemapPlan(crawler)),
    type: SITEMAP_CONTENT_TYPE,
  }));

/** `/sitemap/products/N.xml`, `/sitemap/categories/N.xml` (the splat after /sitemap/). */
export const sitemapShardDocument = (request: Request, context: AppLoadContext, splat: string | undefined) =>
  document(request, context, async (crawler) => {
    const match = /^(products|categories)\/([1-9]\d{0,5})\.xml$/.exec(splat ?? "");
    if (!match) return null;
    const plan = await sitemapPlan(crawler);
    const n = Number(match[2]);
    const body = match[1] === "products" ? productsShardStream(crawler, plan, n) : categoriesShardXml(crawler, plan, n);
    return body ? { body, type: SITEMAP_CONTENT_TYPE } : null;
  });
