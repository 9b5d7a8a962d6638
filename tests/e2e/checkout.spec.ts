/**
 * Checkout end to end, as shoppers do it, with JavaScript on and off (both projects run every test).
 * The emulator's test gateway: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined; any non-blank
 * purchase order number succeeds for a business buyer. LAST-UNIT (Vintage Copper Moka Pot) has one unit in stock.
 */
import type { APIRequestContext } from "@playwright/test";
import {
  addToCart,
  COFFEE,
  EXPIRY_YEAR,
  fillAddress,
  fillCard,
  goToCheckout,
  guestToPayment,
  TEXAS,
} from "./checkout-flow";
import { B2B_BUYER, apiAuth, expect, jsEnabled, signIn, test } from "./support";

const API = "/services/data/v65.0/commerce/webstores/0ZEDEMO00000001";
const MUG = { id: "01tDM0000000027" };
const LAST_UNIT = { id: "01tDM000000LAST", name: "Vintage Copper Moka Pot" };

/** Another guest, straight through the API: buys `productId` so it sells out under our shopper. */
async function rivalBuys(request: APIRequestContext, productId: string) {
  const headers = await apiAuth.guest();
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await request.fetch(`${API}/${path}`, { method, data, headers });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.status() === 204 ? null : res.json();
  };
  await call("POST", "carts/active/cart-items", { productId, quantity: "1", type: "Product" });
  const { checkoutId } = await call("PUT", "checkouts", { cartId: "active" });
  await call("PATCH", `checkouts/${checkoutId}`, { deliveryAddress: { ...TEXAS, name: "Rita Rival", country: "US" } });
  await call("PATCH", `checkouts/${checkoutId}`, {
    contactInfo: { lastName: "Rival", email: "rita@example.com", phoneNumber: "5125550199" },
  });
  const { token } = await call("POST", "payments/token", {
    cardPaymentMethod: {
      cardHolderName: "Rita Rival",
      cardNumber: "4242424242424242",
      cvv: "123",
      expiryMonth: "12",
      expiryYear: EXPIRY_YEAR,
    },
  });
  await call("POST", `checkouts/${checkoutId}/payments`, { requestType: "Auth", paymentToken: token });
  const placed = await call("POST", `checkouts/${checkoutId}/orders`);
  expect(placed.orderReferenceNumber).toBeTruthy();
}

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

test("a declined card says so and keeps everything typed except the card number", async ({ page }) => {
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await guestToPayment(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await fillCard(page, "4000 0000 0000 0002");
  await page.getByLabel("Same as shipping address").uncheck();
  const billing = page.getByRole("group", { name: "Billing address" });
  await fillAddress(billing, { ...TEXAS, street: "1 Billing Way", city: "Dallas", postalCode: "75201" });
  await page.getByRole("button", { name: "Continue to review" }).click();

  await expect(
    page.getByRole("alert").filter({ hasText: "Your card was declined. Use another card or payment method." }),
  ).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveValue("");
  await expect(page.getByLabel("Cardholder name")).toHaveValue("Sam Shopper");
  await expect(page.getByLabel("Expiry month")).toHaveValue("12");
  await expect(page.getByLabel("Same as shipping address")).not.toBeChecked();
  await expect(billing.getByLabel("Street")).toHaveValue("1 Billing Way");
  await expect(billing.getByLabel("City")).toHaveValue("Dallas");

  // Another card goes through.
  await page.getByLabel("Card number").fill("4242424242424242");
  await page.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
});

test("a card number the gateway refuses is refused on the number, and the card is named by what was typed", async ({
  page,
}) => {
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await guestToPayment(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  // Twelve to nineteen digits pass the form's own check; the gateway's Luhn check refuses this one (422).
  await fillCard(page, "4242 4242 4242 4241");
  await page.getByRole("button", { name: "Continue to review" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Check the following" });
  await expect(summary.getByRole("link", { name: "Card number: Enter a valid card number." })).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Card number")).toHaveAccessibleDescription("Enter a valid card number.");
  await expect(page.getByLabel("Card number")).toHaveValue("");
  await expect(page.getByLabel("Cardholder name")).toHaveValue("Sam Shopper");

  await fillCard(page, "5555 5555 5555 4444");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expect(page.getByText("Mastercard ending in 4444")).toBeVisible();
});

test("an expired card is refused on its expiry date, not on its number", async ({ page, store }) => {
  // January of this year is over from February on; in January the gateway's (virtual) clock moves past it.
  if (new Date().getUTCMonth() === 0) await store.advanceClock(40 * 24 * 60 * 60);
  const thisYear = String(new Date().getUTCFullYear());
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await guestToPayment(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await fillCard(page, "4242 4242 4242 4242");
  await page.getByLabel("Expiry month").selectOption("01");
  await page.getByLabel("Expiry year").selectOption(thisYear);
  await page.getByRole("button", { name: "Continue to review" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "Check the following" });
  await expect(
    summary.getByRole("link", { name: "Expiry month: Your card has expired. Use another card." }),
  ).toBeVisible();
  await expect(summary).not.toContainText("Card number");
  await expect(page.getByLabel("Expiry month")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Expiry month")).toHaveAccessibleDescription("Your card has expired. Use another card.");
  await expect(page.getByLabel("Card number")).not.toHaveAttribute("aria-invalid");
  // The date stays to be corrected; the card number and security code are asked for again, as after any refusal.
  await expect(page.getByLabel("Expiry month")).toHaveValue("01");
  await expect(page.getByLabel("Expiry year")).toHaveValue(thisYear);
  await expect(page.getByLabel("Cardholder name")).toHaveValue("Sam Shopper");
  await expect(page.getByLabel("Card number")).toHaveValue("");

  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
});

test("applying and removing a coupon while paying keeps everything typed except the card number", async ({ page }) => {
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await guestToPayment(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await page.getByLabel("Cardholder name").fill("Alex Payer");
  await page.getByLabel("Expiry month").selectOption("12");
  await page.getByLabel("Expiry year").selectOption(EXPIRY_YEAR);
  await page.getByLabel("Same as shipping address").uncheck();
  const billing = page.getByRole("group", { name: "Billing address" });
  await fillAddress(billing, { ...TEXAS, street: "1 Billing Way", city: "Dallas", postalCode: "75201" });
  const kept = async () => {
    await expect(page.getByLabel("Cardholder name")).toHaveValue("Alex Payer");
    await expect(page.getByLabel("Expiry month")).toHaveValue("12");
    await expect(page.getByLabel("Expiry year")).toHaveValue(EXPIRY_YEAR);
    await expect(page.getByLabel("Same as shipping address")).not.toBeChecked();
    await expect(billing.getByLabel("Street")).toHaveValue("1 Billing Way");
    await expect(billing.getByLabel("City")).toHaveValue("Dallas");
    await expect(billing.getByLabel("Postal Code")).toHaveValue("75201");
    // Nothing was wrong with the payment: no field is marked.
    await expect(page.getByRole("alert").filter({ hasText: "Check the following" })).toHaveCount(0);
  };

  await page.getByLabel("Coupon code").fill("SAVE10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Coupon SAVE10 applied.")).toBeVisible();
  const applied = page.getByRole("list", { name: "Applied coupons" });
  await expect(applied).toContainText("SAVE10");
  await expect(page.getByText("Discounts")).toBeVisible();
  await expect(page.getByLabel("Coupon code"), "the field is ready for another code").toHaveValue("");
  await kept();

  await applied.getByRole("button", { name: "Remove coupon SAVE10" }).click();
  await expect(page.getByText("Coupon SAVE10 removed.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Applied coupons" })).toHaveCount(0);
  await kept();

  await page.getByLabel("Card number").fill("4242424242424242");
  await page.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
});

test("Enter in the coupon field applies the code, and a refused code stays to be corrected", async ({ page }) => {
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await guestToPayment(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  // A complete card: Enter in the coupon field must not pay with it instead of applying the code.
  await fillCard(page, "4242 4242 4242 4242");

  const coupon = page.getByLabel("Coupon code");
  await coupon.fill("NOPE");
  await coupon.press("Enter");
  await expect(page.getByLabel("Coupon code")).toHaveAccessibleDescription("Enter a valid coupon code.");
  await expect(page.getByLabel("Coupon code")).toHaveValue("NOPE");
  await expect(page.getByLabel("Cardholder name")).toHaveValue("Sam Shopper");

  await page.getByLabel("Coupon code").fill("SAVE10");
  await page.getByLabel("Coupon code").press("Enter");
  await expect(page.getByText("Coupon SAVE10 applied.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment", level: 2 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Applied coupons" })).toContainText("SAVE10");
});

test("an item that sells out during checkout is named, with the way back to the cart, and nothing typed is lost", async ({
  page,
  playwright,
}) => {
  await addToCart(page, LAST_UNIT.id);
  await goToCheckout(page);
  const contact = page.getByRole("group", { name: "Contact information" });
  await contact.getByLabel("Email").fill("sam@example.com");
  await contact.getByLabel("Last Name").fill("Shopper");
  await contact.getByLabel("Phone").fill("5125550100");
  const address = page.getByRole("group", { name: "Shipping address" });
  await fillAddress(address, TEXAS);

  // Meanwhile another shopper buys the last unit.
  const rival = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  await rivalBuys(rival, LAST_UNIT.id);
  await rival.dispose();

  await page.getByRole("button", { name: "Continue to delivery" }).click();
  const alert = page
    .getByRole("alert")
    .filter({ hasText: `${LAST_UNIT.name} is no longer available in the quantity you asked for.` });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("link", { name: "Review your cart" })).toHaveAttribute("href", "/cart");
  await expect(contact.getByLabel("Email")).toHaveValue("sam@example.com");
  await expect(contact.getByLabel("Phone")).toHaveValue("5125550100");
  await expect(address.getByLabel("Street")).toHaveValue(TEXAS.street);
  await expect(address.getByLabel("Postal Code")).toHaveValue(TEXAS.postalCode);
});

test("a card is never charged for an item that sold out while the shopper was paying", async ({
  page,
  playwright,
  store,
}) => {
  await addToCart(page, LAST_UNIT.id);
  await goToCheckout(page);
  await guestToPayment(page);
  // Meanwhile another shopper buys the last unit.
  const rival = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  await rivalBuys(rival, LAST_UNIT.id);
  await rival.dispose();
  const paymentsBefore = (await store.journal({ method: "POST", path: "/payments" })).length;

  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment", level: 2 })).toBeVisible();
  await fillCard(page, "4242424242424242");

  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: `${LAST_UNIT.name} is no longer available` })
      .first(),
  ).toBeVisible();
  expect(await store.journal({ method: "POST", path: "/payments" })).toHaveLength(paymentsBefore);
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
  await store.settings({ asyncPolls: 2 });
  const response = await page.goto("/checkout");
  // The server answers at once with 'Loading' (it never waits for the API); the page refreshes itself.
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

  // 409: somebody changed the checkout at the same moment; the API's answer is never retried.
  await store.fault({ method: "PATCH", path: "*/checkouts/*", status: 409, errorCode: "CONCURRENT_MODIFICATION" });
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Your cart changed. Review it and try again." }),
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
