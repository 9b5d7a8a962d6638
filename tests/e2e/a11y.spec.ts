/**
 * axe on every page type a shopper meets after the catalog (issue #10): each checkout step (with a refused form
 * showing its errors), the confirmation, order lookup (blank and refused), an order's details, the order history
 * and the account page. Serious and critical violations fail, label-content-name-mismatch included. In the js-off
 * project the server-rendered HTML is audited (auditablePage).
 */
import type { Page } from "@playwright/test";
import { addToCart, COFFEE, fillCard, guestToPayment } from "./checkout-flow";
import { auditablePage, BUYER, expect, seriousViolations, signIn, test } from "./support";

/**
 * Opens checkout from the cart. The API may still be making the checkout: the page says "Loading" and refreshes
 * itself (a script with JavaScript, a noscript refresh without). The audit's js-off page runs neither (scripts on,
 * the app's blocked), so it reloads for itself until the shipping step is there.
 */
async function openCheckout(page: Page) {
  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout/);
  const shipping = page.getByRole("heading", { name: "Shipping", level: 2 });
  await expect
    .poll(async () => {
      if (await shipping.isVisible()) return true;
      await page.reload();
      return shipping.isVisible();
    })
    .toBe(true);
}

async function expectNoSeriousViolations(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

test("checkout: every step, a refused step and the confirmation", async ({ page, browser }, testInfo) => {
  // Five pages, each audited twice: longer than one flow.
  test.setTimeout(90_000);
  const target = await auditablePage(page, browser, testInfo);
  await addToCart(target, COFFEE.id);
  await openCheckout(target);
  await expectNoSeriousViolations(target, "shipping");

  await target.getByRole("button", { name: "Continue to delivery" }).click();
  await expect(target.getByRole("alert").first()).toBeVisible();
  await expectNoSeriousViolations(target, "shipping, refused");

  await guestToPayment(target);
  await expectNoSeriousViolations(target, "delivery");
  await target.getByRole("button", { name: "Continue to payment" }).click();
  await expect(target.getByRole("heading", { name: "Payment", level: 2 })).toBeVisible();
  await expectNoSeriousViolations(target, "payment");

  await target.getByRole("button", { name: "Continue to review" }).click();
  await expect(target.getByRole("alert").first()).toBeVisible();
  await expectNoSeriousViolations(target, "payment, refused");

  await fillCard(target, "4242 4242 4242 4242");
  await target.getByRole("button", { name: "Continue to review" }).click();
  await expect(target.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expectNoSeriousViolations(target, "review");

  await target.getByRole("button", { name: "Place order" }).click();
  await expect(target.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expectNoSeriousViolations(target, "confirmation");
  if (target !== page) await target.context().close();
});

test("order lookup: the form, the form refused, and the order it finds", async ({ page, browser }, testInfo) => {
  const target = await auditablePage(page, browser, testInfo);
  await target.goto("/OrderLookup");
  await expectNoSeriousViolations(target, "order lookup");

  await target.getByRole("button", { name: "View order details" }).click();
  await expect(target.getByText("Complete this field.").first()).toBeVisible();
  await expectNoSeriousViolations(target, "order lookup, refused");

  await target.getByLabel("Order Number").fill("00000101");
  await target.getByLabel("Email Address").fill("guest@demo.store");
  await target.getByRole("button", { name: "View order details" }).click();
  await expect(target).toHaveURL(/\/OrderSummary\/00000101$/);
  await expectNoSeriousViolations(target, "order details (guest)");
  if (target !== page) await target.context().close();
});

test("a buyer's account, order history and an order with two delivery groups", async ({ page, browser }, testInfo) => {
  const target = await auditablePage(page, browser, testInfo);
  await signIn(target, BUYER);
  await target.goto("/account");
  await expect(target.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(target, "account");

  await target.goto("/OrderSummary/OrderSummary/Default");
  await expect(target.getByRole("table")).toBeVisible();
  await expectNoSeriousViolations(target, "order history");

  await target.goto("/OrderSummary/00000103");
  await expect(target.getByRole("heading", { name: "Delivery Group 2", exact: true })).toBeVisible();
  await expectNoSeriousViolations(target, "order details (buyer)");
  if (target !== page) await target.context().close();
});
