/**
 * Type-ahead in the header's search box (app/components/store/SearchSuggest.tsx, GET /api/suggest): with JavaScript
 * a combobox whose code loads on first use, suggesting search terms and products; without it the plain search form.
 * The products are the demo catalog's (fixtures/catalog.json).
 */
import { auditablePage, expect, jsEnabled, seriousViolations, test } from "./support";

const MUG = "Speckled Stoneware Mug, 14 oz";

test("typing shows suggestions; arrow keys and Enter open the product", async ({ page }) => {
  test.skip(!jsEnabled(page), "suggestions need JavaScript: the js-off project searches with the form (below)");
  const loaded: string[] = [];
  page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search products" });
  await expect(box).toHaveAttribute("aria-expanded", "false");
  // The first load carries none of the suggestions' code and asks for none.
  expect(loaded.filter((path) => /SearchSuggest|\/api\/suggest/.test(path))).toEqual([]);

  await box.pressSequentially("stone");
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  await expect(list.getByRole("option", { name: "stoneware", exact: true })).toBeVisible();
  await expect(list.getByRole("option", { name: MUG })).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const count = await list.getByRole("option").count();
  await expect(page.getByRole("status").filter({ hasText: "suggestion" })).toHaveText(
    `${count} suggestions. Use the up and down arrow keys to choose one.`,
  );
  // One look-up for the word, after the typing paused: not one per keystroke.
  expect(loaded.filter((path) => path.endsWith("/api/suggest"))).toHaveLength(1);

  // The first option is the completed term; then the products, in order: down to the mug.
  await box.press("ArrowDown");
  const first = list.getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  const options = await list.getByRole("option").allTextContents();
  for (let i = 0; i < options.indexOf(MUG); i++) await box.press("ArrowDown");
  await expect(list.getByRole("option", { name: MUG })).toHaveAttribute("aria-selected", "true");
  await expect(box).toBeFocused();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/product\/speckled-stoneware-mug-14-oz\/01tDM0000000028$/);
  await expect(page.getByRole("heading", { level: 1, name: MUG })).toBeVisible();
});

test("Enter with no option chosen searches for what was typed, and the suggestions stay closed on the results", async ({
  page,
}) => {
  test.skip(!jsEnabled(page), "suggestions need JavaScript");
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search products" });
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  // Enter right after typing, before the look-up answers: the answer must not open the popup over the results.
  await box.pressSequentially("stone");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=stone$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("stone");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  // Typing again suggests again.
  await box.fill("stoneware");
  await expect(list.getByRole("option", { name: MUG })).toBeVisible();
});

test("Escape closes the suggestions; a chosen term searches; typing back asks nothing again", async ({ page }) => {
  test.skip(!jsEnabled(page), "suggestions need JavaScript");
  await page.goto("/cart");
  const box = page.getByRole("combobox", { name: "Search products" });
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  await box.pressSequentially("espr");
  await expect(list.getByRole("option", { name: "espresso", exact: true })).toBeVisible();
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("espr");
  await expect(box).not.toHaveAttribute("aria-activedescendant");

  // The same word again: the answers are kept per term, so no new look-up.
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith("/api/suggest")) asked.push(request.url());
  });
  await box.fill("");
  await expect(list).toBeHidden();
  await box.fill("espr");
  await expect(list.getByRole("option", { name: "espresso", exact: true })).toBeVisible();
  expect(asked).toEqual([]);

  // Down opens the list again; a term option searches for it.
  await box.press("Escape");
  await box.press("ArrowDown");
  await expect(list.getByRole("option", { name: "espresso", exact: true })).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=espresso$/);
  await expect(page.getByRole("heading", { name: "Home Espresso Machine Duo" })).toBeVisible();
});

test("Enter without a chosen suggestion searches for what was typed", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole(jsEnabled(page) ? "combobox" : "searchbox", { name: "Search products" });
  await box.fill("stoneware");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=stoneware$/);
  await expect(page.getByRole("heading", { name: MUG })).toBeVisible();
});

test("without JavaScript the box is a plain search field: no combobox, no suggestions", async ({ page }) => {
  test.skip(jsEnabled(page), "with JavaScript the box is a combobox (above)");
  await page.goto("/");
  const box = page.getByRole("searchbox", { name: "Search products" });
  await expect(box).not.toHaveAttribute("role");
  await expect(box).not.toHaveAttribute("aria-expanded");
  await box.fill("stone");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await page.getByRole("search", { name: "Site" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=stone$/);
  await expect(page.getByRole("heading", { name: MUG })).toBeVisible();
});

test("the search box, its suggestions open, has no serious or critical accessibility violation", async ({
  page,
  browser,
}, testInfo) => {
  // axe reads the whole page: slower than a shopper's steps on a busy machine, as in a11y.spec.ts.
  test.setTimeout(90_000);
  const audited = await auditablePage(page, browser, testInfo);
  await audited.goto("/");
  if (jsEnabled(page)) {
    await audited.getByRole("combobox", { name: "Search products" }).pressSequentially("mug");
    await expect(
      audited.getByRole("listbox", { name: "Search suggestions" }).getByRole("option").first(),
    ).toBeVisible();
    await audited.getByRole("combobox", { name: "Search products" }).press("ArrowDown");
  }
  expect(await seriousViolations(audited)).toEqual([]);
});
