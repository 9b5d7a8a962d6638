import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support";

test.describe("form kit on the gallery", () => {
  test("an empty required field shows 'Complete this field.' and sends nothing that passes", async ({ page }) => {
    await page.goto("/gallery");
    const form = page.locator("form#gallery-demo");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByText("Complete this field.").first()).toBeVisible();
    await expect(form.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/^Thanks,/)).toHaveCount(0);
  });

  test("an invalid e-mail shows the spec's e-mail message and keeps what was typed", async ({ page }) => {
    await page.goto("/gallery");
    const form = page.locator("form#gallery-demo");
    await form.getByLabel("Full name").fill("Ada Lovelace");
    await form.getByLabel("Email").fill("ada@@example");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByText("Enter a valid email address, such as john@example.com.")).toBeVisible();
    // With JavaScript off this is the server's re-rendered page: nothing the shopper typed is lost.
    await expect(form.getByLabel("Full name")).toHaveValue("Ada Lovelace");
    await expect(form.getByLabel("Email")).toHaveValue("ada@@example");
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-describedby", /.+/);
  });

  test("a valid submission is accepted", async ({ page }) => {
    await page.goto("/gallery");
    const form = page.locator("form#gallery-demo");
    await form.getByLabel("Full name").fill("  Ada   Lovelace ");
    await form.getByLabel("Email").fill("ada@example.com");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Thanks, Ada Lovelace. We will write to ada@example.com.")).toBeVisible();
  });
});

/** Stops the page's time (installed with page.clock.install()) so a test moves it with runFor instead of waiting. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

test.describe("tooltip on the gallery", () => {
  const TRIGGER = "What does the tooltip explain?";
  const EXPLANATION = "A short explanation of the thing next to it.";

  test("hover and keyboard focus show the explanation; it is the trigger's description", async ({ page }) => {
    await page.clock.install();
    await page.goto("/gallery");
    const trigger = page.getByRole("button", { name: TRIGGER });
    const bubble = page.getByRole("tooltip").filter({ hasText: EXPLANATION });
    await expect(trigger).toHaveAccessibleDescription(EXPLANATION);
    await expect(bubble).toBeHidden();
    if (test.info().project.name === "js-on") {
      await expect(page.locator(".kit-tooltip[data-enhanced]").first()).toBeAttached();
      await pauseClock(page);
    }
    await trigger.hover();
    await expect(bubble).toBeVisible();
    await page.mouse.move(0, 0);
    if (test.info().project.name === "js-on") {
      // The spec's leave debounce: still there just under 200 ms after the pointer left, gone at 200 ms.
      await page.clock.runFor(150);
      await expect(bubble).toBeVisible();
      await page.clock.runFor(50);
    }
    await expect(bubble).toBeHidden();
    await trigger.focus();
    await expect(bubble).toBeVisible();
    if (test.info().project.name === "js-on") {
      await page.keyboard.press("Escape");
      await expect(bubble).toBeHidden();
    }
  });

  test("on a touch screen a tap shows it for 2 seconds", async ({ browser }) => {
    test.skip(
      test.info().project.name === "js-off",
      "Tap-and-linger is the JavaScript behaviour; without it the bubble follows focus, checked above.",
    );
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 700 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/gallery");
    await expect(page.locator(".kit-tooltip[data-enhanced]").first()).toBeAttached();
    await pauseClock(page);
    const bubble = page.getByRole("tooltip").filter({ hasText: EXPLANATION });
    await page.getByRole("button", { name: TRIGGER }).tap();
    await expect(bubble).toBeVisible();
    await page.clock.runFor(1900);
    await expect(bubble).toBeVisible();
    await page.clock.runFor(100);
    await expect(bubble).toBeHidden();
    await context.close();
  });
});

test.describe("accessibility", () => {
  for (const path of ["/gallery", "/", "/product/01tDM0000000001", "/cart", "/login"]) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page, browser }, testInfo) => {
      let target = page;
      if (testInfo.project.name === "js-off") {
        // axe-core runs as a script inside the page, so it needs JavaScript; the no-JS page is the same page
        // without the app's scripts, so block those instead and audit the server-rendered HTML as is.
        const context = await browser.newContext({ javaScriptEnabled: true });
        await context.route("**/build/**/*.js", (route) => route.abort());
        target = await context.newPage();
      }
      if (path === "/cart") {
        // Audit a cart with a line in it (quantity field, stepper, remove), not just the empty state.
        await target.goto("/product/01tDM0000000001");
        // The header's count is optimistic with JavaScript: wait for the add itself before leaving the page.
        const added = target.waitForResponse(
          (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/product/"),
        );
        await target.getByRole("button", { name: "Add to cart" }).click();
        await added;
        await expect(target.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
      }
      await target.goto(path);
      if (path === "/cart") await expect(target.getByRole("textbox", { name: "Quantity" })).toBeVisible();
      // label-content-name-mismatch is experimental in axe (off by default): a link named unlike its visible text
      // can't be activated by voice, so it is audited too.
      const results = await new AxeBuilder({ page: target })
        .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
        .analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      if (target !== page) await target.context().close();
    });
  }
});
