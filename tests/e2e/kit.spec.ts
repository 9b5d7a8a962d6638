import AxeBuilder from "@axe-core/playwright";
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
        await target.getByRole("button", { name: "Add to cart" }).click();
        await expect(target.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
      }
      await target.goto(path);
      if (path === "/cart") await expect(target.getByRole("textbox", { name: "Quantity" })).toBeVisible();
      const results = await new AxeBuilder({ page: target }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      if (target !== page) await target.context().close();
    });
  }
});
