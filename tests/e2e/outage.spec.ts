import { auditablePage, expect, seriousViolations, test } from "./support";

/**
 * The outage drill in a browser, with JavaScript on and off (README, "When the org is down"): every API call answers
 * 503, then the org is back. The store shows what it knows (catalog pages already shown, with a notice), its own 503
 * page for the rest, keeps the cart, and recovers by itself once the circuit breaker's cool-off has passed (the e2e
 * store runs with a 2 s cool-off: playwright.config.ts). A slow org's pages answer within the per-call time limit.
 */

const ETHIOPIA = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const COFFEE_CATEGORY = "/category/coffee/0ZGDM0000000CFE";
const TROUBLE = "The store is having trouble right now";
const STALE_NOTICE = /Prices and stock will be confirmed at checkout/;
const ORG_DOWN = { path: "/services/data/*", status: 503, errorCode: "SERVICE_UNAVAILABLE", times: 0 };

test("org down: pages already shown stay up with a notice, the rest say the store's trouble (503), the cart survives", async ({
  page,
  store,
}) => {
  await page.goto(`/product/${ETHIOPIA.id}`);
  const added = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/product/"),
  );
  await page.getByRole("button", { name: "Add to cart" }).click();
  await added;
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await page.goto(COFFEE_CATEGORY);
  await expect(page.getByRole("link", { name: ETHIOPIA.name }).first()).toBeVisible();

  await store.fault(ORG_DOWN);

  // A page already shown: its last good copy, with the notice.
  const category = await page.goto(COFFEE_CATEGORY);
  expect(category?.status()).toBe(200);
  await expect(page.getByRole("status").filter({ hasText: STALE_NOTICE })).toBeVisible();
  await page.getByRole("link", { name: ETHIOPIA.name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: ETHIOPIA.name })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: STALE_NOTICE })).toBeVisible();

  // The cart is never served stale: the store's own page, from a link (the client router, with JavaScript) or typed.
  await page.getByRole("link", { name: /^Cart, / }).click();
  await expect(page.getByRole("heading", { level: 1, name: TROUBLE })).toBeVisible();
  await expect(page.getByText("Your cart is safe; try again in a minute.")).toBeVisible();
  const cart = await page.goto("/cart");
  expect(cart?.status()).toBe(503);
  expect(Number(await cart?.headerValue("Retry-After"))).toBeGreaterThan(0);
  // The title tells the same story as the page (screen readers announce it first).
  await expect(page).toHaveTitle(`${TROUBLE} | Demo Store`);

  // The org is back: within the breaker's cool-off the cart page answers again, the item still in it.
  const cleared = await page.request.delete("/__emulator/faults");
  expect(cleared.ok()).toBe(true);
  await expect.poll(async () => (await page.goto("/cart"))?.status(), { timeout: 10_000, intervals: [250] }).toBe(200);
  await expect(page.getByRole("article", { name: ETHIOPIA.name })).toBeVisible();
  // The breaker closed on that page's cart read, so the next page is all fresh. That first page itself may still
  // carry the notice: its first reads can have come while the breaker was open (the cool-off ends on a real clock
  // here), and were served from the last good copy, as the notice says.
  await page.reload();
  await expect(page.getByRole("article", { name: ETHIOPIA.name })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: STALE_NOTICE })).toHaveCount(0);
});

test("org down: the order lookup form keeps what was typed and says why", async ({ page, store }) => {
  await page.goto("/OrderLookup");
  await store.fault(ORG_DOWN);
  await page.getByLabel("Order Number").fill("00000101");
  await page.getByLabel("Email Address").fill("buyer@demo.store");
  await page.getByRole("button", { name: "View order details" }).click();
  await expect(page.getByRole("alert").or(page.locator(".kit-toast__message")).first()).toBeVisible();
  await expect(page.getByLabel("Order Number")).toHaveValue("00000101");
  await expect(page.getByLabel("Email Address")).toHaveValue("buyer@demo.store");
});

test("org slow (catalog reads take 10 s): the product page answers within the time limit, from what it knows", async ({
  page,
  store,
}) => {
  await page.goto(`/product/${ETHIOPIA.id}`);
  await store.fault({ path: "*/products/*", latencyMs: 10_000, times: 0 });
  const started = Date.now();
  const answer = await page.goto(`/product/${ETHIOPIA.id}`);
  // Well under the org's 10 s: the reads gave up at their 5 s limit, and the page was made from the last good copy.
  expect(Date.now() - started).toBeLessThan(9_000);
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: ETHIOPIA.name })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: STALE_NOTICE })).toBeVisible();
});

test("org down: the stale page's notice and the store's 503 page are accessible", async ({
  page,
  browser,
  store,
}, testInfo) => {
  const target = await auditablePage(page, browser, testInfo);
  await target.goto(COFFEE_CATEGORY);
  await store.fault(ORG_DOWN);
  await target.goto(COFFEE_CATEGORY);
  await expect(target.getByRole("status").filter({ hasText: STALE_NOTICE })).toBeVisible();
  expect(await seriousViolations(target), "stale category page").toEqual([]);
  const unseen = await target.goto("/product/01tDM0000000002");
  expect(unseen?.status()).toBe(503);
  await expect(target.getByRole("heading", { level: 1, name: TROUBLE })).toBeVisible();
  expect(await seriousViolations(target), "503 page").toEqual([]);
});
