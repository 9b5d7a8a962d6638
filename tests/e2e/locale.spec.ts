import type { Page } from "@playwright/test";
import { guestToPayment } from "./checkout-flow";
import { auditablePage, expect, hydrated, seriousViolations, signIn, test } from "./support";

/**
 * The demo store's second currency and locale (README, demo contract): GBP with its own price book (the USD prices
 * × 0.8) and the en_GB market. The header's switcher moves the shopper (and their cart) between them, and every page
 * also answers under /en-GB/, in GBP with en-GB formats.
 */
const ETHIOPIA = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" }; // $18.50, £14.80
const COLOMBIA = { id: "01tDM0000000002", name: "Colombia Huila Whole Bean, 12 oz" }; // $17.00, £13.60

async function addToCart(page: Page, productPath: string, expectedCount: number) {
  await page.goto(productPath);
  await hydrated(page);
  const added = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.includes("/product/"),
  );
  await page.getByRole("button", { name: "Add to cart" }).click();
  await added;
  await expect(
    page.getByRole("link", { name: `Cart, ${expectedCount} item${expectedCount === 1 ? "" : "s"}` }),
  ).toBeVisible();
}

const switcher = (page: Page) => page.getByRole("form", { name: "Language and currency" });
const subtotal = (page: Page) =>
  page.locator(".store-totals div", { has: page.getByText("Subtotal", { exact: true }) }).locator("dd");

test("switching the currency to GBP moves the cart and shows its totals in GBP", async ({ page }) => {
  await addToCart(page, `/product/${ETHIOPIA.id}`, 1);
  await page.goto("/cart");
  await expect(subtotal(page)).toHaveText("$18.50");

  await switcher(page).getByLabel("Currency").selectOption("GBP");
  await switcher(page).getByRole("button", { name: "Switch" }).click();
  // Same page, same locale: the cart is now the GBP one, priced from the GBP price book.
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Your cart is now in GBP.")).toBeVisible();
  await expect(subtotal(page)).toHaveText("£14.80");
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

  // The choice stays: product pages price in GBP and new lines join the GBP cart.
  await page.goto(`/product/${COLOMBIA.id}`);
  await expect(page.locator(".kit-price__amount").first()).toHaveText("£13.60");
  await addToCart(page, `/product/${COLOMBIA.id}`, 2);
  await page.goto("/cart");
  await expect(subtotal(page)).toHaveText("£28.40");
  await expect(switcher(page).getByLabel("Currency")).toHaveValue("GBP");

  // And back: the cart moves again, to USD.
  await switcher(page).getByLabel("Currency").selectOption("USD");
  await switcher(page).getByRole("button", { name: "Switch" }).click();
  await expect(page.getByText("Your cart is now in USD.")).toBeVisible();
  await expect(subtotal(page)).toHaveText("$35.50");
});

test("choosing English (United Kingdom) opens the same page under /en-GB/, in GBP", async ({ page }) => {
  await page.goto(`/product/${ETHIOPIA.id}`);
  await expect(page.locator(".kit-price__amount").first()).toHaveText("$18.50");
  await switcher(page).getByLabel("Language").selectOption({ label: "English (United Kingdom)" });
  await switcher(page).getByRole("button", { name: "Switch" }).click();
  await expect(page).toHaveURL(new RegExp(`/en-GB/product/${ETHIOPIA.id}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  // The market's currency, since the shopper chose none.
  await expect(page.locator(".kit-price__amount").first()).toHaveText("£14.80");
  await expect(switcher(page).getByLabel("Currency")).toHaveValue("GBP");

  // Back to the store's own locale: no prefix, USD again.
  await switcher(page).getByLabel("Language").selectOption({ label: "English (United States)" });
  await switcher(page).getByRole("button", { name: "Switch" }).click();
  await expect(page).toHaveURL(new RegExp(`^[^]*//[^/]+/product/${ETHIOPIA.id}$`));
  await expect(page.locator(".kit-price__amount").first()).toHaveText("$18.50");
});

test("/en-GB/ pages keep the prefix in links and forms, price in GBP and write en-GB dates", async ({ page }) => {
  await page.goto("/en-GB/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  // Every link and form of the page stays under /en-GB/ (assets and the skip link aside).
  const targets = await page.$$eval("a[href], form[action]", (nodes) =>
    nodes.map((node) => node.getAttribute("href") ?? node.getAttribute("action") ?? ""),
  );
  const local = targets.filter((target) => target.startsWith("/"));
  expect(local.length).toBeGreaterThan(5);
  expect(local.filter((target) => target !== "/en-GB" && !target.startsWith("/en-GB/"))).toEqual([]);
  await expect(page.locator(".store-card__price").first()).toContainText("£");

  // A guest shops under the prefix: the cart is made in GBP.
  await page.getByRole("link", { name: "Coffee", exact: true }).first().click();
  await expect(page).toHaveURL(/\/en-GB\/category\//);
  await addToCart(page, `/en-GB/product/${ETHIOPIA.id}`, 1);
  await page.getByRole("link", { name: "Cart, 1 item" }).click();
  await expect(page).toHaveURL(/\/en-GB\/cart$/);
  await expect(subtotal(page)).toHaveText("£14.80");

  // A page that needs a buyer sends the guest to sign in and back, both under the prefix (never /en-GB/en-GB/);
  // order history then writes the en-GB medium date (d MMM yyyy).
  await page.goto("/en-GB/wishlist");
  await expect(page).toHaveURL(/\/en-GB\/login\?redirectTo=%2Fwishlist$/);
  await page.getByLabel("Email").fill("buyer@demo.store");
  await page.getByLabel("Password").fill("demo-pass-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await expect(page).toHaveURL(/\/en-GB\/wishlist$/);
  await page.getByRole("link", { name: "Order History" }).click();
  await expect(page).toHaveURL(/\/en-GB\/OrderSummary\/OrderSummary\/Default/);
  const row = page.getByRole("row", { name: /00000102/ });
  await expect(row).toContainText("14 Aug 2026");
  await row.getByRole("link", { name: "00000102" }).click();
  await expect(page).toHaveURL(/\/en-GB\/OrderSummary\/00000102$/);
  await expect(page.getByRole("region", { name: "Order information" })).toContainText("14 Aug 2026");
});

test("a cart in dollars follows the shopper onto /en-GB/: the price shown, the line added and the cart are in pounds", async ({
  page,
}) => {
  await addToCart(page, `/product/${ETHIOPIA.id}`, 1);
  await page.goto("/cart");
  await expect(subtotal(page)).toHaveText("$18.50");

  // The first page under /en-GB/ prices in pounds and brings the cart along, saying so.
  await page.goto(`/en-GB/product/${COLOMBIA.id}`);
  await expect(page.getByText("Your cart is now in GBP.")).toBeVisible();
  await expect(page.locator(".kit-price__amount").first()).toHaveText("£13.60");
  await expect(switcher(page).getByLabel("Currency")).toHaveValue("GBP");

  // What is added there goes into the cart in pounds, at the price shown.
  await addToCart(page, `/en-GB/product/${COLOMBIA.id}`, 2);
  await page.getByRole("link", { name: "Cart, 2 items" }).click();
  await expect(page).toHaveURL(/\/en-GB\/cart$/);
  const unitPrice = (name: string) => page.getByRole("article", { name }).locator(".store-cart-line__unit");
  await expect(unitPrice(COLOMBIA.name)).toContainText("£13.60");
  await expect(unitPrice(ETHIOPIA.name)).toContainText("£14.80");
  await expect(subtotal(page)).toHaveText("£28.40");
  await expect(page.getByText("Prices in GBP.")).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("$");
});

test("a currency the store doesn't offer is refused with a message, on the same page", async ({ page }) => {
  await page.goto("/en-GB/cart");
  // Only a hand-made request can ask for one: the switcher lists the store's currencies.
  const answer = await page.request.post("/en-GB/locale", {
    form: { currency: "EUR", shownCurrency: "GBP", redirectTo: "/cart" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  expect(new URL(answer.headers()["location"]).pathname).toBe("/en-GB/cart");
  await page.goto(answer.headers()["location"]);
  await expect(page.getByText("Choose one of the store's currencies.")).toBeVisible();
  await expect(switcher(page).getByLabel("Currency")).toHaveValue("GBP");
});

test("an unknown locale is a 404 page, never a 500", async ({ page }) => {
  for (const path of ["/fr-FR/", "/fr-FR/cart", "/de-DE/product/01tDM0000000001"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "We can't find that page" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found | Demo Store");
  }
});

test("axe finds no serious or critical violation on a locale page with the switcher", async ({
  page,
  browser,
}, testInfo) => {
  const audited = await auditablePage(page, browser, testInfo);
  await audited.goto("/en-GB/cart");
  await expect(audited.getByRole("form", { name: "Language and currency" })).toBeVisible();
  expect(await seriousViolations(audited)).toEqual([]);
});

test("on a 375px screen the switcher folds into the header's Menu: opened, it fits, and the page never scrolls sideways", async ({
  page,
}) => {
  await signIn(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/en-GB/cart");
  // A phone's first screen shows the page, not the chrome: the switcher waits behind "Menu" (a <details>).
  await expect(switcher(page).getByLabel("Language")).toBeHidden();
  await page.getByRole("banner").getByText("Menu", { exact: true }).click();
  await expect(switcher(page).getByLabel("Language")).toBeVisible();
  await expect(switcher(page).getByRole("button", { name: "Switch" })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("a guest checks out under /en-GB/: every step keeps the prefix and the order is in GBP", async ({ page }) => {
  await addToCart(page, `/en-GB/product/${ETHIOPIA.id}`, 1);
  await page.goto("/en-GB/cart");
  const checkout = page.getByRole("link", { name: "Checkout" });
  await expect(checkout).toHaveAttribute("href", "/en-GB/checkout");
  await checkout.click();
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/\/en-GB\/checkout/);

  await guestToPayment(page);
  await expect(page).toHaveURL(/\/en-GB\/checkout\/delivery/);
  await expect(page.getByRole("radio", { name: /Standard Shipping/ })).toHaveAccessibleName(/£7\.99/);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page.getByRole("heading", { name: "Payment", level: 2 })).toBeVisible();
  await page.getByLabel("Cardholder name").fill("Sam Shopper");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry month").selectOption("12");
  await page.getByLabel("Expiry year").selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();

  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expect(page).toHaveURL(/\/en-GB\/checkout\/review/);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page).toHaveURL(/\/en-GB\/checkout\/confirmation\//);
  // The guest's order details (the lookup verified at checkout): every amount is in pounds, none in dollars.
  await page.getByRole("link", { name: "View order details" }).click();
  await expect(page).toHaveURL(/\/en-GB\/OrderSummary\/\d+$/);
  await expect(page.getByRole("main")).toContainText("£14.80");
  await expect(page.getByRole("main")).not.toContainText("$");
});

test("the cookie consent banner of a locale page answers there and comes back to it", async ({ page, store }) => {
  await store.settings({ applicationContext: { shopperConsentEnabled: true } });
  await page.goto("/en-GB/cart");
  const accept = page.getByRole("button", { name: "Accept" });
  await expect(accept).toBeVisible();
  await accept.click();
  await expect(page).toHaveURL(/\/en-GB\/cart$/);
  await expect(page.getByRole("button", { name: "Accept" })).toHaveCount(0);
});
