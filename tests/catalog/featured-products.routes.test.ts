/**
 * The product page's "Similar products" (app/catalog/ui/SimilarProducts.tsx): the product's featured products
 * (GET products/{id}/featured-products, 64.0) as server-rendered cards with links and prices. One featured read
 * per page; when it fails, the page is still served, without the section.
 */
import { describe, expect, test } from "vitest";
import { sectionText, useStore } from "../support/routes";

const FRENCH_PRESS = "01tDM0000000023";
const DINER_MUG = "01tDM0000000027";
const TAMPER = "01tDM0000000017"; // features nothing

const store = useStore();

/** The section's text as a reader meets it ("" when the page has none). */
const similarText = (html: string) => sectionText(html, '<section aria-labelledby="similar-title"');

describe("a product page's similar products", () => {
  test("without JavaScript: each featured product's card in sequence, with its link, SKU and price", async () => {
    const page = await store.visitor().load(`/product/${FRENCH_PRESS}`);
    expect(page.status).toBe(200);
    expect(similarText(page.html)).toBe(
      "Similar products " +
        "Glass Pour-Over Dripper SKU EQ-DRIP-GLS Price: $29.00 Original price: $32.00 " +
        "12-Cup Drip Coffee Maker SKU EQ-DRIP-12 Price: $109.00 Original price: $129.00 " +
        "Cold Brew Drip Tower SKU EQ-COLDTOWER $189.00",
    );
    expect(page.html).toContain('href="/product/glass-pour-over-dripper/01tDM0000000020"');
    expect(page.html).toContain('href="/product/cold-brew-drip-tower/01tDM0000000026"');
  });

  test("a hydrated page gets the same cards in its loader data", async () => {
    const answer = await store.visitor().data(`/product/${FRENCH_PRESS}`);
    expect(answer.status).toBe(200);
    const routes = answer.data as Record<string, { data?: { similar?: { id: string; unitPrice: string }[] } }>;
    const similar = Object.values(routes).find((route) => route?.data?.similar)?.data?.similar;
    expect(similar?.map((card) => [card.id, card.unitPrice])).toEqual([
      ["01tDM0000000020", "29.00"],
      ["01tDM0000000024", "109.00"],
      ["01tDM0000000026", "189.00"],
    ]);
  });

  test("one featured read and one pricing read for the page; no section for a product that features nothing", async () => {
    await store.reset();
    // A first page after the reset renews the store's browsing identity (the reset revoked its token): its reads
    // are not the mug page's.
    await store.visitor().load("/");
    await store.control("DELETE", "/__emulator/journal");
    await store.visitor().load(`/product/${DINER_MUG}`);
    const reads = await store.apiReads();
    expect(reads.filter((path) => path.includes("/featured-products"))).toHaveLength(1);
    expect(reads.filter((path) => path === "pricing/products")).toHaveLength(1);

    const plain = await store.visitor().load(`/product/${TAMPER}`);
    expect(plain.status).toBe(200);
    expect(plain.text).toContain("Stainless Tamper 58 mm");
    expect(plain.html).not.toContain("Similar products");
  });

  test("a featured read the API fails hides the section, never the page", async () => {
    await store.reset();
    const fault = await store.control("POST", "/__emulator/faults", {
      method: "GET",
      path: "*/featured-products*",
      status: 500,
      errorCode: "UNKNOWN_EXCEPTION",
      times: 0,
    });
    expect(fault.status).toBe(201);
    try {
      const page = await store.visitor().load(`/product/${DINER_MUG}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("Classic Diner Mug, 12 oz");
      expect(page.form("Add to cart").fields).toMatchObject({ productId: DINER_MUG });
      expect(page.html).not.toContain("Similar products");
    } finally {
      await store.control("DELETE", "/__emulator/faults");
    }
  });
});
