/**
 * A cart at Salesforce's ceiling (issue 41): 2,000 lines, in a store with large carts (Cart Data Limits: 500 lines,
 * 2,000 with large-cart support; a small generated store next to the demo fixtures, server/emulator/large-store,
 * turns it on). bulk@demo.store goes through every checkout step without JavaScript: each step reads one page of the
 * lines (25) and never the 2,000, the review is paged with GET links and shows the whole cart's totals from the cart's
 * summary, and placing the order orders all 2,000 lines. The cart page pages them the same way, and a quick order
 * of 2,000 pasted lines fills a cart in 20 batch calls of 100.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import { BULK_BUYER, generateCategories, generateProduct } from "../../server/emulator/large-store/index.js";
import { webstoreAs } from "../support/api-order";
import { startStore, type Answer, type Store, type Visitor } from "../support/routes";

const LINES = 2_000;
const PRODUCTS = 2_600;
const SEED = 41;
const PAGE = 25;
const PAGES = LINES / PAGE;
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
    scale: { products: PRODUCTS, buyers: 0, bulkOrders: 0, bulkCartLines: LINES, seed: SEED },
  });
  store = await startStore({ emulator });
}, 60_000);
afterAll(async () => {
  await store?.close();
  emulator?.close();
});

/** What the API answers bulk@demo.store for `path`. */
async function api(path: string) {
  const call = await webstoreAs(BULK_BUYER, "http://emulator.local", (r) => emulator.fetch(r));
  return call("GET", path);
}

const usd = (amount: string | number) => Number(amount).toLocaleString("en-US", { style: "currency", currency: "USD" });

/** The order summary's lines on a step's page: each line's product name. */
function summaryNames(page: Answer): string[] {
  const list = /<ul class="checkout-summary__lines"[^>]*>([\s\S]*?)<\/ul>/.exec(page.html)?.[1] ?? "";
  return [...list.matchAll(/<span class="checkout-summary__name">([^<]*)/g)].map((m) => m[1].trim());
}

interface JournalEntry {
  method: string;
  path: string;
  query: string;
}

/** The API calls the store made since the journal was last emptied, and empties it. */
async function calls(): Promise<JournalEntry[]> {
  const answer = await store.control("GET", "/__emulator/journal");
  const { entries } = (await answer.json()) as { entries: JournalEntry[] };
  await store.control("DELETE", "/__emulator/journal");
  return entries;
}

/** A step's reads of the cart's lines: one page each (25), never the whole cart. */
function expectOnePageOfLines(step: string, entries: JournalEntry[]) {
  const lineReads = entries.filter((e) => e.method === "GET" && /\/cart-items$/.test(e.path));
  for (const read of lineReads) {
    const pageSize = Number(new URLSearchParams(read.query).get("pageSize"));
    expect(pageSize, `${step}: ${read.path}${read.query}`).toBeGreaterThan(0);
    expect(pageSize, `${step}: ${read.path}${read.query}`).toBeLessThanOrEqual(PAGE);
  }
  expect(lineReads.length, `${step}: cart-items reads`).toBeLessThanOrEqual(2);
}

async function bulkBuyer(): Promise<Visitor> {
  return store.signedIn(BULK_BUYER);
}

describe("A 2,000-line cart", () => {
  test("the cart page shows 25 lines of 2,000 and its last page the last 25", async () => {
    const buyer = await bulkBuyer();
    await calls();
    const cart = await buyer.load("/cart");
    expect(cart.status).toBe(200);
    expect(cart.text).toContain(`Page 1 of ${PAGES}`);
    expect(cart.html.match(/>Remove</g)).toHaveLength(PAGE);
    expectOnePageOfLines("cart", await calls());
    const last = await buyer.load(`/cart?page=${PAGES}`);
    expect(last.status).toBe(200);
    expect(last.text).toContain(`Page ${PAGES} of ${PAGES}`);
    expect(last.html.match(/>Remove</g)).toHaveLength(PAGE);
  });

  test("goes through checkout a page of lines at a time, the review paged with the cart's totals, and is ordered whole", async () => {
    const summary = await api("carts/current");
    expect(summary.totalProductLineItemCount ?? summary.uniqueProductCount).toBe(LINES);
    const buyer = await bulkBuyer();
    await calls();

    const start = await buyer.load("/checkout");
    expect(start.location).toBe("/checkout/shipping");
    const shipping = await buyer.load(start.location!);
    expect(shipping.status).toBe(200);
    expect(summaryNames(shipping)).toHaveLength(PAGE);
    expectOnePageOfLines("shipping", await calls());

    const delivery = await buyer.fill(shipping, "Continue to delivery", BOSTON, { follow: true });
    expect(delivery.text).toContain("Continue to payment");
    expect(summaryNames(delivery)).toHaveLength(PAGE);
    expectOnePageOfLines("delivery", await calls());

    const payment = await buyer.fill(delivery, "Continue to payment", {}, { follow: true });
    expect(payment.text).toContain("Continue to review");
    expect(summaryNames(payment)).toHaveLength(PAGE);
    expectOnePageOfLines("payment", await calls());

    const review = await buyer.fill(
      payment,
      "Continue to review",
      { paymentMethod: "purchaseOrder", "Purchase order number": "PO-2000" },
      { follow: true },
    );
    expect(review.text).toContain("Place order");
    expect(summaryNames(review)).toHaveLength(PAGE);
    expect(review.text).toContain(`Showing items 1–${PAGE} of ${LINES}`);
    expect(review.text).toContain(`Page 1 of ${PAGES}`);
    expectOnePageOfLines("review", await calls());

    // The totals are the checkout's cart summary, the whole cart's (a page's lines sum to far less).
    const checkout = await api("carts/current");
    expect(review.text).toContain(`Items (${Number(checkout.totalProductCount)}) ${usd(checkout.totalProductAmount)}`);

    const last = await buyer.load(`/checkout/review?page=${PAGES}`);
    expect(last.status).toBe(200);
    expect(summaryNames(last)).toHaveLength(PAGE);
    expect(last.text).toContain(`Showing items ${LINES - PAGE + 1}–${LINES} of ${LINES}`);
    expect(last.text).toContain(`Items (${Number(checkout.totalProductCount)}) ${usd(checkout.totalProductAmount)}`);
    const middle = await buyer.load("/checkout/review?page=41");
    expect(summaryNames(middle)).toHaveLength(PAGE);
    expect(summaryNames(middle)).not.toEqual(summaryNames(last));
    expectOnePageOfLines("review's pages", await calls());

    const placed = await buyer.fill(last, "Place order", {});
    expect(placed.status).toBe(303);
    const orderNumber = /^\/checkout\/confirmation\/(\d{8})$/.exec(placed.location ?? "")?.[1];
    expect(orderNumber).toBeDefined();
    const confirmation = await buyer.load(placed.location!);
    expect(confirmation.status).toBe(200);
    expect(confirmation.text).toContain(`Your order number is ${orderNumber}`);
    expectOnePageOfLines("placing the order", await calls());

    // The order holds every line, for the amount the review showed.
    const orders = await api("order-summaries?pageSize=1");
    const order = orders.orderSummaries[0];
    expect(order.orderNumber).toBe(orderNumber);
    expect(Number(order.fields.TotalAdjustedProductAmount.text)).toBe(Number(checkout.totalProductAmount));
    // The review's total was the order's.
    expect(last.text).toContain(`Total ${usd(order.fields.GrandTotalAmount.text)}`);
    let items = 0;
    let token: string | null = null;
    do {
      const page: any = await api(
        `order-summaries/${order.orderSummaryId}/items?pageSize=100${token ? `&page=${encodeURIComponent(token)}` : ""}`,
      );
      items += page.items.filter(
        (i: { fields: Record<string, { text: string }> }) =>
          i.fields["OrderItemSummary.Type"]?.text === "Order Product",
      ).length;
      token = page.nextPageToken;
    } while (token);
    expect(items).toBe(LINES);
  }, 120_000);
});

describe("A quick order of 2,000 pasted lines", () => {
  test("is added in 20 batch calls of 100, and the cart holds the 2,000 lines", async () => {
    // 2,000 generated products a shopper can add: in stock, not a variation parent.
    const { leaves } = generateCategories();
    const skus: string[] = [];
    for (let n = 1; skus.length < LINES && n <= PRODUCTS; n++) {
      const product = generateProduct(SEED, leaves, n);
      if (product.stock >= 1 && !product.family) skus.push(product.sku);
    }
    expect(skus).toHaveLength(LINES);
    const guest = store.visitor();
    const page = await guest.load("/quick-order");
    expect(page.text).toContain(`Up to ${LINES} lines.`);
    await calls();
    const answer = await guest.submit("/quick-order", {
      intent: "order",
      rows: "5",
      list: skus.map((sku) => `${sku}\t1`).join("\n"),
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/cart");
    const batches = (await calls()).filter((e) => e.method === "POST" && e.path.endsWith("/cart-items/batch"));
    expect(batches).toHaveLength(LINES / 100);
    const cart = await guest.load("/cart");
    expect(cart.toasts).toEqual([`Added ${LINES} lines to your cart.`]);
    expect(cart.text).toContain(`Page 1 of ${PAGES}`);
    expect(cart.cartCount).toBe(LINES);
  }, 60_000);

  test("one line more than the cart holds is refused before anything is sent", async () => {
    const guest = store.visitor();
    await calls();
    const answer = await guest.submit("/quick-order", {
      intent: "order",
      rows: "5",
      list: Array.from({ length: LINES + 1 }, () => "LG-000001\t1").join("\n"),
    });
    expect(answer.status).toBe(400);
    expect(answer.alerts).toContain(
      `An order can have at most ${LINES} lines at a time; this one has ${LINES + 1}. Split the list.`,
    );
    expect((await calls()).filter((e) => e.path.endsWith("/cart-items/batch"))).toHaveLength(0);
  });
});
