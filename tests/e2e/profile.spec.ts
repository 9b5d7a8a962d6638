import type { APIRequestContext, Page } from "@playwright/test";
import { BUYER, auditablePage, expect, seriousViolations, signIn, test } from "./support";

/**
 * My profile (/account/profile): the buyer's name, e-mail address and phone. A name is saved at once; a new e-mail
 * address or phone is saved only with the code the site sends to the buyer's current address (read from the
 * emulator's outbox, as the buyer would read their mail), entered on the page's second step. With JavaScript on and
 * off (the two projects).
 */

async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  const outbox = await request.get(`/__emulator/outbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await outbox.json()) as { messages: { text: string }[] };
  return /verification code is (\d{6})/.exec(messages[0]?.text ?? "")![1];
}

async function openProfile(page: Page) {
  await page.goto("/account");
  await page.getByRole("link", { name: "My profile" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
}

test("the buyer changes their name at once, and their e-mail address with the code sent to the old one", async ({
  page,
  request,
}) => {
  // A name, a refusal, a code refused and one taken: longer than one test's default time on a busy machine.
  test.slow();
  await signIn(page, BUYER);
  await openProfile(page);
  await expect(page.getByLabel("First Name")).toHaveValue("Alex");
  await expect(page.getByLabel("Email")).toHaveValue(BUYER.email);
  await expect(page.getByLabel("Phone Number")).toHaveValue("4155550100");

  // A name alone: saved, no code.
  await page.getByLabel("First Name").fill("Alexis");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your profile is saved.")).toBeVisible();
  await expect(page.getByText("Hello, Alexis")).toBeVisible();

  // A refused form keeps what was typed.
  await page.getByLabel("Last Name").fill("");
  await page.getByLabel("Email").fill("alexis@example.com");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Last Name: Complete this field." })).toBeVisible();
  await expect(page.getByLabel("Last Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).toHaveValue("alexis@example.com");

  // The e-mail address: a code to the current address first.
  await page.getByLabel("Last Name").fill("Buyer");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/account\/profile\?step=code$/);
  await expect(page.getByText("We've sent a verification code to bu***@de**.store.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Enter your verification code" })).toBeVisible();
  const code = await latestCode(request, BUYER.email);

  await page.getByRole("textbox", { name: "Verification code" }).fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm and save" }).click();
  await expect(
    page.getByText("That code is wrong or has expired. Check the email, or ask for a new code.").first(),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Verification code" })).toHaveAttribute("aria-invalid", "true");

  await page.getByRole("textbox", { name: "Verification code" }).fill(code);
  await page.getByRole("button", { name: "Confirm and save" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByText("Your profile is saved.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("alexis@example.com");
  await expect(page.getByLabel("First Name")).toHaveValue("Alexis");
});

test("a change waiting for its code can be cancelled, and the profile stays as it was", async ({ page }) => {
  await signIn(page, BUYER);
  await openProfile(page);
  await page.getByLabel("Phone Number").fill("415 555 0199");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/account\/profile\?step=code$/);
  await page.getByRole("button", { name: "Cancel the change" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByText("Your changes weren't saved.")).toBeVisible();
  await expect(page.getByLabel("Phone Number")).toHaveValue("4155550100");
});

test("guests are sent to sign in, and come back to their profile", async ({ page }) => {
  await page.goto("/account/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fprofile$/);
  await expect(page.getByText("Sign in to see your profile.")).toBeVisible();
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password").fill(BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByLabel("Last Name")).toHaveValue("Buyer");
});

test("axe finds no serious or critical violation in the profile's two steps", async ({ page, browser }, testInfo) => {
  // Three audits and two steps: longer than one test's default time on a busy machine.
  test.slow();
  const target = await auditablePage(page, browser, testInfo);
  await signIn(target, BUYER);
  const audit = () => seriousViolations(target);
  await target.goto("/account/profile");
  await expect(target.getByLabel("First Name")).toHaveValue("Alex");
  expect(await audit()).toEqual([]);
  // The form as a refused submission leaves it: the error summary and the invalid field.
  await target.getByLabel("Last Name").fill("");
  await target.getByRole("button", { name: "Save changes" }).click();
  await expect(target.getByRole("alert").getByRole("link", { name: "Last Name: Complete this field." })).toBeVisible();
  expect(await audit()).toEqual([]);
  await target.getByLabel("Last Name").fill("Buyer");
  await target.getByLabel("Email").fill("alexis@example.com");
  await target.getByRole("button", { name: "Save changes" }).click();
  await expect(target.getByRole("heading", { name: "Enter your verification code" })).toBeVisible();
  await target.getByRole("button", { name: "Confirm and save" }).click();
  await expect(target.getByRole("alert").getByRole("link", { name: /Verification code/ })).toBeVisible();
  expect(await audit()).toEqual([]);
  if (target !== page) await target.context().close();
});
