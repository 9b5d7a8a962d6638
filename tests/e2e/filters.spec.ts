/**
 * Filters on the category and search pages, with JavaScript on and off: facets with their counts and a price range
 * in a GET form, each chosen filter removable, an empty result that names the filters, and an axe audit of a
 * filtered category page (serious and critical violations fail).
 */
import { auditablePage, expect, seriousViolations, test } from "./support";

const DRINKWARE = "/category/mugs-drinkware/0ZGDM0000000DRK";

test("filter a category by two facets and a price range, then clear one", async ({ page }) => {
  await page.goto(DRINKWARE);
  await expect(page.getByText("10 products")).toBeVisible();
  const filters = page.getByRole("form", { name: "Filter" });
  await filters.getByRole("group", { name: "Brand" }).getByRole("checkbox", { name: "Clay & Kiln (5)" }).check();
  await filters.getByRole("group", { name: "Material" }).getByRole("checkbox", { name: "Stoneware (4)" }).check();
  await filters.getByRole("spinbutton", { name: "Minimum price" }).fill("10");
  await filters.getByRole("spinbutton", { name: "Maximum price" }).fill("20");
  await filters.getByRole("button", { name: "Apply" }).click();

  await expect(page).toHaveURL(/[?&]f\.Custom\.Brand__c=Clay\+%26\+Kiln/);
  await expect(page.getByText("2 products")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Speckled Stoneware Mug, 14 oz" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Morning Ritual Mug, 16 oz" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Double-Wall Glass Mug, 10 oz" })).toHaveCount(0);
  // Counts under the other filters; the choices stay ticked.
  await expect(filters.getByRole("checkbox", { name: "Clay & Kiln (2)" })).toBeChecked();
  await expect(filters.getByRole("checkbox", { name: "Northside Roasting (1)" })).not.toBeChecked();
  await expect(filters.getByRole("checkbox", { name: "Glass (1)" })).not.toBeChecked();

  const chosen = page.getByRole("region", { name: "Chosen filters" });
  await chosen.getByRole("link", { name: "Remove filter Material: Stoneware" }).click();
  await expect(page.getByText("3 products")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Double-Wall Glass Mug, 10 oz" })).toBeVisible();
  await expect(chosen.getByRole("link", { name: /Material/ })).toHaveCount(0);
  await expect(chosen.getByRole("link", { name: "Remove filter Brand: Clay & Kiln" })).toBeVisible();

  await chosen.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page.getByText("10 products")).toBeVisible();
  await expect(page.getByRole("region", { name: "Chosen filters" })).toHaveCount(0);
});

test("an empty result says which filters to remove", async ({ page }) => {
  await page.goto(`/search?q=mug`);
  const filters = page.getByRole("form", { name: "Filter" });
  await filters.getByRole("checkbox", { name: /^Trailhead Goods/ }).check();
  await filters.getByRole("spinbutton", { name: "Minimum price" }).fill("100");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(
    page.getByText("No products match these filters: Brand: Trailhead Goods; Price: $100.00 and up."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Remove filter Price: $100.00 and up" }).click();
  await expect(page.getByRole("heading", { name: "Enamel Camp Mug, 12 oz" })).toBeVisible();
  // The search term stays.
  await expect(page.getByRole("searchbox", { name: "Search products" }).last()).toHaveValue("mug");
});

test("a filtered category page has no serious or critical accessibility violation", async ({
  page,
  browser,
}, testInfo) => {
  const audited = await auditablePage(page, browser, testInfo);
  const params = new URLSearchParams([
    ["f.Custom.Brand__c", "Clay & Kiln"],
    ["f.Custom.Material__c", "Stoneware"],
    ["min", "10"],
    ["max", "20"],
  ]);
  await audited.goto(`${DRINKWARE}?${params}`);
  await expect(audited.getByText("2 products")).toBeVisible();
  expect(await seriousViolations(audited)).toEqual([]);
});
