/**
 * "Frequently bought together" (app/catalog/ui/BoughtTogether.tsx, app/cart/ui/CartRecommendations.tsx): Einstein's
 * CustomersWhoBoughtAlsoBought recommendations (GET ai/recommendations, 63.0, with the products' names and prices)
 * as server-rendered cards, on the product page (anchor: the product) and the cart page (anchors: its lines, each
 * card with an "Add to cart" form that works without JavaScript). One recommendations read per page, none on the
 * cart's edits; a failed read hides the section, never the page.
 */
import { describe, expect, test } from "vitest";
import { RECOMMENDATIONS_FRESH_MS } from "../../server/webstore/cache.js";
import { B2B_BUYER, BUYER, sectionText, useStore } from "../support/routes";

const ETHIOPIA = "01tDM0000000001"; // ordered with the Home Espresso Machine Duo and the Breakfast Blend
const BREAKFAST = "01tDM0000000008";
const TAMPER_ORDERED_WITH = "01tDM0000000005"; // the House Espresso Blend, ordered with the tamper
const KNOCK_BOX = "01tDM0000000019"; // never ordered

/** The clock of the store's caches: a test moves it past an answer's freshness instead of waiting. */
let cacheNow = Date.now();
const store = useStore({ cacheClock: () => cacheNow });

/** The section's text as a reader meets it ("" when the page has none). */
const togetherText = (html: string) => sectionText(html, '<section aria-labelledby="bought-together-title"');

/** The recommendations reads the store made since the journal was cleared, each as `path?query`. */
async function recommendationReads(): Promise<string[]> {
  const answer = await store.control("GET", "/__emulator/journal?method=GET");
  const { entries } = (await answer.json()) as { entries: { path: string; query: string }[] };
  return entries
    .filter((e) => e.path.endsWith("/ai/recommendations"))
    .map((e) => `ai/recommendations${e.query.startsWith("?") || !e.query ? e.query : `?${e.query}`}`);
}

/** The hidden fields of the cart page's "Add to cart" forms, in the page's order. */
const addForms = (html: string) =>
  [...html.matchAll(/<form[^>]*class="store-bought-together__add"[^>]*>([\s\S]*?)<\/form>/g)].map((m) =>
    Object.fromEntries(
      [...m[1].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((f) => [f[1], f[2]]),
    ),
  );

/** A fresh visitor's reads from here on: a first page renews the store's browsing identity after a reset. */
async function freshJournal() {
  await store.visitor().load("/");
  await store.control("DELETE", "/__emulator/journal");
}

describe("the product page's frequently bought together", () => {
  test("without JavaScript: the products ordered with it, most recent order first, with links and prices", async () => {
    const page = await store.visitor().load(`/product/${ETHIOPIA}`);
    expect(page.status).toBe(200);
    expect(togetherText(page.html)).toBe(
      "Frequently bought together " +
        "Home Espresso Machine Duo SKU EQ-ESP-DUO Price: $599.00 Original price: $649.00 " +
        "Breakfast Blend Ground Coffee, 12 oz SKU CG-BRKFST Price: $13.50 Original price: $15.00",
    );
    expect(page.html).toMatch(/href="\/product\/[^"]*\/01tDM0000000014"/);
    // The product page's cards are links: the cart page's carry the add forms.
    expect(togetherText(page.html)).not.toContain("Add to cart");
  });

  test("one recommendations read, no pricing read of its own, and no section for a product never ordered", async () => {
    await store.reset();
    await freshJournal();
    await store.visitor().load(`/product/${ETHIOPIA}`);
    const reads = await recommendationReads();
    expect(reads).toHaveLength(1);
    expect(reads[0]).toContain("recommender=CustomersWhoBoughtAlsoBought");
    expect(reads[0]).toContain(`anchorValues=${ETHIOPIA}`);
    expect(reads[0]).toContain("includePricingAndProductInformation=true");
    // The cards' prices come with them: the page's one pricing call is the similar products'.
    expect((await store.apiReads()).filter((path) => path === "pricing/products")).toHaveLength(1);

    const plain = await store.visitor().load(`/product/${KNOCK_BOX}`);
    expect(plain.status).toBe(200);
    expect(plain.html).not.toContain("Frequently bought together");
  });

  test("a recommendations read the API fails hides the section, never the page", async () => {
    await store.reset();
    const fault = await store.control("POST", "/__emulator/faults", {
      method: "GET",
      path: "*/ai/recommendations*",
      status: 500,
      errorCode: "UNKNOWN_EXCEPTION",
      times: 0,
    });
    expect(fault.status).toBe(201);
    try {
      const page = await store.visitor().load(`/product/${ETHIOPIA}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("Ethiopia Yirgacheffe");
      expect(page.html).not.toContain("Frequently bought together");
    } finally {
      await store.control("DELETE", "/__emulator/faults");
    }
  });
});

describe("the cart page's frequently bought together", () => {
  /** The cart page with the Ethiopia in the cart (added from its product page, without JavaScript). */
  async function cartWithEthiopia() {
    const visitor = store.visitor();
    const product = await visitor.load(`/product/${ETHIOPIA}`);
    const added = await visitor.fill(product, "Add to cart", {}, { follow: true });
    expect(added.toasts).toContain("Added to your cart");
    return { visitor, cart: await visitor.load("/cart") };
  }

  test("without JavaScript: a card for each product ordered with the cart's, each with an Add to cart form", async () => {
    await store.reset();
    const { cart } = await cartWithEthiopia();
    expect(cart.status).toBe(200);
    expect(togetherText(cart.html)).toBe(
      "Frequently bought together " +
        "Home Espresso Machine Duo SKU EQ-ESP-DUO Price: $599.00 Original price: $649.00 Add to cart Home Espresso Machine Duo " +
        "Breakfast Blend Ground Coffee, 12 oz SKU CG-BRKFST Price: $13.50 Original price: $15.00 Add to cart Breakfast Blend Ground Coffee, 12 oz",
    );
    expect(addForms(cart.html)).toEqual([
      { productId: "01tDM0000000014", quantity: "1", redirectTo: "/cart" },
      { productId: BREAKFAST, quantity: "1", redirectTo: "/cart" },
    ]);
    expect(cart.html).toMatch(/<button[^>]*name="intent"[^>]*value="add"/);
  });

  test("Add to cart posts to the cart's action and comes back to the cart with the product in it", async () => {
    await store.reset();
    const { visitor, cart } = await cartWithEthiopia();
    await store.control("DELETE", "/__emulator/journal");
    // The second card's form: the Breakfast Blend's, with its button's intent.
    const posted = await visitor.submit("/cart", { ...addForms(cart.html)[1], intent: "add" });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe("/cart");
    // The cart's edit reads no recommendations: only its page's loader does.
    expect(await recommendationReads()).toHaveLength(0);
    const after = await visitor.load("/cart");
    expect(after.toasts).toContain("Added to your cart");
    expect(after.text).toContain("Breakfast Blend Ground Coffee, 12 oz");
    // The product now in the cart is no longer recommended; one read for the page, anchored on its lines.
    expect(togetherText(after.html)).not.toContain("Breakfast Blend");
    const reads = await recommendationReads();
    expect(reads).toHaveLength(1);
    expect(reads[0]).toContain(ETHIOPIA);
  });

  test("a hydrated cart page gets the cards in its loader data; a failed read leaves the cart whole", async () => {
    await store.reset();
    const { visitor } = await cartWithEthiopia();
    const answer = await visitor.data("/cart");
    const routes = answer.data as Record<string, { data?: { boughtTogether?: { id: string; addQuantity: number }[] } }>;
    const cards = Object.values(routes).find((route) => route?.data?.boughtTogether)?.data?.boughtTogether;
    expect(cards?.map((card) => [card.id, card.addQuantity])).toEqual([
      ["01tDM0000000014", 1],
      [BREAKFAST, 1],
    ]);

    await store.control("POST", "/__emulator/faults", {
      method: "GET",
      path: "*/ai/recommendations*",
      status: 500,
      errorCode: "UNKNOWN_EXCEPTION",
      times: 0,
    });
    try {
      const cart = await visitor.load("/cart");
      expect(cart.status).toBe(200);
      expect(cart.text).toContain("Ethiopia Yirgacheffe");
      expect(cart.html).not.toContain("Frequently bought together");
    } finally {
      await store.control("DELETE", "/__emulator/faults");
    }
  });

  test("a signed-in buyer's product page shows them too", async () => {
    await store.reset();
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/product/01tDM0000000017");
    expect(togetherText(page.html)).toContain("House Espresso Blend");
    expect(page.html).toContain(TAMPER_ORDERED_WITH);
  });
});

describe("one answer shared for 30 s by the shoppers of a catalog scope", () => {
  test("a second view within 30 s reads no recommendations; a view after 30 s reads them again", async () => {
    await store.reset();
    await freshJournal();
    const first = await store.visitor().load(`/product/${ETHIOPIA}`);
    cacheNow += RECOMMENDATIONS_FRESH_MS - 1;
    // Another guest, another visitor id: the same catalog, the same answer.
    const second = await store.visitor().load(`/product/${ETHIOPIA}`);
    expect(togetherText(second.html)).toBe(togetherText(first.html));
    expect(togetherText(second.html)).toContain("Home Espresso Machine Duo");
    expect(await recommendationReads()).toHaveLength(1);

    cacheNow += 2;
    const later = await store.visitor().load(`/product/${ETHIOPIA}`);
    expect(togetherText(later.html)).toBe(togetherText(first.html));
    expect(await recommendationReads()).toHaveLength(2);
  });

  test("buyers of different accounts (and guests) don't share an answer; a buyer's second view does", async () => {
    await store.reset();
    const buyer = await store.signedIn(BUYER);
    const b2b = await store.signedIn(B2B_BUYER);
    await freshJournal();
    const pages = [
      await buyer.load(`/product/${ETHIOPIA}`),
      await b2b.load(`/product/${ETHIOPIA}`),
      await store.visitor().load(`/product/${ETHIOPIA}`),
    ];
    for (const page of pages) expect(togetherText(page.html)).toContain("Breakfast Blend");
    expect(await recommendationReads()).toHaveLength(3);
    await buyer.load(`/product/${ETHIOPIA}`);
    expect(await recommendationReads()).toHaveLength(3);
  });
});
