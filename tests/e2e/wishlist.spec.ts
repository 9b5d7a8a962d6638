import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { B2B_BUYER, BUYER, expect, signIn, test } from "./support";

// The B2C buyer's fixture list 'My List': Guatemala Antigua, Speckled Stoneware Mug, and the out-of-stock Gesha (ERR-100).
const ETHIOPIA = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const GUATEMALA = "Guatemala Antigua Whole Bean, 12 oz";
const MUG = "Speckled Stoneware Mug, 14 oz";
const MUG_ID = "01tDM0000000028"; // on the fixture list already
const GESHA = "Gesha Village Lot 74 Whole Bean, 4 oz";

const item = (page: Page, name: string) => page.getByRole("article", { name });
const cartLink = (page: Page, count: number) => page.getByRole("link", { name: `Cart, ${count} item${count === 1 ? "" : "s"}` });

test("the buyer saves a product from its page, sees it on the wishlist, removes one and adds all to the cart", async ({ page }) => {
  await signIn(page, BUYER);
  await expect(cartLink(page, 0)).toBeVisible();

  await page.goto(`/product/${ETHIOPIA.id}`);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Saved to My List")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${ETHIOPIA.id}$`));
  // The page now says the product is saved, in place of the button, and keeps saying so on the next visit.
  await expect(page.getByRole("button", { name: "Add to wishlist" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "On your wishlist." })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "On your wishlist." }).getByRole("link", { name: "View wishlist" })).toHaveAttribute("href", "/wishlist");
  await page.goto(`/product/${MUG_ID}`);
  await expect(page.getByRole("status").filter({ hasText: "On your wishlist." })).toBeVisible();

  await page.getByRole("link", { name: "Wishlist", exact: true }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "My List (4 items)" })).toBeVisible();
  for (const name of [ETHIOPIA.name, GUATEMALA, MUG, GESHA]) await expect(item(page, name)).toBeVisible();
  await expect(item(page, ETHIOPIA.name).getByRole("link", { name: ETHIOPIA.name })).toHaveAttribute("href", new RegExp(`${ETHIOPIA.id}$`));
  await expect(item(page, ETHIOPIA.name).getByText("$18.50")).toBeVisible();
  await expect(item(page, GESHA).getByText("No more available items for current product")).toBeVisible();

  await item(page, GESHA).getByRole("button", { name: `Remove ${GESHA}` }).click();
  await expect(item(page, GESHA)).toHaveCount(0);
  await expect(page.getByText(`Removed ${GESHA} from your wishlist.`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "My List (3 items)" })).toBeVisible();

  await page.getByRole("button", { name: "Add all to cart" }).click();
  await expect(page.getByText("Added 3 items to your cart.")).toBeVisible();
  await expect(cartLink(page, 3)).toBeVisible();
  // The list keeps its items after they went into the cart.
  await expect(item(page, ETHIOPIA.name)).toBeVisible();

  await page.goto("/cart");
  for (const name of [ETHIOPIA.name, GUATEMALA, MUG]) await expect(page.getByRole("article", { name })).toBeVisible();
});

test("adding all to the cart names the product that couldn't be added", async ({ page }) => {
  await signIn(page, BUYER);
  await page.goto("/wishlist");
  await page.getByRole("button", { name: "Add all to cart" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "Added 2 items to your cart." });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`We couldn't add: ${GESHA} (No more available items for current product)`);
  await expect(cartLink(page, 2)).toBeVisible();
});

test("a buyer without a list sees the empty state, and their first save creates My List", async ({ page }) => {
  await signIn(page, B2B_BUYER);
  await page.getByRole("link", { name: "Wishlist", exact: true }).click();
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add all to cart" })).toHaveCount(0);

  await page.goto(`/product/${ETHIOPIA.id}`);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Saved to My List")).toBeVisible();
  await page.goto("/wishlist");
  await expect(page.getByRole("heading", { level: 2, name: "My List (1 item)" })).toBeVisible();
  await item(page, ETHIOPIA.name).getByRole("button", { name: `Remove ${ETHIOPIA.name}` }).click();
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
});

test("guests are offered to sign in on the product page and sent to sign in from the wishlist", async ({ page }) => {
  await page.goto(`/product/${ETHIOPIA.id}`);
  await expect(page.getByRole("button", { name: "Add to wishlist" })).toHaveCount(0);
  const signInToSave = page.getByRole("link", { name: "Sign in to save items" });
  await expect(signInToSave).toHaveAttribute("href", `/login?redirectTo=%2Fproduct%2F${ETHIOPIA.id}`);

  await page.goto("/wishlist");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fwishlist$/);
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password").fill(BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(item(page, GUATEMALA)).toBeVisible();
});

test("axe finds no serious or critical violation on the wishlist", async ({ page, browser }, testInfo) => {
  let target = page;
  if (testInfo.project.name === "js-off") {
    // As in kit.spec.ts: axe needs JavaScript, so audit the server-rendered page with the app's scripts blocked.
    const context = await browser.newContext({ javaScriptEnabled: true });
    await context.route("**/build/**/*.js", (route) => route.abort());
    target = await context.newPage();
  }
  await signIn(target, BUYER);
  await target.goto("/wishlist");
  await expect(item(target, GUATEMALA)).toBeVisible();
  const results = await new AxeBuilder({ page: target }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  if (target !== page) await target.context().close();
});
