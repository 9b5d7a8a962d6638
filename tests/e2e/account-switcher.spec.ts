/**
 * The account switcher at its ceiling (issue 41), with JavaScript on and off: manager@demo.store buys for 200
 * accounts (a generated store seeded through the emulator's test control, POST /__emulator/large-store). The
 * account page lists them 20 a page; a search narrows them (a GET form; with JavaScript as the buyer types), the
 * page links walk them, and choosing one makes it the account the buyer shops for. axe audits the searched page.
 */
import type { Page } from "@playwright/test";
import { MANAGER_BUYER, generateManagedAccount } from "../../server/emulator/large-store/index.js";
import { auditablePage, expect, jsEnabled, seriousViolations, signIn, test } from "./support";

const SEED = 41;
const ACCOUNTS = 200;
const MANAGER = { email: MANAGER_BUYER.username, password: MANAGER_BUYER.password };
const generated = Array.from({ length: ACCOUNTS - 1 }, (_, i) => generateManagedAccount(SEED, i + 1));

// Seeding, signing in and a dozen pages: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ request }) => {
  const seeded = await request.post("/__emulator/large-store", {
    data: { products: 50, managedAccounts: ACCOUNTS, seed: SEED },
  });
  expect(seeded.status()).toBe(201);
});

const switcher = (page: Page) => page.getByRole("region", { name: "Switch account" });
const options = (page: Page) => page.getByLabel("Shop for account").locator("option");

/** Searches the way the shopper can: typing (with JavaScript the list follows), or typing and pressing the button. */
async function search(page: Page, text: string) {
  await page.getByLabel("Find an account").fill(text);
  if (!jsEnabled(page)) await page.getByRole("button", { name: "Find accounts" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]accounts=${encodeURIComponent(text).replace(/%20/g, "\\+")}`));
}

test("200 accounts: 20 a page, a search narrows them, the pages walk them, and one is chosen", async ({ page }) => {
  await signIn(page, MANAGER);
  await page.goto("/account");
  await expect(page.getByText(`Shopping for${MANAGER_BUYER.accountName}`)).toBeVisible();
  await expect(switcher(page).getByText(`Showing accounts 1–20 of ${ACCOUNTS}.`)).toBeVisible();
  await expect(options(page)).toHaveCount(20);
  await expect(page.getByLabel("Shop for account")).toHaveValue(MANAGER_BUYER.accountId);

  const pager = page.getByRole("navigation", { name: "Account pages" });
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(pager.getByText("Page 2 of 10")).toBeVisible();
  await expect(switcher(page).getByText(`Showing accounts 21–40 of ${ACCOUNTS}.`)).toBeVisible();

  const cafes = generated.filter((a) => a.name.includes("Cafe"));
  await search(page, "Cafe");
  await expect(
    switcher(page).getByText(`Showing accounts 1–20 of ${cafes.length} matching “Cafe” (${ACCOUNTS} in all).`),
  ).toBeVisible();
  for (const label of await options(page).allInnerTexts()) expect(label).toContain("Cafe");

  // Narrowed to one, on what was the list's last page, and chosen.
  const target = generated[190];
  await search(page, target.name);
  await expect(options(page)).toHaveCount(1);
  await page.getByLabel("Shop for account").selectOption(target.id);
  await page.getByRole("button", { name: "Switch account" }).click();
  await expect(page.getByText(`You're now shopping for ${target.name}.`)).toBeVisible();
  await expect(page.getByText(`Shopping for${target.name}`)).toBeVisible();
});

test("a search that matches nothing says so and offers the whole list back", async ({ page }) => {
  await signIn(page, MANAGER);
  await page.goto("/account");
  await search(page, "no such account");
  await expect(switcher(page).getByText("No account matches “no such account”.")).toBeVisible();
  await expect(page.getByLabel("Shop for account")).toHaveCount(0);
  await switcher(page).getByRole("link", { name: "Show all accounts" }).click();
  await expect(switcher(page).getByText(`Showing accounts 1–20 of ${ACCOUNTS}.`)).toBeVisible();
});

test("the switcher's pages pass axe", async ({ page, browser }, testInfo) => {
  const target = await auditablePage(page, browser, testInfo);
  await signIn(target, MANAGER);
  await target.goto("/account?accounts=Cafe&accountsPage=2");
  await expect(target.getByRole("navigation", { name: "Account pages" })).toBeVisible();
  expect(await seriousViolations(target)).toEqual([]);
});
