/**
 * Checkout details (issue #10 item 8), with JavaScript on and off: the cart's Checkout waits while the cart is
 * processing, a business buyer with a single account pays by purchase order, gifting, and each delivery group's
 * total on the order page.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };

async function addToCart(page: Page, productId: string) {
  await page.goto(`/product/${productId}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart").first()).toBeVisible();
}

test("the cart's Checkout waits, busy, while the cart is still processing, then becomes the link", async ({ page, store }) => {
  await addToCart(page, COFFEE.id);
  // The next change keeps the cart Processing for six reads of it (each page reads it twice: the header's count
  // and the lines), so the page after the update and the next one are both still processing.
  await store.settings({ asyncPolls: 6 });
  await page.goto("/cart");
  await page.getByRole("textbox", { name: "Quantity" }).fill("2");
  await page.getByRole("button", { name: "Update" }).click();
  const response = await page.goto("/cart");
  const html = (await response?.text()) ?? "";
  // The server answers at once: a disabled Checkout and why, and (for a browser without JavaScript) a way to retry.
  expect(html).toContain("Your cart is being updated. Checkout will be ready in a moment.");
  expect(html).toContain("Refresh the cart");
  expect(html).not.toContain('href="/checkout"');
  // The page reloads itself until the cart is ready; then Checkout is the link again.
  await expect(page.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout", { timeout: 10_000 });
  await expect(page.getByRole("button", { name: "Checkout" })).toHaveCount(0);
});
