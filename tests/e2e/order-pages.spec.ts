import { addToCart, fillCard, goToCheckout, guestToPayment } from "./checkout-flow";
import { BUYER, expect, signIn, test } from "./support";

/**
 * The order pages on the order resources (issue 27), JavaScript on and off: a guest's order re-opened from its
 * access-token link in a fresh browser, without retyping; a buyer's order page paging its items; /OrderLookup/{id}.
 */

test("a guest's order re-opens from the confirmation's link in a new browser, without retyping", async ({
  page,
  browser,
}) => {
  await addToCart(page, "01tDM0000000001");
  await goToCheckout(page);
  await guestToPayment(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  const orderNumber = (await page.getByTestId("order-number").textContent())?.trim() ?? "";

  const link = page.getByRole("link", { name: "Your link to this order" });
  const href = await link.getAttribute("href");
  expect(href).toMatch(new RegExp(`^/OrderSummary/${orderNumber}\\?access=`));

  // Another browser: no session, no lookup. The link alone opens the order.
  const elsewhere = await browser.newContext({ javaScriptEnabled: test.info().project.name === "js-on" });
  try {
    const other = await elsewhere.newPage();
    await other.goto(href!);
    await expect(other.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    await expect(other.getByText("Ethiopia Yirgacheffe Whole Bean, 12 oz")).toBeVisible();
    await expect(other.getByRole("heading", { name: "Your link to this order" })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});

test("a looked-up guest order gives its link for the order's phone number", async ({ page }) => {
  await page.goto("/OrderLookup");
  await page.getByLabel("Order Number").fill("00000101");
  await page.getByLabel("Email Address").fill("guest@demo.store");
  await page.getByRole("button", { name: "View order details" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Order 00000101" })).toBeVisible();

  await page.getByLabel("Phone Number").fill("555 999 0000");
  await page.getByRole("button", { name: "Get a link to this order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That phone number doesn't match" })).toBeVisible();
  await expect(page.getByLabel("Phone Number")).toHaveValue("555 999 0000");

  await page.getByLabel("Phone Number").fill("(555) 010-1010");
  await page.getByRole("button", { name: "Get a link to this order" }).click();
  await expect(page).toHaveURL(/\/OrderSummary\/00000101\?access=/);
  await expect(page.getByRole("heading", { name: "Your link to this order" })).toBeVisible();
});

test("a buyer's order page reads each delivery group's items and names its promotions", async ({ page, store }) => {
  await signIn(page, BUYER);
  await page.goto("/OrderSummary/00000103");
  await expect(page.getByRole("heading", { level: 1, name: "Order 00000103" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Promotions on Classic Diner Mug, 12 oz" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Order promotions" })).toContainText("10% off your order");
  const reads = await store.journal({ path: "order-summaries/1OsDM0000000103/items" });
  expect(reads.length).toBeGreaterThan(0);
});

test("/OrderLookup/{recordId} opens the lookup with the record's order number for its buyer", async ({ page }) => {
  await signIn(page, BUYER);
  await page.goto("/OrderLookup/1OsDM0000000103");
  await expect(page.getByRole("heading", { level: 1, name: "Order Lookup" })).toBeVisible();
  await expect(page.getByLabel("Order Number")).toHaveValue("00000103");
  await page.getByRole("button", { name: "View order details" }).click();
  await expect(page).toHaveURL(/\/OrderSummary\/00000103$/);
});
