/**
 * GET /api/suggest?q= (app/routes/api.suggest.tsx): the header search box's suggestions as JSON, from the product
 * search (app/catalog/catalog.server.ts, `suggest`). The products are the demo catalog's (fixtures/catalog.json).
 */
import { describe, expect, test } from "vitest";
import { useStore } from "../support/routes";

interface Suggestions {
  term: string;
  terms: string[];
  products: { id: string; name: string; href: string }[];
}

const store = useStore();

async function suggest(query: string) {
  const answer = await store.visitor().load(query ? `/api/suggest?${query}` : "/api/suggest");
  return { status: answer.status, type: answer.headers.get("content-type"), body: JSON.parse(answer.html) };
}

describe("GET /api/suggest", () => {
  test("a term: completed search terms and the matching products with their pages", async () => {
    const { status, type, body } = await suggest("q=stone");
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/json/);
    const suggestions = body as Suggestions;
    expect(suggestions.term).toBe("stone");
    expect(suggestions.terms).toEqual(["stoneware"]);
    // The search's first few matches (names, SKUs, descriptions), the one named for it among them.
    expect(suggestions.products.length).toBeLessThanOrEqual(5);
    const mug = suggestions.products.find((p) => p.id === "01tDM0000000028");
    expect(mug).toEqual({
      id: "01tDM0000000028",
      name: "Speckled Stoneware Mug, 14 oz",
      href: "/product/speckled-stoneware-mug-14-oz/01tDM0000000028",
    });
    // The link opens that product's page.
    const page = await store.visitor().load(mug!.href);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Speckled Stoneware Mug, 14 oz");
  });

  test("a few products at most, and the typed text's last word completed after the words before it", async () => {
    const { body } = await suggest(`q=${encodeURIComponent("  house   espr ")}`);
    const suggestions = body as Suggestions;
    expect(suggestions.term).toBe("house espr");
    expect(suggestions.terms).toEqual(["house espresso"]);
    expect(suggestions.products.length).toBeGreaterThan(0);
    expect(suggestions.products.length).toBeLessThanOrEqual(5);
    for (const product of suggestions.products) expect(product.name.toLowerCase()).toContain("espr");
  });

  test("an empty term, or one shorter than three letters, suggests nothing and asks the API nothing", async () => {
    await store.control("DELETE", "/__emulator/journal");
    for (const q of ["", "   ", "es"]) {
      const { status, body } = await suggest(new URLSearchParams({ q }).toString());
      expect(status).toBe(200);
      expect(body).toEqual({ term: q.trim(), terms: [], products: [] });
    }
    expect((await store.apiReads()).filter((path) => path.startsWith("search/"))).toEqual([]);
  });

  test("a long term is read up to 100 characters and still answers", async () => {
    const long = `mug ${"x".repeat(300)}`;
    const { status, body } = await suggest(new URLSearchParams({ q: long }).toString());
    expect(status).toBe(200);
    expect((body as Suggestions).term).toBe(long.slice(0, 100));
    expect(body).toMatchObject({ terms: [], products: [] });
    // Many words: the search takes up to 32 of them.
    const wordy = await suggest(new URLSearchParams({ q: Array(60).fill("ab").join(" ") }).toString());
    expect(wordy.status).toBe(200);
    expect((wordy.body as Suggestions).term.split(" ")).toHaveLength(32);
  });

  test("bad input: no q, two q's, or a term of search syntax", async () => {
    expect(await suggest("")).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    expect((await suggest("q=mug&q=cup")).status).toBe(400);
    for (const q of ['"(*', "NEAR(mug cup)", "mug OR cup*", "%00%1f"]) {
      const { status, body } = await suggest(`q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ terms: expect.any(Array), products: expect.any(Array) });
    }
  });

  test("when the search can't answer, no suggestions (503) rather than an error page", async () => {
    const fault = await store.control("POST", "/__emulator/faults", {
      method: "POST",
      path: "*/search/product-search",
      status: 500,
      errorCode: "UNKNOWN_EXCEPTION",
      times: 0,
    });
    expect(fault.status).toBe(201);
    try {
      // A term no other test asked: the adapter's cache has no copy of it.
      expect(await suggest("q=kettle")).toMatchObject({ status: 503, body: { terms: [], products: [] } });
    } finally {
      await store.control("DELETE", "/__emulator/faults");
    }
  });

  test("a POST is not a suggestion", async () => {
    const answer = await store.visitor().submit("/api/suggest?q=mug", {});
    expect(answer.status).toBe(405);
  });
});
