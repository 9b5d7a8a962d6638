import type { Browser, Page, TestInfo } from "@playwright/test";
import { BUYER, expect, jsEnabled, seriousViolations, test } from "./support";

/**
 * The emulator's console (docs/console.md) beside the store, as a developer uses it: the store in one tab, the
 * console in another. With JavaScript on (the journal's rows arrive by themselves) and off (every action is a form).
 */

const ETHIOPIA = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const COLOMBIA = { id: "01tDM0000000002", name: "Colombia Huila Whole Bean, 12 oz" };
const TROUBLE = "The store is having trouble right now";

/** The store's tab: a second page in the same browser context (same cookies, as two tabs are). */
const storeTab = (page: Page) => page.context().newPage();

async function addToCart(page: Page, productId: string, expectedCount: number) {
  await page.goto(`/product/${productId}`);
  const added = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/product/"),
  );
  await page.getByRole("button", { name: "Add to cart" }).click();
  await added;
  await expect(
    page.getByRole("link", { name: `Cart, ${expectedCount} item${expectedCount === 1 ? "" : "s"}` }),
  ).toBeVisible();
}

/** The cart page's lines as the shopper reads them: each line's text and the quantity in its field. */
async function cartLines(page: Page) {
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
  const found: [string, string][] = [];
  // The lines' articles: "Frequently bought together" below the cart has cards of its own.
  for (const line of await page
    .getByRole("region", { name: /^Items/ })
    .getByRole("article")
    .all())
    found.push([await line.innerText(), await line.getByRole("textbox", { name: "Quantity" }).inputValue()]);
  return found;
}

test("a store page browsed in one tab appears in the console's journal, with its request's detail redacted", async ({
  page,
}) => {
  // Two tabs and half a dozen page loads: more than the default 30 s allows on a busy machine.
  test.setTimeout(60_000);
  await page.goto("/__emulator/console/journal");
  await expect(page.getByRole("heading", { level: 1, name: "Journal" })).toBeVisible();

  const shop = await storeTab(page);
  const consoleFiles: string[] = [];
  shop.on("request", (req) => {
    if (new URL(req.url()).pathname.startsWith("/__emulator/")) consoleFiles.push(req.url());
  });
  const answer = await shop.goto(`/product/${ETHIOPIA.id}`);
  await expect(shop.getByRole("heading", { level: 1, name: ETHIOPIA.name })).toBeVisible();
  const requestId = (await answer?.headerValue("x-request-id")) ?? "";
  expect(requestId).not.toBe("");
  // The store's page loads nothing of the console.
  expect(consoleFiles).toEqual([]);

  const journal = page.getByRole("table", { name: "API requests, newest first" });
  // With JavaScript the rows arrive by themselves; without, a reload shows them.
  if (!jsEnabled(page)) await page.reload();
  await expect(journal.getByRole("cell", { name: requestId }).first()).toBeVisible();

  await page.getByLabel("Storefront request id").fill(requestId);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`requestId=${requestId}`));
  const rows = journal.getByRole("row").filter({ hasText: `/products/${ETHIOPIA.id}` });
  await expect(rows.first()).toBeVisible();
  for (const rid of await journal.locator("tbody td.rid").allTextContents()) expect(rid).toBe(requestId);

  await rows.first().getByRole("link").click();
  const headers = page.getByRole("table", { name: "Request headers (credentials redacted)" });
  await expect(headers.getByRole("row", { name: /^authorization/ })).toContainText("[redacted]");
  await expect(headers.getByRole("row", { name: /^x-request-id/ })).toContainText(requestId);
});

test("a reset code read in the console's outbox completes a password reset on the store", async ({ page }) => {
  // Two tabs and half a dozen page loads: more than the default 30 s allows on a busy machine.
  test.setTimeout(60_000);
  const shop = await storeTab(page);
  await shop.goto("/forgot-password");
  await shop.getByLabel("Email").fill(BUYER.email);
  await shop.getByRole("button", { name: "Send code" }).click();
  await expect(shop.getByText("we've sent it a verification code")).toBeVisible();

  await page.goto("/__emulator/console/outbox");
  await page.getByLabel("To (e-mail address)").fill(BUYER.email);
  await page.getByRole("button", { name: "Filter" }).click();
  const mail = page.getByRole("article").first();
  await expect(mail).toContainText(BUYER.email);
  const code = /is (\d{6})\./.exec((await mail.locator("pre").textContent()) ?? "")?.[1];
  expect(code).toMatch(/^\d{6}$/);

  await shop.getByLabel("Verification code").fill(code!);
  await shop.getByLabel("New password").fill("console-pass-7");
  await shop.getByRole("button", { name: "Change password" }).click();
  await expect(shop.getByText("Your password is changed. Sign in with your new password.")).toBeVisible();
  await shop.getByLabel("Password").fill("console-pass-7");
  await shop.getByRole("button", { name: "Sign in" }).click();
  await expect(shop.getByRole("button", { name: "Log Out" })).toBeVisible();
});

test("the 'org is down' preset gives the store's next page its outage page; removing the rule restores it", async ({
  page,
}) => {
  // Two tabs and half a dozen page loads: more than the default 30 s allows on a busy machine.
  test.setTimeout(60_000);
  await page.goto("/__emulator/console/faults");
  await page.getByRole("button", { name: "The org is down" }).click();
  await expect(page.getByRole("status")).toContainText("The org is down");
  const rules = page.getByRole("table", { name: "Fault rules, in the order they are tried" });
  await expect(rules.getByRole("row").filter({ hasText: "/services/data/*" })).toContainText("503 SERVICE_UNAVAILABLE");

  const shop = await storeTab(page);
  const down = await shop.goto(`/product/${COLOMBIA.id}`);
  expect(down?.status()).toBe(503);
  await expect(shop.getByRole("heading", { level: 1, name: TROUBLE })).toBeVisible();

  await rules.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status")).toContainText("removed");
  await expect(page.getByText("No fault rules")).toBeVisible();
  // The store's circuit breaker lets a call through once its cool-off (2 s in the e2e store) has passed.
  await expect
    .poll(async () => (await shop.goto(`/product/${COLOMBIA.id}`))?.status(), { timeout: 10_000, intervals: [250] })
    .toBe(200);
  await expect(shop.getByRole("heading", { level: 1, name: COLOMBIA.name })).toBeVisible();
});

test("a state saved in the console and loaded after the cart changed brings the cart back exactly", async ({
  page,
}) => {
  // Eight page loads across two tabs: more than the default 30 s allows on a busy machine.
  test.setTimeout(60_000);
  const shop = await storeTab(page);
  await addToCart(shop, ETHIOPIA.id, 1);
  const saved = await cartLines(shop);
  expect(saved).toHaveLength(1);
  expect(saved[0][0]).toContain(ETHIOPIA.name);
  expect(saved[0][1]).toBe("1");

  await page.goto("/__emulator/console/states");
  await page.getByLabel("Name (letters, digits, - and _)").fill("one-coffee");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved as one-coffee.");

  await addToCart(shop, COLOMBIA.id, 2);
  expect(await cartLines(shop)).toHaveLength(2);

  await page.getByRole("button", { name: "Load one-coffee" }).click();
  await expect(page.getByRole("status")).toContainText("Loaded one-coffee");
  expect(await cartLines(shop)).toEqual(saved);
  await expect(shop.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
});

/** The page axe audits: with JavaScript off, the same pages in a context that blocks the console's script. */
async function auditable(page: Page, browser: Browser, testInfo: TestInfo): Promise<Page> {
  if (testInfo.project.name !== "js-off") return page;
  const context = await browser.newContext({ javaScriptEnabled: true });
  await context.route("**/__emulator/console.js", (route) => route.abort());
  return context.newPage();
}

const AUDITED = [
  "/__emulator/",
  "/__emulator/console/data",
  "/__emulator/console/data/products?q=coffee",
  `/__emulator/console/data/products/${ETHIOPIA.id}`,
  "/__emulator/console/data/buyers",
  "/__emulator/console/journal",
  "/__emulator/console/outbox",
  "/__emulator/console/faults",
  "/__emulator/console/org-setup",
  "/__emulator/console/states",
];

for (const path of AUDITED) {
  test(`the console page ${path} passes axe (no serious or critical violations)`, async ({
    page,
    browser,
  }, testInfo) => {
    // axe walks the whole page: a long table takes it several seconds on a busy machine.
    test.setTimeout(60_000);
    const target = await auditable(page, browser, testInfo);
    // Something in each list: a journal entry, a fault rule and a saved state.
    await target.request.get(`/product/${ETHIOPIA.id}`);
    await target.request.post("/__emulator/faults", { data: { path: "/nowhere", status: 500 } });
    await target.request.post("/__emulator/states/for-axe");
    const answer = await target.goto(path);
    expect(answer?.status()).toBe(200);
    expect(await seriousViolations(target)).toEqual([]);
  });
}

test("a request's detail in the journal passes axe", async ({ page, browser }, testInfo) => {
  test.setTimeout(60_000);
  const target = await auditable(page, browser, testInfo);
  await target.request.get(`/product/${ETHIOPIA.id}`);
  // The journal's numbering goes on across resets: the detail is reached from the newest row.
  await target.goto("/__emulator/console/journal");
  await target.getByRole("table", { name: "API requests, newest first" }).getByRole("link").first().click();
  await expect(target.getByRole("heading", { level: 1, name: /^Request \d+$/ })).toBeVisible();
  expect(await seriousViolations(target)).toEqual([]);
});
