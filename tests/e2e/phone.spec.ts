/**
 * A phone's first screen (390 px wide) shows the page, not the chrome: the locale switcher and the secondary links
 * fold into the header's "Menu", a category's filters into a "Filters" disclosure naming the chosen ones; both are
 * <details>, so they work with JavaScript on and off. On a desktop neither toggle is there.
 */
import { expect, test } from "./support";

const DRINKWARE = "/category/mugs-drinkware/0ZGDM0000000DRK";

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the header folds its links and switcher into a menu; the cart stays in view", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header.store-header");
    expect((await header.boundingBox())!.height).toBeLessThan(200);
    await expect(header.getByRole("link", { name: /^Cart/ })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign in" })).toBeHidden();
    await expect(header.getByRole("combobox", { name: "Language" }).or(header.locator("#header-locale"))).toBeHidden();
    await header.getByText("Menu", { exact: true }).click();
    await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(header.locator("#header-locale")).toBeVisible();
    await header.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test("a category's filters fold into a disclosure that names the chosen ones; the products come first", async ({
    page,
  }) => {
    await page.goto(`${DRINKWARE}?f.Custom.Brand__c=Clay+%26+Kiln`);
    const toggle = page.getByText("Filters: Brand: Clay & Kiln");
    await expect(toggle).toBeVisible();
    const filters = page.getByRole("form", { name: "Filter" });
    await expect(filters.getByRole("checkbox", { name: "Clay & Kiln (5)" })).toBeHidden();
    // The first product's card starts within the first screen.
    const firstCard = page.getByRole("heading", { name: "Speckled Stoneware Mug, 14 oz" });
    expect((await firstCard.boundingBox())!.y).toBeLessThan(844);
    await toggle.click();
    await filters.getByRole("checkbox", { name: "Stoneware (3)" }).check();
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Filters: Brand: Clay & Kiln, Material: Stoneware")).toBeVisible();
  });
});

test("on a desktop the menu and the filters' toggles are not there", async ({ page }) => {
  await page.goto(DRINKWARE);
  await expect(page.locator("header.store-header").getByText("Menu", { exact: true })).toBeHidden();
  await expect(page.locator("header.store-header").getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("Filters", { exact: true })).toBeHidden();
  await expect(page.getByRole("form", { name: "Filter" }).getByRole("checkbox").first()).toBeVisible();
});
