/**
 * The SEO slice's pure parts (app/seo): URLs and hreflang alternates under a base path and a locale prefix, the
 * structured data of a product and a listing, robots.txt, and the markdown views' escaping.
 */
import { describe, expect, it } from "vitest";
import { alternatesOf, canonicalUrl, urlIn, type SiteAddress } from "~/seo/model/urls";
import { categorySeo, productSeo, sentSeo, type ProductFacts } from "~/seo/model/structured-data";
import { seoTags } from "~/seo/model/meta-tags";
import { productMarkdown } from "~/seo/model/markdown";
import { robotsTxt } from "~/seo/server/documents.server";
import type { Crawler } from "~/shop/core.server";

const SHOP: SiteAddress = {
  origin: "https://store.example",
  basePath: "/shop",
  locale: "en-GB",
  locales: ["en-US", "en-GB"],
};

const FACTS: ProductFacts = {
  product: {
    id: "01tDM0000000022",
    name: "Paper Filters #02, Pack of 200",
    sku: "EQ-FILTER-02",
    description: "Oxygen-bleached paper filters.",
    categoryPath: [{ id: "0ZGDM0000000BRW", name: "Brewing Equipment" }],
    image: { url: "/images/products/EQ-FILTER-02.svg", alt: "" },
  },
  price: { unitPrice: "6.40", listPrice: "7.20", currency: "GBP" },
  tiers: [
    { from: 1, to: 9, unitPrice: "6.40" },
    { from: 10, to: null, unitPrice: "6.08" },
  ],
  stock: null,
  family: null,
  shownId: "01tDM0000000022",
};

describe("URLs and alternates", () => {
  it("puts the base path first, then the locale segment; the store's own locale has none", () => {
    expect(urlIn(SHOP, "en-GB", "/cart")).toBe("https://store.example/shop/en-GB/cart");
    expect(urlIn(SHOP, "en-US", "/cart")).toBe("https://store.example/shop/cart");
    expect(urlIn(SHOP, "en-GB", "/")).toBe("https://store.example/shop/en-GB");
    expect(canonicalUrl(SHOP, "/product/x/01t")).toBe("https://store.example/shop/en-GB/product/x/01t");
  });

  it("gives every locale's version the same alternates, so each pair is reciprocal", () => {
    const fromGb = alternatesOf(SHOP, "/category/mugs/0ZG");
    const us: SiteAddress = { ...SHOP, locale: "en-US" };
    const fromUs = alternatesOf(us, "/category/mugs/0ZG");
    expect(fromGb).toEqual(fromUs);
    expect(fromGb).toEqual([
      { hreflang: "en-US", href: "https://store.example/shop/category/mugs/0ZG" },
      { hreflang: "en-GB", href: "https://store.example/shop/en-GB/category/mugs/0ZG" },
      { hreflang: "x-default", href: "https://store.example/shop/category/mugs/0ZG" },
    ]);
  });
});

describe("structured data", () => {
  it("names a product's SKU, price and currency, and its volume prices; no availability when the stock is unknown", () => {
    const [product] = productSeo(SHOP, FACTS).jsonLd;
    expect(product).toMatchObject({
      "@type": "Product",
      sku: "EQ-FILTER-02",
      image: "https://store.example/shop/images/products/EQ-FILTER-02.svg",
      offers: { price: "6.40", priceCurrency: "GBP" },
    });
    const offers = product.offers as Record<string, unknown>;
    expect(offers.availability).toBeUndefined();
    expect(offers.priceSpecification).toEqual([
      expect.objectContaining({
        price: "6.40",
        eligibleQuantity: expect.objectContaining({ minValue: 1, maxValue: 9 }),
      }),
      expect.objectContaining({
        price: "6.08",
        eligibleQuantity: { "@type": "QuantitativeValue", minValue: 10, unitCode: "C62" },
      }),
    ]);
    const outOfStock = productSeo(SHOP, { ...FACTS, stock: 0 }).jsonLd[0].offers as Record<string, unknown>;
    expect(outOfStock.availability).toBe("https://schema.org/OutOfStock");
  });

  it("makes a variation family a ProductGroup: variesBy, and each variant on the parent's page with its values", () => {
    const family = {
      parentId: "01tP",
      attributes: [
        { apiName: "Size__c", label: "Size", param: "Size", values: ["S", "L"], available: ["S", "L"] },
        { apiName: "Fit__c", label: "Fit", param: "Fit", values: ["Slim"], available: ["Slim"] },
      ],
      variations: [
        { productId: "01tS", values: { Size__c: "S", Fit__c: "Slim" } },
        { productId: "01tL", values: { Size__c: "L", Fit__c: "Slim" } },
      ],
    };
    const [group] = productSeo(SHOP, {
      ...FACTS,
      product: { ...FACTS.product, id: "01tP", name: "Tote" },
      family,
      shownId: "01tL",
      stock: 3,
    }).jsonLd;
    expect(group).toMatchObject({
      "@type": "ProductGroup",
      productGroupID: "01tP",
      variesBy: ["https://schema.org/size", "Fit"],
    });
    const variants = group.hasVariant as Record<string, unknown>[];
    expect(variants.map((v) => [v.size, v.Fit, v.url])).toEqual([
      ["S", "Slim", "https://store.example/shop/en-GB/product/tote/01tP?Size=S&Fit=Slim"],
      ["L", "Slim", "https://store.example/shop/en-GB/product/tote/01tP?Size=L&Fit=Slim"],
    ]);
    expect(variants[0].offers).toBeUndefined();
    expect(variants[1]).toMatchObject({ sku: "EQ-FILTER-02", offers: { availability: "https://schema.org/InStock" } });
  });

  it("keeps a filtered listing out of the index, canonical to the plain page; a later page is its own canonical", () => {
    const listing = {
      category: { id: "0ZGM", name: "Mugs", description: "" },
      trail: [],
      products: [{ id: "01tA", name: "Mug", image: null, unitPrice: "9.00", listPrice: "9.00" }],
      page: 2,
      pageSize: 12,
    };
    const filtered = categorySeo(SHOP, listing, new URLSearchParams("f.Custom.Brand__c=X&page=2"));
    expect(filtered).toMatchObject({
      robots: "noindex, follow",
      alternates: [],
      canonical: "https://store.example/shop/en-GB/category/mugs/0ZGM",
    });
    const plain = categorySeo(SHOP, listing, new URLSearchParams("page=2"));
    expect(plain.robots).toBeNull();
    expect(plain.canonical).toBe("https://store.example/shop/en-GB/category/mugs/0ZGM?page=2");
    expect(plain.jsonLd[1]).toMatchObject({ "@type": "ItemList", itemListElement: [{ position: 13, name: "Mug" }] });
    const sent = sentSeo(plain);
    const tags = seoTags(sent);
    expect(tags).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "en-GB", href: plain.canonical });
    // The JSON-LD travels as text, one block each, which the page writes itself: no meta descriptor carries it.
    expect(tags.filter((t) => "script:ld+json" in t)).toHaveLength(0);
    expect(sent.jsonLd.map((text) => JSON.parse(text))).toEqual(plain.jsonLd);
  });

  it("writes JSON-LD text that no product name can close its script with, and that reads back the same", () => {
    const name = "Mug </script><script>alert(1)</script> & co\u2028\u2029";
    const seo = productSeo(SHOP, { ...FACTS, product: { ...FACTS.product, name } });
    const [text] = sentSeo(seo).jsonLd;
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain("Mug \\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual(seo.jsonLd[0]);
    expect(JSON.parse(text).name).toBe(name);
  });
});

describe("documents", () => {
  it("robots.txt disallows a shopper's pages under the base path and each locale prefix, and names the sitemap", () => {
    const crawler = {
      origin: "https://store.example",
      basePath: "/shop",
      appContext: { markets: [{ localeCurrencyMap: { en_GB: "GBP" } }] },
    } as unknown as Crawler;
    const lines = robotsTxt(crawler).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Disallow: /shop/cart");
    expect(lines).toContain("Disallow: /shop/en-GB/checkout");
    expect(lines).toContain("Disallow: /shop/en-US/quick-order");
    expect(lines).toContain("Disallow: /shop/en-GB/search?*f.");
    expect(lines).toContain("Sitemap: https://store.example/shop/sitemap.xml");
  });

  it("escapes what a product's name could make of the markdown (a heading, a link)", () => {
    const md = productMarkdown(SHOP, { ...FACTS, product: { ...FACTS.product, name: "# [Click](x) *now*" } });
    expect(md.split("\n")[0]).toBe("# \\# \\[Click\\](x) \\*now\\*");
    expect(md).toContain("- Price: £6.40 (was £7.20) (GBP)");
  });
});
