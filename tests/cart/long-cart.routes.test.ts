/**
 * A long cart's checkout (issue 23, item 3): a buyer with a 130-line cart (a small generated store next to the demo
 * fixtures, server/emulator/large-store: bulk@demo.store's cart) sees a page of 25 lines on every checkout step, with
 * the whole cart's totals, reaches every line through the order summary's page links (plain GET links, no
 * JavaScript), and still changes any line of the cart without JavaScript. Before, the checkout read the first 100
 * lines only: lines 101-130 never showed.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import { BULK_BUYER } from "../../server/emulator/large-store/index.js";
import { webstoreAs } from "../support/api-order";
import { startStore, type Answer, type Store, type Visitor } from "../support/routes";

const LINES = 130;
const BOSTON = {
  "First Name": "Blair",
  "shipments[0].address.lastName": "Bulkley",
  Street: "200 Commerce Drive",
  City: "Boston",
  State: "MA",
  "Postal Code": "02110",
};

let emulator: Emulator;
let store: Store;
beforeAll(async () => {
  emulator = createEmulator({
    scale: { products: 600, buyers: 0, bulkOrders: 0, bulkCartLines: LINES, seed: 23 },
  });
  store = await startStore({ emulator });
});
afterAll(async () => {
  await store?.close();
  emulator?.close();
});

/** What the API says of bulk@demo.store's cart: its summary and every line (id, name, quantity), 100 a call. */
async function apiCart() {
  const call = await webstoreAs(BULK_BUYER, "http://emulator.local", (r) => emulator.fetch(r));
  const get = (path: string) => call("GET", path);
  const summary = await get("carts/current");
  const lines: { id: string; name: string; quantity: number }[] = [];
  for (let page = 1; lines.length < summary.totalProductLineItemCount; page++) {
    const items = await get(`carts/current/cart-items?pageSize=100&pageNumber=${page}&productFields=Name`);
    for (const { cartItem } of items.cartItems)
      lines.push({ id: cartItem.cartItemId, name: cartItem.productDetails.name, quantity: Number(cartItem.quantity) });
  }
  return { summary, lines };
}

const usd = (amount: string) => Number(amount).toLocaleString("en-US", { style: "currency", currency: "USD" });

/** The order summary's lines on a step's page: each line's product name. */
function summaryNames(page: Answer): string[] {
  const list = /<ul class="checkout-summary__lines"[^>]*>([\s\S]*?)<\/ul>/.exec(page.html)?.[1] ?? "";
  return [...list.matchAll(/<span class="checkout-summary__name">([^<]*)/g)].map((m) =>
    m[1]
      .replace(/&amp;/g, "&")
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .trim(),
  );
}

/** The page link "Next" of the order summary's pager, or null on its last page. */
function nextPage(page: Answer): string | null {
  const nav = /<nav aria-label="Order summary pages"[\s\S]*?<\/nav>/.exec(page.html)?.[0] ?? "";
  const href = /<a[^>]*href="([^"]*)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]*)"/.exec(nav);
  return href ? (href[1] ?? href[2]).replace(/&amp;/g, "&") : null;
}

async function bulkAtShipping(): Promise<{ buyer: Visitor; shipping: Answer }> {
  const buyer = await store.signedIn(BULK_BUYER);
  const start = await buyer.load("/checkout");
  expect(start.status).toBe(303);
  expect(start.location).toBe("/checkout/shipping");
  const shipping = await buyer.load(start.location!);
  expect(shipping.status).toBe(200);
  return { buyer, shipping };
}

describe("A 130-line cart's checkout", () => {
  test("shows 25 lines a page with the whole cart's totals, and every line is reached through the page links", async () => {
    const { summary, lines } = await apiCart();
    expect(lines).toHaveLength(LINES);
    const { buyer, shipping } = await bulkAtShipping();

    expect(summaryNames(shipping)).toHaveLength(25);
    expect(shipping.text).toContain(`Showing items 1–25 of ${LINES}`);
    expect(shipping.text).toContain("Page 1 of 6");
    // The totals are the API's, for the whole cart (not a page's sum).
    expect(shipping.text).toContain(`Items (${Number(summary.totalProductCount)}) ${usd(summary.totalProductAmount)}`);

    const seen: string[] = [];
    let page: Answer = shipping;
    for (let n = 1; ; n++) {
      const names = summaryNames(page);
      expect(names.length).toBe(n < 6 ? 25 : LINES - 125);
      seen.push(...names);
      const next = nextPage(page);
      if (!next) break;
      expect(next).toBe(`/checkout/shipping?page=${n + 1}`);
      page = await buyer.load(next);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`Items (${Number(summary.totalProductCount)}) ${usd(summary.totalProductAmount)}`);
    }
    expect(page.text).toContain(`Showing items 126–${LINES} of ${LINES}`);
    expect(seen.sort()).toEqual(lines.map((l) => l.name).sort());
  });

  test("every step pages the lines: delivery, payment and review show a page, and review's last page the last lines", async () => {
    const { buyer, shipping } = await bulkAtShipping();
    const delivery = await buyer.fill(shipping, "Continue to delivery", BOSTON, { follow: true });
    expect(delivery.text).toContain("Continue to payment");
    expect(summaryNames(delivery)).toHaveLength(25);
    expect(delivery.text).toContain(`Showing items 1–25 of ${LINES}`);
    // A shipment lists the lines on the page and says how many more there are.
    expect(delivery.text).toContain(`and ${LINES - 25} more lines on the order summary's other pages`);

    const payment = await buyer.fill(delivery, "Continue to payment", {}, { follow: true });
    expect(payment.text).toContain("Continue to review");
    expect(summaryNames(payment)).toHaveLength(25);

    const review = await buyer.fill(
      payment,
      "Continue to review",
      { paymentMethod: "purchaseOrder", "Purchase order number": "PO-130" },
      { follow: true },
    );
    expect(review.text).toContain("Place order");
    expect(summaryNames(review)).toHaveLength(25);
    const last = await buyer.load("/checkout/review?page=6");
    expect(last.status).toBe(200);
    expect(summaryNames(last)).toHaveLength(LINES - 125);
    expect(last.text).toContain(`Showing items 126–${LINES} of ${LINES}`);
  });

  test("any line, on any page of the cart, changes without JavaScript and the checkout's totals follow", async () => {
    const { lines } = await apiCart();
    const buyer = await store.signedIn(BULK_BUYER);
    const last = (await buyer.load("/cart?page=6")).html;
    // The cart page lists the newest lines first: its last page holds the cart's first line.
    const line = lines.find((l) => last.includes(`value="${l.id}"`))!;
    expect(line).toBeDefined();
    const changed = await buyer.submit("/cart?page=6", {
      intent: "update",
      lineId: line.id,
      quantity: String(line.quantity + 2),
      previousQuantity: String(line.quantity),
    });
    expect(changed.status).toBe(303);
    const after = await apiCart();
    expect(after.lines.find((l) => l.id === line.id)!.quantity).toBe(line.quantity + 2);

    const { shipping } = await bulkAtShipping();
    expect(shipping.text).toContain(
      `Items (${Number(after.summary.totalProductCount)}) ${usd(after.summary.totalProductAmount)}`,
    );
  });
});
