/**
 * Quick order (/quick-order) as a shopper uses it, with JavaScript on and off: typed rows with an unknown SKU
 * (two lines added, the third kept in the form with its reason, then corrected), a pasted list, more rows, and axe
 * on the page blank, refused and with a result.
 */
import type { Page } from "@playwright/test";
import { auditablePage, B2B_BUYER, expect, jsEnabled, seriousViolations, signIn, test } from "./support";

const NOT_FOUND = "No product in this store has this SKU.";

const sku = (page: Page, row: number) => page.getByRole("textbox", { name: `SKU for row ${row}`, exact: true });
const quantity = (page: Page, row: number) =>
  page.getByRole("textbox", { name: `Quantity for row ${row}`, exact: true });

async function openQuickOrder(page: Page) {
  await page.goto("/");
  await page.getByRole("link", { name: "Quick Order" }).click();
  await expect(page.getByRole("heading", { name: "Quick order", level: 1 })).toBeVisible();
}

test("a guest orders three typed rows, one with an unknown SKU, then corrects it", async ({ page }) => {
  await openQuickOrder(page);
  await sku(page, 1).fill("CB-ETH-YRG");
  await quantity(page, 1).fill("2");
  await sku(page, 2).fill("NO-SUCH-SKU");
  await quantity(page, 2).fill("3");
  await sku(page, 3).fill("MUG-DINER-12");
  await page.getByRole("button", { name: "Add to cart" }).click();

  const result = page.getByRole("heading", { name: "Added 2 lines to your cart; 1 line not added", level: 2 });
  await expect(result).toBeVisible();
  // With JavaScript the result takes focus, so it is what a screen reader reads next.
  if (jsEnabled(page)) await expect(result).toBeFocused();
  await expect(page.getByText(`Row 1: NO-SUCH-SKU × 3: ${NOT_FOUND}`)).toBeVisible();
  await expect(page.getByText("Ethiopia Yirgacheffe Whole Bean, 12 oz (CB-ETH-YRG) × 2")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();

  // The refused line is back in the first row, its reason tied to the field; the added lines left the form.
  await expect(sku(page, 1)).toHaveValue("NO-SUCH-SKU");
  await expect(sku(page, 1)).toHaveAccessibleDescription(NOT_FOUND);
  await expect(quantity(page, 1)).toHaveValue("3");
  await expect(sku(page, 2)).toHaveValue("");

  await sku(page, 1).fill("CB-COL-HUI");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Added 1 line to your cart.")).toBeVisible();
  await expect(page.getByRole("article", { name: "Colombia Huila Whole Bean, 12 oz" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 6 items" })).toBeVisible();
});

test("a buyer pastes a list from a spreadsheet; a bad line is named and nothing is added until it is fixed", async ({
  page,
}) => {
  await signIn(page, B2B_BUYER);
  await openQuickOrder(page);
  const list = page.getByRole("textbox", { name: "Or paste a list" });
  await list.fill("SKU\tQuantity\nCB-ETH-YRG\t2\n\nMUG-DINER-12;x\nEQ-TAMP-58");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("alert")).toHaveText("1 line needs correcting. Nothing was added to your cart yet.");
  await expect(list).toHaveAccessibleDescription(/Line 4 \(MUG-DINER-12, x\): Enter a valid numeric value\./);
  if (jsEnabled(page)) await expect(list).toBeFocused();
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();

  await list.fill("SKU\tQuantity\nCB-ETH-YRG\t2\n\nMUG-DINER-12;4\nEQ-TAMP-58");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Added 3 lines to your cart.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 7 items" })).toBeVisible();
});

test("a pasted list of 150 lines is added in two batch calls (100 + 50)", async ({ page, store }) => {
  const skus = ["CB-ETH-YRG", "CB-COL-HUI", "EQ-TAMP-58", "EQ-FILTER-02", "MUG-DINER-12"];
  const list = Array.from({ length: 150 }, (_, i) => `${skus[i % skus.length]}\t1`).join("\n");
  await openQuickOrder(page);
  await page.getByRole("textbox", { name: "Or paste a list" }).fill(list);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Added 150 lines to your cart.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 150 items" })).toBeVisible();
  const batches = await store.journal({ method: "POST", path: "cart-items/batch" });
  expect(batches).toHaveLength(2);
  for (const call of batches) expect(call.status).toBeLessThan(300);
});

test("'Add 5 more rows' keeps what was typed", async ({ page }) => {
  await openQuickOrder(page);
  await sku(page, 5).fill("CB-KEN-AA");
  await expect(sku(page, 6)).toHaveCount(0);
  await page.getByRole("button", { name: "Add 5 more rows" }).click();
  await expect(sku(page, 10)).toBeVisible();
  await expect(sku(page, 5)).toHaveValue("CB-KEN-AA");
  // With JavaScript the rows come without a round trip, and the shopper goes on typing in the first new one.
  if (jsEnabled(page)) await expect(sku(page, 6)).toBeFocused();
});

test("axe: the quick order page blank, with problems, and with a result", async ({ page, browser }, testInfo) => {
  const target = await auditablePage(page, browser, testInfo);
  await target.goto("/quick-order");
  await expect(target.getByRole("heading", { name: "Quick order", level: 1 })).toBeVisible();
  expect(await seriousViolations(target), "blank").toEqual([]);

  await sku(target, 1).fill("CB-ETH-YRG");
  await quantity(target, 1).fill("0");
  await target.getByRole("textbox", { name: "Or paste a list" }).fill("A, 1, 2");
  await target.getByRole("button", { name: "Add to cart" }).click();
  await expect(target.getByRole("alert")).toBeVisible();
  expect(await seriousViolations(target), "refused").toEqual([]);

  await quantity(target, 1).fill("1");
  await sku(target, 2).fill("NO-SUCH-SKU");
  await target.getByRole("textbox", { name: "Or paste a list" }).fill("");
  await target.getByRole("button", { name: "Add to cart" }).click();
  await expect(target.getByRole("heading", { name: /1 line not added/, level: 2 })).toBeVisible();
  expect(await seriousViolations(target), "result").toEqual([]);
});
