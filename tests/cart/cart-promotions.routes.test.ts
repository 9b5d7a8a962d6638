/**
 * The cart page's promotions (a line's badge, the summary's list) and its shipping estimate (app/routes/cart.tsx,
 * app/cart/server/estimate.server.ts), as a browser without JavaScript sees them: the estimate form posts, the action
 * answers 303 back to the cart, and the page shows the delivery methods the API lists for the address.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { BUYER, useStore, type Store, type Visitor } from "../support/routes";

const DINER_MUG = "01tDM0000000027"; // $12.00, a mug: 3 of them meet "Buy 3+ mugs, save 5%"
const FRENCH_PRESS = "01tDM0000000023"; // $39.00

const store = useStore();
const at62 = useStore({ env: { WEBSTORE_API_VERSION: "62.0" } });
beforeEach(() => store.reset());

async function guestWith(on: Store, productId: string, quantity: number): Promise<Visitor> {
  const visitor = on.visitor();
  const added = await visitor.submit(`/product/${productId}`, { intent: "add", quantity });
  expect(added.status).toBe(303);
  return visitor;
}

const estimate = (visitor: Visitor, country: string, postalCode: string) =>
  visitor.submit("/cart", {
    intent: "estimate",
    estimateCountry: country,
    estimatePostalCode: postalCode,
    redirectTo: "/cart",
  });

/** The API calls of the given method the store made since the journal was emptied, webstore-relative. */
async function apiCalls(method: "GET" | "POST"): Promise<string[]> {
  const answer = await store.control("GET", `/__emulator/journal?method=${method}`);
  const { entries } = (await answer.json()) as { entries: { path: string }[] };
  return entries.map((e) => e.path.replace(/^.*\/webstores\/[^/]+\//, ""));
}

describe("Cart promotions", () => {
  test("a line shows its promotion's badge and saving; the summary lists the cart's promotions with their coupon and terms", async () => {
    const guest = await guestWith(store, DINER_MUG, 3);
    const applied = await guest.submit("/cart", { intent: "applyCoupon", couponCode: "SAVE10", redirectTo: "/cart" });
    expect(applied.status).toBe(303);

    await store.control("DELETE", "/__emulator/journal");
    const page = await guest.load("/cart");
    expect(page.status).toBe(200);
    // The line's badge: 5% of 3 × $12.00.
    expect(page.text).toContain("Promotion: Buy 3+ mugs, save 5% -$1.80");
    // The summary: the automatic item promotion and the coupon's cart promotion (10% of $34.20), with its terms.
    expect(page.text).toContain("Promotions Buy 3+ mugs, save 5%");
    expect(page.text).toContain("10% off your order (coupon SAVE10)");
    expect(page.text).toContain("-$3.42");
    expect(page.text).toContain("10% off the cart subtotal. Combines with other coupons except exclusive ones.");
    // Both come with the page's one read of the lines (cart-items with includePromotions): no promotions call.
    const reads = await apiCalls("GET");
    expect(reads.filter((path) => /\/(promotions|delivery-groups)(\?|$)/.test(path))).toEqual([]);
    expect(reads.filter((path) => /\/cart-items(\?|$)/.test(path))).toHaveLength(1);
  });

  test("a cart without promotions shows no Promotions section and no badge", async () => {
    const guest = await guestWith(store, FRENCH_PRESS, 1);
    const page = await guest.load("/cart");
    expect(page.text).not.toContain("Promotions");
    expect(page.text).not.toContain("Promotion:");
  });
});

describe("Shipping estimate", () => {
  test("an empty state until asked; a good postal code: 303 back, the methods and their costs for the cart", async () => {
    const guest = await guestWith(store, FRENCH_PRESS, 1);
    const before = await guest.load("/cart");
    expect(before.text).toContain("Shipping estimate No estimate yet.");
    expect(before.field("estimatePostalCode")).toBe("");

    const asked = await estimate(guest, "US", "02110");
    expect(asked.status).toBe(303);
    // Back to the estimate's section, not the top of the cart.
    expect(asked.headers.get("location")).toBe("/cart#shipping-estimate");

    await store.control("DELETE", "/__emulator/journal");
    const page = await guest.load("/cart");
    expect(page.toasts).toEqual([]);
    expect(page.text).toContain("To 02110, United States, before tax:");
    expect(page.text).toContain("Standard Shipping USPS, 3–5 days in transit $7.99");
    expect(page.text).toContain("Express Shipping UPS, 1–2 days in transit $19.99");
    expect(page.text).toContain("Overnight FedEx, 1 day in transit $34.99");
    expect(page.field("estimatePostalCode")).toBe("02110");
    // One read of the cart's delivery groups beside its lines.
    expect((await apiCalls("GET")).filter((path) => path.includes("/delivery-groups"))).toHaveLength(1);

    // The fees follow the cart: three presses ($117) ship free by Standard Shipping.
    const more = await guest.submit(`/product/${FRENCH_PRESS}`, { intent: "add", quantity: 2 });
    expect(more.status).toBe(303);
    expect((await guest.load("/cart")).text).toContain("Standard Shipping USPS, 3–5 days in transit Free");
  });

  test("a bad postal code: back with the typed code, its problem on the field and in a toast, the API not asked", async () => {
    const guest = await guestWith(store, FRENCH_PRESS, 1);
    await store.control("DELETE", "/__emulator/journal");
    const refused = await estimate(guest, "US", "ABC");
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/cart?estimateCountry=US&estimatePostalCode=ABC#shipping-estimate");
    expect((await apiCalls("POST")).filter((path) => path.includes("evaluate-shipping"))).toEqual([]);

    const page = await guest.load(refused.location!);
    expect(page.toasts).toEqual(["Enter a 5-digit ZIP code, like 94105."]);
    expect(page.fieldError("estimatePostalCode")).toBe("Enter a 5-digit ZIP code, like 94105.");
    expect(page.field("estimatePostalCode")).toBe("ABC");
    expect(page.text).toContain("No estimate yet.");

    const blank = await estimate(guest, "GB", " ");
    expect((await guest.load(blank.location!)).toasts).toEqual(["Enter a postal code."]);
    const elsewhere = await estimate(guest, "BR", "01310-100");
    expect((await guest.load(elsewhere.location!)).toasts).toEqual(["Choose a country the store ships to."]);
  });

  test("another country: its methods, in the cart's currency", async () => {
    const guest = await guestWith(store, FRENCH_PRESS, 1);
    expect((await estimate(guest, "GB", "SW1A 1AA")).status).toBe(303);
    const page = await guest.load("/cart");
    expect(page.text).toContain("To SW1A 1AA, United Kingdom, before tax:");
    expect(page.text).toContain("International Standard DHL, 6–12 days in transit $24.99");
    expect(page.text).not.toContain("Standard Shipping USPS");
  });

  test("a signed-in buyer finds the form filled in with their default shipping address's postal code", async () => {
    const buyer = await store.signedIn(BUYER);
    expect((await buyer.submit(`/product/${FRENCH_PRESS}`, { intent: "add", quantity: 1 })).status).toBe(303);
    const page = await buyer.load("/cart");
    expect(page.field("estimatePostalCode")).toBe("94105");
    expect(page.text).toContain("No estimate yet.");
  });

  test("below 63.0 (no evaluate-shipping) the cart offers no estimate", async () => {
    const guest = await guestWith(at62, FRENCH_PRESS, 1);
    const page = await guest.load("/cart");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Summary");
    expect(page.text).not.toContain("Shipping estimate");
    expect(page.field("estimatePostalCode")).toBeNull();
  });
});
