import { describe, expect, it } from "vitest";
import {
  BREADCRUMBS_MAX_ITEMS,
  buildLink,
  detectLocaleSegment,
  isCmsMediaPath,
  joinPath,
  limitBreadcrumbs,
  normaliseBasePath,
  rebuildLocalizedUrl,
  resolveCmsMediaUrl,
  stripBasePath,
  stripLocaleSegment,
  withBasePath,
} from "../../app/lib/links";
import { logoutPath } from "../../app/lib/paths";

describe("base path links", () => {
  it("joins parts with exactly one slash", () => {
    expect(joinPath("/shop/", "/cart")).toBe("/shop/cart");
    expect(joinPath("shop", "cart", "items/")).toBe("/shop/cart/items/");
    expect(joinPath("/", "/")).toBe("/");
    expect(joinPath("//shop//", "//cart")).toBe("/shop/cart");
  });

  it("keeps query strings untouched", () => {
    expect(joinPath("/shop", "/search?next=//x")).toBe("/shop/search?next=//x");
  });

  it("builds links under the base path", () => {
    expect(buildLink("/shop", "/OrderSummary/123")).toBe("/shop/OrderSummary/123");
    expect(buildLink("shop/", "cart")).toBe("/shop/cart");
    expect(buildLink("", "/cart")).toBe("/cart");
    expect(buildLink(undefined)).toBe("/");
    expect(buildLink("/shop", "https://example.com/x")).toBe("https://example.com/x");
  });

  it("normalises base paths", () => {
    expect(normaliseBasePath("/shop/")).toBe("/shop");
    expect(normaliseBasePath("/")).toBe("");
  });

  it("puts a store path under the base path, and takes it off a requested path", () => {
    expect(withBasePath("/shop", "/cart?page=2")).toBe("/shop/cart?page=2");
    expect(withBasePath("/shop/", "/")).toBe("/shop/");
    expect(withBasePath("", "/cart")).toBe("/cart");
    // Absolute and protocol-relative URLs, and relative paths, are not store paths.
    expect(withBasePath("/shop", "https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
    expect(withBasePath("/shop", "//cdn.example/a.png")).toBe("//cdn.example/a.png");
    expect(withBasePath("/shop", "cart")).toBe("cart");

    expect(stripBasePath("/shop/cart", "/shop")).toBe("/cart");
    expect(stripBasePath("/shop", "/shop")).toBe("/");
    expect(stripBasePath("/shop/", "/shop")).toBe("/");
    // "/shopping" is not under "/shop"; a path outside the base path is left as it is.
    expect(stripBasePath("/shopping/cart", "/shop")).toBe("/shopping/cart");
    expect(stripBasePath("/cart", "")).toBe("/cart");
  });

  it("puts the logout path under the base path", () => {
    expect(logoutPath("/shop")).toBe("/shop/webruntime/logout");
    expect(logoutPath("")).toBe("/webruntime/logout");
  });
});

describe("country-language segment", () => {
  it("detects /en-US/ after the base path", () => {
    expect(detectLocaleSegment("/en-US/cart")).toBe("en-US");
    expect(detectLocaleSegment("/shop/fr-CA/cart", { basePath: "/shop" })).toBe("fr-CA");
    expect(detectLocaleSegment("/en-US")).toBe("en-US");
  });

  it("finds none where the first segment is a page", () => {
    expect(detectLocaleSegment("/cart")).toBeNull();
    expect(detectLocaleSegment("/new-in/shoes")).toBeNull();
    expect(detectLocaleSegment("/shop/cart", { basePath: "/shop" })).toBeNull();
    expect(detectLocaleSegment("/other/en-US/cart", { basePath: "/shop" })).toBeNull();
    expect(detectLocaleSegment("/")).toBeNull();
  });

  it("accepts the site's own language list", () => {
    expect(detectLocaleSegment("/fr/cart", { languages: ["en-US", "fr"] })).toBe("fr");
    expect(detectLocaleSegment("/de/cart", { languages: ["en-US", "fr"] })).toBeNull();
  });

  it("strips the segment to get the page path", () => {
    expect(stripLocaleSegment("/shop/en-US/cart", { basePath: "/shop" })).toBe("/cart");
    expect(stripLocaleSegment("/cart")).toBe("/cart");
  });

  it("rebuilds the URL from base path, language and brand", () => {
    expect(rebuildLocalizedUrl({ basePath: "/shop", language: "fr-CA", path: "/en-US/cart" })).toBe("/shop/fr-CA/cart");
    expect(rebuildLocalizedUrl({ basePath: "/shop/", language: "en-US", brand: "acme", path: "/cart?x=1" })).toBe(
      "/shop/en-US/acme/cart?x=1",
    );
    expect(rebuildLocalizedUrl({ language: "en-US" })).toBe("/en-US");
  });
});

describe("CMS media", () => {
  it("resolves /cms/, /img/, assets/ and cms/delivery/media under the base path", () => {
    expect(resolveCmsMediaUrl("/cms/media/abc", "/shop")).toBe("/shop/cms/media/abc");
    expect(resolveCmsMediaUrl("/img/logo.png", "/shop")).toBe("/shop/img/logo.png");
    expect(resolveCmsMediaUrl("assets/images/hero.jpg", "/shop")).toBe("/shop/assets/images/hero.jpg");
    expect(resolveCmsMediaUrl("cms/delivery/media/MC123", "/shop/")).toBe("/shop/cms/delivery/media/MC123");
  });

  it("leaves other and absolute URLs alone and does not prefix twice", () => {
    expect(resolveCmsMediaUrl("https://cdn.example.com/cms/x.png", "/shop")).toBe("https://cdn.example.com/cms/x.png");
    expect(resolveCmsMediaUrl("/products/x.png", "/shop")).toBe("/products/x.png");
    expect(resolveCmsMediaUrl("/shop/cms/x.png", "/shop")).toBe("/shop/cms/x.png");
    expect(resolveCmsMediaUrl(null, "/shop")).toBe("");
    expect(isCmsMediaPath("images/x.png")).toBe(false);
  });
});

describe("breadcrumbs", () => {
  const items = Array.from({ length: 8 }, (_, i) => ({ label: `Level ${i + 1}`, url: `/l${i + 1}` }));

  it("keeps at most 5 items, the ones nearest the current page", () => {
    expect(BREADCRUMBS_MAX_ITEMS).toBe(5);
    const trail = limitBreadcrumbs(items);
    expect(trail.map((item) => item.label)).toEqual(["Level 4", "Level 5", "Level 6", "Level 7", "Level 8"]);
  });

  it("adds 1 for the Home link", () => {
    const trail = limitBreadcrumbs(items, { showHome: true, homeUrl: "/shop" });
    expect(trail).toHaveLength(6);
    expect(trail[0]).toEqual({ label: "Home", url: "/shop" });
  });

  it("keeps short trails whole", () => {
    expect(limitBreadcrumbs(items.slice(0, 2))).toHaveLength(2);
    expect(limitBreadcrumbs(items.slice(0, 2), { showHome: true })).toHaveLength(3);
  });
});
