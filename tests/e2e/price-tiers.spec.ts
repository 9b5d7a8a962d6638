/**
 * Volume prices as a shopper meets them, with JavaScript on and off: the product page's table of tiers, enough
 * units added to reach a tier, and the cart charging the tier's unit price. axe audits the product page with its
 * table (serious and critical violations fail; the js-off project audits the server-rendered HTML).
 */
import type { Page } from "@playwright/test";
import { auditablePage, B2B_BUYER, expect, seriousViolations, signIn, test } from "./support";

const FILTERS = { id: "01tDM0000000022", name: "Paper Filters #02, Pack of 200" }; // $8.00; 10-49 $7.60; 50+ $7.20

const tierTable = (page: Page) => page.getByRole("table", { name: "Volume prices" });
const line = (page: Page) => page.getByRole("article", { name: FILTERS.name });

async function addFilters(page: Page, quantity: string, expectedCount: number) {
  await page.goto(`/product/${FILTERS.id}`);
  await page.getByRole("textbox", { name: "Quantity" }).fill(quantity);
  const added = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/product/"),
  );
  await page.getByRole("button", { name: "Add to cart" }).click();
  await added;
  await expect(page.getByRole("link", { name: `Cart, ${expectedCount} items` })).toBeVisible();
}

test("the product page lists the volume prices by quantity", async ({ page }) => {
  await page.goto(`/product/${FILTERS.id}`);
  const table = tierTable(page);
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["Quantity", "Price each"]);
  await expect(table.getByRole("rowheader")).toHaveText(["1–9", "10–49", "50 or more"]);
  await expect(table.getByRole("row", { name: /10–49/ }).getByRole("cell")).toHaveText("$7.60");
  await expect(table.getByRole("row", { name: /50 or more/ }).getByRole("cell")).toHaveText("$7.20");
});

test("a guest adds enough units to reach a tier and the cart charges the tier's unit price", async ({ page }) => {
  await addFilters(page, "10", 10);
  await page.goto("/cart");
  await expect(line(page).locator(".store-cart-line__unit")).toHaveText("Price: $7.60 Original price: $9.00 each");
  await expect(line(page)).toContainText("$76.00");

  // 50 reaches the next tier: the first tier's upper bound (50) is not in it.
  await line(page).getByRole("textbox", { name: "Quantity" }).fill("50");
  await line(page).getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("link", { name: "Cart, 50 items" })).toBeVisible();
  await expect(line(page).locator(".store-cart-line__unit")).toHaveText("Price: $7.20 Original price: $9.00 each");
  await expect(line(page)).toContainText("$360.00");
});

test("a business buyer gets the same volume prices", async ({ page }) => {
  await signIn(page, B2B_BUYER);
  await addFilters(page, "12", 12);
  await page.goto("/cart");
  await expect(line(page).locator(".store-cart-line__unit")).toHaveText("Price: $7.60 Original price: $9.00 each");
  await expect(line(page)).toContainText("$91.20");
});

test("axe: the product page with its volume prices", async ({ page, browser }, testInfo) => {
  const target = await auditablePage(page, browser, testInfo);
  await target.goto(`/product/${FILTERS.id}`);
  await expect(tierTable(target)).toBeVisible();
  expect(await seriousViolations(target)).toEqual([]);
});
