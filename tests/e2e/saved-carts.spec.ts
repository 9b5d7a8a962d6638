import type { Page } from "@playwright/test";
import { auditablePage, BUYER, expect, seriousViolations, signIn, test } from "./support";

/**
 * Saved carts (issue 37, decision 021): a signed-in buyer saves the cart for later from the cart page, and on
 * /account/carts makes a saved cart primary, saves a cart to a wishlist and deletes one, each confirmed by a toast;
 * the header's count is the primary cart's. Every form is a plain POST, so each step runs alike with JavaScript off.
 * Guests keep one cart. Fixtures: the B2C buyer has no cart and the list 'My List'.
 */

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const HUILA = { id: "01tDM0000000002", name: "Colombia Huila Whole Bean, 12 oz" };

const cartLink = (page: Page, count: number) =>
  page.getByRole("link", { name: `Cart, ${count} item${count === 1 ? "" : "s"}` });
const savedCart = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

async function addToCart(page: Page, product: { id: string }, countAfter: number) {
  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(cartLink(page, countAfter)).toBeVisible();
}

test("the buyer saves the cart for later, makes it primary again, saves a cart to a wishlist and deletes one", async ({
  page,
}) => {
  // A dozen pages and forms in one journey.
  test.slow();
  await signIn(page, BUYER);
  await addToCart(page, COFFEE, 1);

  await page.goto("/cart");
  await page.getByLabel("Cart name").fill("Office restock");
  await page.getByRole("button", { name: "Save cart for later" }).click();
  await expect(page).toHaveURL(/\/account\/carts$/);
  await expect(page.getByText("Saved “Office restock” for later. Your cart is empty now.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Your carts" })).toBeVisible();
  await expect(savedCart(page, "Office restock")).toContainText("1 line");
  await expect(cartLink(page, 0)).toBeVisible();

  // A new cart is the primary one; the saved cart comes back with Make primary, and the one it replaces is kept.
  await addToCart(page, HUILA, 1);
  await page.goto("/account");
  await page.getByRole("link", { name: "Saved carts" }).click();
  await expect(page).toHaveURL(/\/account\/carts$/);
  await expect(savedCart(page, "Cart")).toContainText("Primary cart");
  await savedCart(page, "Office restock").getByRole("button", { name: "Make primary “Office restock”" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("“Office restock” is now your cart.")).toBeVisible();
  await expect(page.getByRole("link", { name: COFFEE.name })).toBeVisible();
  await expect(cartLink(page, 1)).toBeVisible();

  await page.getByRole("link", { name: "Your saved carts" }).click();
  await expect(savedCart(page, "Office restock")).toContainText("Primary cart");
  const previous = savedCart(page, "Cart");
  await previous.getByLabel("Wishlist for Cart").selectOption({ label: "My List" });
  await previous.getByRole("button", { name: "Save to wishlist “Cart”" }).click();
  await expect(page.getByText("Added 1 product of “Cart” to My List.")).toBeVisible();

  await savedCart(page, "Cart").getByRole("button", { name: "Delete “Cart”" }).click();
  await expect(page.getByText("Deleted “Cart”.")).toBeVisible();
  await expect(savedCart(page, "Cart")).toHaveCount(0);
  await expect(savedCart(page, "Office restock")).toBeVisible();

  await page.goto("/wishlist");
  await expect(page.getByRole("article", { name: HUILA.name })).toBeVisible();
});

test("a guest keeps one cart: no save form, and the carts page asks to sign in", async ({ page }) => {
  await addToCart(page, COFFEE, 1);
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: COFFEE.name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save cart for later" })).toHaveCount(0);
  await page.goto("/account/carts");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fcarts$/);
  await expect(page.getByText("Sign in to see your saved carts.")).toBeVisible();
});

test("the carts page and the cart page's save form pass axe", async ({ page, browser }, testInfo) => {
  test.slow();
  const audited = await auditablePage(page, browser, testInfo);
  await signIn(audited, BUYER);
  await addToCart(audited, COFFEE, 1);
  await audited.goto("/cart");
  await expect(audited.getByRole("button", { name: "Save cart for later" })).toBeVisible();
  expect(await seriousViolations(audited)).toEqual([]);
  await audited.goto("/account/carts");
  await expect(audited.getByRole("heading", { level: 1, name: "Your carts" })).toBeVisible();
  expect(await seriousViolations(audited)).toEqual([]);
});
