/**
 * A spec that starts from a saved state (tests/e2e/support.ts: `saveEmulatorState`, `test.use({ emulatorState })`):
 * the buyer's cart, made once through the API, is there when each test starts, whatever the test before it did.
 */
import { apiAuth, BUYER, expect, saveEmulatorState, signIn, test } from "./support";

const API = "/services/data/v65.0/commerce/webstores/0ZEDEMO00000001";
const FRENCH_PRESS = { id: "01tDM0000000023", name: "French Press, 34 oz" };
const TAMPER = { id: "01tDM0000000017", name: "Stainless Tamper 58 mm" };
const STATE = "e2e-buyer-cart";

test.beforeAll(async ({ playwright }) => {
  await saveEmulatorState(playwright, STATE, async (request) => {
    const added = await request.post(`${API}/carts/active/cart-items`, {
      headers: await apiAuth.buyer(BUYER),
      data: { productId: FRENCH_PRESS.id, quantity: "2", type: "Product" },
    });
    expect(added.status(), await added.text()).toBe(201);
  });
});

test.describe("a spec on a saved state", () => {
  test.use({ emulatorState: STATE });

  test("the buyer finds the cart the state holds: its line and the header's count", async ({ page }) => {
    await signIn(page, BUYER);
    await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
    await page.goto("/cart");
    await expect(page.getByRole("article", { name: FRENCH_PRESS.name })).toBeVisible();
    await expect(
      page.getByRole("article", { name: FRENCH_PRESS.name }).getByRole("textbox", { name: "Quantity" }),
    ).toHaveValue("2");

    // What this test changes is its own: the next test starts from the state again.
    await page.goto(`/product/${TAMPER.id}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
  });

  test("the next test starts from the state, not from what the last one left", async ({ page }) => {
    await signIn(page, BUYER);
    await page.goto("/cart");
    await expect(page.getByRole("article", { name: FRENCH_PRESS.name })).toBeVisible();
    await expect(page.getByRole("article", { name: TAMPER.name })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  });
});

test("a test without the option starts from the fixtures: the buyer's cart is empty", async ({ page }) => {
  await signIn(page, BUYER);
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});
