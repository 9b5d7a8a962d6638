/**
 * A long cart at checkout, with JavaScript on and off: the order summary shows a page of lines (25) with the whole
 * cart's totals and links to its other pages, through which the shopper reaches every line; a line on the cart's
 * last page still changes, and the checkout's totals follow. The demo store has a few dozen products, so the cart here
 * holds every one a buyer can add (more than two pages); tests/cart/long-cart.routes.test.ts checks a 130-line cart (a
 * generated store) the same way.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { apiAuth, BUYER, expect, signIn, SITE, test } from "./support";

const API = `${SITE}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001`;
const PAGE_SIZE = 25;

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${API}/${path}`, {
    method,
    headers: { ...(await apiAuth.buyer(BUYER)), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok, `${method} ${path}`).toBe(true);
  return res.json();
}

/** Every demo product the buyer can add, one unit each (cart-items/batch, 100 a call); the refused ones are left out. */
async function fillTheCart(): Promise<number> {
  const catalog = JSON.parse(readFileSync("fixtures/catalog.json", "utf8")) as { products: { id: string }[] };
  const inputs = catalog.products.map((p) => ({ richInput: { productId: p.id, quantity: "1", type: "Product" } }));
  await api("POST", "carts/current/cart-items/batch", { inputs });
  return (await api("GET", "carts/current")).totalProductLineItemCount;
}

/** The cart as the API has it: its summary and every line's name, 100 a call. */
async function apiCart() {
  const summary = await api("GET", "carts/current");
  const names: string[] = [];
  for (let page = 1; names.length < summary.totalProductLineItemCount; page++) {
    const items = await api("GET", `carts/current/cart-items?pageSize=100&pageNumber=${page}&productFields=Name`);
    names.push(
      ...items.cartItems.map((i: { cartItem: { productDetails: { name: string } } }) => i.cartItem.productDetails.name),
    );
  }
  return { summary, names };
}

const usd = (amount: string) => Number(amount).toLocaleString("en-US", { style: "currency", currency: "USD" });
const summaryLines = (page: Page) =>
  page.getByRole("complementary", { name: "Order summary" }).getByRole("list", { name: "Items" }).getByRole("listitem");
const itemsTotal = (page: Page) => page.locator(".checkout-totals div", { has: page.getByText(/^Items \(/) });

test("a buyer's long cart: the checkout shows it a page at a time, every line reachable, the whole cart's totals", async ({
  page,
}) => {
  const lineCount = await fillTheCart();
  expect(lineCount).toBeGreaterThan(2 * PAGE_SIZE);
  const pages = Math.ceil(lineCount / PAGE_SIZE);
  const { summary, names } = await apiCart();

  await signIn(page);
  await page.goto("/checkout");
  await expect(page).toHaveURL(/\/checkout\/shipping$/);
  const orderSummary = page.getByRole("complementary", { name: "Order summary" });
  await expect(orderSummary.getByText(`Showing items 1–${PAGE_SIZE} of ${lineCount}`)).toBeVisible();
  await expect(summaryLines(page)).toHaveCount(PAGE_SIZE);
  await expect(itemsTotal(page)).toHaveText(
    `Items (${Number(summary.totalProductCount)})${usd(summary.totalProductAmount)}`,
  );

  const seen: string[] = [];
  for (let n = 1; n <= pages; n++) {
    await expect(orderSummary.getByText(`Page ${n} of ${pages}`)).toBeVisible();
    const shown = await summaryLines(page).locator(".checkout-summary__name").allInnerTexts();
    expect(shown.length).toBe(n < pages ? PAGE_SIZE : lineCount - PAGE_SIZE * (pages - 1));
    seen.push(...shown.map((s) => s.split("\n")[0].trim()));
    // The totals stay the whole cart's on every page.
    await expect(itemsTotal(page)).toHaveText(
      `Items (${Number(summary.totalProductCount)})${usd(summary.totalProductAmount)}`,
    );
    if (n < pages) {
      await orderSummary
        .getByRole("navigation", { name: "Order summary pages" })
        .getByRole("link", { name: "Next" })
        .click();
      await expect(page).toHaveURL(new RegExp(`/checkout/shipping\\?page=${n + 1}$`));
    }
  }
  expect(seen.sort()).toEqual([...names].sort());
});

test("a line on the long cart's last page changes, and the checkout's totals follow", async ({ page }) => {
  const lineCount = await fillTheCart();
  const pages = Math.ceil(lineCount / PAGE_SIZE);
  await signIn(page);
  await page.goto(`/cart?page=${pages}`);
  // The line keeps its id (its name's element) across the update.
  const nameId = await page.getByRole("article").first().getAttribute("aria-labelledby");
  const line = page.locator(`article[aria-labelledby="${nameId}"]`);
  await line.getByRole("textbox", { name: "Quantity" }).fill("3");
  await line.getByRole("button", { name: "Update" }).click();
  await expect(line.getByRole("textbox", { name: "Quantity" })).toHaveValue("3");
  await expect(page.getByRole("link", { name: `Cart, ${lineCount + 2} items` })).toBeVisible();

  const { summary } = await apiCart();
  await page.goto("/checkout/shipping");
  await expect(itemsTotal(page)).toHaveText(
    `Items (${Number(summary.totalProductCount)})${usd(summary.totalProductAmount)}`,
  );
  expect(Number(summary.totalProductCount)).toBeGreaterThan(lineCount);
});
