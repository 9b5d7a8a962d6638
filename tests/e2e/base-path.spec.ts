/**
 * A store under a base path (README: BASE_PATH): the third store of playwright.config.ts is built and served for
 * /shop. Shoppers browse, buy and sign in and out there with JavaScript on and off, and never leave /shop/: every
 * link, form, script, stylesheet and image on the pages they visit, every redirect they follow and every request
 * their browser makes is under it. The webstore API, the test controls and /healthz stay at the site root.
 */
import type { Page } from "@playwright/test";
import { guestToPayment } from "./checkout-flow";
import { BUYER, expect, jsEnabled, test } from "./support";

const ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 2}`;
const BASE = "/shop";
const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const EXPIRY_YEAR = String(new Date().getFullYear() + 2);

// Every request of these tests (the page's, and the store controls' reset before each test) goes to the /shop store.
test.use({ baseURL: ORIGIN });

/** A path the store answers: the base path itself, or anything below it. */
const underBase = (path: string) => path === BASE || path.startsWith(`${BASE}/`);
/**
 * What the browser may request of the store: a path under the base path, or the home page's data, which Remix's
 * single fetch asks for at the base path plus ".data" (/shop.data, never at /shop/.data).
 */
const storeRequest = (path: string) => underBase(path) || path === `${BASE}.data`;
/**
 * The demo's client-side payment gateway (clientSidePaymentConfiguration's tokenizationUrl): with JavaScript the
 * browser sends the card there, not to the store. A real gateway is another site; the emulator's is on this origin.
 */
const gatewayRequest = (path: string) => path.startsWith("/services/emulator-gateway/");

/**
 * Every URL the page names that the browser may follow or load (links, form actions, scripts, stylesheets,
 * preloads, images): the same-origin ones, as paths. In-page fragments (#main-content) are not a place.
 */
async function pageUrls(page: Page): Promise<string[]> {
  const raw = await page.evaluate(() => {
    const urls: string[] = [];
    const take = (selector: string, attribute: string) =>
      document.querySelectorAll(selector).forEach((element) => {
        const value = element.getAttribute(attribute);
        if (value !== null) urls.push(value);
      });
    take("a[href]", "href");
    take("form[action]", "action");
    take("button[formaction]", "formaction");
    take("link[href]", "href");
    take("script[src]", "src");
    take("img[src]", "src");
    take("source[srcset]", "srcset");
    return urls;
  });
  return raw
    .filter((url) => !url.startsWith("#") && !url.startsWith("data:"))
    .map((url) => new URL(url, page.url()))
    .filter((url) => url.origin === ORIGIN)
    .map((url) => url.pathname);
}

/** The page is under /shop/ and so is every link, form and asset on it. */
async function expectAllUnderBase(page: Page) {
  expect(underBase(new URL(page.url()).pathname), `the page ${page.url()} is under ${BASE}/`).toBe(true);
  const urls = await pageUrls(page);
  expect(urls.length, "the page names links and assets").toBeGreaterThan(0);
  expect(
    urls.filter((path) => !underBase(path)),
    `links, forms and assets of ${page.url()} outside ${BASE}/`,
  ).toEqual([]);
}

/** Records the path of every request the browser makes to the store (documents, data, scripts, images). */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === ORIGIN) paths.push(url.pathname);
  });
  return paths;
}

test("a guest browses, adds to the cart and checks out to the confirmation, all under /shop/", async ({ page }) => {
  const requests = recordRequests(page);

  // The site root sends the shopper to the store's home.
  await page.goto("/");
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/`);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectAllUnderBase(page);
  const images = page.locator("img");
  if ((await images.count()) > 0) {
    // The product pictures are the store's own files, served under the base path.
    expect(
      await images.first().evaluate((img: HTMLImageElement) => img.naturalWidth > 0 || img.loading === "lazy"),
    ).toBe(true);
    const src = await images.first().getAttribute("src");
    const answer = await page.request.get(new URL(src ?? "", page.url()).href);
    expect(answer.status(), `the picture ${src}`).toBe(200);
  }

  // A category from the header, and its next page: pagination links stay under the base path too.
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Coffee" }).click();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}${BASE}/category/coffee/`));
  await expectAllUnderBase(page);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}${BASE}/category/coffee/[^?]+\\?page=2$`));
  await expect(page.getByRole("navigation", { name: "Pages" }).getByText(/^Page 2 of/)).toBeVisible();
  await expectAllUnderBase(page);

  // Search from the header, then a product from the results.
  await page.getByRole("search", { name: "Site" }).getByLabel("Search products").fill("Ethiopia");
  await page.getByRole("search", { name: "Site" }).getByLabel("Search products").press("Enter");
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}${BASE}/search\\?`));
  await expectAllUnderBase(page);
  await page.getByRole("link", { name: COFFEE.name }).first().click();
  await expect(page.getByRole("heading", { name: COFFEE.name, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}${BASE}/product/`));
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(new RegExp(`^${ORIGIN}${BASE}/product/.*/${COFFEE.id}$`));
  await expectAllUnderBase(page);

  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart").first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}${BASE}/product/`));

  await page.getByRole("link", { name: /cart/i }).first().click();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/cart`);
  await expect(page.getByText(COFFEE.name).first()).toBeVisible();
  await expectAllUnderBase(page);

  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/checkout/shipping`);
  await expectAllUnderBase(page);
  await guestToPayment(page);
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/checkout/delivery`);
  await expectAllUnderBase(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page.getByRole("heading", { name: "Payment", level: 2 })).toBeVisible();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/checkout/payment`);
  await expectAllUnderBase(page);
  await page.getByLabel("Cardholder name").fill("Sam Shopper");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry month").selectOption("12");
  await page.getByLabel("Expiry year").selectOption(EXPIRY_YEAR);
  await page.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();

  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/checkout/review`);
  await expectAllUnderBase(page);
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}${BASE}/checkout/confirmation/`));
  const orderNumber = (await page.getByTestId("order-number").textContent())?.trim() ?? "";
  expect(orderNumber).not.toBe("");
  await expect(page.getByRole("link", { name: "View order details" })).toHaveAttribute(
    "href",
    `${BASE}/OrderSummary/${orderNumber}`,
  );
  await expectAllUnderBase(page);

  expect(requests.length).toBeGreaterThan(0);
  // The one request outside /shop/ is the shopper's own first visit to the site root (and the card to the gateway).
  expect(
    requests.filter((path) => !storeRequest(path) && !gatewayRequest(path) && path !== "/"),
    "requests the browser made outside /shop/",
  ).toEqual([]);
  if (jsEnabled(page)) {
    expect(
      requests.some((path) => path.startsWith(`${BASE}/build/`)),
      "the app's scripts load from /shop/build/",
    ).toBe(true);
  }
});

/** Signs the buyer in on the login page the store sent them to. */
async function signInHere(page: Page) {
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password").fill(BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a buyer is sent to sign in, comes back, visits their pages, logs out and times out, all under /shop/", async ({
  page,
  store,
}) => {
  const requests = recordRequests(page);

  // A page for signed-in buyers sends a guest to the login page, which brings them back afterwards.
  await page.goto(`${BASE}/account`);
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/login?redirectTo=%2Faccount`);
  await expectAllUnderBase(page);
  await signInHere(page);
  await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/account`);
  await expectAllUnderBase(page);

  // The buyer's other pages: order history, an order (its pictures), the wishlist and the address book.
  await page.getByRole("link", { name: "Order History" }).first().click();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/OrderSummary/OrderSummary/Default`);
  await expectAllUnderBase(page);
  await page
    .getByRole("link", { name: /00000103/ })
    .first()
    .click();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/OrderSummary/00000103`);
  await expect(page.getByText("00000103").first()).toBeVisible();
  await expectAllUnderBase(page);
  const picture = await page.locator("img").first().getAttribute("src");
  expect(picture).toMatch(new RegExp(`^${BASE}/`));
  expect((await page.request.get(picture!)).status(), `the picture ${picture}`).toBe(200);
  for (const [path, heading] of [
    ["/wishlist", "Wishlist"],
    ["/account/addresses", "Address Book"],
  ] as const) {
    await page.goto(`${BASE}${path}`);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expectAllUnderBase(page);
  }

  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("You're logged out.").first()).toBeVisible();
  expect(underBase(new URL(page.url()).pathname), `after logging out, ${page.url()}`).toBe(true);
  await expectAllUnderBase(page);

  // Signed out for real: the account page asks to sign in again.
  await page.goto(`${BASE}/account`);
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/login?redirectTo=%2Faccount`);

  // The spec's logout path is under the base path too (webruntime/logout): a page asking to confirm.
  await signInHere(page);
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/account`);
  await page.goto(`${BASE}/webruntime/logout`);
  await expect(page.getByRole("heading", { name: "Log out?", level: 1 })).toBeVisible();
  await expectAllUnderBase(page);
  await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByText("You're logged out.").first()).toBeVisible();
  expect(underBase(new URL(page.url()).pathname), `after logging out, ${page.url()}`).toBe(true);

  // A session that times out sends the buyer to sign in under /shop/, and back to the page afterwards.
  await page.goto(`${BASE}/account`);
  await signInHere(page);
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/account`);
  await store.advanceClock(7300);
  await page.goto(`${BASE}/OrderSummary/OrderSummary/Default`);
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/login?redirectTo=%2FOrderSummary%2FOrderSummary%2FDefault`);
  await expect(page.getByText("Your session has timed out. Try again.")).toBeVisible();

  expect(
    requests.filter((path) => !storeRequest(path)),
    "requests the browser made outside /shop/",
  ).toEqual([]);
});

test("the cookie banner's choice is posted under /shop/ and comes back to the page", async ({ page, store }) => {
  // The banner shows when the store asks for shoppers' consent (application context shopperConsentEnabled).
  await store.settings({ applicationContext: { shopperConsentEnabled: true } });
  await page.goto(`${BASE}/cart`);
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  await expectAllUnderBase(page);
  await banner.getByRole("button", { name: "Accept" }).click();
  await expect(banner).toBeHidden();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/cart`);
});

test.describe("what stays at the site root", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "Plain HTTP, no browser: the js-on project runs it once.");

  test("the API, the test controls and the health check answer at the root; store pages only under /shop/", async ({
    request,
  }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    // The API answers at the root (401: no token), not under the store's path.
    expect(
      (await request.get("/services/data/v65.0/commerce/webstores/0ZEDEMO00000001/application-context")).status(),
    ).toBe(401);
    expect((await request.get("/__emulator/journal")).status()).toBe(200);

    const root = await request.get("/", { maxRedirects: 0 });
    expect(root.status()).toBe(302);
    expect(root.headers()["location"]).toBe(`${BASE}/`);
    // A store page outside the base path is not the store's: a 404 that says where the store is.
    const outside = await request.get("/cart", { maxRedirects: 0 });
    expect(outside.status()).toBe(404);
    expect(await outside.text()).toContain(`the store is at ${BASE}/`);
    expect((await request.get(`${BASE}/cart`)).status()).toBe(200);
    // A redirect computed by the store (a GET of /logout goes home) stays under the base path.
    const logout = await request.get(`${BASE}/logout`, { maxRedirects: 0 });
    expect(logout.headers()["location"]).toBe(BASE);
  });
});
