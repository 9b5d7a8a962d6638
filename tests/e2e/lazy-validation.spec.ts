import type { Page, Route } from "@playwright/test";
import { expect, hydrated, test } from "./support";

/**
 * Forms check fields in the browser with the page's zod schema, which the page loads only when the shopper first
 * reaches the form (app/components/useZodForm.ts); the colour picker's panel loads when it is first opened. Nothing
 * a shopper does is lost meanwhile.
 */

const INVALID_EMAIL = "Enter a valid email address, such as john@example.com.";

test.beforeEach(() => {
  test.skip(
    test.info().project.name === "js-off",
    "What loads lazily is the browser's code; without it there is none.",
  );
});

/** The page's scripts as they arrive: their URLs and whether they carry zod. */
function watchScripts(page: Page) {
  const scripts: { url: string; zod: boolean }[] = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith(".js")) return;
    const body = await response.text().catch(() => "");
    scripts.push({ url: response.url(), zod: body.includes("ZodError") });
  });
  return scripts;
}

/** Holds back every script that carries zod (the form's schema and its imports) until the returned function is called. */
async function holdBackZod(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.*\.js$/, async (route: Route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("ZodError")) await released;
    await route.fulfill({ response, body });
  });
  return release;
}

test("a form's schema loads when the shopper reaches the form, not with the page", async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto("/login");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.zod)).toEqual([]);

  await page.getByLabel("Email").focus();
  await expect.poll(() => scripts.filter((s) => s.zod).length).toBeGreaterThan(0);
  await page.getByLabel("Email").fill("buyer-at-demo.store");
  await page.getByLabel("Email").blur();
  await expect(page.getByText(INVALID_EMAIL)).toBeVisible();
});

test("a field left before the schema has arrived gets its message as soon as it does", async ({ page }) => {
  // Every script that carries zod waits until the field has been left.
  const release = await holdBackZod(page);
  await page.goto("/login");
  await hydrated(page);

  const email = page.getByLabel("Email");
  await email.fill("buyer-at-demo.store");
  await email.blur();
  // Nothing to check it with yet: no message, and what was typed stays.
  await expect(email).toHaveValue("buyer-at-demo.store");
  await expect(page.getByText(INVALID_EMAIL)).toHaveCount(0);

  release();
  await expect(page.getByText(INVALID_EMAIL)).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // The password, never left, shows nothing yet.
  await expect(page.getByText("Complete this field.")).toHaveCount(0);
});

test("a submit before the schema has arrived is checked by the server, with the same messages", async ({ page }) => {
  const release = await holdBackZod(page);
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email").fill("buyer-at-demo.store");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(INVALID_EMAIL)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("buyer-at-demo.store");
  await expect(page.getByText("Complete this field.")).toBeVisible();
  release();
});

test("the colour picker's panel loads when it is first opened and sets the field", async ({ page }) => {
  await page.goto("/gallery");
  await hydrated(page);
  await page.getByRole("button", { name: "Choose colour for Brand colour" }).click();
  const panel = page.getByRole("dialog", { name: "Choose a colour" });
  await panel.getByLabel("Hex", { exact: true }).fill("#1F6F3B");
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByLabel("Brand colour", { exact: true })).toHaveValue(/^#1f6f3b$/i);
});

test("an e-mail set at once as a page arrives by client navigation survives the schema's arrival", async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto("/login");
  await hydrated(page);
  const release = await holdBackZod(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // Until the page has arrived, "Email" is still the sign-in form's field.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  // Autofill and password managers set the whole value at once, as soon as the field is there.
  const email = page.getByLabel("Email");
  await email.fill("buyer@demo.store");
  release();
  await expect.poll(() => scripts.filter((s) => s.zod).length).toBeGreaterThan(0);
  await expect(email).toHaveValue("buyer@demo.store");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("we've sent it a verification code")).toBeVisible();
  await expect(page.getByText("Complete this field.")).toHaveCount(0);
});

test("an e-mail autofilled before the schema has arrived is kept, and the code is sent", async ({ page }) => {
  await page.goto("/login");
  await hydrated(page);
  const release = await holdBackZod(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  // As autofill and password managers do: the whole value at once, then input and change, without a key press.
  const email = page.getByLabel("Email");
  await email.evaluate((input: HTMLInputElement, value) => {
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, "buyer@demo.store");
  release();
  await expect(email).toHaveValue("buyer@demo.store");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("we've sent it a verification code")).toBeVisible();
  await expect(page.getByText("Complete this field.")).toHaveCount(0);
});
