/**
 * Findable by search engines and by shoppers' agents (issue 38): what a catalog page's HTML tells a crawler (its
 * canonical URL, reciprocal hreflang alternates, robots, Open Graph, Twitter card, JSON-LD), robots.txt, the sitemap
 * index and its shards (every category and product of the store, in each locale), llms.txt and the markdown views,
 * all as a crawler fetches them: plain GETs, no cookies.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import { startStore, type Store } from "../support/routes";

const APRON = "/product/barista-apron/01tDM000000E103";
const FILTERS = "/product/paper-filters-02-pack-of-200/01tDM0000000022";
const MUGS = "/category/mugs-drinkware/0ZGDM0000000DRK";

let emulator: Emulator;
let store: Store;
beforeAll(async () => {
  emulator = createEmulator();
  store = await startStore({ emulator });
});
afterAll(async () => {
  await store?.close();
  emulator?.close();
});

/** A crawler's GET: no cookies kept, the body as text. */
async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${store.url}${path}`, { headers, redirect: "manual" });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

type Json = Record<string, any>;
const jsonLd = (html: string): Json[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
const ofType = (html: string, type: string) => jsonLd(html).find((block) => block["@type"] === type);
const linkHref = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1] ?? null;
const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]),
  );
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;

describe("a product page's structured data", () => {
  test("a variation family is a ProductGroup: each variant's page and values, the chosen one's SKU, price, currency and availability", async () => {
    const page = await get(`${APRON}?Color=Denim`);
    expect(page.status).toBe(200);
    // Each block once in the document: the group and the trail.
    expect(jsonLd(page.body).map((block) => block["@type"])).toEqual(["ProductGroup", "BreadcrumbList"]);
    const group = ofType(page.body, "ProductGroup")!;
    expect(group).toMatchObject({
      "@context": "https://schema.org",
      name: "Barista Apron",
      productGroupID: "01tDM000000E103",
      url: `${store.url}${APRON}`,
      variesBy: ["https://schema.org/color"],
    });
    // The burgundy apron is discontinued: no variant of it.
    expect(group.hasVariant.map((v: Json) => v.color)).toEqual(["Charcoal", "Denim"]);
    const denim = group.hasVariant.find((v: Json) => v.color === "Denim");
    expect(denim).toMatchObject({
      "@type": "Product",
      sku: "APR-DENIM",
      url: `${store.url}${APRON}?Color=Denim`,
      offers: { "@type": "Offer", price: "42.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    // Only the variation the page shows has its offer: the others' prices were not read.
    expect(group.hasVariant.find((v: Json) => v.color === "Charcoal").offers).toBeUndefined();
  });

  test("a document carries its JSON-LD once, in the page; a client navigation's data carries it itself", async () => {
    const page = await get(`${APRON}?Color=Denim`);
    // The group's id appears in its block and in its variants' URLs, never again in the hydration data.
    const inBlocks = jsonLd(page.body)
      .map((block) => JSON.stringify(block))
      .join("");
    expect(page.body.split("productGroupID").length - 1).toBe(1);
    expect(inBlocks).toContain('"productGroupID":"01tDM000000E103"');
    const data = await store.visitor().data(`${APRON}?Color=Denim`, ["routes/product.$"]);
    expect(data.status).toBe(200);
    const sent = JSON.stringify(data.data);
    expect(sent).toContain("productGroupID");
    expect(sent).toContain("BreadcrumbList");
  });

  test("a product prices in the page's currency, its volume prices as price specifications", async () => {
    const us = ofType((await get(FILTERS)).body, "Product")!;
    expect(us).toMatchObject({
      name: "Paper Filters #02, Pack of 200",
      sku: "EQ-FILTER-02",
      offers: { price: "8.00", priceCurrency: "USD" },
    });
    expect(us.offers.priceSpecification).toEqual([
      expect.objectContaining({
        price: "8.00",
        eligibleQuantity: expect.objectContaining({ minValue: 1, maxValue: 9 }),
      }),
      expect.objectContaining({
        price: "7.60",
        eligibleQuantity: expect.objectContaining({ minValue: 10, maxValue: 49 }),
      }),
      expect.objectContaining({
        price: "7.20",
        eligibleQuantity: { "@type": "QuantitativeValue", minValue: 50, unitCode: "C62" },
      }),
    ]);
    const gb = ofType((await get(`/en-GB${FILTERS}`)).body, "Product")!;
    expect(gb.offers).toMatchObject({ price: "6.40", priceCurrency: "GBP", url: `${store.url}/en-GB${FILTERS}` });
    expect(gb.offers.priceSpecification.map((s: Json) => [s.price, s.priceCurrency])).toEqual([
      ["6.40", "GBP"],
      ["6.08", "GBP"],
      ["5.76", "GBP"],
    ]);
  });

  test("its trail is a BreadcrumbList, and it has Open Graph and a Twitter card", async () => {
    const page = (await get(FILTERS)).body;
    expect(ofType(page, "BreadcrumbList")!.itemListElement.map((i: Json) => i.name)).toEqual([
      "Home",
      "Brewing Equipment",
      "Pour Over & Filter",
      "Paper Filters #02, Pack of 200",
    ]);
    expect(metaContent(page, "og:type")).toBe("product");
    expect(metaContent(page, "og:url")).toBe(`${store.url}${FILTERS}`);
    expect(metaContent(page, "og:image")).toMatch(new RegExp(`^${store.url}/images/`));
    expect(metaContent(page, "twitter:card")).toBe("summary_large_image");
  });
});

describe("canonical URLs, hreflang and robots", () => {
  test.each([["/"], [FILTERS], [MUGS]])(
    "%s: each locale's page names itself and the others, reciprocally",
    async (path) => {
      const us = (await get(path)).body;
      const gbPath = path === "/" ? "/en-GB" : `/en-GB${path}`;
      const gb = (await get(gbPath)).body;
      const expected = {
        "en-US": `${store.url}${path}`,
        "en-GB": `${store.url}${gbPath}`,
        "x-default": `${store.url}${path}`,
      };
      expect(alternates(us)).toEqual(expected);
      expect(alternates(gb)).toEqual(expected);
      // Each is its own canonical (a page in another locale is another page), named among the alternates.
      expect(linkHref(us, "canonical")).toBe(expected["en-US"]);
      expect(linkHref(gb, "canonical")).toBe(expected["en-GB"]);
      expect(metaContent(gb, "og:locale")).toBe("en_GB");
      // The store's own locale under its prefix is the unprefixed page.
      const usPrefixed = (await get(path === "/" ? "/en-US" : `/en-US${path}`)).body;
      expect(linkHref(usPrefixed, "canonical")).toBe(expected["en-US"]);
    },
  );

  test("a filtered or sorted listing is noindex, canonical to the plain page, with no alternates", async () => {
    for (const query of ["?f.Custom.Brand__c=Clay+%26+Kiln", "?sort=0qUDM0000000002"]) {
      const page = (await get(`${MUGS}${query}`)).body;
      expect(metaContent(page, "robots")).toBe("noindex, follow");
      expect(linkHref(page, "canonical")).toBe(`${store.url}${MUGS}`);
      expect(alternates(page)).toEqual({});
    }
    expect(metaContent((await get(MUGS)).body, "robots")).toBeNull();
  });

  test("a category lists its page's products (ItemList) under its trail; the cart stays noindex", async () => {
    const page = (await get(MUGS)).body;
    const list = ofType(page, "ItemList")!;
    expect(list.itemListElement).toHaveLength(10);
    expect(list.itemListElement[0]).toMatchObject({ position: 1, name: "Classic Diner Mug, 12 oz" });
    expect(list.itemListElement[0].url).toMatch(new RegExp(`^${store.url}/product/classic-diner-mug-12-oz/`));
    expect(ofType(page, "BreadcrumbList")!.itemListElement.map((i: Json) => i.name)).toEqual([
      "Home",
      "Mugs & Drinkware",
    ]);
    expect(metaContent((await get("/cart")).body, "robots")).toBe("noindex");
  });

  test("the home page names the store (Organization) and how to search it (WebSite, SearchAction)", async () => {
    const page = (await get("/")).body;
    expect(ofType(page, "Organization")).toMatchObject({ name: "Demo Store", url: `${store.url}/` });
    expect(ofType(page, "WebSite")!.potentialAction).toMatchObject({
      "@type": "SearchAction",
      target: { urlTemplate: `${store.url}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    });
    expect(metaContent(page, "og:type")).toBe("website");
  });

  test("a search's results are described (ItemList, Open Graph) but stay out of the index", async () => {
    const page = (await get("/search?q=mug")).body;
    expect(metaContent(page, "robots")).toBe("noindex, follow");
    expect(ofType(page, "ItemList")!.itemListElement.length).toBeGreaterThan(0);
    expect(metaContent(page, "og:title")).toBe("Search results for “mug” | Demo Store");
  });
});

describe("robots.txt, sitemaps and llms.txt", () => {
  test("robots.txt keeps crawlers off a shopper's pages and refined searches, in every locale, and names the sitemap", async () => {
    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = robots.body.split("\n");
    for (const prefix of ["", "/en-US", "/en-GB"])
      for (const path of ["/cart", "/checkout", "/account", "/quick-order", "/search?*f.", "/search?*sort="])
        expect(lines).toContain(`Disallow: ${prefix}${path}`);
    expect(lines).not.toContain("Disallow: /search");
    expect(lines).toContain(`Sitemap: ${store.url}/sitemap.xml`);
  });

  test("the sitemap index and its shards list every category and every product once per locale, with alternates and lastmod", async () => {
    const index = await get("/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(index.headers.get("cache-control")).toBe("public, max-age=3600");
    const shards = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(shards).toEqual([`${store.url}/sitemap/categories/1.xml`, `${store.url}/sitemap/products/1.xml`]);
    const urls: string[] = [];
    for (const shard of shards) {
      const body = (await get(new URL(shard).pathname)).body;
      const entries = [...body.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]);
      expect(entries.length).toBeLessThanOrEqual(50_000);
      for (const entry of entries) {
        const loc = /<loc>([^<]+)<\/loc>/.exec(entry)![1];
        urls.push(loc);
        expect(entry).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod>/);
        const path = loc.replace(store.url, "").replace(/^\/en-GB/, "");
        expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en-US" href="${store.url}${path}"/>`);
        expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en-GB" href="${store.url}/en-GB${path}"/>`);
        expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${store.url}${path}"/>`);
      }
    }
    expect(new Set(urls).size).toBe(urls.length);
    const ids = (kind: string, locale: string) =>
      urls
        .filter((u) => u.startsWith(`${store.url}${locale}/${kind}/`))
        .map((u) => u.split("/").pop()!)
        .sort();
    const products = (emulator.db.prepare("SELECT id FROM products ORDER BY id").all() as { id: string }[]).map(
      (r) => r.id,
    );
    const categories = (
      emulator.db.prepare("SELECT id FROM product_categories ORDER BY id").all() as { id: string }[]
    ).map((r) => r.id);
    expect(ids("product", "")).toEqual(products);
    expect(ids("product", "/en-GB")).toEqual(products);
    expect(ids("category", "")).toEqual(categories);
    expect(ids("category", "/en-GB")).toEqual(categories);
    expect((await get("/sitemap/products/2.xml")).status).toBe(404);
  });

  test("llms.txt says what the store is and how to read it", async () => {
    const llms = await get("/llms.txt");
    expect(llms.status).toBe(200);
    expect(llms.body).toMatch(/^# Demo Store\n\n> Fresh coffee roasts/);
    expect(llms.body).toContain(`- [Coffee](${store.url}/category/coffee/0ZGDM0000000CFE.md)`);
    expect(llms.body).toContain(`[Sitemap](${store.url}/sitemap.xml)`);
    expect(llms.body).toContain(`- en-GB (prices in GBP): ${store.url}/en-GB`);
    // The agents' MCP endpoint, for agents that act rather than read (docs/mcp.md).
    expect(llms.body).toContain(`\`${store.url}/api/mcp\``);
  });
});

describe("markdown views", () => {
  test("a product page in markdown: `.md`, or Accept: text/markdown, in the page's currency", async () => {
    const md = await get(`${FILTERS}.md`);
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.body).toContain(
      "# Paper Filters #02, Pack of 200\n\n- SKU: EQ-FILTER-02\n- Price: $8.00 (was $9.00) (USD)",
    );
    expect(md.body).toContain("| 10–49 | $7.60 |");
    const gb = await get(`/en-GB${FILTERS}`, { Accept: "text/markdown" });
    expect(gb.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(gb.body).toContain("- Price: £6.40 (was £7.20) (GBP)");
    // A browser's Accept gets the page.
    const html = await get(FILTERS, { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
  });

  test("a variation family's markdown lists each variation's page; a category's, its products and subcategories", async () => {
    const apron = (await get(`${APRON}.md?Color=Denim`)).body;
    expect(apron).toContain("- SKU: APR-DENIM");
    expect(apron).toContain("- Availability: In stock");
    expect(apron).toContain(`| Denim | <${store.url}${APRON}?Color=Denim> |`);
    const mugs = (await get(`${MUGS}.md`)).body;
    expect(mugs).toMatch(/^# Mugs & Drinkware\n/);
    expect(mugs).toContain(`- [Mugs](<${store.url}/category/mugs/0ZGDM0000000MUG>) (7)`);
    expect(mugs).toContain("| MUG-DINER-12 | $12.00 |");
    expect((await get("/product/no-such/01tDM9999999999.md")).status).toBe(404);
  });
});
