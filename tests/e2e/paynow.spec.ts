/**
 * Pay-now links (spec §4), with JavaScript on and off: the cart cloned as a PayNowReadOnly cart, its page showing
 * it read-only, paid through the checkout's steps; another shopper's link is a 404 page; the guest cart is
 * forgotten by the clone and not preserved at login while the link is active.
 */
import type { Page } from "@playwright/test";
import { addToCart, COFFEE, fillCard, guestToPayment } from "./checkout-flow";
import { BUYER, auditablePage, expect, jsEnabled, seriousViolations, test } from "./support";

const MUG = { id: "01tDM0000000027", name: "Classic Diner Mug, 12 oz" };

/** From the cart: "Create a payment link", landing on the link's page; answers the link's path. */
async function createPaymentLink(page: Page): Promise<string> {
  await page.goto("/cart");
  await page.getByRole("button", { name: "Create a payment link" }).click();
  await expect(page.getByRole("heading", { name: "Pay now", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/pay\/0a6\w+$/);
  return new URL(page.url()).pathname;
}

test("a guest pays a payment link: the cart is copied read-only, paid through checkout, and the link then says it is paid", async ({
  page,
  browser,
}, testInfo) => {
  await addToCart(page, COFFEE.id, 2);
  const link = await createPaymentLink(page);
  await expect(page.getByText("Payment link created").first()).toBeVisible();
  await expect(page.getByLabel("Payment link")).toHaveValue(new RegExp(`${link}$`));
  // The copy, read-only: names and quantities, no quantity field or remove button.
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText(COFFEE.name)).toBeVisible();
  await expect(summary.getByText("Qty 2")).toBeVisible();
  await expect(page.getByRole("spinbutton")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Remove/ })).toHaveCount(0);

  const audited = await auditablePage(page, browser, testInfo);
  if (audited !== page) await audited.context().addCookies(await page.context().cookies());
  await audited.goto(link);
  await expect(audited.getByRole("heading", { name: "Pay now" })).toBeVisible();
  expect(await seriousViolations(audited)).toEqual([]);
  if (audited !== page) await audited.context().close();

  // Cloning removed the guest cart: the shopper's cart is empty now (spec §4).
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();

  await page.goto(link);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Order summary" }).getByText(COFFEE.name)).toBeVisible();
  await guestToPayment(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByTestId("order-number")).toHaveText(/^\d{8}$/);

  await page.goto(link);
  await expect(page.getByText("This payment link has been paid.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
});

test("another shopper's payment link, and an id that is no payment link, are a 404 page", async ({ page, browser }) => {
  await addToCart(page, MUG.id);
  const link = await createPaymentLink(page);

  const stranger = await (await browser.newContext({ javaScriptEnabled: jsEnabled(page) })).newPage();
  const answer = await stranger.goto(link);
  expect(answer?.status()).toBe(404);
  await expect(stranger.getByText(MUG.name)).toHaveCount(0);
  await stranger.context().close();

  expect((await page.goto("/pay/not-a-cart"))?.status()).toBe(404);
});

test("a guest cart is not preserved at sign-in while a payment link is active", async ({ page }) => {
  await addToCart(page, COFFEE.id);
  const link = await createPaymentLink(page);
  // A new guest cart after the clone.
  await addToCart(page, MUG.id);
  await page.goto("/login");
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password").fill(BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: MUG.name })).toHaveCount(0);
  // The guest's link is not the buyer's.
  expect((await page.goto(link))?.status()).toBe(404);
});

test("a cancelled payment link is gone, and says so", async ({ page }) => {
  await addToCart(page, COFFEE.id);
  const link = await createPaymentLink(page);
  await page.getByRole("button", { name: "Cancel payment link" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Payment link cancelled.").first()).toBeVisible();
  expect((await page.goto(link))?.status()).toBe(404);
});

test("a buyer's payment link keeps their cart, and their checkout of the cart stays their cart's", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password").fill(BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await addToCart(page, COFFEE.id);
  const link = await createPaymentLink(page);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible();
  // Back to the cart: it is still there, and its Checkout starts the cart's own checkout, not the link's.
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: COFFEE.name })).toBeVisible();
  await addToCart(page, MUG.id);
  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Order summary" }).getByText(MUG.name)).toBeVisible();
  // The link's page still shows the link's copy, without the mug.
  await page.goto(link);
  await expect(page.getByRole("complementary", { name: "Order summary" }).getByText(MUG.name)).toHaveCount(0);
});

test("once the payment link is cancelled, signing in merges the guest cart again", async ({ page }) => {
  await addToCart(page, COFFEE.id);
  await createPaymentLink(page);
  await page.getByRole("button", { name: "Cancel payment link" }).click();
  await expect(page.getByText("Payment link cancelled.").first()).toBeVisible();
  await addToCart(page, MUG.id);
  await page.goto("/login");
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password").fill(BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: MUG.name })).toBeVisible();
});
