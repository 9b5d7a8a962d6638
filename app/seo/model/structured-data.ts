/**
 * What a page tells search engines about itself: its canonical URL and alternates, robots directive, Open Graph and
 * Twitter card, and schema.org structured data (JSON-LD) — all from what the page's loader read anyway (no call of
 * its own). Pure: loaders build a `PageSeo` and send it as a `SentSeo` (the JSON-LD as text, see `sentSeo`), the
 * route's `meta` writes its tags (meta-tags.ts) and its component the JSON-LD (ui/StructuredData.tsx); tests read it.
 */
import type { ProductCardView, ProductDetailView, ProductImage } from "~/catalog/model/product";
import type { VolumePriceRow } from "~/catalog/model/price-tiers";
import type { VariationFamily } from "~/catalog/model/variations";
import { categoryPath, productPath } from "~/lib/paths";
import { STORE_NAME } from "~/lib/brand";
import { absoluteMedia, alternatesOf, canonicalUrl, ogLocale, type Alternate, type SiteAddress } from "./urls";

export type JsonLd = Record<string, unknown>;

export interface PageSeo {
  canonical: string;
  /** hreflang alternates: only on pages search engines may index. */
  alternates: Alternate[];
  /** "noindex, follow" on a page that must stay out of the index (filtered, sorted, a search); else null. */
  robots: string | null;
  openGraph: {
    type: "website" | "product";
    title: string;
    description: string;
    url: string;
    image: string | null;
    locale: string;
    siteName: string;
  };
  jsonLd: JsonLd[];
}

/**
 * A page's `PageSeo` as its loader sends it: each JSON-LD block already written as HTML-safe JSON text. The blocks
 * are the page's data, not the browser's: as text they are serialized once, and the hydration data carries one
 * string a block instead of every object and key of them (the cost of issue 38's structured data was mostly that).
 */
export type SentSeo = Omit<PageSeo, "jsonLd"> & { jsonLd: string[] };

/** `<`, `>`, `&` and the line separators as JSON escapes: the text stays the same JSON and can't close its script. */
const HTML_UNSAFE = /[<>&\u2028\u2029]/g;
const JSON_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** A JSON-LD block as the text of its `<script type="application/ld+json">`. */
export function jsonLdText(block: JsonLd): string {
  return JSON.stringify(block).replace(HTML_UNSAFE, (c) => JSON_ESCAPES[c]);
}

export function sentSeo(seo: PageSeo): SentSeo {
  return { ...seo, jsonLd: seo.jsonLd.map(jsonLdText) };
}

const SCHEMA = "https://schema.org";
const NOINDEX = "noindex, follow";

/** The schema.org property a variation attribute names, when it is one ("Color" → color); else its label. */
const VARIES_BY: Record<string, string> = {
  color: `${SCHEMA}/color`,
  colour: `${SCHEMA}/color`,
  size: `${SCHEMA}/size`,
  material: `${SCHEMA}/material`,
  pattern: `${SCHEMA}/pattern`,
};
const SCHEMA_PROPERTY: Record<string, string> = {
  color: "color",
  colour: "color",
  size: "size",
  material: "material",
  pattern: "pattern",
};

function page(
  address: SiteAddress,
  path: string,
  meta: { title: string; description: string; type?: "website" | "product"; image?: string | null; indexable: boolean },
  canonicalPath = path,
): Omit<PageSeo, "jsonLd"> {
  const canonical = canonicalUrl(address, canonicalPath);
  return {
    canonical,
    alternates: meta.indexable ? alternatesOf(address, canonicalPath) : [],
    robots: meta.indexable ? null : NOINDEX,
    openGraph: {
      type: meta.type ?? "website",
      title: meta.title,
      description: meta.description,
      url: canonical,
      image: meta.image ?? null,
      locale: ogLocale(address.locale),
      siteName: STORE_NAME,
    },
  };
}

function breadcrumbs(address: SiteAddress, items: { name: string; path: string }[]): JsonLd {
  return {
    "@context": SCHEMA,
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: canonicalUrl(address, item.path),
    })),
  };
}

/** The products a listing page shows, in its order (position counts from the page's first product). */
function itemList(address: SiteAddress, products: readonly ProductCardView[], firstPosition: number): JsonLd {
  return {
    "@context": SCHEMA,
    "@type": "ItemList",
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      "@type": "ListItem",
      position: firstPosition + index,
      url: canonicalUrl(address, productPath(product)),
      name: product.name,
    })),
  };
}

/** Home: who sells (Organization) and how to search the site (WebSite with a SearchAction). */
export function homeSeo(address: SiteAddress, description: string): PageSeo {
  const home = canonicalUrl(address, "/");
  return {
    ...page(address, "/", { title: STORE_NAME, description, indexable: true }),
    jsonLd: [
      { "@context": SCHEMA, "@type": "Organization", name: STORE_NAME, url: home },
      {
        "@context": SCHEMA,
        "@type": "WebSite",
        name: STORE_NAME,
        url: home,
        inLanguage: address.locale,
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${canonicalUrl(address, "/search")}?q={search_term_string}` },
          "query-input": "required name=search_term_string",
        },
      },
    ],
  };
}

/** Whether a listing's URL asks for anything beyond the page number: filters or a sort (noindex, canonical to the plain page). */
export function isRefinedListing(search: URLSearchParams): boolean {
  return [...search.keys()].some((name) => name !== "page" && name !== "q");
}

/**
 * A category's page: its trail as a BreadcrumbList and the page's products as an ItemList. A plain page (the first
 * or a later one) is its own canonical and indexable; a filtered or sorted one is noindex, canonical to the plain
 * first page (every filter combination would otherwise be a page of its own).
 */
export function categorySeo(
  address: SiteAddress,
  listing: {
    category: { id: string; name: string; description: string };
    trail: { id: string; name: string }[];
    products: readonly ProductCardView[];
    page: number;
    pageSize: number;
  },
  search: URLSearchParams,
): PageSeo {
  const path = categoryPath(listing.category);
  const refined = isRefinedListing(search);
  const own = !refined && listing.page > 1 ? `${path}?page=${listing.page}` : path;
  const trail = listing.trail.length ? listing.trail : [listing.category];
  const first = listing.products[0];
  return {
    ...page(
      address,
      own,
      {
        title: `${listing.category.name} | ${STORE_NAME}`,
        description: listing.category.description || `${listing.category.name} at ${STORE_NAME}.`,
        image: first?.image ? absoluteMedia(address, first.image.url) : null,
        indexable: !refined,
      },
      own,
    ),
    jsonLd: [
      breadcrumbs(address, [
        { name: "Home", path: "/" },
        ...trail.map((c) => ({ name: c.name, path: categoryPath(c) })),
      ]),
      itemList(address, listing.products, (listing.page - 1) * listing.pageSize + 1),
    ],
  };
}

/** A search's page: never indexed (results pages are no content of their own), described all the same. */
export function searchSeo(
  address: SiteAddress,
  results: { term: string; products: readonly ProductCardView[]; page: number; pageSize: number },
): PageSeo {
  const path = results.term ? `/search?${new URLSearchParams({ q: results.term })}` : "/search";
  const title = results.term ? `Search results for “${results.term}”` : "Search";
  return {
    ...page(address, path, {
      title: `${title} | ${STORE_NAME}`,
      description: results.term ? `Products matching “${results.term}” at ${STORE_NAME}.` : `Search ${STORE_NAME}.`,
      indexable: false,
    }),
    jsonLd: [
      breadcrumbs(address, [
        { name: "Home", path: "/" },
        { name: title, path },
      ]),
      itemList(address, results.products, (results.page - 1) * results.pageSize + 1),
    ],
  };
}

/** What the product page shows, as the structured data reads it. */
export interface ProductFacts {
  product: Pick<
    ProductDetailView,
    "id" | "name" | "urlName" | "sku" | "description" | "categoryPath" | "productClass"
  > & {
    image: ProductImage | null;
    brand?: string;
    gtin?: string;
  };
  price: { unitPrice: string | null; listPrice: string | null; currency: string } | null;
  tiers: readonly VolumePriceRow[];
  /** Units available to order (null: not known). */
  stock: number | null;
  /** The variation family (parent's or variation's page), and the variation shown (null: none chosen). */
  family: VariationFamily | null;
  shownId: string | null;
}

const availability = (stock: number | null) =>
  stock === null ? undefined : stock > 0 ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`;

function offerOf(address: SiteAddress, facts: ProductFacts, url: string): JsonLd | undefined {
  const price = facts.price;
  const amount = price?.unitPrice ?? price?.listPrice;
  if (!price || !amount) return undefined;
  return {
    "@type": "Offer",
    url,
    price: amount,
    priceCurrency: price.currency,
    ...(availability(facts.stock) ? { availability: availability(facts.stock) } : {}),
    // Volume prices: what one unit costs from each quantity on.
    ...(facts.tiers.length
      ? {
          priceSpecification: facts.tiers.map((row) => ({
            "@type": "UnitPriceSpecification",
            price: row.unitPrice,
            priceCurrency: price.currency,
            eligibleQuantity: {
              "@type": "QuantitativeValue",
              minValue: row.from,
              ...(row.to !== null ? { maxValue: row.to } : {}),
              unitCode: "C62",
            },
          })),
        }
      : {}),
  };
}

/**
 * A product's page: a Product with its offer in the page's currency (price, availability when the page knows the
 * stock, volume prices), or, for a variation family, a ProductGroup whose variants (`hasVariant`) each name their
 * values and their page, the one shown with its SKU and offer.
 */
export function productSeo(address: SiteAddress, facts: ProductFacts): PageSeo {
  const { product } = facts;
  const path = productPath(product);
  const url = canonicalUrl(address, path);
  const image = product.image ? absoluteMedia(address, product.image.url) : null;
  const description = product.description?.slice(0, 160) || `${product.name} at ${STORE_NAME}.`;
  const base = page(address, path, { title: product.name, description, type: "product", image, indexable: true });
  const item = (extra: JsonLd): JsonLd => ({
    "@type": "Product",
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.gtin ? { gtin: product.gtin } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    ...(image ? { image } : {}),
    ...extra,
  });
  const crumbs = breadcrumbs(address, [
    { name: "Home", path: "/" },
    ...product.categoryPath.map((c) => ({ name: c.name, path: categoryPath(c) })),
    { name: product.name, path },
  ]);
  const family = facts.family;
  if (!family) {
    const offers = offerOf(address, facts, url);
    return { ...base, jsonLd: [{ "@context": SCHEMA, ...item({ url, ...(offers ? { offers } : {}) }) }, crumbs] };
  }
  // The family's page is the parent's; each variation is the parent's page with its values chosen (?Color=Denim).
  const parentPath = family.parentId === product.id ? path : `/product/${encodeURIComponent(family.parentId)}`;
  const variants = family.variations.map((variation) => {
    const query = new URLSearchParams();
    const values: JsonLd = {};
    for (const attribute of family.attributes) {
      const value = variation.values[attribute.apiName];
      if (!value) continue;
      query.set(attribute.param, value);
      values[SCHEMA_PROPERTY[attribute.label.toLowerCase()] ?? attribute.label] = value;
    }
    const variantUrl = canonicalUrl(address, `${parentPath}?${query}`);
    const shown = variation.productId === facts.shownId;
    const offers = shown ? offerOf(address, facts, variantUrl) : undefined;
    return {
      "@type": "Product",
      productID: variation.productId,
      name: `${product.name} (${Object.values(values).join(", ")})`,
      url: variantUrl,
      ...values,
      ...(shown && product.sku ? { sku: product.sku } : {}),
      ...(shown && image ? { image } : {}),
      ...(offers ? { offers } : {}),
    };
  });
  const group: JsonLd = {
    "@context": SCHEMA,
    "@type": "ProductGroup",
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    ...(image ? { image } : {}),
    productGroupID: family.parentId,
    url: canonicalUrl(address, parentPath),
    variesBy: family.attributes.map((a) => VARIES_BY[a.label.toLowerCase()] ?? a.label),
    hasVariant: variants,
  };
  return { ...base, jsonLd: [group, crumbs] };
}
