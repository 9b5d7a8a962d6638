/**
 * "Frequently bought together" as a shopper meets it, with JavaScript on and off: the products other shoppers
 * ordered with a product (Einstein's CustomersWhoBoughtAlsoBought, ai/recommendations; chosen by the emulator from
 * the store's orders) on its page, and on the cart page for the cart's products, where a card's "Add to cart" puts
 * the product in the cart and comes back to it. axe audits the cart page with the section (serious and critical
 * violations fail; the js-off project audits the server's HTML).
 */
import type { Page } from "@playwright/test";
import { auditablePage, expect, seriousViolations, test } from "./support";

const ETHIOPIA = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const BREAKFAST = "Breakfast Blend Ground Coffee, 12 oz";
const ESPRESSO_DUO = "Home Espresso Machine Duo";

const together = (page: Page) => page.getByRole("region", { name: "Frequently bought together" });

/** The Ethiopia added from its page (a POST to the product page, a fetcher with JavaScript), then the cart page. */
async function cartWithEthiopia(page: Page) {
  await page.goto(`/product/${ETHIOPIA.id}`);
  const added = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/product/"),
  );
  await page.getByRole("button", { name: "Add to cart" }).click();
  await added;
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await page.goto("/cart");
}

test("a product page shows what was bought with it, each card a link to its product", async ({ page }) => {
  await page.goto(`/product/${ETHIOPIA.id}`);
  const cards = together(page).getByRole("listitem");
  await expect(cards.getByRole("heading")).toHaveText([ESPRESSO_DUO, BREAKFAST]);
  await expect(cards.nth(1)).toContainText("$13.50");
  await together(page).getByRole("link", { name: BREAKFAST }).click();
  await expect(page.getByRole("heading", { level: 1, name: BREAKFAST })).toBeVisible();
});

test("the cart recommends for its products, and Add to cart puts one in the cart", async ({ page }) => {
  await cartWithEthiopia(page);
  const cards = together(page).getByRole("listitem");
  await expect(cards.getByRole("heading")).toHaveText([ESPRESSO_DUO, BREAKFAST]);
  await together(page)
    .getByRole("button", { name: `Add to cart ${BREAKFAST}` })
    .click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Added to your cart").first()).toBeVisible();
  await expect(page.getByRole("article", { name: BREAKFAST })).toContainText("$13.50");
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  // What the cart holds is no longer recommended.
  await expect(together(page).getByRole("listitem").getByRole("heading")).toHaveText([ESPRESSO_DUO]);
});

test("axe: a cart page with frequently bought together", async ({ page, browser }, testInfo) => {
  test.setTimeout(60_000);
  await cartWithEthiopia(page);
  const target = await auditablePage(page, browser, testInfo);
  if (target !== page) {
    // The js-off project audits in a context of its own: the same cart, reached there.
    await cartWithEthiopia(target);
  }
  await expect(together(target)).toBeVisible();
  expect(await seriousViolations(target)).toEqual([]);
});
