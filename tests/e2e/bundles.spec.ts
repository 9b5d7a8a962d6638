/**
 * Bundles and sets as a shopper meets them, with JavaScript on and off: a bundle's page lists its parts and adds the
 * bundle as one cart line; a set's page offers no Add to cart of its own and adds a part with that part's button.
 * axe audits both pages (serious and critical violations fail; the js-off project audits the server-rendered HTML).
 */
import type { Page } from "@playwright/test";
import { auditablePage, expect, seriousViolations, test } from "./support";

const KIT = { id: "01tDM0000000B01", name: "Pour-Over Brewing Kit" }; // a bundle, $89.00
const MUG_SET = { id: "01tDM0000000S01", name: "Clay & Kiln Mug Set" }; // a set
const SPECKLED = "Speckled Stoneware Mug, 14 oz"; // $16.00, two in the set

const parts = (page: Page, title: string) => page.getByRole("region", { name: title });

/** Clicks a button that posts to the product page and waits for the answer and the header's count. */
async function addWith(page: Page, button: ReturnType<Page["getByRole"]>, expectedCount: number) {
  const added = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/product/"),
  );
  await button.click();
  await added;
  await expect(page.getByRole("link", { name: `Cart, ${expectedCount} items` })).toBeVisible();
}

test("a bundle's page lists its parts, and the bundle goes into the cart as one line", async ({ page }) => {
  await page.goto(`/product/${KIT.id}`);
  const list = parts(page, "In this bundle");
  await expect(list.getByRole("listitem")).toHaveText([
    "Glass Pour-Over Dripper Quantity: 1",
    "Digital Coffee Scale with Timer Quantity: 1",
    "Paper Filters #02, Pack of 200 Quantity: 2",
  ]);
  await expect(list.getByRole("link", { name: "Glass Pour-Over Dripper" })).toHaveAttribute(
    "href",
    "/product/glass-pour-over-dripper/01tDM0000000020",
  );
  await page.getByRole("textbox", { name: "Quantity" }).fill("2");
  await addWith(page, page.getByRole("button", { name: "Add to cart" }), 2);
  await page.goto("/cart");
  await expect(page.getByRole("article", { name: KIT.name })).toContainText("$178.00");
  await expect(page.getByRole("article")).toHaveCount(1);
});

test("a set's page has no Add to cart of its own: a part's button adds that part", async ({ page }) => {
  await page.goto(`/product/${MUG_SET.id}`);
  await expect(page.getByRole("heading", { level: 1, name: MUG_SET.name })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Quantity" })).toHaveCount(0);
  const list = parts(page, "In this set");
  const speckled = list.getByRole("listitem").filter({ hasText: SPECKLED });
  await expect(speckled).toContainText("Quantity: 2");
  await expect(speckled).toContainText("$16.00");
  // The button's name carries its part's ("Add to cart: Speckled…"), the visible text only "Add to cart".
  await addWith(page, list.getByRole("button", { name: new RegExp(`^Add to cart\\s?: ${SPECKLED}$`) }), 2);
  await expect(page).toHaveURL(new RegExp(`/product/${MUG_SET.id}$`));
  await page.goto("/cart");
  await expect(page.getByRole("article", { name: SPECKLED })).toBeVisible();
  await expect(page.getByRole("article", { name: MUG_SET.name })).toHaveCount(0);
});

for (const [which, id, title] of [
  ["bundle", KIT.id, "In this bundle"],
  ["set", MUG_SET.id, "In this set"],
] as const) {
  test(`axe: a ${which}'s page`, async ({ page, browser }, testInfo) => {
    // An axe run of a whole product page takes most of the default 30 s on a loaded machine.
    test.setTimeout(60_000);
    const target = await auditablePage(page, browser, testInfo);
    await target.goto(`/product/${id}`);
    await expect(parts(target, title)).toBeVisible();
    expect(await seriousViolations(target)).toEqual([]);
  });
}
