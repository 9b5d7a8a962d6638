import type { Page } from "@playwright/test";
import { BUYER, expect, hydrated, jsEnabled, signIn, signOut, test } from "./support";

const ETHIOPIA = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" }; // $18.50
const COLOMBIA = { id: "01tDM0000000002", name: "Colombia Huila Whole Bean, 12 oz" }; // $17.00

async function addToCart(page: Page, productId: string, expectedCount: number) {
  await page.goto(`/product/${productId}`);
  // With JavaScript the count is optimistic: wait for the add itself to answer before leaving the page.
  const added = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/product/"),
  );
  await page.getByRole("button", { name: "Add to cart" }).click();
  await added;
  await expect(
    page.getByRole("link", { name: `Cart, ${expectedCount} item${expectedCount === 1 ? "" : "s"}` }),
  ).toBeVisible();
}

const line = (page: Page, name: string) => page.getByRole("article", { name });
const total = (page: Page) => page.locator(".store-totals__total dd");
const subtotal = (page: Page) =>
  page.locator(".store-totals div", { has: page.getByText("Subtotal", { exact: true }) }).locator("dd");

async function shopTheCart(page: Page) {
  await addToCart(page, ETHIOPIA.id, 1);
  await addToCart(page, COLOMBIA.id, 2);

  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
  await expect(line(page, ETHIOPIA.name)).toBeVisible();
  await expect(line(page, COLOMBIA.name)).toBeVisible();

  // 3 × $18.50 + $17.00 = $72.50
  await line(page, ETHIOPIA.name).getByRole("textbox", { name: "Quantity" }).fill("3");
  await line(page, ETHIOPIA.name).getByRole("button", { name: "Update" }).click();
  await expect(subtotal(page)).toHaveText("$72.50");
  await expect(page.getByRole("link", { name: "Cart, 4 items" })).toBeVisible();

  // SAVE10: 10% off → $65.25 (no tax before checkout)
  await page.getByLabel("Coupon code").fill("SAVE10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("button", { name: "Remove coupon SAVE10" })).toBeVisible();
  await expect(total(page)).toHaveText("$65.25");

  // Remove Colombia: $55.50 less 10% → $49.95
  await line(page, COLOMBIA.name)
    .getByRole("button", { name: `Remove ${COLOMBIA.name}` })
    .click();
  await expect(line(page, COLOMBIA.name)).toHaveCount(0);
  // With JavaScript the page stays put: focus moves from the vanished line to the list's heading, not the page top.
  if (jsEnabled(page)) await expect(page.getByRole("heading", { level: 2, name: /^Items/ })).toBeFocused();
  await expect(total(page)).toHaveText("$49.95");
  await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
}

test("a guest adds two products, changes a quantity, applies SAVE10 and removes a line", async ({ page }) => {
  await shopTheCart(page);
});

test("a signed-in buyer shops the same way and the cart survives logout and login", async ({ page }) => {
  await signIn(page);
  await shopTheCart(page);
  await signOut(page);
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  await signIn(page);
  await page.goto("/cart");
  await expect(line(page, ETHIOPIA.name)).toBeVisible();
  await expect(line(page, ETHIOPIA.name).getByRole("textbox", { name: "Quantity" })).toHaveValue("3");
  await expect(total(page)).toHaveText("$49.95");
});

test("a guest's cart comes along when they sign in, and signing out ends the buyer's session at the site", async ({
  page,
  store,
}) => {
  await addToCart(page, COLOMBIA.id, 1);
  await signIn(page);
  // The guest's UVID went into the login (Headless Guest Flow → named user), so the guest cart was preserved.
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await page.goto("/cart");
  await expect(line(page, COLOMBIA.name)).toBeVisible();
  const identity = await store.journal({ path: "/services/oauth2/" });
  expect(identity.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(
    expect.arrayContaining([
      "POST /services/oauth2/authorize 302",
      "POST /services/oauth2/token 200",
      "GET /services/oauth2/userinfo 200",
    ]),
  );
  expect(identity.some((e) => e.path === "/services/oauth2/revoke")).toBe(false);

  await signOut(page);
  expect(await store.journal({ method: "POST", path: "/services/oauth2/revoke" })).toEqual([
    expect.objectContaining({ status: 200 }),
  ]);
  // Signed out, the shopper is a new guest with an empty cart.
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
});

test("Remove sent twice (a double click, another tab) is already done: the rest of the cart stays", async ({
  page,
}) => {
  await addToCart(page, ETHIOPIA.id, 1);
  await addToCart(page, COLOMBIA.id, 2);
  await page.goto("/cart");
  const remove = line(page, COLOMBIA.name).getByRole("button", { name: `Remove ${COLOMBIA.name}` });
  // The same form, posted again after the line is gone: as a second click or a stale tab sends it.
  const fields = await remove.evaluate((button) => {
    const form = (button as HTMLButtonElement).form!;
    const data = new FormData(form, button as HTMLButtonElement);
    return Object.fromEntries([...data.entries()].map(([k, v]) => [k, String(v)]));
  });
  await remove.click();
  await expect(line(page, COLOMBIA.name)).toHaveCount(0);
  const again = await page.request.post("/cart", {
    form: fields,
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(again.status()).toBeLessThan(400);
  await page.goto("/cart");
  await expect(line(page, ETHIOPIA.name)).toBeVisible();
  await expect(page.getByText(/not found|0a9/i)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
});

test("coupons that do not apply say why and keep the code typed", async ({ page }) => {
  await addToCart(page, ETHIOPIA.id, 1);
  await page.goto("/cart");
  await page.getByLabel("Coupon code").fill("BIGSPENDER");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(/qualif/i).first()).toBeVisible();
  await expect(page.getByLabel("Coupon code")).toHaveValue("BIGSPENDER");
});

test("a product error comes back with the spec's message and the typed quantity kept", async ({ page }) => {
  await page.goto("/product/01tDM000000LAST");
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Not enough inventory for selected quantity").first()).toBeVisible();
  await expect(page.getByLabel("Quantity")).toHaveValue("2");
  // With JavaScript the page stays put and the message is the quantity field's own error (without it, a toast).
  if (jsEnabled(page)) {
    await expect(page.getByLabel("Quantity")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Quantity")).toHaveAccessibleDescription(/Not enough inventory for selected quantity/);
  }
});

test("the empty cart says so and links back to the shop", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue shopping" })).toBeVisible();
});

test("browsing: category navigation, keyword search with paging, and a product page", async ({ page }) => {
  await page.goto("/");
  // Featured products: the first top-level category's first page (Coffee), with prices.
  const featured = page.locator("section", { has: page.getByRole("heading", { name: "Featured products" }) });
  await expect(featured.getByRole("heading", { level: 3, name: ETHIOPIA.name })).toBeVisible();
  await expect(featured.getByText("$18.50")).toBeVisible();
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Coffee" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Coffee" })).toBeVisible();
  await page.getByRole("search", { name: "Site" }).getByLabel("Search products").fill("mug");
  await page.getByRole("button", { name: "Search" }).first().click();
  await expect(page).toHaveURL(/\/search\?q=mug/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("mug");
  await page.goto("/search?q=zzzz-nothing");
  await expect(page.getByText(/No products match/)).toBeVisible();
  await page.goto(`/product/${ETHIOPIA.id}`);
  await expect(page.getByRole("heading", { level: 1, name: ETHIOPIA.name })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toBeVisible();
});

test("sorts a category and a search by the store's sort rules, keeping the sort while paging", async ({ page }) => {
  const cardPrices = async () =>
    (await page.locator(".store-card__price").allTextContents()).map((text) =>
      Number(/\$([\d,]+\.\d\d)/.exec(text)?.[1].replace(/,/g, "")),
    );
  await page.goto("/category/mugs-drinkware/0ZGDM0000000DRK");
  await page.getByLabel("Sort by").selectOption({ label: "Price (High-Low)" });
  await page.getByRole("button", { name: "Sort" }).click();
  await expect(page).toHaveURL(/[?&]sort=0qUDM0000000005/);
  await expect(page.getByLabel("Sort by")).toHaveValue("0qUDM0000000005");
  // Read until the render catches up with the URL (see below); the default order is not by price.
  await expect
    .poll(async () => {
      const prices = await cardPrices();
      return prices.length > 1 && prices.every((price, i) => i === 0 || prices[i - 1] >= price);
    })
    .toBe(true);

  // "oz" matches 26 products: three pages.
  await page.goto("/search?q=oz");
  await page.getByLabel("Sort by").selectOption({ label: "Product Name (A-Z)" });
  await page.getByRole("button", { name: "Sort" }).click();
  await expect(page).toHaveURL(/\/search\?q=oz&sort=0qUDM0000000002/);
  // With JavaScript the URL can change a moment before React renders the new page (the render runs in a
  // transition), so the cards are read until they show the sorted page rather than once.
  const titles = () => page.locator(".store-card__title").allTextContents();
  const isSorted = (list: string[]) => list.every((name, i) => i === 0 || list[i - 1].localeCompare(name) <= 0);
  await expect.poll(async () => isSorted(await titles())).toBe(true);
  const names = await titles();
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/sort=0qUDM0000000002&page=2/);
  await expect
    .poll(async () => (await titles())[0]?.localeCompare(names[names.length - 1]) ?? -1)
    .toBeGreaterThanOrEqual(0);
  expect(isSorted(await titles())).toBe(true);
});

test("a store that lets no guest browse sends the guest to sign in, then back to the product", async ({
  page,
  store,
}) => {
  await store.settings({ applicationContext: { guestBrowsingEnabled: false } });
  await page.goto(`/product/${ETHIOPIA.id}`);
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/product/${ETHIOPIA.id}`)}`);
  await expect(page.getByText("Sign in to browse the store.")).toBeVisible();
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password").fill(BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: ETHIOPIA.name })).toBeVisible();
});

test("a guest the catalog API refuses (401) is sent to sign in rather than shown an error", async ({ page, store }) => {
  // The store's own settings still allow guests: only the API's answer says otherwise (a real org's cached
  // application context can lag behind its settings). Twice: a first 401 could be a stale guest token, which the
  // storefront replaces before asking again.
  await store.fault({
    path: "*/search/product-search",
    status: 401,
    errorCode: "INVALID_SESSION_ID",
    message: "Session expired or invalid",
    times: 2,
  });
  await page.goto("/search?q=mug");
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/search?q=mug")}`);
  await expect(page.getByText("Sign in to browse the store.")).toBeVisible();
});

test("the − / + stepper changes a line's quantity; with JavaScript a burst of clicks sends one update", async ({
  page,
}) => {
  await addToCart(page, ETHIOPIA.id, 1);
  await page.goto("/cart");
  const ethiopia = line(page, ETHIOPIA.name);
  const increase = ethiopia.getByRole("button", { name: `Increase quantity of ${ETHIOPIA.name}` });
  const decrease = ethiopia.getByRole("button", { name: `Decrease quantity of ${ETHIOPIA.name}` });
  await expect(decrease).toHaveAttribute("aria-disabled", "true");

  const cartPosts: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname.startsWith("/cart")) cartPosts.push(req.url());
  });

  if (jsEnabled(page)) {
    // Three clicks within the 150 ms debounce: the field shows 4 at once, and one update goes out. Once the page runs:
    // a click before hydration is the plain form's post, and the page it brings back loses the burst's next click.
    await hydrated(page);
    await increase.click();
    await increase.click();
    await increase.click();
    await expect(ethiopia.getByRole("textbox", { name: "Quantity" })).toHaveValue("4");
    await expect(subtotal(page)).toHaveText("$74.00");
    await expect(page.getByRole("link", { name: "Cart, 4 items" })).toBeVisible();
    expect(cartPosts).toHaveLength(1);
  } else {
    // Without JavaScript every click is a form post: + then + then − leaves 2.
    await increase.click();
    await expect(ethiopia.getByRole("textbox", { name: "Quantity" })).toHaveValue("2");
    await increase.click();
    await expect(ethiopia.getByRole("textbox", { name: "Quantity" })).toHaveValue("3");
    await decrease.click();
    await expect(ethiopia.getByRole("textbox", { name: "Quantity" })).toHaveValue("2");
    await expect(subtotal(page)).toHaveText("$37.00");
    expect(cartPosts).toHaveLength(3);
  }
  await expect(decrease).not.toHaveAttribute("aria-disabled", "true");

  // Enter in the field saves what was typed (the form's default action is Update, not the − before it).
  const field = ethiopia.getByRole("textbox", { name: "Quantity" });
  await field.fill("7");
  await field.press("Enter");
  await expect(subtotal(page)).toHaveText("$129.50");
  await expect(field).toHaveValue("7");
});

test("a page past the last one says so and links back to page 1, keeping the search", async ({ page }) => {
  // "mug" has results, all on page 1: page 2 is not "no products match".
  await page.goto("/search?q=mug&page=2");
  await expect(page.getByText("There is no page 2 of these results.")).toBeVisible();
  await expect(page.getByText(/No products match/)).toHaveCount(0);
  await page.getByRole("link", { name: "Go to page 1" }).click();
  await expect(page).toHaveURL(/\/search\?q=mug$/);
  await expect(page.getByRole("heading", { level: 2, name: /Mug/ }).first()).toBeVisible();

  await page.goto("/category/coffee/0ZGDM0000000CFE?page=99");
  await expect(page.getByRole("heading", { level: 1, name: "Coffee" })).toBeVisible();
  await expect(page.getByText("There is no page 99 of these results.")).toBeVisible();
  await expect(page.getByText(/No products match/)).toHaveCount(0);
  await page.getByRole("link", { name: "Go to page 1" }).click();
  await expect(page).toHaveURL(/\/category\/coffee\/0ZGDM0000000CFE$/);
  await expect(page.getByRole("heading", { level: 2, name: ETHIOPIA.name })).toBeVisible();
});

test("a cart of more lines than one page shows (25) pages them, and the page links work", async ({ page }) => {
  // 30 products added straight to the product pages' action (the add form's fields), as a shopper's adds would be.
  for (let n = 1; n <= 30; n++) {
    const id = `01tDM00000000${String(n).padStart(2, "0")}`;
    await page.request.post(`/product/${id}`, { form: { intent: "add", quantity: "1", productId: id } });
  }
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  // With JavaScript the page links' code is fetched for such a cart (a one-page cart never asks for it).
  const linksCode = jsEnabled(page) ? page.waitForResponse((res) => /\/CartPages-\w+\.js$/.test(res.url())) : null;
  await page.goto("/cart");
  await linksCode;
  const pages = page.getByRole("navigation", { name: "Cart pages" });
  await expect(pages.getByText("Page 1 of 2")).toBeVisible();
  // The lines' articles: "Frequently bought together" below the cart has cards of its own.
  const lines = page.getByRole("region", { name: /^Items/ }).getByRole("article");
  await expect(lines).toHaveCount(25);
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/cart\?page=2$/);
  await expect(pages.getByText("Page 2 of 2")).toBeVisible();
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(pages.getByText("Page 1 of 2")).toBeVisible();
  await expect(lines).toHaveCount(25);
  // The links' code loads after the page (React.lazy): hydrating around them raises no error.
  expect(errors).toEqual([]);
});

test("a toast in the page the server sends shows at once and, with JavaScript, closes", async ({ page }) => {
  // A plain form's post (no JavaScript marker): the action answers 303 with the toast for the next page.
  await page.request.post(`/product/${ETHIOPIA.id}`, {
    form: { intent: "add", quantity: "1", productId: ETHIOPIA.id },
    maxRedirects: 0,
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/cart");
  const notifications = page.getByRole("region", { name: "Notifications" });
  await expect(notifications.getByText("Added to your cart")).toBeVisible();
  if (jsEnabled(page)) {
    // The toast's code loads as the page hydrates (React.lazy): then it can be closed.
    await notifications.getByRole("button", { name: "Close" }).click();
    await expect(notifications.getByText("Added to your cart")).toBeHidden();
  }
  expect(errors).toEqual([]);
});
