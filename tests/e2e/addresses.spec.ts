import type { Page } from "@playwright/test";
import { apiAuth, auditablePage, B2B_BUYER, BUYER, expect, seriousViolations, signIn, SITE, test } from "./support";

/**
 * The address book (/account/addresses): the saved addresses of the account the buyer acts for. Fixtures: the B2C
 * buyer has Home (default shipping, San Francisco) and Office (Austin); the B2B buyer's Acme Corporation has
 * "Chicago HQ receiving" (default shipping) and "Accounts payable" (default billing), Acme West Coast has
 * "Oakland warehouse" (default shipping) and "Portland showroom".
 */

const API = `${SITE}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001`;
const ACME_HQ_ADDRESS = "8lWDM0000ACME11";

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const book = (page: Page) => page.getByRole("list", { name: "Saved addresses" });

async function fillAddress(
  page: Page,
  a: { firstName?: string; lastName?: string; street: string; city: string; region: string; postalCode: string },
) {
  if (a.firstName !== undefined) await page.getByLabel("First Name").fill(a.firstName);
  if (a.lastName !== undefined) await page.getByLabel("Last Name").fill(a.lastName);
  await page.getByLabel("Street").fill(a.street);
  await page.getByLabel("City").fill(a.city);
  await page.getByLabel("State").fill(a.region);
  await page.getByLabel("Postal Code").fill(a.postalCode);
}

test("the buyer adds, edits, makes default and deletes addresses; a refused form keeps what was typed", async ({
  page,
}) => {
  await signIn(page, BUYER);
  await page.getByRole("banner").getByRole("link", { name: "Address Book" }).click();
  await expect(page).toHaveURL(/\/account\/addresses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Address Book" })).toBeVisible();
  await expect(card(page, "Home")).toContainText("Default shipping address");
  await expect(card(page, "Home")).toContainText("12 Market Street, Apt 4B");
  await expect(card(page, "Office")).toContainText("Shipping address");
  await expect(card(page, "Office")).not.toContainText("Default");

  // A new billing address, refused first for its missing last name: nothing typed is lost.
  await page.getByRole("link", { name: "Add an address" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add an address" })).toBeVisible();
  await page.getByLabel("Address Name").fill("Cabin");
  await page.getByLabel("Address Type").selectOption("Billing");
  await page.getByLabel("Make this my default address of its type").check();
  await fillAddress(page, {
    firstName: "Alex",
    street: "9 Pine Road",
    city: "Tahoe City",
    region: "CA",
    postalCode: "96145",
  });
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Last Name: Complete this field." })).toBeVisible();
  await expect(page.getByLabel("Last Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Address Name")).toHaveValue("Cabin");
  await expect(page.getByLabel("Address Type")).toHaveValue("Billing");
  await expect(page.getByLabel("Make this my default address of its type")).toBeChecked();
  await expect(page.getByLabel("Street")).toHaveValue("9 Pine Road");
  await expect(page.getByLabel("Postal Code")).toHaveValue("96145");
  await page.getByLabel("Last Name").fill("Buyer");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page).toHaveURL(/\/account\/addresses$/);
  await expect(page.getByText("Saved Cabin to your address book.")).toBeVisible();
  await expect(card(page, "Cabin")).toContainText("Default billing address");
  await expect(card(page, "Cabin")).toContainText("Tahoe City, CA 96145");

  // Edit: the form starts with the saved address; an emptied company is cleared.
  await card(page, "Office").getByRole("link", { name: "Edit Office" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Office" })).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue("Austin");
  await expect(page.getByLabel("Company")).toHaveValue("Bayside Design Studio");
  await page.getByLabel("Company").fill("");
  await page.getByLabel("City").fill("Dallas");
  await page.getByLabel("Postal Code").fill("75201");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved Office.")).toBeVisible();
  await expect(card(page, "Office")).toContainText("Dallas, TX 75201");
  await expect(card(page, "Office")).not.toContainText("Bayside Design Studio");

  // One default per type: Office takes the shipping default from Home; the billing default stays.
  await card(page, "Office").getByRole("button", { name: "Make default shipping address: Office" }).click();
  await expect(page.getByText("Office is now your default shipping address.")).toBeVisible();
  await expect(card(page, "Office")).toContainText("Default shipping address");
  await expect(card(page, "Home")).not.toContainText("Default");
  await expect(card(page, "Cabin")).toContainText("Default billing address");

  await card(page, "Home").getByRole("button", { name: "Delete Home" }).click();
  await expect(card(page, "Home")).toHaveCount(0);
  await expect(page.getByText("Deleted Home.")).toBeVisible();
  await page.reload();
  await expect(book(page).getByRole("article")).toHaveCount(2);
});

test("the book pages through the API's page tokens, ten addresses a page", async ({ page }) => {
  const auth = await apiAuth.buyer(BUYER);
  for (let i = 1; i <= 11; i++) {
    const res = await fetch(`${API}/accounts/current/addresses`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: `Drop point ${i}`,
        addressType: "Shipping",
        firstName: "Alex",
        lastName: "Buyer",
        street: `${i} Dock Street`,
        city: "Seattle",
        region: "WA",
        postalCode: "98101",
        country: "US",
      }),
    });
    expect(res.status).toBe(201);
  }
  await signIn(page, BUYER);
  await page.goto("/account/addresses");
  const pages = page.getByRole("navigation", { name: "Address pages" });
  // 13 addresses, ten a page in the API's order (newest first): the default (Home) on top of the first page beside
  // the API's first ten, and not again on the second, which keeps the oldest (Office).
  await expect(book(page).getByRole("article")).toHaveCount(11);
  await expect(book(page).getByRole("article").first()).toContainText("Home");
  await expect(card(page, "Home")).toBeVisible();
  await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(book(page).getByRole("article")).toHaveCount(2);
  await expect(card(page, "Home")).toHaveCount(0);
  await expect(card(page, "Office")).toBeVisible();
  await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(card(page, "Home")).toBeVisible();

  // A page token the API doesn't know brings the first page, not an error.
  await page.goto("/account/addresses?page=not-a-token");
  await expect(card(page, "Home")).toBeVisible();
});

test("a B2B buyer's book is the account they act for", async ({ page, store }) => {
  await signIn(page, B2B_BUYER);
  await page.goto("/account/addresses");
  await expect(page.getByText("Addresses of Acme Corporation.")).toBeVisible();
  await expect(card(page, "Chicago HQ receiving")).toContainText("Default shipping address");
  await expect(card(page, "Accounts payable")).toContainText("Default billing address");

  await page.getByRole("link", { name: "Switch account" }).click();
  await page.getByLabel("Shop for account").selectOption({ value: "001DM00000ACME2" });
  await page.getByRole("button", { name: "Switch account" }).click();
  await expect(page.getByText("You're now shopping for Acme West Coast.")).toBeVisible();
  await page.getByRole("link", { name: "Address Book" }).first().click();
  await expect(page.getByText("Addresses of Acme West Coast.")).toBeVisible();
  await expect(card(page, "Oakland warehouse")).toContainText("Default shipping address");
  await expect(card(page, "Portland showroom")).toBeVisible();
  await expect(card(page, "Chicago HQ receiving")).toHaveCount(0);

  await page.getByRole("link", { name: "Add an address" }).click();
  await page.getByLabel("Address Name").fill("Reno depot");
  await fillAddress(page, {
    firstName: "Sam",
    lastName: "Harbor",
    street: "1 Depot Way",
    city: "Reno",
    region: "NV",
    postalCode: "89501",
  });
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(card(page, "Reno depot")).toBeVisible();
  // Saved on the effective account, by its id.
  const posts = await store.journal({ method: "POST", path: "/addresses" });
  expect(posts.map((p) => p.path)).toEqual([expect.stringContaining("/accounts/001DM00000ACME2/addresses")]);

  // Acme Corporation's address is not in Acme West Coast's book.
  const res = await page.goto(`/account/addresses/${ACME_HQ_ADDRESS}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "We can't find that address" })).toBeVisible();
});

test("another account's address, or a made-up id, is a 404 page or a clear message, never an error", async ({
  page,
}) => {
  await signIn(page, BUYER);
  for (const id of [ACME_HQ_ADDRESS, "not-an-address"]) {
    const res = await page.goto(`/account/addresses/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "We can't find that address" })).toBeVisible();
  }
  await page.getByRole("link", { name: "Go to your address book" }).click();
  await expect(card(page, "Home")).toBeVisible();

  // Forms posted by hand for another account's address change nothing and say so.
  const edit = await page.request.post(`/account/addresses/${ACME_HQ_ADDRESS}`, {
    form: {
      intent: "save",
      name: "Mine now",
      addressType: "Shipping",
      "address.firstName": "A",
      "address.lastName": "B",
      "address.street": "1 St",
      "address.city": "C",
      "address.postalCode": "1",
      "address.country": "US",
    },
    maxRedirects: 0,
  });
  expect(edit.status()).toBe(303);
  expect(edit.headers()["location"]).toBe("/account/addresses");
  const remove = await page.request.post("/account/addresses", {
    form: { intent: "deleteAddress", addressId: ACME_HQ_ADDRESS, name: "Chicago" },
    maxRedirects: 0,
  });
  expect(remove.status()).toBe(303);
  const acme = await fetch(
    `${API}/accounts/current/addresses?addressId=${ACME_HQ_ADDRESS}&excludeUnsupportedCountries=false`,
    { headers: await apiAuth.buyer(B2B_BUYER) },
  );
  expect((await acme.json()).items).toMatchObject([{ name: "Chicago HQ receiving", street: "1 Acme Plaza, Dock 3" }]);
});

test("guests are sent to sign in, and come back to the address book", async ({ page }) => {
  await page.goto("/account/addresses");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Faddresses$/);
  await expect(page.getByText("Sign in to see your address book.")).toBeVisible();
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password").fill(BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account\/addresses$/);
  await expect(card(page, "Home")).toBeVisible();
});

test("axe finds no serious or critical violation in the address book and its form", async ({
  page,
  browser,
}, testInfo) => {
  const target = await auditablePage(page, browser, testInfo);
  await signIn(target, BUYER);
  const audit = () => seriousViolations(target);
  await target.goto("/account/addresses");
  await expect(card(target, "Home")).toBeVisible();
  expect(await audit()).toEqual([]);
  await target.goto("/account/addresses/new");
  // The form as a refused submission leaves it: the error summary and the invalid fields.
  await target.getByRole("button", { name: "Save address" }).click();
  await expect(target.getByRole("alert").getByRole("link", { name: "First Name: Complete this field." })).toBeVisible();
  expect(await audit()).toEqual([]);
  await target.goto("/account/addresses/8lWDM000000B2C2");
  await expect(target.getByLabel("City")).toHaveValue("Austin");
  expect(await audit()).toEqual([]);
  if (target !== page) await target.context().close();
});
