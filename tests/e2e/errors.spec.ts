import { expect, test } from "./support";

/**
 * Error pages' titles: screen readers announce the <title> before the page, so it must say what the page says.
 * A 404 is "… not found"; any other failure is "Something went wrong", like the page's heading.
 * The API's 500s are retried (spec §4) before the page gives up, so each failing page takes a few seconds.
 */

const ETHIOPIA = "01tDM0000000001";
const COFFEE = "0ZGDM0000000CFE";

test("a product the API fails to load (500) is titled like the error page, an unknown one 'not found'", async ({
  page,
  store,
}) => {
  await store.fault({ path: `*/products/${ETHIOPIA}`, status: 500, times: 0 });
  const failed = await page.goto(`/product/${ETHIOPIA}`);
  expect(failed?.status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page).toHaveTitle("Something went wrong | Demo Store");

  const unknown = await page.goto("/product/01tDM0000UNKNOWN");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "We can't find that page" })).toBeVisible();
  await expect(page).toHaveTitle("Product not found | Demo Store");
});

test("a category the API fails to load (500) is titled like the error page", async ({ page, store }) => {
  await store.fault({ path: `*/product-categories/${COFFEE}`, status: 500, times: 0 });
  const failed = await page.goto(`/category/coffee/${COFFEE}`);
  expect(failed?.status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page).toHaveTitle("Something went wrong | Demo Store");
});

test("another order's confirmation page is titled 'Order not found', not 'Order confirmed'", async ({ page }) => {
  // 00000101 is a fixture order, but not one placed in this session.
  const foreign = await page.goto("/checkout/confirmation/00000101");
  expect(foreign?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "We can't find that page" })).toBeVisible();
  await expect(page).toHaveTitle("Order not found | Demo Store");
});
