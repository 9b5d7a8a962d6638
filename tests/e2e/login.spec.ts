import { BUYER, expect, signOut, test } from "./support";

/** Sign in and out: the e-mail is checked like every e-mail field; 'Log Out' is the one wording for leaving. */

const INVALID_EMAIL = "Enter a valid email address, such as john@example.com.";

test("the login e-mail must be an e-mail address; the refused form keeps what was typed", async ({ page, store }) => {
  await page.goto("/login");
  const email = page.getByLabel("Email");
  await email.fill("buyer-at-demo.store");
  await page.getByLabel("Password").fill(BUYER.password);
  // The guest's token came from the site's authorize endpoint already; a login would go there again.
  const authorizeCalls = async () =>
    (await store.journal({ method: "POST", path: "/services/oauth2/authorize" })).length;
  const before = await authorizeCalls();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(INVALID_EMAIL)).toBeVisible();
  await expect(email).toHaveValue("buyer-at-demo.store");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // Nothing went to the site's login with a malformed username.
  expect(await authorizeCalls()).toBe(before);

  await email.fill(BUYER.email);
  await page.getByLabel("Password").fill(BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);

  await signOut(page);
  await expect(page.getByText("You're logged out.")).toBeVisible();
});
