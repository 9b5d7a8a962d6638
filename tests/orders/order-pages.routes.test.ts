/**
 * The order pages on the order resources (issue 27): a signed-in buyer's order page reads GET
 * `order-summaries/{id}`, `/delivery-groups`, `/adjustments` and a page of `/items` per delivery group (one request
 * each), and a 60-line order shows every line across its item pages, reached by plain GET links (no JavaScript).
 * Also /OrderLookup/{recordId}: the lookup view opened with a record id.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import { BULK_BUYER } from "../../server/emulator/large-store/index.js";
import { checkoutActiveCart, webstoreAs } from "../support/api-order";
import { BUYER, startStore, type Answer, type Store } from "../support/routes";

const LINES = 60;

let emulator: Emulator;
let store: Store;
let orderNumber: string;
let productNames: string[];

/** Places bulk@demo.store's 60-line cart as an order through the API, as a shopper's checkout would. */
async function placeLongOrder(): Promise<{ orderNumber: string; names: string[] }> {
  const call = await webstoreAs(BULK_BUYER, "http://emulator.local", (r) => emulator.fetch(r));
  const names: string[] = [];
  for (let page = 1; names.length < LINES; page++) {
    const items = await call("GET", `carts/current/cart-items?pageSize=100&pageNumber=${page}&productFields=Name`);
    for (const { cartItem } of items.cartItems) names.push(cartItem.productDetails.name);
    if (items.cartItems.length === 0) break;
  }
  const orderNumber = await checkoutActiveCart(call, {
    name: "Blair Bulkley",
    firstName: "Blair",
    lastName: "Bulkley",
    street: "200 Commerce Drive",
    city: "Boston",
    region: "MA",
    postalCode: "02110",
    country: "US",
  });
  return { orderNumber, names };
}

beforeAll(async () => {
  emulator = createEmulator({
    scale: { products: 100, buyers: 0, bulkOrders: 0, bulkCartLines: LINES, seed: 27 },
  });
  store = await startStore({ emulator });
  const placed = await placeLongOrder();
  orderNumber = placed.orderNumber;
  productNames = placed.names;
});
afterAll(async () => {
  await store?.close();
  emulator?.close();
});

const unescape = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();

/** The product names of the order page's lines, in page order. */
function lineNames(page: Answer): string[] {
  return [...page.html.matchAll(/<p class="orders-item__name">([^<]*)<\/p>/g)].map((m) => unescape(m[1]));
}

/** The "Show more items" link of the page's first delivery group, or null when it shows the last items. */
function showMore(page: Answer): string | null {
  const link = /<a[^>]*href="([^"]*)"[^>]*>Show more items/.exec(page.html);
  return link ? unescape(link[1]) : null;
}

/** Every API call since the journal was emptied: "METHOD path?query", relative to the webstore. */
async function apiCalls(): Promise<string[]> {
  const answer = await store.control("GET", "/__emulator/journal");
  const { entries } = (await answer.json()) as { entries: { method: string; path: string; query: string }[] };
  return entries.map(
    (e) =>
      `${e.method} ${e.path.replace(/^.*\/webstores\/[^/]+\//, "")}${e.query ? `?${e.query.replace(/^\?/, "")}` : ""}`,
  );
}

describe("A signed-in buyer's order page", () => {
  test("reads the order resources, one request each, and shows a 60-line order's every line across its item pages", async () => {
    const buyer = await store.signedIn(BULK_BUYER);
    await store.control("DELETE", "/__emulator/journal");
    let page = await buyer.load(`/OrderSummary/${orderNumber}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Order ${orderNumber}`);

    const calls = (await apiCalls()).filter((c) => c.includes("order-summaries"));
    const count = (pattern: RegExp) => calls.filter((c) => pattern.test(c)).length;
    expect(count(/^GET order-summaries\/[^/?]+\?/)).toBe(1);
    expect(count(/^GET order-summaries\/[^/]+\/delivery-groups/)).toBe(1);
    expect(count(/^GET order-summaries\/[^/]+\/adjustments/)).toBe(1);
    // One delivery group: one page of its items, asked by the group and a page size.
    expect(calls.filter((c) => /^GET order-summaries\/[^/]+\/items\?/.test(c))).toEqual([
      expect.stringMatching(
        /orderDeliveryGroupSummaryId=0ag\w+.*pageSize=25|pageSize=25.*orderDeliveryGroupSummaryId=0ag\w+/,
      ),
    ]);
    // The lookup is asked for the payments only (none of the order resources has them).
    expect(calls.filter((c) => c.startsWith("POST order-summaries/actions/lookup"))).toEqual([
      expect.stringContaining("excludeLineItems=true"),
    ]);

    const shown: string[] = [];
    const seenPages: string[] = [];
    for (;;) {
      shown.push(...lineNames(page));
      const next = showMore(page);
      if (!next) break;
      expect(seenPages).not.toContain(next);
      seenPages.push(next);
      await store.control("DELETE", "/__emulator/journal");
      page = await buyer.load(next);
      expect(page.status).toBe(200);
      // A later page reads that page of items, not the whole order again from the lookup.
      const later = await apiCalls();
      expect(later.filter((c) => /^GET order-summaries\/[^/]+\/items\?.*page=/.test(c))).toHaveLength(1);
      expect(later.filter((c) => /actions\/lookup/.test(c) && !c.includes("excludeLineItems=true"))).toEqual([]);
    }
    expect(seenPages).toHaveLength(2); // 25 + 25 + 10
    expect(shown).toHaveLength(LINES);
    expect([...shown].sort()).toEqual([...productNames].sort());
    // The last page links back to the first items.
    expect(page.html).toMatch(/>First items</);
  });

  test("names each line's promotions from POST items/adjustments and the order's from GET adjustments", async () => {
    const buyer = await store.signedIn(BUYER);
    await store.control("DELETE", "/__emulator/journal");
    const page = await buyer.load("/OrderSummary/00000103");
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/aria-label="Promotions on Classic Diner Mug, 12 oz"/);
    expect(page.text).toContain("10% off your order");
    const calls = await apiCalls();
    expect(calls.filter((c) => /^POST order-summaries\/[^/]+\/items\/adjustments/.test(c))).toHaveLength(1);
    // Two delivery groups: one page of items for each.
    expect(calls.filter((c) => /^GET order-summaries\/[^/]+\/items\?/.test(c))).toHaveLength(2);
  });

  test("an unknown page token shows the group's first items rather than failing", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/OrderSummary/00000103?items1=bm90LWEtdG9rZW4");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Classic Diner Mug, 12 oz");
  });
});

const GUEST_ORDER = { number: "00000101", email: "guest@demo.store", phone: "(555) 010-1010" };
const COFFEE = "01tDM0000000001";

/** The page's link to the order with its access token (`?access=`), or null. */
function accessLink(page: Answer): string | null {
  const link = /href="(\/OrderSummary\/\d{8}\?access=[^"]+)"/.exec(page.html);
  return link ? unescape(link[1]) : null;
}

describe("A guest's order link", () => {
  test("the confirmation of a guest's order offers a link that opens the order in another browser, no retyping", async () => {
    const guest = store.visitor();
    expect((await guest.submit(`/product/${COFFEE}`, { intent: "add", quantity: 1 })).status).toBe(303);
    const start = await guest.load("/checkout");
    const shipping = await guest.load(start.location!);
    const delivery = await guest.fill(
      shipping,
      "Continue to delivery",
      {
        Email: "sam@example.com",
        lastName: "Shopper",
        Phone: "5125550100",
        "First Name": "Sam",
        "shipments[0].address.lastName": "Shopper",
        Street: "200 Congress Ave",
        City: "Austin",
        State: "TX",
        "Postal Code": "78701",
      },
      { follow: true },
    );
    const payment = await guest.fill(delivery, "Continue to payment", {}, { follow: true });
    const review = await guest.fill(
      payment,
      "Continue to review",
      {
        "Card number": "4242424242424242",
        "Expiry month": "12",
        "Expiry year": String(new Date().getFullYear() + 2),
        CVV: "123",
      },
      { follow: true },
    );
    const placed = await guest.fill(review, "Place order", {});
    const orderNumber = /^\/checkout\/confirmation\/(\d{8})$/.exec(placed.location ?? "")?.[1];
    expect(orderNumber, `placed → ${placed.location}`).toBeTruthy();

    await store.control("DELETE", "/__emulator/journal");
    const confirmation = await guest.load(placed.location!);
    expect(confirmation.status).toBe(200);
    const link = accessLink(confirmation);
    expect(link).toMatch(new RegExp(`^/OrderSummary/${orderNumber}\\?access=`));
    expect(await apiCalls()).toContainEqual(expect.stringMatching(/^POST order-summaries\/actions\/authorize/));

    // Another browser (no session, no lookup) opens the order from the link alone, through the GET lookup.
    const elsewhere = store.visitor();
    await store.control("DELETE", "/__emulator/journal");
    const opened = await elsewhere.load(link!);
    expect(opened.status).toBe(200);
    expect(opened.text).toContain(`Order ${orderNumber}`);
    expect(opened.text).toContain("Ethiopia Yirgacheffe Whole Bean, 12 oz");
    expect(opened.text).toContain("Your link to this order");
    expect(await apiCalls()).toContainEqual(
      expect.stringMatching(/^GET order-summaries\/actions\/lookup\?.*accessToken=/),
    );

    // "Buy again" from the link's page works with the token too.
    const reordered = await elsewhere.submit(link!, { intent: "reorder" });
    expect(reordered.status).toBe(303);
    expect(reordered.location).toBe("/cart");

    // An hour later the link has lapsed: the lookup form, with the number filled in.
    await store.control("POST", "/__emulator/clock", { advanceSeconds: 61 * 60 });
    const lapsed = await store.visitor().load(link!);
    expect(lapsed.status).toBe(303);
    expect(lapsed.location).toBe(`/OrderLookup?orderNumber=${orderNumber}`);
  });

  test("after a lookup, the guest gets the link by giving the order's phone number; a wrong one is refused, kept as typed", async () => {
    const guest = store.visitor();
    const found = await guest.submit("/OrderLookup", { orderNumber: GUEST_ORDER.number, email: GUEST_ORDER.email });
    expect(found.status).toBe(303);
    const page = await guest.load(found.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Get a link to this order");

    const wrong = await guest.fill(page, "Get a link to this order", { "Phone Number": "555 999 0000" });
    expect(wrong.status).toBe(400);
    expect(wrong.alerts).toContain(
      "That phone number doesn't match this order. Enter the one you gave with your order.",
    );
    expect(wrong.field("phoneNumber")).toBe("555 999 0000");

    const blank = await guest.fill(page, "Get a link to this order", { "Phone Number": " " });
    expect(blank.status).toBe(400);
    expect(blank.alerts).toContain("Complete this field.");

    const made = await guest.fill(page, "Get a link to this order", { "Phone Number": GUEST_ORDER.phone });
    expect(made.status).toBe(303);
    expect(made.location).toMatch(new RegExp(`^/OrderSummary/${GUEST_ORDER.number}\\?access=`));
    const opened = await store.visitor().load(made.location!);
    expect(opened.status).toBe(200);
    expect(opened.text).toContain(`Order ${GUEST_ORDER.number}`);
  });

  test("a made-up token opens nothing: the lookup form, as for any refusal", async () => {
    const page = await store.visitor().load(`/OrderSummary/${GUEST_ORDER.number}?access=not-a-token`);
    expect(page.status).toBe(303);
    expect(page.location).toBe(`/OrderLookup?orderNumber=${GUEST_ORDER.number}`);
  });
});

describe("/OrderLookup/{recordId}", () => {
  test("a buyer opening it with an order's id gets the lookup form with that order's number filled in", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/OrderLookup/1OsDM0000000103");
    expect(page.status).toBe(200);
    expect(page.field("orderNumber")).toBe("00000103");
    // The record's SEO properties title the page.
    expect(page.html).toMatch(/<title>[^<]*<\/title>/);
  });

  test("a guest opening it gets the empty form: the record id tells a guest nothing about the order", async () => {
    const guest = store.visitor();
    const page = await guest.load("/OrderLookup/1OsDM0000000103");
    expect(page.status).toBe(200);
    expect(page.field("orderNumber")).toBe("");
    expect(page.field("email")).toBe("");
  });
});
