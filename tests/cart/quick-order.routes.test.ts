/**
 * The quick order page (app/routes/quick-order.tsx): typed rows and a pasted list, submitted as a plain HTML form
 * (no JavaScript: 303 to the cart, or the page again with 400) and as the hydrated page's <Form> (single fetch),
 * for a guest of a store with guest carts and for a buyer. Which API calls an order made is read from the
 * emulator's journal: one cart-items/batch call per 100 lines.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { B2B_BUYER, useStore, type Answer, type Visitor } from "../support/routes";

const store = useStore();
beforeEach(async () => {
  await store.reset();
});

const NOT_FOUND = "No product in this store has this SKU.";
/** Simple products with at least 90 units in stock: a long list cycles through them without running out. */
const STOCKED = [
  "CB-ETH-YRG",
  "CB-COL-HUI",
  "CB-HOUSE-ESP",
  "CG-BRKFST",
  "CG-FRENCH",
  "CP-ESP-50",
  "EQ-TAMP-58",
  "EQ-PITCH-20",
  "EQ-DRIP-GLS",
  "CB-GUA-ANT",
];

/** `count` pasted lines, one unit each, as a spreadsheet copies them (tab-separated). */
const pasted = (count: number) =>
  Array.from({ length: count }, (_, i) => `${STOCKED[i % STOCKED.length]}\t1`).join("\n");

/** The POST cart-items/batch calls the API received since the journal was last emptied. */
async function batchCalls(): Promise<number> {
  const answer = await store.control("GET", "/__emulator/journal?method=POST&path=cart-items/batch");
  const { entries } = (await answer.json()) as { entries: unknown[] };
  return entries.length;
}

/** The header's count as the page's revalidation reads it (root loader data, single fetch). */
async function cartCount(visitor: Visitor): Promise<number> {
  const answer = await visitor.data("/cart", ["root"]);
  return (answer.data as { root: { data: { cartCount: number } } }).root.data.cartCount;
}

type View = {
  rows: { sku: string; quantity: string; skuError?: string; quantityError?: string }[];
  list: string;
  listProblems: { line: number; text: string; message: string }[];
  formError: string | null;
  added: { sku: string; quantity: number }[];
  refused: { where: string; sku: string; quantity: string; message: string }[];
};
/** The action's data of a single-fetch answer. */
const viewOf = (answer: Answer) => (answer.data as { data: { view: View } }).data.view;

const THREE_ROWS = {
  intent: "order",
  rows: "5",
  "sku-1": "CB-ETH-YRG",
  "quantity-1": "2",
  "sku-2": "NO-SUCH-SKU",
  "quantity-2": "3",
  "sku-3": "MUG-DINER-12",
  "quantity-3": "",
};

describe("The page", () => {
  test("offers empty rows and a list box; the header links it for a guest of a store with guest carts", async () => {
    const guest = store.visitor();
    const page = await guest.load("/quick-order");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Quick order");
    expect(page.field("sku-1")).toBe("");
    expect(page.field("quantity-5")).toBe("");
    expect(page.field("sku-6")).toBeNull();
    expect(page.field("list")).toBe("");
    expect(page.html).toMatch(/<a[^>]*href="\/quick-order"[^>]*>Quick Order<\/a>/);
  });

  test("a store without guest carts sends a guest to sign in and back, and the header doesn't offer it", async () => {
    expect(
      (await store.control("POST", "/__emulator/settings", { applicationContext: { guestCartEnabled: false } })).ok,
    ).toBe(true);
    const guest = store.visitor();
    const page = await guest.load("/quick-order");
    expect(page.status).toBe(303);
    expect(page.location).toBe("/login?redirectTo=%2Fquick-order");
    const home = await guest.load("/");
    expect(home.html).not.toContain('href="/quick-order"');
    const buyer = await store.signedIn(B2B_BUYER);
    expect((await buyer.load("/")).html).toMatch(/<a[^>]*href="\/quick-order"[^>]*>Quick Order<\/a>/);
    expect((await buyer.load("/quick-order")).status).toBe(200);
  });

  test("'Add more rows' without JavaScript: the form again with five more rows, everything typed kept", async () => {
    const guest = store.visitor();
    const page = await guest.load("/quick-order");
    const more = await guest.fill(page, "Add 5 more rows", { "sku-2": "CB-ETH-YRG", "quantity-2": "4", list: "A, 1" });
    expect(more.status).toBe(200);
    expect(more.field("sku-2")).toBe("CB-ETH-YRG");
    expect(more.field("quantity-2")).toBe("4");
    expect(more.field("sku-10")).toBe("");
    expect(more.field("sku-11")).toBeNull();
    expect(more.field("list")).toBe("A, 1");
    expect(await batchCalls()).toBe(0);
  });
});

describe("Three typed rows, one of them an unknown SKU", () => {
  test("without JavaScript: two lines added, the third refused and back in the form with its reason (400)", async () => {
    const guest = store.visitor();
    const page = await guest.load("/quick-order");
    const answer = await guest.fill(page, "Add to cart", THREE_ROWS);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Added 2 lines to your cart; 1 line not added");
    expect(answer.text).toContain(`Row 1: NO-SUCH-SKU × 3: ${NOT_FOUND}`);
    expect(answer.text).toContain("Ethiopia Yirgacheffe Whole Bean, 12 oz (CB-ETH-YRG) × 2");
    expect(answer.text).toContain("(MUG-DINER-12) × 1");
    // The refused line is the form's first row now, with its reason under the SKU; the added ones are gone.
    expect(answer.field("sku-1")).toBe("NO-SUCH-SKU");
    expect(answer.field("quantity-1")).toBe("3");
    expect(answer.fieldError("sku-1")).toBe(NOT_FOUND);
    expect(answer.field("sku-2")).toBe("");
    expect(answer.cartCount).toBe(3);
    expect(await batchCalls()).toBe(1);
  });

  test("with JavaScript: the same result as data, and the header's count after revalidation", async () => {
    const guest = store.visitor();
    const answer = await guest.submit("/quick-order", THREE_ROWS, { js: true });
    expect(answer.status).toBe(400);
    const view = viewOf(answer);
    expect(view.added).toEqual([
      expect.objectContaining({ sku: "CB-ETH-YRG", quantity: 2 }),
      expect.objectContaining({ sku: "MUG-DINER-12", quantity: 1 }),
    ]);
    expect(view.refused).toEqual([{ where: "Row 1", sku: "NO-SUCH-SKU", quantity: "3", message: NOT_FOUND }]);
    expect(view.rows[0]).toMatchObject({ sku: "NO-SUCH-SKU", quantity: "3", skuError: NOT_FOUND });
    expect(await cartCount(guest)).toBe(3);
  });

  test("corrected and sent again: every line added, 303 to the cart with a toast", async () => {
    const guest = store.visitor();
    const refused = await guest.fill(await guest.load("/quick-order"), "Add to cart", THREE_ROWS);
    const again = await guest.fill(refused, "Add to cart", { "sku-1": "CB-COL-HUI" });
    expect(again.status).toBe(303);
    expect(again.location).toBe("/cart");
    const cart = await guest.load(again.location!);
    expect(cart.toasts).toEqual(["Added 1 line to your cart."]);
    expect(cart.text).toContain("Colombia Huila Whole Bean, 12 oz");
    expect(cart.cartCount).toBe(6);
  });
});

describe("Lines the store refuses", () => {
  test("say why in the spec's words: 103 variation parent, 101 not enough stock, 107 quantity rule", async () => {
    const buyer = await store.signedIn(B2B_BUYER);
    const answer = await buyer.submit("/quick-order", {
      intent: "order",
      rows: "5",
      "sku-1": "ERR-103",
      "sku-2": "LAST-UNIT",
      "quantity-2": "2",
      "sku-3": "ERR-107",
      "quantity-3": "3",
      list: "CB-KEN-AA, 1\nERR-101; 5",
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Row 1: ERR-103 × 1: Product is a variant parent");
    expect(answer.text).toContain("Row 2: LAST-UNIT × 2: Not enough inventory for selected quantity");
    expect(answer.text).toContain("Row 3: ERR-107 × 3: Requested quantity is invalid");
    expect(answer.text).toContain("List line 1: ERR-101 × 5: Not enough inventory for selected quantity");
    // A quantity problem is the quantity field's; the list keeps the refused line, as typed.
    expect(answer.fieldError("quantity-2")).toBe("Not enough inventory for selected quantity");
    expect(answer.fieldError("sku-1")).toBe("Product is a variant parent");
    expect(answer.field("list")).toBe("ERR-101, 5");
    expect(answer.text).toContain("(CB-KEN-AA) × 1");
    expect(answer.cartCount).toBe(1);
  });
});

describe("A form with problems", () => {
  test("sends nothing and names each problem in the kit's words, everything typed kept", async () => {
    const guest = store.visitor();
    const list = "SKU\tQuantity\nCB-ETH-YRG\tmany\n\nCB-COL-HUI, 1.5\nA, 1, 2";
    const answer = await guest.submit("/quick-order", {
      intent: "order",
      rows: "5",
      "sku-1": "CB-ETH-YRG",
      "quantity-1": "0",
      "sku-2": "",
      "quantity-2": "2",
      list,
    });
    expect(answer.status).toBe(400);
    expect(answer.alerts).toContain("5 lines need correcting. Nothing was added to your cart yet.");
    expect(answer.fieldError("quantity-1")).toBe("The number is too low.");
    expect(answer.fieldError("sku-2")).toBe("Complete this field.");
    expect(answer.text).toContain("Line 2 (CB-ETH-YRG, many): Enter a valid numeric value.");
    expect(answer.text).toContain("Line 4 (CB-COL-HUI, 1.5): Your entry isn't a valid increment.");
    expect(answer.text).toContain("Line 5 (A, 1): Enter a SKU and a quantity, separated by a comma, tab or semicolon.");
    expect(answer.field("quantity-1")).toBe("0");
    expect(answer.field("list")).toBe(list.replace(/\s+/g, " "));
    expect(await batchCalls()).toBe(0);
    expect(answer.cartCount).toBe(0);
  });

  test("an empty form asks for a SKU, with JavaScript too", async () => {
    const guest = store.visitor();
    const answer = await guest.submit("/quick-order", { intent: "order", rows: "5", list: "\n  \n" }, { js: true });
    expect(answer.status).toBe(400);
    expect(viewOf(answer).formError).toBe("Enter at least one SKU, in a row or in the list.");
  });
});

describe("A store that doesn't answer", () => {
  test("the SKU lookup failing: nothing added, everything typed kept, the reason above the form (503: the store's trouble)", async () => {
    const fault = await store.control("POST", "/__emulator/faults", {
      method: "GET",
      path: "*/webstores/*/products",
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      times: 0,
    });
    expect(fault.status).toBe(201);
    const guest = store.visitor();
    const answer = await guest.fill(await guest.load("/quick-order"), "Add to cart", {
      ...THREE_ROWS,
      list: "CB-KEN-AA, 1",
    });
    // The API could not answer: the store's trouble, not the shopper's input (README, "When the org is down").
    expect(answer.status).toBe(503);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(answer.alerts).toContain(
      "We couldn't reach the store to place your order. Nothing was added to your cart; try again.",
    );
    expect(answer.field("sku-2")).toBe("NO-SUCH-SKU");
    expect(answer.field("quantity-1")).toBe("2");
    expect(answer.field("list")).toBe("CB-KEN-AA, 1");
    expect(await batchCalls()).toBe(0);
  });
});

describe("A pasted list", () => {
  test("of 150 lines is added in exactly two batch calls (100 + 50)", async () => {
    const guest = store.visitor();
    await store.control("DELETE", "/__emulator/journal");
    const answer = await guest.submit("/quick-order", { intent: "order", rows: "5", list: pasted(150) });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/cart");
    expect(await batchCalls()).toBe(2);
    expect((await guest.load("/cart")).toasts).toEqual(["Added 150 lines to your cart."]);
    expect(await cartCount(guest)).toBe(150);
  });

  test("of 500 lines works, with JavaScript: five batch calls, every line added", async () => {
    const buyer = await store.signedIn(B2B_BUYER);
    await store.control("DELETE", "/__emulator/journal");
    const answer = await buyer.submit("/quick-order", { intent: "order", rows: "5", list: pasted(500) }, { js: true });
    expect(answer.location).toBe("/cart");
    expect(await batchCalls()).toBe(5);
    expect(await cartCount(buyer)).toBe(500);
  });

  test("of more than 500 lines is refused before anything is sent", async () => {
    const guest = store.visitor();
    const answer = await guest.submit("/quick-order", { intent: "order", rows: "5", list: pasted(501) });
    expect(answer.status).toBe(400);
    expect(answer.alerts).toContain("An order can have at most 500 lines at a time; this one has 501. Split the list.");
    expect(await batchCalls()).toBe(0);
  });
});
