import type { Page } from "@playwright/test";
import { auditablePage, expect, seriousViolations, signIn, test } from "./support";

const DINER_MUG = { id: "01tDM0000000027", name: "Classic Diner Mug, 12 oz" }; // $12.00
const FRENCH_PRESS = { id: "01tDM0000000023", name: "French Press, 34 oz" }; // $39.00

async function addToCart(page: Page, productId: string, quantity: number) {
  await page.goto(`/product/${productId}`);
  await page.getByRole("textbox", { name: "Quantity" }).fill(String(quantity));
  // With JavaScript the count is optimistic: wait for the add itself to answer before leaving the page.
  const added = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/product/"),
  );
  await page.getByRole("button", { name: "Add to cart" }).click();
  await added;
}

const estimate = (page: Page) => page.getByRole("region", { name: "Shipping estimate" });

// Each test adds to the cart through the product page and posts forms on the cart: several page loads, slower than
// the default 30 s allows on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("the cart shows a line's promotion badge and the summary's promotions", async ({ page }) => {
  await addToCart(page, DINER_MUG.id, 3);
  await page.goto("/cart");
  const line = page.getByRole("article", { name: DINER_MUG.name });
  await expect(line.getByText("Buy 3+ mugs, save 5%")).toBeVisible();
  await expect(line.getByText("-$1.80")).toBeVisible();
  const promotions = page.getByRole("region", { name: "Promotions" });
  await expect(promotions.getByText("Buy 3+ mugs, save 5%")).toBeVisible();
  // The terms are folded (a <details>, no script needed) until asked for.
  const terms = promotions.getByText("5% off every mug in the cart once it holds 3 or more mugs.");
  await expect(terms).toBeHidden();
  await promotions.getByText("Terms").click();
  await expect(terms).toBeVisible();
});

test("a guest estimates shipping for a postal code, and corrects a wrong one", async ({ page }) => {
  await addToCart(page, FRENCH_PRESS.id, 1);
  await page.goto("/cart");
  await expect(estimate(page).getByText("No estimate yet.")).toBeVisible();

  await estimate(page).getByRole("combobox", { name: "Country" }).selectOption("US");
  await estimate(page).getByRole("textbox", { name: "Postal code" }).fill("9410");
  await estimate(page).getByRole("button", { name: "Estimate" }).click();
  const field = estimate(page).getByRole("textbox", { name: "Postal code" });
  await expect(field).toHaveAccessibleDescription(/Enter a 5-digit ZIP code, like 94105\./);
  await expect(field).toHaveValue("9410");

  await field.fill("94105");
  await estimate(page).getByRole("button", { name: "Estimate" }).click();
  const options = estimate(page).getByRole("list", { name: "Delivery options to 94105, United States" });
  await expect(options.getByRole("listitem")).toHaveCount(3);
  await expect(options.getByRole("listitem").first()).toContainText("Standard Shipping");
  await expect(options.getByRole("listitem").first()).toContainText("$7.99");
  await expect(page).toHaveURL(/\/cart#shipping-estimate$/);
});

test("a signed-in buyer finds their default address's postal code filled in", async ({ page }) => {
  await signIn(page);
  await addToCart(page, FRENCH_PRESS.id, 1);
  await page.goto("/cart");
  await expect(estimate(page).getByRole("textbox", { name: "Postal code" })).toHaveValue("94105");
  await estimate(page).getByRole("button", { name: "Estimate" }).click();
  await expect(estimate(page).getByText("To 94105, United States, before tax:")).toBeVisible();
});

test("the cart with its promotions and an estimate has no serious or critical accessibility violation", async ({
  page,
  browser,
}, testInfo) => {
  // axe reads the whole page: slower than a shopper's steps on a busy machine, as in a11y.spec.ts.
  test.setTimeout(90_000);
  const audited = await auditablePage(page, browser, testInfo);
  await addToCart(audited, DINER_MUG.id, 3);
  await audited.goto("/cart");
  await estimate(audited).getByRole("textbox", { name: "Postal code" }).fill("02110");
  await estimate(audited).getByRole("button", { name: "Estimate" }).click();
  await expect(estimate(audited).getByText("To 02110, United States, before tax:")).toBeVisible();
  expect(await seriousViolations(audited)).toEqual([]);
});
