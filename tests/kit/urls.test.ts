import { describe, expect, it } from "vitest";
import { categoryPath, idFromSplat, productPath, safeRedirect, slugify } from "../../app/lib/paths";
import { pageHref, pagingFromPages, pagingFromTotal, readPage, searchPage } from "../../app/lib/paging";

describe("slugify", () => {
  it("makes readable, URL-safe slugs", () => {
    expect(slugify("Ethiopia Yirgacheffe Whole Bean, 12 oz")).toBe("ethiopia-yirgacheffe-whole-bean-12-oz");
    expect(slugify("Café Crème")).toBe("cafe-creme");
    expect(slugify("  --Hello__World!!  ")).toBe("hello-world");
  });

  it("falls back when nothing is left", () => {
    expect(slugify("")).toBe("item");
    expect(slugify("!!!", "product")).toBe("product");
    expect(slugify(null, "category")).toBe("category");
  });

  it("caps the length without a trailing dash", () => {
    const slug = slugify(`${"a".repeat(79)} b`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("product and category paths", () => {
  it("puts the slug first and the id last", () => {
    expect(productPath({ id: "01tDM0000000001", urlName: "coffee-mug", name: "Coffee Mug" })).toBe(
      "/product/coffee-mug/01tDM0000000001",
    );
    expect(productPath({ id: "01tDM0000000001", name: "Coffee Mug" })).toBe("/product/coffee-mug/01tDM0000000001");
    expect(categoryPath({ id: "0ZGDM0000000MUG", name: "Mugs & Drinkware" })).toBe(
      "/category/mugs-drinkware/0ZGDM0000000MUG",
    );
  });

  it("reads the id from either form of the URL", () => {
    expect(idFromSplat("01tDM0000000001")).toBe("01tDM0000000001");
    expect(idFromSplat("coffee-mug/01tDM0000000001")).toBe("01tDM0000000001");
    expect(idFromSplat("")).toBeNull();
    expect(idFromSplat(undefined)).toBeNull();
    expect(idFromSplat("a/b/c")).toBeNull();
    expect(idFromSplat("slug/bad id!")).toBeNull();
  });
});

describe("safeRedirect", () => {
  it("keeps local paths with their query and hash", () => {
    expect(safeRedirect("/cart")).toBe("/cart");
    expect(safeRedirect("/search?q=mug&page=2#top")).toBe("/search?q=mug&page=2#top");
  });

  it("refuses anything that could leave the site", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "cart",
      "/\u0000/evil",
      "/foo\\bar",
      " //evil.example",
    ]) {
      expect(safeRedirect(target), target).toBe("/");
    }
  });

  it("uses the fallback for missing values", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect("", "/cart")).toBe("/cart");
    expect(safeRedirect(undefined, "/account")).toBe("/account");
  });
});

describe("paging", () => {
  it("reads ?page as a 1-based page", () => {
    expect(readPage(new URLSearchParams("page=3"))).toBe(3);
    expect(readPage(new URLSearchParams(""))).toBe(1);
    expect(readPage(new URLSearchParams("page=0"))).toBe(1);
    expect(readPage(new URLSearchParams("page=-2"))).toBe(1);
    expect(readPage(new URLSearchParams("page=abc"))).toBe(1);
    expect(readPage(new URLSearchParams("page=2.5"))).toBe(1);
  });

  it("computes pages from a total", () => {
    expect(pagingFromTotal(25, 12, 1)).toEqual({ page: 1, totalPages: 3, hasPrevious: false, hasNext: true });
    expect(pagingFromTotal(25, 12, 3)).toEqual({ page: 3, totalPages: 3, hasPrevious: true, hasNext: false });
    expect(pagingFromTotal(24, 12, 2).totalPages).toBe(2);
    expect(pagingFromTotal(0, 12, 1)).toEqual({ page: 1, totalPages: 1, hasPrevious: false, hasNext: false });
  });

  it("clamps a page past the end", () => {
    expect(pagingFromTotal(5, 12, 9).page).toBe(1);
    expect(pagingFromPages(7, 3)).toEqual({ page: 3, totalPages: 3, hasPrevious: true, hasNext: false });
    expect(pagingFromPages(0, 0)).toEqual({ page: 1, totalPages: 1, hasPrevious: false, hasNext: false });
  });

  it("turns the shopper's page into the search's, within the 5000 results a search serves", () => {
    expect(searchPage(1, 12)).toEqual({ apiPage: 0, beyond: false });
    expect(searchPage(3, 12)).toEqual({ apiPage: 2, beyond: false });
    expect(searchPage(417, 12)).toEqual({ apiPage: 416, beyond: false }); // 416 × 12 = 4992
    expect(searchPage(418, 12)).toEqual({ apiPage: 0, beyond: true }); // 417 × 12 = 5004
    expect(searchPage(251, 20)).toEqual({ apiPage: 250, beyond: false }); // exactly 5000
  });

  it("builds page links that keep the other parameters", () => {
    expect(pageHref("/search", "?q=mug", 2)).toBe("/search?q=mug&page=2");
    expect(pageHref("/search", "?q=mug&page=2", 1)).toBe("/search?q=mug");
    expect(pageHref("/cart", "", 1)).toBe("/cart");
    expect(pageHref("/search", "?q=mug&sort=0qUA", 2)).toBe("/search?q=mug&sort=0qUA&page=2");
  });
});
