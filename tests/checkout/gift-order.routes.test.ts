/**
 * Gifting after checkout: a shipment sent as a gift, with its recipient (`giftToName`) and gift wrap, is placed, and
 * the order's page names the recipient and the wrap (the emulator keeps giftToName on the order's delivery group).
 */
import { expect, test } from "vitest";
import { useStore } from "../support/routes";

const COFFEE = "01tDM0000000001";
const EXPIRY_YEAR = String(new Date().getFullYear() + 2);
const CONTACT = { Email: "gift@example.com", lastName: "Giver", Phone: "5125550100" };
const TEXAS = {
  "First Name": "Sam",
  "shipments[0].address.lastName": "Giver",
  Street: "200 Congress Ave",
  City: "Austin",
  State: "TX",
  "Postal Code": "78701",
};

const store = useStore();

test("a gift's recipient and wrap, chosen at delivery, are on the order's page after checkout (JavaScript off)", async () => {
  const guest = store.visitor();
  expect((await guest.submit(`/product/${COFFEE}`, { intent: "add", quantity: "1" })).status).toBe(303);
  const start = await guest.load("/checkout");
  const shipping = await guest.load(start.location!);
  const delivery = await guest.fill(shipping, "Continue to delivery", { ...CONTACT, ...TEXAS }, { follow: true });
  const payment = await guest.fill(
    delivery,
    "Continue to payment",
    {
      "Send as a gift": "on",
      "Gift for": "Ana Recipient",
      "Gift message": "Happy birthday!",
      "Gift wrap": "on",
    },
    { follow: true },
  );
  expect(payment.text).toContain("Continue to review");
  const toReview = await guest.fill(payment, "Continue to review", {
    "Card number": "4242424242424242",
    "Expiry month": "12",
    "Expiry year": EXPIRY_YEAR,
    CVV: "123",
  });
  const placed = await guest.fill(await guest.load(toReview.location!), "Place order", {});
  const orderNumber = /confirmation\/(\d{8})$/.exec(placed.location ?? "")?.[1];
  expect(orderNumber).toBeTruthy();

  const found = await guest.fill(await guest.load("/OrderLookup"), "View order details", {
    "Order Number": orderNumber!,
    "Email Address": CONTACT.Email,
  });
  const order = await guest.load(found.location!);
  expect(order.status).toBe(200);
  expect(order.text).toContain("Gift Yes");
  expect(order.text).toContain("Gift for Ana Recipient");
  expect(order.text).toContain("Gift message Happy birthday!");
  expect(order.text).toContain("Gift wrap Yes");
});
