/**
 * Application-context settings a shopper's requests follow (issue #10 item 7), with JavaScript on and off.
 */
import { expect, test } from "./support";

const COFFEE = "01tDM0000000001";

async function addCoffee(page: import("@playwright/test").Page) {
  await page.goto(`/product/${COFFEE}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart").first()).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
}

/** Whether each cart call the storefront made carried X-Highscale (the emulator's journal notes it). */
async function cartCallsHighScale(store: {
  journal: (q: { path?: string }) => Promise<unknown[]>;
}): Promise<boolean[]> {
  const entries = (await store.journal({ path: "/carts" })) as { path: string; highScale: boolean }[];
  expect(entries.length).toBeGreaterThan(0);
  return [...new Set(entries.map((e) => e.highScale))];
}

test("cart calls carry X-Highscale only when the store has high-scale carts (propertiesEx.highScaleCartEnabled)", async ({
  page,
  store,
}) => {
  await addCoffee(page);
  expect(await cartCallsHighScale(store)).toEqual([false]);

  await store.reset();
  await store.settings({
    applicationContext: {
      propertiesEx: { highScaleCartEnabled: true, shopperCopilotUIEnabled: false, paymentsLegacyFormsEnabled: false },
    },
  });
  await page.context().clearCookies();
  await addCoffee(page);
  expect(await cartCallsHighScale(store)).toEqual([true]);
  // Calls that are not cart calls never carry it.
  const others = await store.journal({ path: "/products/" });
  expect(others.length).toBeGreaterThan(0);
  expect(others.every((e) => !e.highScale)).toBe(true);
});
