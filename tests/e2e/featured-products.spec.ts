/**
 * A product page's "Similar products" as a shopper meets them, with JavaScript on and off: the product's featured
 * products (products/{id}/featured-products) as cards in their sequence, each a link to its page, priced. axe audits
 * the page with the section (serious and critical violations fail; the js-off project audits the server's HTML).
 */
import { auditablePage, expect, seriousViolations, test } from "./support";

const FRENCH_PRESS = { id: "01tDM0000000023", name: "French Press, 34 oz" };
const TAMPER = { id: "01tDM0000000017", name: "Stainless Tamper 58 mm" }; // features nothing

test("a product page shows its similar products, and a card leads to its product", async ({ page }) => {
  await page.goto(`/product/${FRENCH_PRESS.id}`);
  const similar = page.getByRole("region", { name: "Similar products" });
  const cards = similar.getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole("heading")).toHaveText([
    "Glass Pour-Over Dripper",
    "12-Cup Drip Coffee Maker",
    "Cold Brew Drip Tower",
  ]);
  await expect(cards.nth(1)).toContainText("$109.00");
  await similar.getByRole("link", { name: "Glass Pour-Over Dripper" }).click();
  await expect(page).toHaveURL(/\/product\/glass-pour-over-dripper\/01tDM0000000020$/);
  await expect(page.getByRole("heading", { level: 1, name: "Glass Pour-Over Dripper" })).toBeVisible();
  // The dripper features its own: the French press among them.
  await expect(
    page.getByRole("region", { name: "Similar products" }).getByRole("link", { name: FRENCH_PRESS.name }),
  ).toBeVisible();
});

test("a product that features nothing has no such section", async ({ page }) => {
  await page.goto(`/product/${TAMPER.id}`);
  await expect(page.getByRole("heading", { level: 1, name: TAMPER.name })).toBeVisible();
  await expect(page.getByRole("region", { name: "Similar products" })).toHaveCount(0);
});

test("axe: a product page with similar products", async ({ page, browser }, testInfo) => {
  // An axe run of a whole product page takes most of the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  const target = await auditablePage(page, browser, testInfo);
  await target.goto(`/product/${FRENCH_PRESS.id}`);
  await expect(target.getByRole("region", { name: "Similar products" })).toBeVisible();
  expect(await seriousViolations(target)).toEqual([]);
});
