/**
 * The store's plain-text documents for crawlers and agents: robots.txt (what not to crawl, where the sitemap is) and
 * llms.txt (llmstxt.org: what the store is and how to read it). Both under the store's base path, both naming every
 * locale prefix of the store's markets.
 */
import { STORE_NAME } from "~/lib/brand";
import { STORE_DESCRIPTION } from "~/seo/model/description";
import { categoryPath, ORDER_HISTORY_PATH, QUICK_ORDER_PATH, WISHLIST_PATH } from "~/lib/paths";
import { storeLocales, toLocaleTag } from "~/lib/format/locale";
import { STORE_LOCALE } from "~/lib/format/money";
import type { Crawler } from "~/shop/core.server";
import { urlIn } from "~/seo/model/urls";

/** The paths of pages that are a shopper's own (or a form), never a crawler's business. */
const PRIVATE_PATHS = [
  "/cart",
  "/checkout",
  "/pay/",
  "/account",
  ORDER_HISTORY_PATH.replace(/\/OrderSummary\/Default$/, ""),
  "/OrderLookup",
  WISHLIST_PATH,
  QUICK_ORDER_PATH,
  "/login",
  "/register",
  "/forgot-password",
  "/webruntime/",
];
/** A search narrowed by a filter, a price range or a sort: a crawl of every combination would never end. */
const REFINED_SEARCH = ["/search?*f.", "/search?*min=", "/search?*max=", "/search?*sort="];

const site = (crawler: Crawler) => ({ origin: crawler.origin, basePath: crawler.basePath });

/** The path prefixes a page is served under: the base path, then each locale's segment (the store's own has two). */
function prefixes(crawler: Crawler): string[] {
  const locales = storeLocales(crawler.appContext);
  return ["", ...locales.map((locale) => `/${locale}`)].map((prefix) => `${crawler.basePath}${prefix}`);
}

export function robotsTxt(crawler: Crawler): string {
  const lines = ["User-agent: *"];
  for (const prefix of prefixes(crawler)) {
    for (const path of [...PRIVATE_PATHS, ...REFINED_SEARCH]) lines.push(`Disallow: ${prefix}${path}`);
  }
  lines.push("", `Sitemap: ${urlIn(site(crawler), STORE_LOCALE, "/sitemap.xml")}`, "");
  return lines.join("\n");
}

/** Which currency a locale's market prices in (the application context's markets), else the store's default. */
function currencyOf(crawler: Crawler, locale: string): string | null {
  for (const market of crawler.appContext?.markets ?? []) {
    for (const [key, currency] of Object.entries(market.localeCurrencyMap ?? {}))
      if (toLocaleTag(key) === locale && currency) return currency;
  }
  return crawler.appContext?.defaultCurrency ?? null;
}

export async function llmsTxt(crawler: Crawler): Promise<string> {
  const at = site(crawler);
  const url = (path: string) => urlIn(at, STORE_LOCALE, path);
  const categories = await crawler.client
    .getCategories()
    .then((answer) => answer?.productCategories ?? [])
    .catch(() => []);
  const locales = storeLocales(crawler.appContext);
  const lines = [
    `# ${STORE_NAME}`,
    "",
    `> ${STORE_DESCRIPTION}`,
    "",
    "Every page is plain HTML that works without JavaScript. Product and category pages also answer in markdown: add `.md` to the page's path, or send `Accept: text/markdown`.",
    "",
    "## Catalog",
    "",
    ...categories.map((c) => {
      const name = String(c.fields?.Name ?? c.name ?? c.id);
      const description = typeof c.fields?.Description === "string" ? c.fields.Description : "";
      return `- [${name}](${url(`${categoryPath({ id: c.id, name })}.md`)})${description ? `: ${description}` : ""}`;
    }),
    "",
    "## Reading the store",
    "",
    `- [Search](${url("/search")}): \`${url("/search")}?q={words}\`, a name, a SKU or words of a description`,
    `- Product pages: \`${url("/product/{slug}/{productId}")}\` (\`.md\` for markdown: name, SKU, price, availability, volume prices, variations)`,
    `- Category pages: \`${url("/category/{slug}/{categoryId}")}\` (\`.md\` for markdown: subcategories, a page of products with prices; \`?page=N\` for the next)`,
    `- [Sitemap](${url("/sitemap.xml")}): every category and product, in every locale`,
    "",
    "## Acting for a shopper",
    "",
    `- MCP endpoint (Model Context Protocol, Streamable HTTP): \`${at.origin}${at.basePath}/api/mcp\`: search, read products, build a cart, and make a payment link a person opens to review and pay (no tool orders or pays)`,
    "",
    "## Locales and currencies",
    "",
    ...locales.map((locale) => {
      const currency = currencyOf(crawler, locale);
      return `- ${locale}${currency ? ` (prices in ${currency})` : ""}: ${urlIn(at, locale, "/")}`;
    }),
    "",
  ];
  return lines.join("\n");
}
