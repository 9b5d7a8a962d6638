/**
 * Client-side card tokenisation (application context `clientSidePaymentConfiguration`): with JavaScript on and a
 * client-side gateway configured, the shopper's browser sends the card to the gateway and only the token to the
 * store, so the card number never reaches the storefront's server; with JavaScript off the server-side path stays.
 */
import type { Locator, Page, Request } from "@playwright/test";
import { expect, jsEnabled, test, type StoreControls } from "./support";

const COFFEE = "01tDM0000000001";
const GATEWAY = "/services/emulator-gateway/0ZEDEMO00000001/tokens";
const CARD = "4242424242424242";
const EXPIRY_YEAR = String(new Date().getFullYear() + 2);

async function configureGateway(store: StoreControls) {
  await store.settings({
    applicationContext: {
      clientSidePaymentConfiguration: {
        componentName: "commerce_payments/testGatewayCard",
        config: { gateway: "emulator-test-gateway", tokenizationUrl: GATEWAY },
      },
    },
  });
}

async function fillAddress(group: Locator) {
  await group.getByLabel("First Name").fill("Sam");
  await group.getByLabel("Last Name").fill("Shopper");
  await group.getByLabel("Street").fill("200 Congress Ave");
  await group.getByLabel("City").fill("Austin");
  await group.getByLabel("State").fill("TX");
  await group.getByLabel("Postal Code").fill("78701");
}

/** A guest with coffee in the cart, through shipping and delivery to the payment step. */
async function guestAtPayment(page: Page) {
  await page.goto(`/product/${COFFEE}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart").first()).toBeVisible();
  await page.goto("/checkout");
  const contact = page.getByRole("group", { name: "Contact information" });
  await contact.getByLabel("Email").fill("sam@example.com");
  await contact.getByLabel("Last Name").fill("Shopper");
  await contact.getByLabel("Phone").fill("5125550100");
  await fillAddress(page.getByRole("group", { name: "Shipping address" }));
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment", level: 2 })).toBeVisible();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Cardholder name").fill("Sam Shopper");
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry month").selectOption("12");
  await page.getByLabel("Expiry year").selectOption(EXPIRY_YEAR);
  await page.getByLabel("CVV").fill("123");
}

/** Every request the browser sends, with its body: where the card number went. */
function recordRequests(page: Page): { url: string; body: string }[] {
  const sent: { url: string; body: string }[] = [];
  page.on("request", (request: Request) =>
    sent.push({ url: new URL(request.url()).pathname, body: request.postData() ?? "" }),
  );
  return sent;
}

const carriesCard = (body: string) => body.replace(/[\s+]|%20/g, "").includes(CARD);

test("with JavaScript the card is tokenised in the browser: the card number goes to the gateway, never to the store's server", async ({
  page,
  store,
}) => {
  test.skip(
    !jsEnabled(page),
    "the browser tokenises only with JavaScript; the js-off test below covers the server-side path",
  );
  await configureGateway(store);
  await guestAtPayment(page);
  const sent = recordRequests(page);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();

  const toGateway = sent.filter((r) => r.url === GATEWAY);
  expect(toGateway).toHaveLength(1);
  expect(carriesCard(toGateway[0].body)).toBe(true);
  const toStore = sent.filter((r) => r.url !== GATEWAY && r.body !== "");
  expect(toStore.length).toBeGreaterThan(0);
  expect(toStore.filter((r) => carriesCard(r.body) || /cvv=123/.test(r.body))).toEqual([]);
  // The store's server never tokenised anything: it never had a card to tokenise.
  expect(await store.journal({ path: "/payments/token" })).toEqual([]);

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
});

test("a card the gateway refuses in the browser is refused on its field, and nothing is sent to the store", async ({
  page,
  store,
}) => {
  test.skip(!jsEnabled(page), "the browser tokenises only with JavaScript");
  await configureGateway(store);
  await guestAtPayment(page);
  const sent = recordRequests(page);
  await fillCard(page, "4242 4242 4242 4241");
  await page.getByRole("button", { name: "Continue to review" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Check the following" });
  await expect(summary.getByRole("link", { name: "Card number: Enter a valid card number." })).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
  expect(sent.filter((r) => r.url !== GATEWAY && carriesCard(r.body.replace("4241", "4242")))).toEqual([]);
  expect(sent.filter((r) => r.url === "/checkout/payment" && r.body !== "")).toEqual([]);
  // The shopper corrects the number and carries on.
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
});

test("without JavaScript the same store takes the card on its server, which tokenises it (payments/token)", async ({
  page,
  store,
}) => {
  test.skip(jsEnabled(page), "with JavaScript the browser tokenises (tests above)");
  await configureGateway(store);
  await guestAtPayment(page);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  expect(await store.journal({ path: "/payments/token" })).toHaveLength(1);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
});

const AUTHORIZATIONS = "/services/emulator-gateway/0ZEDEMO00000001/authorizations";

/** A gateway that authorises in the browser: the store starts it (ClientRequest) and confirms it (PostAuth). */
async function configureAuthorizingGateway(store: StoreControls) {
  await store.settings({
    applicationContext: {
      clientSidePaymentConfiguration: {
        componentName: "commerce_payments/testGatewayCard",
        config: { gateway: "emulator-test-gateway", authorizationUrl: AUTHORIZATIONS },
      },
    },
  });
}

test("a gateway that authorises in the browser: the card goes to the gateway, the store confirms the payment and places the order", async ({
  page,
  store,
}) => {
  await configureAuthorizingGateway(store);
  await guestAtPayment(page);
  const sent = recordRequests(page);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  if (jsEnabled(page)) {
    // The browser authorised at the gateway; the store's server never saw the card, nor tokenised one.
    expect(sent.filter((r) => r.url === AUTHORIZATIONS)).toHaveLength(1);
    expect(sent.filter((r) => r.url !== AUTHORIZATIONS && carriesCard(r.body))).toEqual([]);
    expect(await store.journal({ path: "/payments/token" })).toEqual([]);
  } else {
    // Without JavaScript the typed card goes the server's way: tokenised, then authorised (Auth).
    expect(await store.journal({ path: "/payments/token" })).toHaveLength(1);
  }
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
});
