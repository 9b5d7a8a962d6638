import { describe, expect, it } from "vitest";
import {
  FACET_VALUES_SHOWN,
  filterData,
  filterView,
  filterViewOf,
  MAX_REFINEMENTS,
  MAX_VALUES_PER_REFINEMENT,
  PRICE_FORMAT_MESSAGE,
  PRICE_ORDER_MESSAGE,
  readFilters,
  refinementsOf,
} from "../../app/catalog/model/filters";

const BRAND = "f.Custom.Brand__c";

describe("the filters a URL chooses", () => {
  it("reads facet values and a price range as the search's refinements", () => {
    const choice = readFilters(
      new URLSearchParams([
        [BRAND, "Clay & Kiln"],
        [BRAND, "Brewline"],
        ["f.Custom.Material__c", "Stoneware"],
        ["min", "10"],
        ["max", "$20.5"],
        ["q", "mug"],
      ]),
    );
    expect(refinementsOf(choice)).toEqual([
      { type: "DistinctValue", attributeType: "Custom", nameOrId: "Brand__c", values: ["Clay & Kiln", "Brewline"] },
      { type: "DistinctValue", attributeType: "Custom", nameOrId: "Material__c", values: ["Stoneware"] },
      { type: "Range", attributeType: "PricebookEntry", nameOrId: "UnitPrice", min: "10.00", max: "20.50" },
    ]);
  });

  it("never asks the API for more than it takes: nine refinements, 20 values each", () => {
    const params = new URLSearchParams();
    for (let f = 0; f < 12; f++) params.append(`f.Custom.Attr${f}__c`, "x");
    for (let v = 0; v < 25; v++) params.append("f.Custom.Attr0__c", `v${v}`);
    params.set("min", "1");
    const refinements = refinementsOf(readFilters(params));
    expect(refinements).toHaveLength(MAX_REFINEMENTS);
    expect(refinements.at(-1)).toMatchObject({ type: "Range", min: "1.00" });
    expect(refinements[0]).toMatchObject({ nameOrId: "Attr0__c" });
    expect((refinements[0] as { values: string[] }).values).toHaveLength(MAX_VALUES_PER_REFINEMENT);
  });

  it("leaves a price range out, with the reason, when a bound is not a price or min is above max", () => {
    const bad = readFilters(new URLSearchParams("min=ten&max=5"));
    expect(bad).toMatchObject({ min: "ten", max: "5", minAmount: null, maxAmount: null });
    expect(bad.priceError).toBe(PRICE_FORMAT_MESSAGE);
    const reversed = readFilters(new URLSearchParams("min=20&max=10"));
    expect(reversed.priceError).toBe(PRICE_ORDER_MESSAGE);
    expect(refinementsOf(reversed)).toEqual([]);
  });

  it("links each chosen filter to the page without it, back to page 1, and keeps the term and sort", () => {
    const params = new URLSearchParams([
      ["q", "mug"],
      [BRAND, "Clay & Kiln"],
      [BRAND, "Brewline"],
      ["min", "10"],
      ["sort", "0qUDM0000000002"],
      ["page", "3"],
    ]);
    const view = filterView(
      params,
      readFilters(params),
      [
        {
          nameOrId: "Brand__c",
          attributeType: "Custom",
          displayName: "Brand",
          facetType: "DistinctValue",
          values: [{ nameOrId: "Clay & Kiln", displayName: "Clay & Kiln", productCount: 4 }],
        },
      ],
      "USD",
    );
    // A chosen value the results no longer hold stays, to be unticked.
    expect(view.facets[0].values).toEqual([
      { value: "Clay & Kiln", label: "Clay & Kiln", count: 4, checked: true },
      { value: "Brewline", label: "Brewline", count: 0, checked: true },
    ]);
    expect(view.active.map((a) => [a.facet, a.value, a.removeSearch])).toEqual([
      ["Brand", "Clay & Kiln", "?q=mug&f.Custom.Brand__c=Brewline&min=10&sort=0qUDM0000000002"],
      ["Brand", "Brewline", "?q=mug&f.Custom.Brand__c=Clay+%26+Kiln&min=10&sort=0qUDM0000000002"],
      ["Price", "10.00-", "?q=mug&f.Custom.Brand__c=Clay+%26+Kiln&f.Custom.Brand__c=Brewline&sort=0qUDM0000000002"],
    ]);
    expect(view.clearSearch).toBe("?q=mug&sort=0qUDM0000000002");
    expect(view.keep).toEqual([
      ["q", "mug"],
      ["sort", "0qUDM0000000002"],
    ]);
  });

  it("shows a facet's first values and the chosen ones, with a link to the page that shows them all", () => {
    const brands = Array.from({ length: 20 }, (_, i) => `Brand ${String(i).padStart(2, "0")}`);
    const facet = {
      nameOrId: "Brand__c",
      attributeType: "Custom",
      displayName: "Brand",
      facetType: "DistinctValue",
      values: brands.map((b) => ({ nameOrId: b, displayName: b, productCount: 1 })),
    };
    const params = new URLSearchParams([
      ["q", "mug"],
      [BRAND, "Brand 15"],
      ["page", "2"],
    ]);
    const [brand] = filterView(params, readFilters(params), [facet], "USD").facets;
    expect(brand.values.map((v) => v.value)).toEqual([...brands.slice(0, FACET_VALUES_SHOWN), "Brand 15"]);
    expect(brand.more).toEqual({
      count: 20 - FACET_VALUES_SHOWN - 1,
      search: "?q=mug&f.Custom.Brand__c=Brand+15&page=2&more=f.Custom.Brand__c",
    });

    const all = new URLSearchParams(`${brand.more!.search}`);
    const expanded = filterView(all, readFilters(all), [facet], "USD");
    expect(expanded.facets[0].values).toHaveLength(20);
    expect(expanded.facets[0].more).toBeNull();
    // Applying the form or removing a filter keeps the facet open.
    expect(expanded.keep).toContainEqual(["more", BRAND]);
    expect(expanded.active[0].removeSearch).toBe("?q=mug&more=f.Custom.Brand__c");

    // The loader sends only the values shown, and how many it left out: the page shows the same.
    const sent = filterData([facet], "USD", false, params);
    expect(sent.facets[0].values).toHaveLength(FACET_VALUES_SHOWN + 1);
    expect(sent.facets[0].valuesLeftOut).toBe(20 - FACET_VALUES_SHOWN - 1);
    expect(filterViewOf(`?${params}`, sent).facets[0]).toEqual(brand);
    expect(filterData([facet], "USD", false, all).facets[0].values).toHaveLength(20);
  });
});
