/**
 * Checkout with the store's optional features switched off (application context `splitShipmentEnabled`,
 * `giftingConfig.isGiftingEnabled` / `isGiftMessageEnabled` / `isGiftWrapEnabled`, changed through the emulator's
 * `POST /__emulator/settings`): the step offers nothing the store turned off, a form posted for it anyway (an older
 * page, or by hand) changes nothing, and the order is still placed. Without JavaScript and with it.
 */
import { afterEach, describe, expect, test } from "vitest";
import { useStore, type Answer, type Visitor } from "../support/routes";

const COFFEE = "01tDM0000000001";
const EXPIRY_YEAR = String(new Date().getFullYear() + 2);
const CONTACT = { Email: "sam@example.com", lastName: "Shopper", Phone: "5125550100" };
const TEXAS = {
  "First Name": "Sam",
  "shipments[0].address.lastName": "Shopper",
  Street: "200 Congress Ave",
  City: "Austin",
  State: "TX",
  "Postal Code": "78701",
};
const CARD = { "Card number": "4242424242424242", "Expiry month": "12", "Expiry year": EXPIRY_YEAR, CVV: "123" };
const GIFTING = { isGiftingEnabled: true, isGiftMessageEnabled: true, isGiftWrapEnabled: true };

const store = useStore();
afterEach(() => store.reset());

async function storeSettings(applicationContext: Record<string, unknown>) {
  expect((await store.control("POST", "/__emulator/settings", { applicationContext })).ok).toBe(true);
}

async function guestAtShipping(): Promise<{ guest: Visitor; shipping: Answer }> {
  const guest = store.visitor();
  expect((await guest.submit(`/product/${COFFEE}`, { intent: "add", quantity: 1 })).status).toBe(303);
  const shipping = await guest.load("/checkout", { follow: true });
  expect(shipping.text).toContain("Contact information");
  return { guest, shipping };
}

async function guestAtDelivery(): Promise<{ guest: Visitor; delivery: Answer }> {
  const { guest, shipping } = await guestAtShipping();
  const delivery = await guest.fill(shipping, "Continue to delivery", { ...CONTACT, ...TEXAS }, { follow: true });
  expect(delivery.text).toContain("Continue to payment");
  return { guest, delivery };
}

/** The delivery form posted with every gift field, offered or not; the review page that follows. */
async function reviewAfterGift(guest: Visitor, delivery: Answer, js: boolean): Promise<Answer> {
  const gift = {
    "shipments[0].isGift": "on",
    "shipments[0].giftToName": "Robin",
    "shipments[0].giftMessage": "Happy birthday!",
    "shipments[0].giftWrap": "on",
  };
  const toPayment = await guest.fill(delivery, "Continue to payment", gift, { js });
  expect(toPayment.location).toBe("/checkout/payment");
  const payment = await guest.load("/checkout/payment");
  const toReview = await guest.fill(payment, "Continue to review", CARD, { js });
  expect(toReview.location).toBe("/checkout/review");
  return guest.load("/checkout/review");
}

async function placeOrder(guest: Visitor, review: Answer, js: boolean) {
  const placed = await guest.fill(review, "Place order", {}, { js });
  expect(placed.location).toMatch(/^\/checkout\/confirmation\/\d{8}$/);
}

describe("A store with split shipment off", () => {
  test.each([false, true])("offers one shipment and adds none when asked anyway (JavaScript %s)", async (js) => {
    await storeSettings({ splitShipmentEnabled: false });
    const { guest, shipping } = await guestAtShipping();
    expect(shipping.text).not.toContain("Add a shipment");
    expect(shipping.text).not.toContain("Move");

    const asked = await guest.submit("/checkout/shipping", { intent: "addShipment" }, { js });
    expect(asked.status).toBe(js ? 202 : 303);
    expect(asked.location).toBe("/checkout/shipping");
    const again = await guest.load("/checkout/shipping");
    expect(again.toasts).toEqual(["This store ships each order to one address."]);
    expect(again.text).not.toContain("Shipment 2");

    const delivery = await guest.fill(again, "Continue to delivery", { ...CONTACT, ...TEXAS }, { js, follow: !js });
    if (js) expect(delivery.location).toBe("/checkout/delivery");
    const review = await reviewAfterGift(guest, await guest.load("/checkout/delivery"), js);
    expect(review.text).toContain("Ships to Sam Shopper");
    await placeOrder(guest, review, js);
  });

  test("with it on, the same form adds a shipment (the off path's refusal is the flag's doing)", async () => {
    const { guest, shipping } = await guestAtShipping();
    expect(shipping.text).toContain("Add a shipment");
    const asked = await guest.submit("/checkout/shipping", { intent: "addShipment" });
    expect(asked.status).toBe(303);
    expect((await guest.load("/checkout/shipping")).toasts).toEqual(["Shipment 2 added. Move items to it."]);
  });
});

describe("A store with gifting off", () => {
  test.each([false, true])("offers no gift options and makes no gift (JavaScript %s)", async (js) => {
    await storeSettings({ giftingConfig: { ...GIFTING, isGiftingEnabled: false } });
    const { guest, delivery } = await guestAtDelivery();
    expect(delivery.text).not.toContain("Send as a gift");
    expect(delivery.text).not.toContain("Gift message");
    expect(delivery.text).not.toContain("Gift wrap");
    const review = await reviewAfterGift(guest, delivery, js);
    expect(review.text).not.toMatch(/Gift|Robin|Happy birthday|gift wrapped/);
    await placeOrder(guest, review, js);
  });

  test.each([false, true])("without gift messages: the gift without its message (JavaScript %s)", async (js) => {
    await storeSettings({ giftingConfig: { ...GIFTING, isGiftMessageEnabled: false } });
    const { guest, delivery } = await guestAtDelivery();
    expect(delivery.text).toContain("Send as a gift");
    expect(delivery.text).not.toContain("Gift message");
    expect(delivery.text).toContain("Gift wrap");
    const review = await reviewAfterGift(guest, delivery, js);
    expect(review.text).toContain("Gift For Robin, gift wrapped");
    expect(review.text).not.toContain("Happy birthday");
    await placeOrder(guest, review, js);
  });

  test.each([false, true])("without gift wrap: the gift and its message, not wrapped (JavaScript %s)", async (js) => {
    await storeSettings({ giftingConfig: { ...GIFTING, isGiftWrapEnabled: false } });
    const { guest, delivery } = await guestAtDelivery();
    expect(delivery.text).toContain("Gift message");
    expect(delivery.text).not.toContain("Gift wrap");
    const review = await reviewAfterGift(guest, delivery, js);
    expect(review.text).toContain("Gift For Robin, “Happy birthday!”");
    expect(review.text).not.toContain("gift wrapped");
    await placeOrder(guest, review, js);
  });

  test("with every gift option on, all three reach the review (the off paths' absences are the flags' doing)", async () => {
    const { guest, delivery } = await guestAtDelivery();
    const review = await reviewAfterGift(guest, delivery, false);
    expect(review.text).toContain("Gift For Robin, gift wrapped, “Happy birthday!”");
  });
});
