/**
 * An order's shipments on its page (JavaScript on and off): carrier, tracking number linked to the carrier's
 * tracking page, status, dates and lines; "Not shipped yet" for a new order until the emulator's fulfilment ships it
 * on the virtual clock; the order shown when the shipments can't be read. Demo: 00000103 (a delivered USPS shipment
 * with the API's tracking URL, a UPS one without: the store's UPS page).
 */
import { placeOrderThroughApi } from "../support/api-order";
import { auditablePage, BUYER, expect, seriousViolations, signIn, SITE, test } from "./support";

const COFFEE = "01tDM0000000001";
const DAY = 24 * 60 * 60;

test("a buyer's order shows each shipment's carrier, tracking link, status, dates and lines", async ({
  page,
  browser,
}, testInfo) => {
  // Two sign-ins (the audited page's own, without JavaScript) and an audit besides the reading.
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto("/OrderSummary/00000103");
  const shipments = page.getByRole("region", { name: "Shipments" });
  const delivered = shipments.getByRole("listitem", { name: "Shipment 1: Delivered" });
  await expect(delivered).toContainText(/Carrier\s*USPS/);
  await expect(delivered).toContainText(/Delivered\s*Sep 7, 2026/);
  await expect(delivered.getByRole("list", { name: "Items in Shipment 1" })).toContainText("Classic Diner Mug, 12 oz");
  await expect(delivered.getByRole("link", { name: /^9400111899223100010301/ })).toHaveAttribute(
    "href",
    "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223100010301",
  );
  const shipped = shipments.getByRole("listitem", { name: "Shipment 2: Shipped" });
  await expect(shipped).toContainText(/Carrier\s*UPS/);
  await expect(shipped).toContainText(/Expected delivery\s*Sep 6, 2026/);
  // The API gave no tracking URL: the store's own page for UPS.
  await expect(
    shipped.getByRole("link", { name: "1Z999AA10000010302 (track with UPS, opens in a new tab)" }),
  ).toHaveAttribute("href", "https://www.ups.com/track?tracknum=1Z999AA10000010302");

  const audited = await auditablePage(page, browser, testInfo);
  if (audited !== page) await signIn(audited);
  await audited.goto("/OrderSummary/00000103");
  await expect(audited.getByRole("region", { name: "Shipments" })).toBeVisible();
  expect(await seriousViolations(audited)).toEqual([]);
});

test("a new order is 'Not shipped yet', and shows its shipment once the virtual clock has passed the shipping day", async ({
  page,
  store,
}) => {
  const number = await placeOrderThroughApi(SITE, { username: BUYER.email, password: BUYER.password }, [
    { productId: COFFEE, quantity: 2 },
  ]);
  await signIn(page);
  await page.goto(`/OrderSummary/${number}`);
  await expect(page.getByRole("region", { name: "Shipments" })).toContainText("Not shipped yet.");

  await store.advanceClock(2 * DAY);
  // Two days on, the session has lapsed: the buyer signs in again.
  await signIn(page);
  await page.goto(`/OrderSummary/${number}`);
  const shipment = page
    .getByRole("region", { name: "Shipments" })
    .getByRole("listitem", { name: "Shipment 1: Shipped" });
  await expect(shipment).toContainText(/Carrier\s*USPS/);
  await expect(shipment.getByRole("link", { name: /track with USPS/ })).toHaveAttribute(
    "href",
    /^https:\/\/tools\.usps\.com\/go\/TrackConfirmAction\?tLabels=\d+$/,
  );
  await expect(shipment.getByRole("list", { name: "Items in Shipment 1" })).toContainText("× 2");
  await expect(page.getByRole("region", { name: "Shipments" })).not.toContainText("Not shipped yet");
});

test("when the shipments can't be read, the order still shows and says so", async ({ page, store }) => {
  await store.fault({
    method: "GET",
    path: "*/order-summaries/*/shipments",
    status: 503,
    errorCode: "SERVICE_UNAVAILABLE",
    times: 0,
  });
  await signIn(page);
  await page.goto("/OrderSummary/00000103");
  await expect(page.getByRole("heading", { level: 1, name: "Order 00000103" })).toBeVisible();
  await expect(page.getByText("Classic Diner Mug, 12 oz").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Shipments" })).toContainText(
    "We can't show this order's shipments right now. Try again in a moment.",
  );
});
