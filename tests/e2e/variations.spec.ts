/**
 * Choosing a variation on a variation parent's page (the demo families: docs/emulator-variations.md), with
 * JavaScript on (each choice navigates at once, no reload) and off (the choices are a GET form and "Show"), adding
 * it, and the cart naming it by its attribute values; the page's axe audit.
 */
import type { Page } from "@playwright/test";
import { auditablePage, expect, jsEnabled, seriousViolations, test } from "./support";

const APRON = "/product/barista-apron/01tDM000000E103";
const TOTE = "/product/canvas-market-tote/01tDM0000000T00";

const cartLink = (page: Page, count: number) =>
  page.getByRole("link", { name: `Cart, ${count} item${count === 1 ? "" : "s"}` });
const addButton = (page: Page) => page.getByRole("button", { name: "Add to cart" });
const group = (page: Page, label: string) => page.getByRole("group", { name: label });

/** Chooses `value` in the attribute's radio group: with JavaScript the page follows at once, without it "Show". */
async function choose(page: Page, attribute: string, value: string) {
  await group(page, attribute).getByRole("radio", { name: value }).check();
  if (!jsEnabled(page)) await page.getByRole("button", { name: "Show" }).click();
}

async function addChosen(page: Page, expectedCount: number) {
  const added = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/product/"),
  );
  await addButton(page).click();
  await added;
  await expect(cartLink(page, expectedCount)).toBeVisible();
}

test("a shopper chooses the apron's colour, adds it, and the cart names the colour", async ({ page }) => {
  await page.goto(APRON);
  await expect(page.getByRole("heading", { level: 1, name: "Barista Apron" })).toBeVisible();
  await expect(page.getByText("Choose Color to add it to your cart.")).toBeVisible();
  await expect(addButton(page)).toBeDisabled();
  // With JavaScript the choice moves the page without reloading it: a mark left on the window survives.
  if (jsEnabled(page)) await page.evaluate(() => Object.assign(window, { samePage: true }));

  await choose(page, "Color", "Denim");
  await expect(page).toHaveURL(/\?Color=Denim$/);
  await expect(page.getByText("SKU: APR-DENIM")).toBeVisible();
  await expect(page.locator(".store-product__price")).toContainText("$42.00");
  await expect(page.getByText("In stock: 28 available")).toBeVisible();
  await expect(page.locator("img.store-product__image")).toHaveAttribute("src", /APR-DENIM\.svg$/);
  await expect(group(page, "Color").getByRole("radio", { name: "Denim" })).toBeChecked();
  if (jsEnabled(page)) expect(await page.evaluate(() => "samePage" in window)).toBe(true);

  await choose(page, "Color", "Charcoal");
  await expect(page).toHaveURL(/\?Color=Charcoal$/);
  await expect(page.getByText("SKU: APR-CHARCOAL")).toBeVisible();
  await choose(page, "Color", "Denim");
  await expect(page.getByText("SKU: APR-DENIM")).toBeVisible();

  await addChosen(page, 1);
  // The page stays on the colour chosen.
  await expect(page).toHaveURL(/\?Color=Denim$/);
  await page.goto("/cart");
  const line = page.getByRole("article", { name: "Barista Apron, Denim" });
  await expect(line).toBeVisible();
  await expect(line.getByText("Color: Denim")).toBeVisible();
});

test("the discontinued colour is shown unavailable and can't be chosen", async ({ page }) => {
  await page.goto(APRON);
  const burgundy = group(page, "Color").getByRole("radio", { name: "Burgundy (Unavailable)" });
  await expect(burgundy).toBeDisabled();
  // A URL that asks for it anyway says so, and nothing can be added.
  await page.goto(`${APRON}?Color=Burgundy`);
  await expect(page.getByText("This combination is unavailable.")).toBeVisible();
  await expect(addButton(page)).toBeDisabled();
});

test("a two-attribute family: size then colour, a combination not made marked, the pair added and named", async ({
  page,
}) => {
  await page.goto(TOTE);
  await choose(page, "Size", "Large");
  await expect(page).toHaveURL(/\?Size=Large$/);
  await expect(page.getByText("Choose Color to add it to your cart.")).toBeVisible();
  // No large tote in olive.
  await expect(group(page, "Color").getByRole("radio", { name: "Olive (Unavailable)" })).toBeVisible();

  await choose(page, "Color", "Black");
  await expect(page).toHaveURL(/\?Size=Large&Color=Black$/);
  await expect(page.getByText("SKU: TOTE-L-BLK")).toBeVisible();
  await expect(page.locator(".store-product__price")).toContainText("$32.00");

  await addChosen(page, 1);
  await page.goto("/cart");
  const line = page.getByRole("article", { name: "Canvas Market Tote, Large, Black" });
  await expect(line.getByText("Size: Large, Color: Black")).toBeVisible();
});

test("the keyboard chooses: arrow keys move the choice, and with JavaScript the focus stays where it was", async ({
  page,
}) => {
  await page.goto(TOTE);
  const size = group(page, "Size");
  await size.getByRole("radio", { name: "Small" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(size.getByRole("radio", { name: "Large" })).toBeChecked();
  if (jsEnabled(page)) {
    await expect(page).toHaveURL(/\?Size=Large$/);
    await expect(page.getByText("Choose Color to add it to your cart.")).toBeVisible();
    await expect(size.getByRole("radio", { name: "Large" })).toBeFocused();
  } else {
    // Into the Color group, then to "Show".
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Show" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?Size=Large$/);
  }
  await expect(group(page, "Color").getByRole("radio", { name: "Olive (Unavailable)" })).toBeVisible();
});

test("axe: the product page with variations has no serious or critical violation", async ({
  page,
  browser,
}, testInfo) => {
  const audited = await auditablePage(page, browser, testInfo);
  for (const path of [APRON, `${APRON}?Color=Denim`, `${TOTE}?Size=Large`]) {
    await audited.goto(path);
    await expect(audited.getByRole("group", { name: "Color" })).toBeVisible();
    expect(await seriousViolations(audited), path).toEqual([]);
  }
});
