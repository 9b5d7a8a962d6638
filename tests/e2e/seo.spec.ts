/**
 * What a crawler reads in a catalog page's HTML (issue 38), in both projects: with JavaScript off the tags are the
 * server's, so a crawler that runs no script reads them; with it on, hydration keeps them. The documents
 * (robots.txt, sitemap.xml, llms.txt, a markdown view) are fetched as a crawler fetches them.
 */
import { expect, jsEnabled, SITE, test } from "./support";

const APRON = "/product/barista-apron/01tDM000000E103";

test("a product page carries its canonical URL, hreflang alternates, Open Graph, Twitter card and JSON-LD", async ({
  page,
}) => {
  await page.goto(`${APRON}?Color=Denim`);
  const head = page.locator("head");
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SITE}${APRON}`);
  await expect(head.locator('link[rel="alternate"][hreflang="en-GB"]')).toHaveAttribute(
    "href",
    `${SITE}/en-GB${APRON}`,
  );
  await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${SITE}${APRON}`);
  await expect(head.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  // The JSON-LD is written in the page's body (app/seo/ui/StructuredData.tsx), where search engines read it too.
  // The document's data sent the browser placeholders only: once React has taken the page over, the text is the
  // server's still.
  if (jsEnabled(page))
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("h1") ?? {}).some((key) => key.startsWith("__reactFiber")),
    );
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const group = blocks.map((text) => JSON.parse(text)).find((block) => block["@type"] === "ProductGroup");
  expect(group.hasVariant.find((variant: { color: string }) => variant.color === "Denim")).toMatchObject({
    sku: "APR-DENIM",
    offers: { price: "42.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
  });
});

test("on a client navigation the JSON-LD is the new page's, not the last one's", async ({ page }) => {
  test.skip(!jsEnabled(page), "Without JavaScript every page is a document of its own: the test above reads it.");
  const blocksOnPage = async () =>
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
  await page.goto("/category/mugs-drinkware/0ZGDM0000000DRK");
  await page.waitForFunction(() => "__remixRouter" in window && document.readyState === "complete");
  expect((await blocksOnPage()).map((block) => block["@type"])).toEqual(["BreadcrumbList", "ItemList"]);
  const link = page.locator('.store-card a[href^="/product/"]:not([aria-hidden])').first();
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.locator("h1")).toHaveText(name);
  const blocks = await blocksOnPage();
  expect(blocks.map((block) => block["@type"])).toEqual([expect.stringMatching(/^Product(Group)?$/), "BreadcrumbList"]);
  expect(blocks[0].name).toBe(name);
});

test("robots.txt, the sitemap index, llms.txt and a markdown view answer crawlers and agents", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /cart");
  expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`<loc>${SITE}/sitemap/products/1.xml</loc>`);
  expect(await (await request.get("/llms.txt")).text()).toMatch(/^# Demo Store/);
  const markdown = await request.get(`${APRON}.md?Color=Denim`);
  expect(markdown.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  expect(await markdown.text()).toContain("- SKU: APR-DENIM");
});
