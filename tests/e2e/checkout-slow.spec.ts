/**
 * A checkout whose calculation takes several seconds (the emulator's `checkoutSeconds`, docs/emulator-checkout.md
 * "Async"), with JavaScript on and off: every step the shopper lands on while it calculates shows 'Loading' and
 * finishes by itself (a meta refresh without JavaScript, revalidation on the LWR client's schedule with it), no call is
 * refused 409 and no 409 reaches the shopper, and the order is placed (decision 020).
 */
import { addToCart, COFFEE, fillAddress, fillCard, TEXAS } from "./checkout-flow";
import { expect, test } from "./support";

/** Long enough that every step meets it still calculating after the page's one-second wait. */
const CALCULATION_SECONDS = 3;
/** A step's 'Loading' lasts about the calculation, plus a refresh: more than that is a page that never ends. */
const STEP_TIMEOUT = (CALCULATION_SECONDS + 8) * 1000;

test("a slow checkout calculation completes for the shopper: 'Loading' that ends by itself, never a 409", async ({
  page,
  store,
}) => {
  test.setTimeout(120_000);
  const refusals: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 409) refusals.push(`${response.request().method()} ${response.url()}`);
  });
  await addToCart(page, COFFEE.id);
  await store.settings({ checkoutSeconds: CALCULATION_SECONDS });

  // The start calculates: the page the shopper lands on says so, then shows the step by itself.
  const started = await page.goto("/checkout");
  expect(await started?.text()).toContain("This page refreshes by itself.");
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible({ timeout: STEP_TIMEOUT });

  const contact = page.getByRole("group", { name: "Contact information" });
  await contact.getByLabel("Email").fill("sam@example.com");
  await contact.getByLabel("Last Name").fill("Shopper");
  await contact.getByLabel("Phone").fill("5125550100");
  await fillAddress(page.getByRole("group", { name: "Shipping address" }), TEXAS);
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  // The address runs shipping and tax: the delivery step waits for them ('Loading' until they are done).
  await expect(page.getByRole("heading", { name: "Delivery", level: 2 })).toBeVisible({ timeout: STEP_TIMEOUT });
  await expect(page.getByText("Ships to Sam Shopper, 200 Congress Ave, Austin, TX 78701, US")).toBeVisible();

  await page.getByRole("radio", { name: /Express Shipping/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  // The delivery method runs tax: the payment step waits for it.
  await expect(page.getByRole("heading", { name: "Payment", level: 2 })).toBeVisible({ timeout: STEP_TIMEOUT });
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible({ timeout: STEP_TIMEOUT });
  await expect(page.getByText("Express Shipping ($19.99)")).toBeVisible();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible({
    timeout: STEP_TIMEOUT,
  });

  expect(refusals, "no answer the shopper's browser got was a 409").toEqual([]);
  await expect(page.getByText("We're still saving your last change")).toHaveCount(0);
  // Nor did the store make a checkout call the API refused for a calculation in progress.
  const refused = (await store.journal({ path: "/checkouts" })).filter((entry) => entry.status === 409);
  expect(refused).toEqual([]);
  // The API did calculate slowly: the store read it still processing (202) and waited.
  const processing = (await store.journal({ method: "GET", path: "/checkouts/" })).filter((e) => e.status === 202);
  expect(processing.length).toBeGreaterThan(0);
});
