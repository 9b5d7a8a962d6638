import type { APIRequestContext, Page } from "@playwright/test";
import { BUYER, expect, hydrated, jsEnabled, signIn, test } from "./support";

/**
 * Order lookup, order details and order history, as a shopper does them (JavaScript on and off).
 * Fixture orders (fixtures/orders.json): guest order 00000101 (guest@demo.store); buyer@demo.store owns
 * 00000102-00000106 (Aug-Nov 2026), 00000103 has two delivery groups, a gift and promotions; 00000107 belongs to
 * another buyer's account.
 */

const LOOKUP_FAILED = "Something's not right. Check your info and try again.";

async function lookupCalls(request: APIRequestContext): Promise<number> {
  const response = await request.get("/__emulator/journal?path=lookup");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { entries: unknown[] }).entries.length;
}

async function lookUp(page: Page, orderNumber: string, email?: string) {
  await page.getByLabel("Order Number").fill(orderNumber);
  if (email !== undefined) await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "View order details" }).click();
}

test.describe("Order Lookup", () => {
  test("a guest finds an order by number and e-mail and lands on its summary", async ({ page, store }) => {
    await page.goto("/OrderLookup");
    await expect(page).toHaveTitle("Order Lookup");
    await expect(page.getByRole("heading", { level: 1, name: "Order Lookup" })).toBeVisible();
    const email = page.getByLabel("Email Address");
    await expect(email).toHaveAttribute("maxlength", "80");
    await expect(email).toHaveAttribute("autocomplete", "email");
    await hydrated(page);

    if (jsEnabled(page)) {
      // A slow answer shows the loading state: label 'Loading', inputs and button disabled.
      await store.fault({ method: "POST", path: "*/order-summaries/actions/lookup", latencyMs: 1500 });
    }
    // Spaces around the values are trimmed.
    await lookUp(page, " 00000101 ", "  guest@demo.store ");
    if (jsEnabled(page)) {
      await expect(page.getByRole("button", { name: "Loading" })).toBeDisabled();
      await expect(page.getByLabel("Order Number")).toBeDisabled();
      await expect(page.getByLabel("Email Address")).toBeDisabled();
    }

    await expect(page).toHaveURL(/\/OrderSummary\/00000101$/);
    await expect(page.getByRole("heading", { level: 1, name: "Order 00000101" })).toBeVisible();
    const facts = page.getByRole("region", { name: "Order information" });
    await expect(facts).toContainText("00000101");
    await expect(facts).toContainText("Aug 3, 2026");
    await expect(facts).toContainText("Fulfilled");
    await expect(page.getByRole("heading", { name: "Delivery Group 1", exact: true })).toBeVisible();
    await expect(page.getByText("(555) 010-1010")).toBeVisible();
    await expect(page.getByText("Ethiopia Yirgacheffe Whole Bean, 12 oz")).toBeVisible();
    const totals = page.getByRole("complementary", { name: "Order Summary" });
    await expect(totals).toContainText("$58.49");
    await expect(totals).toContainText("Visa ending in 4242");
    const trail = page.getByRole("navigation", { name: "Breadcrumbs" });
    await expect(trail.getByRole("link", { name: "Order History" })).toHaveAttribute(
      "href",
      "/OrderSummary/OrderSummary/Default",
    );
    await expect(trail.getByText("Order Details")).toHaveAttribute("aria-current", "page");
  });

  test("a signed-in buyer finds one of their orders by number alone", async ({ page }) => {
    await signIn(page, BUYER);
    await page.goto("/OrderLookup");
    await expect(page.getByLabel("Email Address")).toHaveCount(0);
    await hydrated(page);
    await lookUp(page, "00000104");
    await expect(page).toHaveURL(/\/OrderSummary\/00000104$/);
    await expect(page.getByRole("region", { name: "Order information" })).toContainText("Sep 20, 2026");
  });

  test("a wrong e-mail shows the error toast and keeps what was typed", async ({ page }) => {
    await page.goto("/OrderLookup?orderNumber=00000101");
    await expect(page.getByLabel("Order Number")).toHaveValue("00000101");
    await hydrated(page);
    await page.getByLabel("Email Address").fill("someone@demo.store");
    await page.getByRole("button", { name: "View order details" }).click();
    await expect(page.getByRole("alert").filter({ hasText: LOOKUP_FAILED })).toBeVisible();
    await expect(page).toHaveURL(/\/OrderLookup/);
    await expect(page.getByLabel("Order Number")).toHaveValue("00000101");
    await expect(page.getByLabel("Email Address")).toHaveValue("someone@demo.store");
    await expect(page.getByRole("button", { name: "View order details" })).toBeEnabled();
  });

  test("an empty or invalid field shows its message and nothing is sent", async ({ page, request }) => {
    await page.goto("/OrderLookup");
    await hydrated(page);
    const before = await lookupCalls(request);
    await page.getByRole("button", { name: "View order details" }).click();
    const orderNumber = page.getByLabel("Order Number");
    await expect(orderNumber).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Complete this field.")).toHaveCount(2);

    await orderNumber.fill("00000101");
    await page.getByLabel("Email Address").fill("not-an-email");
    await page.getByRole("button", { name: "View order details" }).click();
    await expect(page.getByText("Enter a valid email address, such as john@example.com.")).toBeVisible();
    await expect(page.getByText("Complete this field.")).toHaveCount(0);
    expect(await lookupCalls(request)).toBe(before);
  });

  test("a guest without a lookup in this session is asked to look the order up first", async ({ page }) => {
    await page.goto("/OrderSummary/00000101");
    await expect(page).toHaveURL(/\/OrderLookup\?orderNumber=00000101$/);
    await expect(page.getByLabel("Order Number")).toHaveValue("00000101");
  });
});

test.describe("Order details", () => {
  test("an order's status is shown in the store's own words (application context orderStatuses)", async ({
    page,
    store,
  }) => {
    await store.settings({
      applicationContext: {
        orderStatuses: [
          { apiName: "Fulfilled", displayValue: "Delivered" },
          { apiName: "Created", displayValue: "Received" },
        ],
      },
    });
    await signIn(page, BUYER);
    await page.goto("/OrderSummary/00000103");
    await expect(page.getByRole("region", { name: "Order information" })).toContainText("Delivered");
    await page.goto("/OrderSummary/OrderSummary/Default");
    const history = page.getByRole("table");
    await expect(history.getByRole("row", { name: /00000106/ })).toContainText("Received");
    await expect(history.getByRole("row", { name: /00000105/ })).toContainText("Activated");
  });

  test("an order with two delivery groups shows each group, the gift message and the promotions", async ({ page }) => {
    await signIn(page, BUYER);
    await page.goto("/OrderSummary/00000103");
    // The API gives an order delivery group no name (its fields have none), so each is "Delivery Group N".
    await expect(page.getByRole("heading", { name: "Delivery Group 1", exact: true })).toBeVisible();
    const second = page.getByRole("region", { name: "Delivery Group 2" });
    await expect(second).toContainText("Jordan Buyer");
    await expect(second).toContainText("Express Shipping");
    await expect(second).toContainText("Sep 8, 2026");
    await expect(second).toContainText("Happy birthday, Jordan! Enjoy the kettle. — Alex");
    const promotions = page.getByRole("list", { name: "Order promotions" });
    await expect(promotions).toContainText("10% off your order");
    // The line promotion of two mugs, merged: -$1.20 and -$1.60.
    await expect(promotions.getByRole("listitem").filter({ hasText: "Buy 3+ mugs, save 5%" })).toContainText("-$2.80");
  });

  test("another account's order looks exactly like an unknown one", async ({ page }) => {
    await signIn(page, BUYER);
    const other = await page.goto("/OrderSummary/00000107");
    expect(other?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We can't find that order" })).toBeVisible();
    const unknown = await page.goto("/OrderSummary/00099999");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We can't find that order" })).toBeVisible();
  });

  test("Buy again puts the order in the cart and names the products that could not be added", async ({ page }) => {
    await signIn(page, BUYER);
    await page.goto("/OrderSummary/00000105");
    await page.getByRole("button", { name: "Buy again" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const notice = page.getByRole("alert").filter({ hasText: "Added 1 product to your cart." });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("We couldn't add:");
  });
});

test.describe("Order history", () => {
  test("lists the buyer's orders newest first, pages with tokens and filters by date", async ({ page }) => {
    await signIn(page, BUYER);
    await page.getByRole("link", { name: "Order History" }).first().click();
    await expect(page).toHaveURL(/\/OrderSummary\/OrderSummary\/Default$/);
    await expect(page.getByRole("heading", { level: 1, name: "Order History" })).toBeVisible();
    const orderLinks = page.getByRole("table").getByRole("link");
    await expect(orderLinks).toHaveText(["00000106", "00000105", "00000104", "00000103", "00000102"]);

    // Two a page: Next and Previous carry the API's page tokens.
    await page.goto("/OrderSummary/OrderSummary/Default?pageSize=2");
    await expect(orderLinks).toHaveText(["00000106", "00000105"]);
    const pages = page.getByRole("navigation", { name: "Order pages" });
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/pageToken=/);
    await expect(orderLinks).toHaveText(["00000104", "00000103"]);
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(orderLinks).toHaveText(["00000102"]);
    await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(orderLinks).toHaveText(["00000104", "00000103"]);

    // September only, oldest first.
    await page.getByLabel("From", { exact: true }).fill("2026-09-01");
    await page.getByLabel("To", { exact: true }).fill("2026-09-30");
    await page.getByLabel("Sort").selectOption({ label: "Oldest first" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/from=2026-09-01&to=2026-09-30&sort=oldest/);
    await expect(orderLinks).toHaveText(["00000103", "00000104"]);
    await expect(page.getByRole("table")).toContainText("Sep 2, 2026");

    await page.getByLabel("From", { exact: true }).fill("2025-01-01");
    await page.getByLabel("To", { exact: true }).fill("2025-01-31");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No orders match these dates.")).toBeVisible();

    await page.goto("/OrderSummary/OrderSummary/Default");
    await orderLinks.filter({ hasText: "00000103" }).click();
    await expect(page).toHaveURL(/\/OrderSummary\/00000103$/);
  });

  test("guests are sent to sign in first", async ({ page }) => {
    await page.goto("/OrderSummary/OrderSummary/Default");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2FOrderSummary%2FOrderSummary%2FDefault$/);
  });

  test("on a 375px screen the page never scrolls sideways: the table scrolls in its own keyboard-reachable region", async ({
    page,
  }) => {
    await signIn(page, BUYER);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/OrderSummary/OrderSummary/Default");
    const region = page.getByRole("region", { name: "Orders table" });
    await expect(region.getByRole("columnheader", { name: "Total" })).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A keyboard user reaches the region and scrolls it to the Total column.
    await region.focus();
    await expect(region).toBeFocused();
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
    await expect(region.getByRole("columnheader", { name: "Total" })).toBeInViewport({ ratio: 1 });
  });
});
