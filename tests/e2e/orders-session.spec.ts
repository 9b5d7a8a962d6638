import { BUYER, expect, jsEnabled, signIn, test } from "./support";

/**
 * The session validator (spec §2, §4): 'Still there?' 30 seconds before the buyer's session times out, and the
 * timeout toast when the session turns out to be invalid. The storefront's session lasts SESSION_SECONDS
 * (7200 s, the e2e server's default); the browser's clock is Playwright's, the API's is the emulator's.
 */

const SESSION_MS = 7200 * 1000;
const TIMED_OUT = "Your session has timed out. Try again.";

test.describe("Session validator", () => {
  test("an expired session sends the shopper to sign in with the timeout toast", async ({ page, store }) => {
    await signIn(page, BUYER);
    await store.advanceClock(7300);
    await page.goto("/OrderSummary/OrderSummary/Default");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2FOrderSummary%2FOrderSummary%2FDefault$/);
    await expect(page.getByText(TIMED_OUT)).toBeVisible();
  });

  test("warns 30 seconds before the timeout; Continue Working keeps the session", async ({ page }) => {
    test.skip(
      !jsEnabled(page),
      "The countdown needs JavaScript; without it the server's redirect handles expiry (test above).",
    );
    await page.clock.install();
    await signIn(page, BUYER);
    await expect(page.locator("dialog.session-validator")).toHaveCount(1);
    const dialog = page.getByRole("alertdialog", { name: "Still there?" });

    await page.clock.fastForward(SESSION_MS - 35_000);
    await expect(dialog).toBeHidden();
    await page.clock.fastForward(10_000);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Continue Working" })).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Log Out" })).toBeVisible();

    const keepAlive = page.waitForResponse((r) => r.url().includes("/api/session") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Continue Working" }).click();
    expect((await keepAlive).ok()).toBe(true);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  });

  test("Log Out in the warning signs the buyer out", async ({ page }) => {
    test.skip(!jsEnabled(page), "The warning needs JavaScript.");
    await page.clock.install();
    await signIn(page, BUYER);
    await expect(page.locator("dialog.session-validator")).toHaveCount(1);
    await page.clock.fastForward(SESSION_MS - 20_000);
    const dialog = page.getByRole("alertdialog", { name: "Still there?" });
    await dialog.getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("Continue Working on a session the API no longer accepts shows the timeout toast", async ({ page, store }) => {
    test.skip(!jsEnabled(page), "The warning needs JavaScript.");
    await page.clock.install();
    await signIn(page, BUYER);
    await expect(page.locator("dialog.session-validator")).toHaveCount(1);
    await store.advanceClock(7300);
    await page.clock.fastForward(SESSION_MS - 20_000);
    const dialog = page.getByRole("alertdialog", { name: "Still there?" });
    await dialog.getByRole("button", { name: "Continue Working" }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(TIMED_OUT)).toBeVisible();
  });
});

test.describe("The site's logout path (webruntime/logout)", () => {
  test("a visit asks before signing out; the Log Out button signs the buyer out", async ({ page }) => {
    await signIn(page, BUYER);
    await page.goto("/webruntime/logout");
    await expect(page.getByRole("heading", { level: 1, name: "Log out?" })).toBeVisible();
    // A GET (a link, a prefetch, another site's image) changes nothing: the buyer is still signed in.
    await expect(page.getByRole("banner").getByRole("button", { name: "Log Out" })).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(page.getByText("You're logged out.")).toBeVisible();
  });

  test("a guest is told there is nothing to sign out of", async ({ page }) => {
    await page.goto("/webruntime/logout");
    await expect(page.getByRole("heading", { level: 1, name: "You're not signed in" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Log Out" })).toHaveCount(0);
  });
});
