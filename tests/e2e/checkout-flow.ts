/**
 * A guest's way through checkout, step by step, shared by the checkout tests and the accessibility audits.
 * The emulator's test gateway: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
 */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./support";

export const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
export const EXPIRY_YEAR = String(new Date().getFullYear() + 2);
export const TEXAS = {
  firstName: "Sam",
  lastName: "Shopper",
  street: "200 Congress Ave",
  city: "Austin",
  region: "TX",
  postalCode: "78701",
};

export async function addToCart(page: Page, productId: string, quantity = 1) {
  await page.goto(`/product/${productId}`);
  if (quantity !== 1) await page.getByLabel("Quantity").fill(String(quantity));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart").first()).toBeVisible();
}

/** From the cart page, the way a shopper starts: the cart's "Checkout" link. */
export async function goToCheckout(page: Page) {
  await page.goto("/cart");
  const checkout = page.getByRole("link", { name: "Checkout" });
  await expect(checkout, "the cart page links to /checkout").toHaveAttribute("href", "/checkout");
  await checkout.click();
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible();
}

export async function fillAddress(group: Locator, address: typeof TEXAS) {
  await group.getByLabel("First Name").fill(address.firstName);
  await group.getByLabel("Last Name").fill(address.lastName);
  await group.getByLabel("Street").fill(address.street);
  await group.getByLabel("City").fill(address.city);
  await group.getByLabel("State").fill(address.region);
  await group.getByLabel("Postal Code").fill(address.postalCode);
}

/** A guest's contact details and a new address, then the delivery step with its default method. */
export async function guestToPayment(page: Page) {
  const contact = page.getByRole("group", { name: "Contact information" });
  await contact.getByLabel("Email").fill("sam@example.com");
  await contact.getByLabel("Last Name").fill("Shopper");
  await contact.getByLabel("Phone").fill("5125550100");
  await fillAddress(page.getByRole("group", { name: "Shipping address" }), TEXAS);
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await expect(page.getByRole("heading", { name: "Delivery", level: 2 })).toBeVisible();
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel("Cardholder name").fill("Sam Shopper");
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry month").selectOption("12");
  await page.getByLabel("Expiry year").selectOption(EXPIRY_YEAR);
  await page.getByLabel("CVV").fill("123");
}

/** The emulated webstore API, on the store's own origin: for calls straight to it, as another shopper would make. */
export const API = "/services/data/v65.0/commerce/webstores/0ZEDEMO00000001";
