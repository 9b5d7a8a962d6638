/**
 * Checkout details (issue #10 item 8), with JavaScript on and off: the cart's Checkout waits while the cart is
 * processing, a business buyer with a single account pays by purchase order, gifting, and each delivery group's
 * total on the order page.
 */
import type { Page } from "@playwright/test";
import { BUYER, expect, jsEnabled, seriousViolations, signIn, test } from "./support";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };

async function addToCart(page: Page, productId: string) {
  await page.goto(`/product/${productId}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart").first()).toBeVisible();
}

test("the cart's Checkout waits, busy, while the cart is still processing, then becomes the link", async ({
  page,
  store,
}) => {
  await addToCart(page, COFFEE.id);
  // The next change keeps the cart Processing for six reads of it (each page reads it twice: the header's count
  // and the lines), so the page after the update and the next one are both still processing.
  await store.settings({ asyncPolls: 6 });
  await page.goto("/cart");
  await page.getByRole("textbox", { name: "Quantity" }).fill("2");
  // The update must reach the store before the next page: navigating away at once would abort a fetcher's post.
  const updated = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/cart"),
  );
  await page.getByRole("button", { name: "Update" }).click();
  await updated;
  const response = await page.goto("/cart");
  const html = (await response?.text()) ?? "";
  // The server answers at once: a disabled Checkout and why, and (for a browser without JavaScript) a way to retry.
  expect(html).toContain("Your cart is being updated. Checkout will be ready in a moment.");
  expect(html).toContain("Refresh the cart");
  // The processing notice (its code loads only while the cart is processing) is in the page the server sends.
  expect(html).toContain("Your cart is being updated. Prices may change.");
  expect(html).not.toContain('href="/checkout"');
  if (jsEnabled(page)) expect(await seriousViolations(page)).toEqual([]);
  // The page reloads itself until the cart is ready; then Checkout is the link again.
  await expect(page.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout", { timeout: 10_000 });
  await expect(page.getByRole("button", { name: "Checkout" })).toHaveCount(0);
});

const SINGLE_ACCOUNT_BUYER = { email: "initech@demo.store", password: "demo-pass-1" };

test("a business buyer with a single account sends a gift, pays by purchase order, and sees the shipment's total", async ({
  page,
}) => {
  // A whole checkout, visited twice at delivery, with two axe audits: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await signIn(page, SINGLE_ACCOUNT_BUYER);
  // One account: nothing to switch between.
  await expect(page.getByRole("button", { name: "Switch account" })).toHaveCount(0);
  await addToCart(page, COFFEE.id);
  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible();
  const address = page.getByRole("group", { name: "Shipping address" });
  await address.getByLabel("First Name").fill("Peter");
  await address.getByLabel("Last Name").fill("Gibbons");
  await address.getByLabel("Street").fill("4120 Freidrich Lane");
  await address.getByLabel("City").fill("Austin");
  await address.getByLabel("State").fill("TX");
  await address.getByLabel("Postal Code").fill("78744");
  await page.getByRole("button", { name: "Continue to delivery" }).click();

  // Gifting (giftingConfig): who it is for goes in the delivery group's giftToName.
  await expect(page.getByRole("heading", { name: "Delivery", level: 2 })).toBeVisible();
  await page.getByLabel("Send as a gift").check();
  await page.getByLabel("Gift for").fill("Bill Lumbergh");
  await page.getByLabel("Gift message").fill("Happy Friday");
  // axe runs as a script: the signed-in pages are audited in the JavaScript project.
  if (jsEnabled(page)) expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await page.getByRole("radio", { name: "Purchase order" }).check();
  await page.getByLabel("Purchase order number").fill("PO-INITECH-1");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expect(page.getByText("Purchase order PO-INITECH-1")).toBeVisible();
  await expect(page.getByText("For Bill Lumbergh, “Happy Friday”")).toBeVisible();
  // Back on delivery, the gift's details are still there.
  await page.goto("/checkout/delivery");
  await expect(page.getByLabel("Gift for")).toHaveValue("Bill Lumbergh");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("radio", { name: "Purchase order" }).check();
  await page.getByLabel("Purchase order number").fill("PO-INITECH-1");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();

  // The order page: each delivery group with its own total ($18.50 + shipping + tax).
  await page.getByRole("link", { name: "View order details" }).click();
  const group = page.getByRole("region", { name: "Delivery Group 1" });
  await expect(group.getByText("Items subtotal")).toBeVisible();
  await expect(group.getByText("Delivery Group 1 total")).toBeVisible();
  await expect(group.locator("dd", { hasText: "$" }).last()).toHaveText(/^\$\d+\.\d\d$/);
  if (jsEnabled(page)) expect(await seriousViolations(page)).toEqual([]);
});

test("a consumer is never offered a purchase order", async ({ page }) => {
  await signIn(page, BUYER);
  await addToCart(page, COFFEE.id);
  await page.goto("/checkout");
  // The buyer's saved default address is chosen: on through delivery to payment.
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment", level: 2 })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Purchase order" })).toHaveCount(0);
  await expect(page.getByLabel("Card number")).toBeVisible();
});
