/**
 * Managing a subscription from the account (JavaScript on and off): each action opens from a disclosure that says
 * what it will do and is confirmed with its button; the list then shows the new state. The buyer's subscriptions come
 * from an order placed through the API: Roaster's Choice monthly (2 units) and the 12-month plan (1 unit).
 */
import type { Page } from "@playwright/test";
import { placeOrderThroughApi } from "../support/api-order";
import { auditablePage, BUYER, expect, seriousViolations, signIn, SITE, test } from "./support";

const ROASTERS_CHOICE = "01tDM0000000013";

// A sign-in, an order placed through the API and a form or two each: more than the default on a busy machine.
test.describe.configure({ timeout: 60_000 });

const subscription = (page: Page, plan: "Monthly Subscription" | "12-Month Plan") =>
  page
    .getByRole("region", { name: "Subscriptions" })
    .getByRole("listitem", { name: "Roaster's Choice Coffee Subscription" })
    .filter({ hasText: plan });

test.beforeEach(async () => {
  await placeOrderThroughApi(SITE, { username: BUYER.email, password: BUYER.password }, [
    { productId: ROASTERS_CHOICE, quantity: 2, productSellingModelId: "0jPDM00000MONTH" },
    { productId: ROASTERS_CHOICE, quantity: 1, productSellingModelId: "0jPDM00000YEAR1", subscriptionTerm: 1 },
  ]);
});

test("cancel: the disclosure says when it stops, the confirmation cancels, the list says so", async ({
  page,
  browser,
}, testInfo) => {
  // Two sign-ins (the audited page's own, without JavaScript) and an audit besides the flow.
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto("/account");
  const monthly = subscription(page, "Monthly Subscription");
  await monthly.getByText("Cancel subscription", { exact: true }).click();
  await expect(monthly).toContainText("It stops at your next billing date");

  const audited = await auditablePage(page, browser, testInfo);
  if (audited !== page) {
    await signIn(audited);
    await audited.goto("/account");
  }
  expect(await seriousViolations(audited)).toEqual([]);

  await monthly.getByRole("button", { name: "Confirm cancellation" }).click();
  await expect(page.getByText(/is cancelled: it ends on/)).toBeVisible();
  await expect(monthly).toContainText(/Cancelled\s*Stops on/);
  await expect(monthly.getByText("Cancel subscription", { exact: true })).toHaveCount(0);
});

test("renew: the 12-month plan runs one more term", async ({ page }) => {
  await signIn(page);
  await page.goto("/account");
  const plan = subscription(page, "12-Month Plan");
  await expect(subscription(page, "Monthly Subscription").getByText("Renew", { exact: true })).toHaveCount(0);
  await plan.getByText("Renew", { exact: true }).click();
  await plan.getByRole("button", { name: "Confirm renewal" }).click();
  await expect(page.getByText(/is renewed until/)).toBeVisible();
  await expect(plan).toContainText(/Renewed\s*Runs until/);
});

test("change quantity: more start today; the same quantity is refused under the field", async ({ page }) => {
  await signIn(page);
  await page.goto("/account");
  const monthly = subscription(page, "Monthly Subscription");
  await monthly.getByText("Change quantity", { exact: true }).click();
  await monthly.getByLabel("New quantity").fill("2");
  await monthly.getByRole("button", { name: "Confirm new quantity" }).click();
  await expect(monthly.getByText("Enter a quantity other than 2, the one you have.")).toBeVisible();
  await expect(monthly.getByLabel("New quantity")).toHaveAttribute("aria-invalid", "true");

  await monthly.getByLabel("New quantity").fill("3");
  await monthly.getByRole("button", { name: "Confirm new quantity" }).click();
  // The list reads the new quantity (the toast's words: tests/account/subscription-actions.routes.test.ts).
  await expect(monthly).toContainText(/Quantity\s*3/);
  await expect(monthly.getByText("Enter a quantity other than 2, the one you have.")).toHaveCount(0);
});
