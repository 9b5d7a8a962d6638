/**
 * Volume prices: the product page's table of tiers (app/components/store/PriceTiers.tsx) and a cart line priced
 * by the tier its quantity reaches, as a document (no JavaScript) and as a hydrated page's data.
 */
import { describe, expect, test } from "vitest";
import { B2B_BUYER, sectionText, useStore } from "../support/routes";

const FILTERS = { id: "01tDM0000000022", name: "Paper Filters #02, Pack of 200" }; // $8.00; 10+ $7.60, 50+ $7.20
const FRENCH_PRESS = "01tDM0000000023"; // no volume prices
const UPDATE_LINE = { button: "Update", action: "/cart" };

const store = useStore();

/** The table's rows as a reader meets them: the quantity range, then the price each. */
const tierTable = (html: string) => sectionText(html, '<table class="store-price-tiers">');

describe("the product page's volume prices", () => {
  test("without JavaScript: a captioned table of quantity ranges and the unit price of each", async () => {
    const page = await store.visitor().load(`/product/${FILTERS.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<caption class="store-price-tiers__caption">Volume prices<\/caption>/);
    expect(page.html).toContain('<th scope="col">Quantity</th><th scope="col">Price each</th>');
    expect(tierTable(page.html)).toBe("Volume prices Quantity Price each 1–9 $8.00 10–49 $7.60 50 or more $7.20");
  });

  test("in the page's currency: GBP under /en-GB/", async () => {
    const page = await store.visitor().load(`/en-GB/product/${FILTERS.id}`);
    expect(tierTable(page.html)).toBe("Volume prices Quantity Price each 1–9 £6.40 10–49 £6.08 50 or more £5.76");
  });

  test("with JavaScript: the loader's data carries the rows; a product without tiers has none and no table", async () => {
    const visitor = store.visitor();
    const data = await visitor.data(`/product/${FILTERS.id}`, ["routes/product.$"]);
    expect(data.data).toMatchObject({
      "routes/product.$": {
        data: {
          tiers: [
            { from: 1, to: 9, unitPrice: "8.00" },
            { from: 10, to: 49, unitPrice: "7.60" },
            { from: 50, to: null, unitPrice: "7.20" },
          ],
        },
      },
    });
    const plain = await visitor.load(`/product/${FRENCH_PRESS}`);
    expect(plain.status).toBe(200);
    expect(plain.html).not.toContain("store-price-tiers");
    const plainData = await visitor.data(`/product/${FRENCH_PRESS}`, ["routes/product.$"]);
    expect(plainData.data).toMatchObject({ "routes/product.$": { data: { tiers: [] } } });
  });
});

describe("a cart line that reaches a tier", () => {
  test("without JavaScript: 10 added from the product page cost $7.60 each, the list price struck through", async () => {
    const guest = store.visitor();
    const added = await guest.submit(`/product/${FILTERS.id}`, { intent: "add", quantity: "10" });
    expect(added.status).toBe(303);
    const cart = await guest.load("/cart");
    expect(cart.cartCount).toBe(10);
    expect(cart.text).toContain("Price: $7.60 Original price: $9.00 each");
    expect(cart.text).toContain("$76.00");

    // 50 reaches the next tier (the first tier's upper bound is not in it).
    const updated = await guest.fill(cart, UPDATE_LINE, { quantity: "50" });
    expect(updated.location).toBe("/cart");
    const after = await guest.load("/cart");
    expect(after.text).toContain("Price: $7.20 Original price: $9.00 each");
    expect(after.text).toContain("$360.00");
    expect(after.text).not.toContain("$7.60");
  });

  test("with JavaScript, for a business buyer: the update answers data and the cart's data has the tier's price", async () => {
    const buyer = await store.signedIn(B2B_BUYER);
    const added = await buyer.submit(`/product/${FILTERS.id}`, { intent: "add", quantity: "9" }, { js: true });
    expect(added.data).toMatchObject({ data: { ok: true } });
    const before = await buyer.data("/cart", ["routes/cart"]);
    expect(JSON.stringify(before.data)).toContain('"unitPrice":"8.00"');

    const cart = await buyer.load("/cart");
    const updated = await buyer.fill(cart, UPDATE_LINE, { quantity: "10" }, { js: true });
    expect(updated.data).toMatchObject({ data: { ok: true, intent: "update" } });
    const after = await buyer.data("/cart", ["routes/cart"]);
    const line = JSON.stringify(after.data);
    expect(line).toContain('"unitPrice":"7.60"');
    expect(line).toContain('"totalPrice":"76.00"');
  });
});
