/**
 * Filters of the category and search pages (app/components/store/FilterPanel.tsx, app/lib/catalog/filters.ts):
 * the GET form's URL as a browser without JavaScript loads it (the document), and as the client router reads it
 * with JavaScript (single-fetch loader data). The facets and counts are the emulator's (docs/emulator.md, "Search
 * refinements and facets").
 */
import { describe, expect, test } from "vitest";
import { FILTERS_REFUSED_MESSAGE } from "~/catalog/ui/FilterPanel";
import { useStore, type Answer } from "../support/routes";

const DRINKWARE = "/category/mugs-drinkware/0ZGDM0000000DRK";
const CATEGORY_ROUTE = "routes/category.$";
const SEARCH_ROUTE = "routes/search";
const BRAND = "f.Custom.Brand__c";
const MATERIAL = "f.Custom.Material__c";

/** The filtered page the filter form writes: Clay & Kiln, stoneware, $10 to $20. */
const filtered = (path: string, extra: [string, string][] = []) =>
  `${path}?${new URLSearchParams([
    ...extra,
    [BRAND, "Clay & Kiln"],
    [MATERIAL, "Stoneware"],
    ["min", "10"],
    ["max", "20"],
  ])}`;

const store = useStore();

/** The href of the link whose text includes `text` (HTML entities decoded). */
function linkTo(page: Answer, text: string): string {
  for (const [, href, inner] of page.html.matchAll(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)) {
    const words = inner
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ");
    if (words.includes(text)) return href.replace(/&amp;/g, "&");
  }
  throw new Error(`no link with “${text}”`);
}

/** The filter form's checkbox labels, the counts in their text: "Clay & Kiln (2)". */
const checkboxLabels = (page: Answer, param: string) =>
  Object.entries(page.form("Apply").labels)
    .filter(([, name]) => name === param)
    .map(([label]) => label)
    .sort();

describe("category filters without JavaScript", () => {
  test("the category page offers each facet's values with counts and a price range in a GET form", async () => {
    const page = await store.visitor().load(DRINKWARE);
    expect(page.status).toBe(200);
    const form = page.form("Apply");
    expect(form.action).toBe("/category/mugs-drinkware/0ZGDM0000000DRK");
    expect(page.html).toMatch(/<form[^>]*method="get"[^>]*>[\s\S]*?<legend>Brand<\/legend>/);
    expect(checkboxLabels(page, BRAND)).toEqual([
      "Brewline (1)",
      "Clay & Kiln (5)",
      "Northside Roasting (1)",
      "Trailhead Goods (3)",
    ]);
    expect(checkboxLabels(page, MATERIAL)).toContain("Stoneware (4)");
    expect(form.labels["Minimum price"]).toBe("min");
    expect(form.labels["Maximum price"]).toBe("max");
    expect(page.text).toContain("10 products");
  });

  test("filtered by two facets and a price range: the right products and counts; one filter cleared", async () => {
    const guest = store.visitor();
    const page = await guest.load(filtered(DRINKWARE));
    expect(page.status).toBe(200);
    expect(page.text).toContain("2 products");
    expect(page.text).toContain("Speckled Stoneware Mug, 14 oz");
    expect(page.text).toContain("Morning Ritual Mug, 16 oz");
    expect(page.text).not.toContain("Double-Wall Glass Mug");
    // A facet's counts under the other filters: brands of stoneware at $10-20, materials of Clay & Kiln at $10-20.
    expect(checkboxLabels(page, BRAND)).toEqual(["Clay & Kiln (2)", "Northside Roasting (1)"]);
    expect(checkboxLabels(page, MATERIAL)).toEqual(["Glass (1)", "Stoneware (2)"]);
    // The choices stay ticked and typed.
    expect(page.form("Apply").fields).toMatchObject({ [BRAND]: "Clay & Kiln", [MATERIAL]: "Stoneware" });
    expect(page.field("min")).toBe("10");
    expect(page.field("max")).toBe("20");
    // Sorting keeps the filters.
    expect(page.form("Sort").fields).toMatchObject({ [BRAND]: "Clay & Kiln", min: "10", max: "20" });

    // Each chosen filter has its own link that removes it; the page goes back to page 1.
    const withoutMaterial = linkTo(page, "Material: Stoneware");
    expect(new URLSearchParams(withoutMaterial.split("?")[1]).getAll(MATERIAL)).toEqual([]);
    const cleared = await guest.load(withoutMaterial);
    expect(cleared.text).toContain("3 products");
    expect(cleared.text).toContain("Double-Wall Glass Mug, 10 oz");
    expect(cleared.form("Apply").fields).toMatchObject({ [BRAND]: "Clay & Kiln", min: "10", max: "20" });

    // "Clear all" keeps nothing of the filters.
    const all = await guest.load(linkTo(page, "Clear all"));
    expect(all.text).toContain("10 products");
  });

  test("an empty result names the filters to remove; a bad price is said and kept", async () => {
    const guest = store.visitor();
    const empty = await guest.load(
      `${DRINKWARE}?${new URLSearchParams([
        [BRAND, "Trailhead Goods"],
        ["min", "100"],
      ])}`,
    );
    expect(empty.status).toBe(200);
    expect(empty.text).toContain(
      "No products match these filters: Brand: Trailhead Goods; Price: $100.00 and up. Remove a filter, or clear them all, to see more.",
    );
    expect(linkTo(empty, "Brand: Trailhead Goods")).not.toContain("Trailhead");

    const bad = await guest.load(`${DRINKWARE}?min=ten&max=5`);
    expect(bad.alerts).toContain("Enter a price such as 12.50.");
    expect(bad.field("min")).toBe("ten");
    expect(bad.text).toContain("10 products");
  });

  test("filters the store no longer has (an old link): every product, said so, rather than an error", async () => {
    const guest = store.visitor();
    const page = await guest.load(`${DRINKWARE}?${new URLSearchParams([["f.Custom.Colour__c", "Red"]])}`);
    expect(page.status).toBe(200);
    expect(page.alerts).toContain(`${FILTERS_REFUSED_MESSAGE} Clear the filters`);
    expect(page.text).toContain("10 products");
    expect(linkTo(page, "Clear the filters")).toBe("/category/mugs-drinkware/0ZGDM0000000DRK");
    const search = await guest.load(
      `/search?${new URLSearchParams([
        ["q", "mug"],
        ["f.Bogus.Brand__c", "x"],
      ])}`,
    );
    expect(search.status).toBe(200);
    expect(search.alerts).toContain(`${FILTERS_REFUSED_MESSAGE} Clear the filters`);
  });

  test("a filter change starts again at page 1; paging keeps the filters", async () => {
    const page = await store.visitor().load(
      `${DRINKWARE}?${new URLSearchParams([
        [BRAND, "Clay & Kiln"],
        ["page", "2"],
      ])}`,
    );
    expect(page.form("Apply").fields).not.toHaveProperty("page");
    const search = await store.visitor().load(
      `/search?${new URLSearchParams([
        ["q", "mug"],
        [BRAND, "Clay & Kiln"],
      ])}`,
    );
    expect(search.text).toContain("6 products");
    expect(search.form("Apply").fields).toMatchObject({ q: "mug", [BRAND]: "Clay & Kiln" });
  });
});

describe("a facet with many values", () => {
  test("shows its first values and a link that shows all of them, which the filter form then keeps", async () => {
    const guest = store.visitor();
    const page = await guest.load("/search?q=a");
    // The demo's Material facet has 13 values for "a": 6 are shown.
    expect(checkboxLabels(page, MATERIAL)).toHaveLength(6);
    const more = linkTo(page, "Show 7 more Material values");
    expect(new URLSearchParams(more.split("?")[1]).get("more")).toBe(MATERIAL);
    const all = await guest.load(more);
    expect(checkboxLabels(all, MATERIAL)).toHaveLength(13);
    expect(all.form("Apply").fields).toMatchObject({ q: "a", more: MATERIAL });
    // Another facet stays short.
    expect(checkboxLabels(all, BRAND)).toHaveLength(6);

    // With JavaScript: the data holds the values shown, and says how many more there are.
    const answer = await guest.data("/search?q=a", [SEARCH_ROUTE]);
    const { data } = (answer.data as Record<string, { data: any }>)[SEARCH_ROUTE];
    const material = data.filters.facets.find((f: any) => f.displayName === "Material");
    expect(material.values).toHaveLength(6);
    expect(material.valuesLeftOut).toBe(7);
  });
});

describe("category filters with JavaScript", () => {
  /** The data's facets as "label → value → count" (what the panel shows, before the URL's choices are added). */
  const countsOf = (data: any) =>
    Object.fromEntries(
      data.filters.facets.map((f: any) => [
        f.displayName,
        Object.fromEntries(f.values.map((v: any) => [v.displayName ?? v.nameOrId, v.productCount])),
      ]),
    );

  test("the filtered page's data: the products and the facets' counts; one filter cleared", async () => {
    const guest = store.visitor();
    const answer = await guest.data(filtered(DRINKWARE), [CATEGORY_ROUTE]);
    expect(answer.status).toBe(200);
    const { data } = (answer.data as Record<string, { data: any }>)[CATEGORY_ROUTE];
    expect(data.products.map((p: { name: string }) => p.name).sort()).toEqual([
      "Morning Ritual Mug, 16 oz",
      "Speckled Stoneware Mug, 14 oz",
    ]);
    expect(data.total).toBe(2);
    expect(countsOf(data)).toEqual({
      Brand: { "Clay & Kiln": 2, "Northside Roasting": 1 },
      Material: { Glass: 1, Stoneware: 2 },
    });
    // The chosen filters and their links are the URL's: the page derives them, the data doesn't repeat them.
    expect(Object.keys(data.filters).sort()).toEqual(["currency", "facets", "refused"]);

    // The link that removes the material (as the page writes it): the other filters still apply.
    const withoutMaterial = `${DRINKWARE}?${new URLSearchParams([
      [BRAND, "Clay & Kiln"],
      ["min", "10"],
      ["max", "20"],
    ])}`;
    const cleared = await guest.data(withoutMaterial, [CATEGORY_ROUTE]);
    const after = (cleared.data as Record<string, { data: any }>)[CATEGORY_ROUTE].data;
    expect(after.total).toBe(3);
    expect(countsOf(after).Material).toEqual({ Glass: 1, Stoneware: 2 });
  });

  test("the search page's data carries the same filters", async () => {
    const answer = await store.visitor().data(filtered("/search", [["q", "mug"]]), [SEARCH_ROUTE]);
    const { data } = (answer.data as Record<string, { data: any }>)[SEARCH_ROUTE];
    expect(data.products.map((p: { name: string }) => p.name).sort()).toEqual([
      "Morning Ritual Mug, 16 oz",
      "Speckled Stoneware Mug, 14 oz",
    ]);
    expect(countsOf(data).Brand).toEqual({ "Clay & Kiln": 2, "Northside Roasting": 1 });
    expect(data.filters.currency).toBe("USD");
  });
});
