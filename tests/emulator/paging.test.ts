import { describe, expect, it } from "vitest";
import { decodePageToken, encodePageToken, pageFields, pageWindow } from "../../server/emulator/core/paging.js";

const q = (s: string) => new URLSearchParams(s);

describe("paging", () => {
  it("round-trips an opaque page token and refuses a forged one", () => {
    expect(decodePageToken(encodePageToken(50))).toBe(50);
    expect(() => decodePageToken("not-a-token")).toThrow(/page/);
  });

  it("clamps a page number past the end to the last page", () => {
    expect(pageWindow(q("pageNumber=9"), 30, 25).offset).toBe(25);
    expect(pageWindow(q(""), 30, 25).offset).toBe(0);
    expect(() => pageWindow(q("pageNumber=0"), 30, 25)).toThrow();
  });

  it("gives next/previous tokens and urls only where such pages exist", () => {
    const url = new URL("http://x/api/carts/1/cart-items?pageSize=2&pageNumber=2&sort=NameAsc");
    const f = pageFields(url, pageWindow(url.searchParams, 5, 2));
    expect(f).toMatchObject({ currentPage: 2, totalNumberOfPages: 3, totalItemCount: 5 });
    expect(decodePageToken(f.nextPageToken!)).toBe(4);
    expect(decodePageToken(f.previousPageToken!)).toBe(0);
    expect(f.nextPageUrl).toContain("sort=NameAsc");
    expect(f.nextPageUrl).not.toContain("pageNumber");
    const last = pageFields(url, { offset: 4, size: 2, total: 5 });
    expect(last.nextPageToken).toBeNull();
    expect(last.nextPageUrl).toBeNull();
  });
});
