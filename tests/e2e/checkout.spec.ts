/**
 * Checkout end to end, as shoppers do it, with JavaScript on and off (both projects run every test): a guest's and a
 * business buyer's checkout, prices with tax included, one order however often it is placed, and a checkout that is
 * still calculating, opened at a later step, changed underneath the shopper or closed to guests. Paying:
 * checkout-payment.spec.ts; stock that runs out during checkout: checkout-stock.spec.ts. Any non-blank purchase
 * order number succeeds for a business buyer.
 */
import type { APIRequestContext } from "@playwright/test";
import { addToCart, API, COFFEE, fillAddress, fillCard, goToCheckout, guestToPayment, TEXAS } from "./checkout-flow";
import { B2B_BUYER, apiAuth, expect, jsEnabled, signIn, test } from "./support";

const MUG = { id: "01tDM0000000027" };

/** The order numbers the buyer's API shows (their order history). */
async function orderNumbersOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string[]> {
  const res = await request.get(`${API}/order-summaries?pageSize=100`, { headers: await apiAuth.buyer(who) });
  expect(res.ok()).toBe(true);
  const body = await res.json();
  return (body.orderSummaries ?? []).map((o: { orderNumber: string }) => o.orderNumber);
}

test("a guest checks out with contact details, a new address, a delivery method and a card", async ({
  page,
  browser,
}) => {
  await page.addInitScript(() => {
    const placed: string[] = [];
    (window as unknown as { placedOrders: string[] }).placedOrders = placed;
    window.addEventListener("orderPlaced", (event) => placed.push((event as CustomEvent).detail?.orderNumber));
  });
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await expect(page.locator('[aria-current="step"]')).toHaveText("Shipping");
  await guestToPayment(page);

  const express = page.getByRole("radio", { name: /Express Shipping/ });
  await expect(express).toHaveAccessibleName(/\$19\.99/);
  await expect(page.getByRole("radio", { name: /Standard Shipping/ })).toBeChecked();
  await express.check();
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page.getByRole("heading", { name: "Payment", level: 2 })).toBeVisible();
  // The store speaks v65.0, where inventory reservations don't exist (58.0-63.0 only): the page claims none.
  await expect(page.getByText(/Items reserved until/)).toHaveCount(0);
  await expect(page.getByLabel("Same as shipping address")).toBeChecked();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Continue to review" }).click();

  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await expect(page.getByText("Express Shipping ($19.99)")).toBeVisible();
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  const orderNumber = (await page.getByTestId("order-number").textContent())?.trim() ?? "";
  expect(orderNumber).not.toBe("");
  await expect(page.getByRole("link", { name: "View order details" })).toHaveAttribute(
    "href",
    `/OrderSummary/${orderNumber}`,
  );
  if (jsEnabled(page)) {
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { placedOrders: string[] }).placedOrders))
      .toEqual([orderNumber]);
  }
  // The checkout is over: the cart is empty again.
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();

  // Later, on another device (no session): the guest finds the order by its number and e-mail.
  const elsewhere = await browser.newContext({ javaScriptEnabled: jsEnabled(page) });
  const lookup = await elsewhere.newPage();
  await lookup.goto("/OrderLookup");
  await lookup.getByLabel("Order Number").fill(orderNumber);
  await lookup.getByLabel("Email Address").fill("sam@example.com");
  await lookup.getByRole("button", { name: "View order details" }).click();
  await expect(lookup).toHaveURL(new RegExp(`/OrderSummary/${orderNumber}$`));
  await expect(lookup.getByText(orderNumber).first()).toBeVisible();
  await elsewhere.close();
});

test("a business buyer acting for a managed account splits the cart into two shipments and pays by purchase order", async ({
  page,
}) => {
  await signIn(page, B2B_BUYER);
  await page.goto("/account");
  await page.getByLabel("Shop for account").selectOption({ value: "001DM00000ACME2" });
  await page.getByRole("button", { name: "Switch account" }).click();
  await expect(page.getByText("You're now shopping for Acme West Coast.")).toBeVisible();
  await addToCart(page, COFFEE.id, 3);
  await addToCart(page, MUG.id);
  await goToCheckout(page);

  await page.getByRole("button", { name: "Add a shipment" }).click();
  await expect(page.getByRole("heading", { name: "Shipment 2", level: 4 })).toBeVisible();
  const move = page.getByRole("form", { name: `Move ${COFFEE.name} from Shipment 1` });
  await move.getByLabel("Move to").selectOption({ label: "Shipment 2" });
  await move.getByLabel("Quantity to move").fill("1");
  await move.getByRole("button", { name: "Move" }).click();
  await expect(page.getByText(`Moved ${COFFEE.name} to Shipment 2.`)).toBeVisible();

  // The buyer's saved addresses of the account they act for; the default one is chosen for the first shipment.
  const first = page.getByRole("group", { name: "Shipping address for Shipment 1" });
  const second = page.getByRole("group", { name: "Shipping address for Shipment 2" });
  await expect(first.getByRole("radio", { name: /Oakland warehouse/ })).toBeChecked();
  await second.getByRole("radio", { name: /Portland showroom/ }).check();
  await page.getByRole("button", { name: "Continue to delivery" }).click();

  await expect(page.getByRole("heading", { name: "Delivery", level: 2 })).toBeVisible();
  await expect(page.getByRole("group", { name: "Delivery method for Shipment 1" })).toBeVisible();
  await expect(
    page.getByRole("group", { name: "Delivery method for Shipment 2" }).getByRole("radio", { checked: true }),
  ).toHaveCount(1);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await page.getByRole("radio", { name: "Purchase order" }).check();
  await page.getByLabel("Purchase order number").fill("PO-7788");
  await page.getByRole("button", { name: "Continue to review" }).click();

  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expect(page.getByText("Purchase order PO-7788")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Shipment 1", level: 3 })).toBeVisible();
  await expect(page.getByText(/Portland/)).toBeVisible();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByTestId("order-number")).not.toBeEmpty();
});

test("a store with gross prices says the tax is included, in the cart and at checkout, and doesn't add it again", async ({
  page,
  store,
}) => {
  await store.settings({ applicationContext: { taxType: "Gross" } });
  await addToCart(page, COFFEE.id);
  await page.goto("/cart");
  const cartTotals = page.locator(".store-totals");
  await expect(cartTotals.getByText("Tax included", { exact: true })).toBeVisible();
  await expect(cartTotals.getByText("Estimated tax", { exact: true })).toHaveCount(0);
  await goToCheckout(page);
  await guestToPayment(page);
  const summary = page.getByRole("complementary").filter({ has: page.getByText("Tax included", { exact: true }) });
  await expect(summary).toBeVisible();
  // $18.50 of coffee + $7.99 standard shipping, the Texas tax inside those prices: nothing is added on top.
  await expect(summary.locator(".store-totals__total dd")).toHaveText("$26.49");
});

test("placing the order twice creates exactly one order", async ({ page, request, store }) => {
  const before = await orderNumbersOf(request, B2B_BUYER);
  await signIn(page, B2B_BUYER);
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("radio", { name: "Purchase order" }).check();
  await page.getByLabel("Purchase order number").fill("PO-TWICE");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();

  // The same form posted again with the shopper's session (as a second click or a resent request would).
  const checkoutId = await page.locator('input[name="checkoutId"]').inputValue();
  const postAgain = () =>
    page.request.post("/checkout/review", { form: { intent: "placeOrder", checkoutId }, maxRedirects: 0 });
  const placeOrder = page.getByRole("button", { name: "Place order" });
  let locations: (string | undefined)[];
  if (jsEnabled(page)) {
    // While the order is being placed the button is disabled; a second post meanwhile changes nothing.
    await store.fault({ method: "POST", path: "*/orders/actions", latencyMs: 1000 });
    await placeOrder.click();
    await expect(page.getByRole("button", { name: /Placing your order/ })).toBeDisabled();
    const again = await postAgain();
    expect(again.status()).toBe(303);
    locations = [again.headers()["location"]];
  } else {
    // Two posts at once, then the page's own button.
    const answers = await Promise.all([postAgain(), postAgain()]);
    expect(answers.map((answer) => answer.status())).toEqual([303, 303]);
    locations = answers.map((answer) => answer.headers()["location"]);
    await placeOrder.click();
  }
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  const orderNumber = (await page.getByTestId("order-number").textContent())?.trim() ?? "";
  for (const location of locations) expect(location).toBe(`/checkout/confirmation/${orderNumber}`);

  const after = await orderNumbersOf(request, B2B_BUYER);
  expect(after.filter((n) => n === orderNumber)).toHaveLength(1);
  expect(after.length).toBe(before.length + 1);
});

test("a checkout the API is still calculating shows Loading, then carries on by itself", async ({ page, store }) => {
  await addToCart(page, COFFEE.id);
  // Twelve reads answer 202: more than the nine a page makes in its second before it answers 'Loading'.
  await store.settings({ checkoutPolls: 12 });
  const response = await page.goto("/checkout");
  // The server reads the checkout for a second, then answers 'Loading'; the page refreshes itself.
  expect(await response?.text()).toContain("Loading");
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible({ timeout: 10_000 });
});

test("a shopper who opens a later step first lands on shipping, where every field error is listed at once", async ({
  page,
}) => {
  await addToCart(page, COFFEE.id);
  await page.goto("/checkout/payment");
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible();
  // Every field error at once, announced in the summary.
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Check the following" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: "Email: Complete this field." })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Street: Complete this field." })).toBeVisible();
  await expect(page.getByRole("group", { name: "Contact information" }).getByLabel("Email")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
});

test("a checkout that changed or expired underneath the shopper says so and starts again", async ({ page, store }) => {
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  const contact = page.getByRole("group", { name: "Contact information" });
  await contact.getByLabel("Email").fill("sam@example.com");
  await contact.getByLabel("Last Name").fill("Shopper");
  await contact.getByLabel("Phone").fill("5125550100");
  await fillAddress(page.getByRole("group", { name: "Shipping address" }), TEXAS);

  // 409 on a change that outlasts the store's retries (it sends a refused change again once the checkout reads
  // ready, three times, as the LWR client does): the shopper is asked to try again in a moment.
  await store.fault({
    method: "PATCH",
    path: "*/checkouts/*",
    status: 409,
    errorCode: "CONCURRENT_MODIFICATION",
    times: 4, // the change and its three retries
  });
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "We're still saving your last change. Try again in a moment." }),
  ).toBeVisible();
  await expect(contact.getByLabel("Email")).toHaveValue("sam@example.com");

  // 410: the checkout expired while the shopper was away; the next page starts a new one.
  await store.advanceClock(31 * 60);
  await page.goto("/checkout/delivery");
  await expect(page.getByText("Your checkout expired, so we started it again.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible();
});

test("a guest sent to sign in when the store allows no guest checkout comes back to the checkout", async ({
  page,
  store,
}) => {
  await addToCart(page, COFFEE.id);
  await store.settings({ applicationContext: { guestCheckoutEnabled: false } });
  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout" }).click({ timeout: 5_000 });
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout/);
  await expect(page.getByText("Sign in to check out.")).toBeVisible();
  await page.getByLabel("Email").fill(B2B_BUYER.email);
  await page.getByLabel("Password").fill(B2B_BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible();
  await expect(
    page.getByRole("group", { name: "Shipping address" }).getByRole("radio", { name: /Chicago HQ receiving/ }),
  ).toBeChecked();
});
