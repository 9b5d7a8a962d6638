/**
 * A 2,000-line cart's checkout (issue 41), with JavaScript on and off: bulk@demo.store's cart in a store with large
 * carts (a generated store seeded through the emulator's test control, POST /__emulator/large-store, instead of 2,000
 * adds). Every step shows a page of 25 lines; the review's pages are GET links, its totals the whole cart's (the
 * cart's summary), and the order is placed.
 */
import type { Page } from "@playwright/test";
import { BULK_BUYER } from "../../server/emulator/large-store/index.js";
import { apiAuth, expect, signIn, SITE, test } from "./support";

const LINES = 2_000;
const PAGE = 25;
const PAGES = LINES / PAGE;
const BULK = { email: BULK_BUYER.username, password: BULK_BUYER.password };
const API = `${SITE}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001`;

test.beforeEach(async ({ request }) => {
  const seeded = await request.post("/__emulator/large-store", {
    data: { products: 2_600, bulkCartLines: LINES, seed: 41 },
  });
  expect(seeded.status()).toBe(201);
});

const usd = (amount: string) => Number(amount).toLocaleString("en-US", { style: "currency", currency: "USD" });
const orderSummary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });
const summaryLines = (page: Page) => orderSummary(page).getByRole("list", { name: "Items" }).getByRole("listitem");

test("the review of 2,000 lines is paged, its totals the cart's, and the order is placed", async ({ page }) => {
  // Each step's write reprices and re-rates 2,000 lines in the emulator: seconds each on a busy machine.
  test.setTimeout(180_000);
  const step = { timeout: 30_000 };
  const res = await fetch(`${API}/carts/current`, { headers: await apiAuth.buyer(BULK) });
  const cart = await res.json();
  expect(cart.totalProductLineItemCount ?? cart.uniqueProductCount).toBe(LINES);
  const itemsTotal = `Items (${Number(cart.totalProductCount)})${usd(cart.totalProductAmount)}`;

  await signIn(page, BULK);
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible(step);
  await expect(summaryLines(page)).toHaveCount(PAGE);
  const address = page.getByRole("group", { name: "Shipping address" });
  await address.getByLabel("First Name").fill("Blair");
  await address.getByLabel("Last Name").fill("Bulkley");
  await address.getByLabel("Street").fill("200 Commerce Drive");
  await address.getByLabel("City").fill("Boston");
  await address.getByLabel("State").fill("MA");
  await address.getByLabel("Postal Code").fill("02110");
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await expect(page.getByRole("heading", { name: "Delivery", level: 2 })).toBeVisible(step);
  await expect(summaryLines(page)).toHaveCount(PAGE);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("radio", { name: "Purchase order" })).toBeVisible(step);
  await page.getByRole("radio", { name: "Purchase order" }).check();
  await page.getByLabel("Purchase order number").fill("PO-2000");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible(step);

  await expect(orderSummary(page).getByText(`Showing items 1–${PAGE} of ${LINES}`)).toBeVisible();
  await expect(orderSummary(page).getByText(`Page 1 of ${PAGES}`)).toBeVisible();
  await expect(summaryLines(page)).toHaveCount(PAGE);
  await expect(page.locator(".checkout-totals div", { has: page.getByText(/^Items \(/) })).toHaveText(itemsTotal);
  const firstPage = await summaryLines(page).locator(".checkout-summary__name").allInnerTexts();

  await orderSummary(page)
    .getByRole("navigation", { name: "Order summary pages" })
    .getByRole("link", { name: "Next" })
    .click();
  await expect(page).toHaveURL(/\/checkout\/review\?page=2$/, step);
  await expect(orderSummary(page).getByText(`Showing items ${PAGE + 1}–${2 * PAGE} of ${LINES}`)).toBeVisible();
  const secondPage = await summaryLines(page).locator(".checkout-summary__name").allInnerTexts();
  expect(secondPage).toHaveLength(PAGE);
  expect(secondPage).not.toEqual(firstPage);
  await expect(page.locator(".checkout-totals div", { has: page.getByText(/^Items \(/) })).toHaveText(itemsTotal);

  await page.goto(`/checkout/review?page=${PAGES}`);
  await expect(orderSummary(page).getByText(`Showing items ${LINES - PAGE + 1}–${LINES} of ${LINES}`)).toBeVisible(
    step,
  );
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible(step);
});
