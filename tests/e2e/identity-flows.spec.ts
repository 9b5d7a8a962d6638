import { BUYER, auditablePage, expect, seriousViolations, test } from "./support";

/**
 * A buyer who forgot their password resets it with the code the site mails them (read from the emulator's outbox,
 * as they would read their mail) and signs in with the new one; a store whose org refuses a right password says
 * it can't sign the shopper in, never that the password is wrong. The emulated site requires the integration user's
 * token on registration and reset (its default), which the store sends. With JavaScript on and off (the two projects).
 */

test("a buyer resets a forgotten password with the mailed code and signs in with the new one", async ({
  page,
  request,
}) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("we've sent it a verification code")).toBeVisible();

  const outbox = await request.get(`/__emulator/outbox?to=${encodeURIComponent(BUYER.email)}`);
  const { messages } = (await outbox.json()) as { messages: { text: string }[] };
  const code = /is (\d{6})\./.exec(messages[0].text)![1];
  await page.getByLabel("Verification code").fill(code);
  await page.getByLabel("New password").fill("fresh-pass-42");
  await page.getByRole("button", { name: "Change password" }).click();

  await expect(page.getByText("Your password is changed. Sign in with your new password.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(BUYER.email);
  await page.getByLabel("Password").fill("fresh-pass-42");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
});

test("a right password the org's setup refuses: the store can't sign you in, not 'wrong password'", async ({
  page,
  store,
}) => {
  await store.settings({ orgSetup: { appPreAuthorized: false } });
  await page.goto("/login");
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password").fill(BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("The store can't sign you in right now.");
  await expect(page.getByText("Make sure the username and password are correct")).toHaveCount(0);
  await expect(page.getByLabel("Email")).toHaveValue(BUYER.email);
});

test("a visitor registers with the code from the outbox and lands signed in with their guest cart", async ({
  page,
  request,
}) => {
  await page.goto("/product/01tDM0000000001");
  // With JavaScript the header's count is optimistic: wait for the add itself to answer (its cookie carries the
  // guest's cart) before leaving the page, as a shopper's add is done only once it has answered.
  const added = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/product/"),
  );
  await page.getByRole("button", { name: "Add to cart" }).click();
  await added;
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

  await page.goto("/login");
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Newcomer");
  await page.getByLabel("Email").fill("robin@example.com");
  await page.getByLabel("Password").fill("first-pass-1");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("We've sent a verification code to robin@example.com.")).toBeVisible();

  const outbox = await request.get("/__emulator/outbox?to=robin%40example.com");
  const { messages } = (await outbox.json()) as { messages: { text: string }[] };
  await page.getByLabel("Verification code").fill(/is (\d{6})\./.exec(messages[0].text)![1]);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByText("Welcome, Robin")).toBeVisible();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("article", { name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" })).toBeVisible();
});

test("the site's refusals of a registration and of a reset read one message each, naming both causes", async ({
  page,
}) => {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Buyer");
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password").fill("first-pass-1");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("We couldn't create an account with these details.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Ada");

  await page.goto(`/forgot-password?email=${encodeURIComponent(BUYER.email)}`);
  await page.getByLabel("Verification code").fill("000000");
  await page.getByLabel("New password").fill("fresh-pass-42");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("the code may be wrong or expired")).toBeVisible();
  await expect(page.getByLabel("Verification code")).toHaveValue("000000");
});

test("the register and reset pages, and their refused forms, are axe clean", async ({ page, browser }, testInfo) => {
  const target = await auditablePage(page, browser, testInfo);
  await target.goto("/register");
  expect(await seriousViolations(target), "register").toEqual([]);
  await target.getByRole("button", { name: "Continue" }).click();
  await expect(target.getByText("Complete this field.").first()).toBeVisible();
  expect(await seriousViolations(target), "register, refused").toEqual([]);

  await target.goto("/forgot-password?email=buyer%40demo.store");
  expect(await seriousViolations(target), "reset password").toEqual([]);
  await target.getByRole("button", { name: "Change password" }).click();
  await expect(target.getByText("Complete this field.").first()).toBeVisible();
  expect(await seriousViolations(target), "reset password, refused").toEqual([]);
  if (target !== page) await target.context().close();
});
