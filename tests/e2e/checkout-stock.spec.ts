/**
 * Stock that runs out during checkout, with JavaScript on and off (both projects run every test): another guest buys
 * the last unit under our shopper. LAST-UNIT (Vintage Copper Moka Pot) has one unit in stock.
 */
import type { APIRequestContext } from "@playwright/test";
import {
  addToCart,
  API,
  EXPIRY_YEAR,
  fillAddress,
  fillCard,
  goToCheckout,
  guestToPayment,
  TEXAS,
} from "./checkout-flow";
import { apiAuth, expect, test } from "./support";

const LAST_UNIT = { id: "01tDM000000LAST", name: "Vintage Copper Moka Pot" };

/** Another guest, straight through the API: buys `productId` so it sells out under our shopper. */
async function rivalBuys(request: APIRequestContext, productId: string) {
  const headers = await apiAuth.guest();
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await request.fetch(`${API}/${path}`, { method, data, headers });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.status() === 204 ? null : res.json();
  };
  // After a start or a change, the checkout is read until its calculators ran (202, then 200), as a client polls.
  const settle = async (checkoutId: string) => {
    for (let reads = 0; reads < 10; reads++) {
      const res = await request.fetch(`${API}/checkouts/${checkoutId}`, { headers });
      if (res.status() !== 202) return;
    }
  };
  await call("POST", "carts/active/cart-items", { productId, quantity: "1", type: "Product" });
  const { checkoutId } = await call("PUT", "checkouts", { cartId: "active" });
  await settle(checkoutId);
  await call("PATCH", `checkouts/${checkoutId}`, { deliveryAddress: { ...TEXAS, name: "Rita Rival", country: "US" } });
  await settle(checkoutId);
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
