/**
 * Paying at checkout, with JavaScript on and off (both projects run every test): refused and expired cards, and
 * coupons applied while paying. The emulator's test gateway: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
 * declined.
 */
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
import { expect, test } from "./support";

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
