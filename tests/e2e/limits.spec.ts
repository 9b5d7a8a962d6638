import { expect, test } from "./support";

/**
 * The limits' pages (docs/limits.md) as a shopper meets them, with JavaScript on and off (the two projects): past a
 * limit the form says how long to wait, and what was typed is still there. Every test starts from a reset store,
 * which forgets the counts.
 */

const COFFEE = "/product/01tDM0000000001";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test("a fourth reset code for one address within the hour: the wait, and the address kept", async ({ page }) => {
  for (let i = 1; i <= 3; i++) {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("buyer@demo.store");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("we've sent it a verification code")).toBeVisible();
  }
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("buyer@demo.store");
  const answered = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/forgot-password"),
  );
  await page.getByRole("button", { name: "Send code" }).click();
  const answer = await answered;
  expect(answer.status()).toBe(429);
  expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
  await expect(page.getByRole("alert")).toContainText(
    /Too many verification codes have been asked for\. Try again in \d+ minutes?\./,
  );
  await expect(page.getByLabel("Email")).toHaveValue("buyer@demo.store");
});

test("an address that has had its new carts for now: the product page says when to try again, the quantity kept", async ({
  page,
  playwright,
  baseURL,
}) => {
  // Thirty first adds from this address (each a new visitor: no cookie), as a script or a busy office would.
  for (let i = 0; i < 30; i++) {
    const visitor = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: baseURL!, "User-Agent": CHROME },
    });
    const added = await visitor.post(COFFEE, { form: { intent: "add", quantity: "1" }, maxRedirects: 0 });
    expect(added.status()).toBe(303);
    await visitor.dispose();
  }
  await page.goto(COFFEE);
  await page.getByLabel("Quantity").fill("3");
  const answered = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/product/"),
  );
  await page.getByRole("button", { name: "Add to cart" }).click();
  const answer = await answered;
  expect(answer.status()).toBe(429);
  expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
  await expect(page.getByRole("alert")).toContainText(
    /Too many new carts have been started from your network\. Try again in \d+ minutes?\./,
  );
  await expect(page.getByLabel("Quantity")).toHaveValue("3");
});
