/**
 * Subscriptions (issue #10 item 1), with JavaScript on and off: a product's selling models as a radio group on its
 * page, the chosen model added to the cart, the term on the cart and checkout pages, and the refusals in words.
 * Roaster's Choice Coffee Subscription (SUB-ROASTER) sells once, monthly, or as a 12-month plan.
 */
import type { Page } from "@playwright/test";
import { fillCard, goToCheckout } from "./checkout-flow";
import { auditablePage, expect, jsEnabled, seriousViolations, signIn, test } from "./support";

const ROASTERS_CHOICE = { path: "/product/01tDM0000000013", name: "Roaster's Choice Coffee Subscription" };
const EXPIRY_YEAR = String(new Date().getFullYear() + 2);

const options = (page: Page) => page.getByRole("group", { name: "Purchase option" });

async function addPlan(page: Page, plan: string | null, quantity = "1") {
  await page.goto(ROASTERS_CHOICE.path);
  if (plan) await options(page).getByRole("radio", { name: plan }).check();
  if (quantity !== "1") await page.getByLabel("Quantity").fill(quantity);
  await page.getByRole("button", { name: "Add to cart" }).click();
}

/** The cart's lines of Roaster's Choice: one per plan, each saying its term. */
const cartLine = (page: Page, term: string) =>
  page.getByRole("article", { name: ROASTERS_CHOICE.name }).filter({ has: page.getByText(term, { exact: true }) });

test("the product page offers one-time, monthly and the 12-month plan as one radio group, nothing chosen", async ({
  page,
  browser,
}, testInfo) => {
  await page.goto(ROASTERS_CHOICE.path);
  const group = options(page);
  await expect(group.getByRole("radio")).toHaveCount(3);
  await expect(group.getByRole("radio", { name: "One-Time Purchase" })).toHaveAccessibleDescription(
    "Buy once, no subscription.",
  );
  await expect(group.getByRole("radio", { name: "Monthly Subscription" })).toHaveAccessibleDescription(
    "Renews every month until you cancel.",
  );
  await expect(group.getByRole("radio", { name: "12-Month Plan" })).toHaveAccessibleDescription(
    "A 12-month plan, billed yearly.",
  );
  for (const radio of await group.getByRole("radio").all()) await expect(radio).not.toBeChecked();
  // Each option with its own price (the product's productPriceEntries).
  await expect(group.getByRole("radio", { name: "Monthly Subscription $20.00", exact: true })).toBeVisible();
  // A product sold without selling models has no choice to make.
  await page.goto("/product/01tDM0000000001");
  await expect(options(page)).toHaveCount(0);

  const audited = await auditablePage(page, browser, testInfo);
  await audited.goto(ROASTERS_CHOICE.path);
  expect(await seriousViolations(audited)).toEqual([]);
});

test("a monthly subscription and a 12-month plan become two cart lines, each with its term, through to review", async ({
  page,
}) => {
  await addPlan(page, "Monthly Subscription");
  await expect(page.getByText("Added to your cart").first()).toBeVisible();
  await addPlan(page, "12-Month Plan", "2");
  await expect(page.getByText("Added to your cart").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();

  await page.goto("/cart");
  await expect(cartLine(page, "Monthly subscription")).toBeVisible();
  await expect(cartLine(page, "12-month plan, billed yearly")).toBeVisible();
  await expect(cartLine(page, "12-month plan, billed yearly").getByRole("textbox", { name: "Quantity" })).toHaveValue(
    "2",
  );

  // Checkout as a guest: the order summary and the review name each line's term.
  await page.getByRole("link", { name: "Checkout" }).click();
  const contact = page.getByRole("group", { name: "Contact information" });
  await contact.getByLabel("Email").fill("sub@example.com");
  await contact.getByLabel("Last Name").fill("Subscriber");
  await contact.getByLabel("Phone").fill("5125550100");
  const address = page.getByRole("group", { name: "Shipping address" });
  await address.getByLabel("First Name").fill("Sam");
  await address.getByLabel("Last Name").fill("Subscriber");
  await address.getByLabel("Street").fill("200 Congress Ave");
  await address.getByLabel("City").fill("Austin");
  await address.getByLabel("State").fill("TX");
  await address.getByLabel("Postal Code").fill("78701");
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByLabel("Cardholder name").fill("Sam Subscriber");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry month").selectOption("12");
  await page.getByLabel("Expiry year").selectOption(EXPIRY_YEAR);
  await page.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  const summary = page.getByRole("list", { name: "Items" });
  await expect(summary.getByText("Monthly subscription")).toBeVisible();
  await expect(summary.getByText("12-month plan, billed yearly")).toBeVisible();
  await expect(page.getByText(`${ROASTERS_CHOICE.name}, Monthly subscription (1)`)).toBeVisible();

  // The order page names the plan each line was bought on.
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await page.getByRole("link", { name: "View order details" }).click();
  const lines = page.locator(".orders-item");
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: "Monthly Subscription" }).getByText("1", { exact: true })).toBeVisible();
  await expect(lines.filter({ hasText: "12-Month Plan" }).getByText("2", { exact: true })).toBeVisible();
});

test("a buyer's 12-month plan, bought for a chosen term through checkout, is in their account with that term and the day's orders", async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page);
  // The plan's term, chosen on the product page: two annual terms.
  await page.goto(ROASTERS_CHOICE.path);
  await options(page).getByRole("radio", { name: "12-Month Plan" }).check();
  await options(page).getByLabel("Term").selectOption({ label: "2 years" });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart").first()).toBeVisible();
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Subscriptions" });
  await expect(section.getByText("You have no active subscriptions.")).toBeVisible();

  // The buyer's saved address, the default delivery method, a card.
  await goToCheckout(page);
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  const orderNumber = /(\d{8})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(orderNumber).toBeTruthy();

  await page.goto("/account");
  const subscription = section.getByRole("listitem", { name: ROASTERS_CHOICE.name });
  await expect(subscription.getByText("12-Month Plan: 24-month plan, billed yearly")).toBeVisible();
  await expect(subscription.getByRole("link", { name: ROASTERS_CHOICE.name })).toBeVisible();
  const audited = await auditablePage(page, browser, testInfo);
  if (audited !== page) await signIn(audited);
  await audited.goto("/account");
  await expect(audited.getByText("12-Month Plan: 24-month plan, billed yearly")).toBeVisible();
  expect(await seriousViolations(audited)).toEqual([]);

  // The resource names no order: the day's orders hold the one that bought it.
  await subscription.getByRole("link", { name: /^Orders of / }).click();
  await expect(page.getByRole("heading", { name: "Order History" })).toBeVisible();
  await expect(page.getByRole("link", { name: orderNumber! })).toBeVisible();
});

test("adding without choosing a plan answers product error 106 in the spec's words, the quantity kept", async ({
  page,
}) => {
  await addPlan(page, null, "3");
  await expect(page.getByText("Selling Models are invalid").first()).toBeVisible();
  await expect(page.getByLabel("Quantity")).toHaveValue("3");
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  // With JavaScript the message is the option group's own (without it, a toast).
  if (jsEnabled(page)) await expect(options(page)).toHaveAccessibleDescription("Selling Models are invalid");
});

test("a purchase option the product isn't sold with is refused clearly, never a 500, and the choice kept", async ({
  page,
}) => {
  // Forms a browser could never send from the page: an id that is no selling model id, then one of another kind.
  for (const [plan, message] of [
    ["monthly-please", "Choose one of this product's purchase options."],
    ["0jPDM0000000BAD", "Selling Models are invalid"],
  ] as const) {
    await page.goto(ROASTERS_CHOICE.path);
    const answer = await page.request.post(ROASTERS_CHOICE.path, {
      form: { intent: "add", quantity: "2", productSellingModelId: plan },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    const location = answer.headers()["location"] ?? "";
    expect(new URL(location, "http://store").searchParams.get("quantity")).toBe("2");
    await page.goto(location);
    await expect(page.getByText(message).first()).toBeVisible();
    await expect(page.getByLabel("Quantity")).toHaveValue("2");
  }
  // Without JavaScript a refused add comes back to the page with the plan in its address: it is chosen again.
  await page.goto(`${ROASTERS_CHOICE.path}?quantity=2&plan=0jPDM00000MONTH`);
  await expect(options(page).getByRole("radio", { name: "Monthly Subscription" })).toBeChecked();
});

test("a store that sells no subscriptions (subscriptionConfig off) offers the product once only", async ({
  page,
  store,
}) => {
  await store.settings({
    applicationContext: {
      subscriptionConfig: {
        subscriptionPlusEnabled: false,
        rlmSubscriptionEnabled: false,
        commerceSubscriptionARCUIEnabled: false,
      },
    },
  });
  await page.goto(ROASTERS_CHOICE.path);
  await expect(options(page).getByRole("radio")).toHaveCount(1);
  await expect(options(page).getByRole("radio", { name: "Monthly Subscription" })).toHaveCount(0);
  await addPlan(page, "One-Time Purchase");
  await expect(page.getByText("Added to your cart").first()).toBeVisible();
  await page.goto("/cart");
  await expect(cartLine(page, "One-time purchase")).toBeVisible();
});
