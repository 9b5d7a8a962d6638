/**
 * Checkout in a store that switched optional features off (application context `splitShipmentEnabled`, the
 * `giftingConfig` sub-flags): the steps offer nothing the store turned off and the order is placed. JS on and off.
 */
import { COFFEE, addToCart, fillCard, goToCheckout, guestToPayment } from "./checkout-flow";
import { expect, test } from "./support";

const GIFTING = { isGiftingEnabled: true, isGiftMessageEnabled: true, isGiftWrapEnabled: true };

async function payAndReview(page: import("@playwright/test").Page) {
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await fillCard(page, "4242424242424242");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review", level: 2 })).toBeVisible();
}

test("split shipment and gift messages off: one shipment, a wrapped gift without a message", async ({
  page,
  store,
}) => {
  await store.settings({
    applicationContext: { splitShipmentEnabled: false, giftingConfig: { ...GIFTING, isGiftMessageEnabled: false } },
  });
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await expect(page.getByRole("button", { name: "Add a shipment" })).toHaveCount(0);
  await guestToPayment(page);
  await page.getByLabel("Send as a gift").check();
  await page.getByLabel("Gift for").fill("Robin");
  await expect(page.getByLabel("Gift message")).toHaveCount(0);
  await page.getByLabel("Gift wrap").check();
  await payAndReview(page);
  await expect(page.getByText("For Robin, gift wrapped")).toBeVisible();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText(/Your order number is \d{8}/)).toBeVisible();
});

test("gifting off: no gift options on the delivery step", async ({ page, store }) => {
  await store.settings({ applicationContext: { giftingConfig: { ...GIFTING, isGiftingEnabled: false } } });
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await expect(page.getByRole("button", { name: "Add a shipment" })).toBeVisible();
  await guestToPayment(page);
  await expect(page.getByLabel("Shipping instructions")).toBeVisible();
  await expect(page.getByLabel("Send as a gift")).toHaveCount(0);
  await expect(page.getByLabel("Gift wrap")).toHaveCount(0);
  await payAndReview(page);
  await expect(page.getByText("Gift", { exact: true })).toHaveCount(0);
});
