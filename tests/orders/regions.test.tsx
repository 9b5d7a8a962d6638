import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageDataLayer, seoMeta, serializeDataLayer } from "../../app/orders/ui/PageRegions";
import { localExpiry, SESSION_WARNING_MS, sessionTimers } from "../../app/components/SessionValidator";

describe("session validator timing", () => {
  it("warns 30 seconds before the timeout", () => {
    expect(SESSION_WARNING_MS).toBe(30_000);
    expect(sessionTimers(100_000, 0)).toEqual({ warnIn: 70_000, expireIn: 100_000 });
  });

  it("warns at once when less than 30 seconds are left, and never counts below zero", () => {
    expect(sessionTimers(10_000, 0)).toEqual({ warnIn: 0, expireIn: 10_000 });
    expect(sessionTimers(0, 5_000)).toEqual({ warnIn: 0, expireIn: 0 });
  });

  it("moves the server's expiry by the difference between the clocks", () => {
    // The server's clock is 5 s ahead of the browser's: the session ends 5 s earlier by the browser's clock.
    expect(localExpiry(1_000_000, 505_000, 500_000)).toBe(995_000);
    expect(localExpiry(1_000_000, undefined, 500_000)).toBe(1_000_000);
  });
});

describe("page regions", () => {
  it("keeps the page's own title and adds the record's SEO properties", () => {
    expect(seoMeta("Order Lookup", null)).toEqual([{ title: "Order Lookup" }, { name: "robots", content: "noindex" }]);
    const tags = seoMeta("Order Lookup", {
      title: "Order 00000101",
      description: "Order details.",
      keywords: null,
      imageUrl: "/i.png",
    });
    expect(tags[0]).toEqual({ title: "Order Lookup" });
    expect(tags).toContainEqual({ name: "description", content: "Order details." });
    expect(tags).toContainEqual({ property: "og:title", content: "Order 00000101" });
    expect(tags).toContainEqual({ property: "og:image", content: "/i.png" });
    expect(tags.some((t) => "name" in t && t.name === "keywords")).toBe(false);
  });

  it("writes the data layer as JSON that cannot close its script element", () => {
    const text = serializeDataLayer({ page: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)).toEqual({ page: "</script><script>alert(1)</script>" });
    const html = renderToString((<PageDataLayer data={{ page: "Order Lookup", recordId: null }} />) as ReactElement);
    // The exact markup (the raw text inside <script>, which is the point here): a string check, not a DOM query.
    expect(html).toBe(
      '<script type="application/json" id="page-data-layer">{"page":"Order Lookup","recordId":null}</script>',
    );
  });
});
