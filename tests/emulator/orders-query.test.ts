import { describe, expect, it } from "vitest";
import {
  constantTimeEqual,
  decodePageToken,
  encodePageToken,
  normalizeEmail,
  normalizeName,
  normalizePhone,
  parseApiDate,
  parseFieldList,
  phoneGiven,
  QueryError,
  slicePage,
} from "../../server/emulator/orders/query.js";

describe("parseApiDate (yyyy-MM-dd'T'HH:mm:ss.SSSZ)", () => {
  it("reads Z, RFC 822 and ISO offsets", () => {
    expect(parseApiDate("2026-09-01T00:00:00.000Z")).toBe(Date.UTC(2026, 8, 1));
    expect(parseApiDate("2026-09-01T02:00:00.000+0200")).toBe(Date.UTC(2026, 8, 1));
    expect(parseApiDate("2026-08-31T17:00:00.000-07:00")).toBe(Date.UTC(2026, 8, 1));
    expect(parseApiDate("2028-02-29T23:59:59.999Z")).toBe(Date.UTC(2028, 1, 29, 23, 59, 59, 999));
  });

  it("refuses other formats and impossible dates", () => {
    for (const bad of [
      "2026-09-01",
      "2026-09-01T00:00:00Z",
      "2026-09-01T00:00:00.00Z",
      "2026-09-01 00:00:00.000Z",
      "2026-09-01T00:00:00.000",
      "2026-13-01T00:00:00.000Z",
      "2026-02-29T00:00:00.000Z",
      "2026-09-31T00:00:00.000Z",
      "2026-09-01T24:00:00.000Z",
      "2026-09-01T00:00:00.000+1560",
      "",
    ]) {
      expect(parseApiDate(bad), bad).toBeNull();
    }
  });
});

describe("page tokens", () => {
  const sorts = ["OrderedDateDesc", "OrderedDateAsc"];

  it("round-trips base64 JSON in the API's {s, p, o} shape", () => {
    const token = encodePageToken({ sort: "OrderedDateDesc", page: 3, offset: 50 });
    expect(JSON.parse(Buffer.from(token, "base64").toString())).toEqual({ s: "OrderedDateDesc", p: 3, o: 50 });
    expect(decodePageToken(token, "pageToken", sorts)).toEqual({ sort: "OrderedDateDesc", page: 3, offset: 50 });
  });

  it("refuses garbage, foreign sorts and negative offsets with a QueryError naming the parameter", () => {
    const forged = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64");
    for (const bad of [
      "not a token",
      "e30=",
      forged({ s: "IdAsc", p: 1, o: 0 }),
      forged({ s: "OrderedDateAsc", p: 1, o: -25 }),
      forged({ s: "OrderedDateAsc", p: 0, o: 0 }),
      forged([1, 2]),
    ]) {
      expect(() => decodePageToken(bad, "page", sorts), bad).toThrow(QueryError);
    }
    try {
      decodePageToken("x!", "page", sorts);
    } catch (e) {
      expect((e as QueryError).parameter).toBe("page");
    }
  });

  it("slices a page and names its neighbours", () => {
    const all = [1, 2, 3, 4, 5];
    expect(slicePage(all, "S", 0, 2)).toEqual({
      rows: [1, 2],
      offset: 0,
      next: { sort: "S", page: 2, offset: 2 },
      previous: null,
    });
    expect(slicePage(all, "S", 4, 2)).toEqual({
      rows: [5],
      offset: 4,
      next: null,
      previous: { sort: "S", page: 2, offset: 2 },
    });
    expect(slicePage(all, "S", 1, 2).previous).toEqual({ sort: "S", page: 1, offset: 0 });
    expect(slicePage([], "S", 0, 25)).toEqual({ rows: [], offset: 0, next: null, previous: null });
  });
});

describe("parseFieldList", () => {
  it("trims, drops blanks and duplicates, keeps entity prefixes", () => {
    expect(parseFieldList(" OrderNumber, ,OrderSummary.TotalAmount,OrderNumber ", "fields", 35)).toEqual([
      "OrderNumber",
      "OrderSummary.TotalAmount",
    ]);
    expect(parseFieldList(null, "fields", 35)).toBeNull();
    expect(parseFieldList("  ", "fields", 35)).toBeNull();
  });

  it("refuses more names than the limit", () => {
    expect(() => parseFieldList("a,b,c", "fields", 2)).toThrow(/at most 2/);
  });
});

describe("guest verification normalisation", () => {
  it("compares e-mails and names without case or surrounding space", () => {
    expect(normalizeEmail("  Guest@Demo.Store ")).toBe("guest@demo.store");
    expect(normalizeName(" van  der Berg ")).toBe("van der berg");
    expect(normalizeEmail(undefined)).toBe("");
  });

  it("compares phone numbers by their digits, without a leading 1", () => {
    expect(normalizePhone("(555) 010-1010")).toBe("5550101010");
    expect(normalizePhone("+1 555 010 1010")).toBe("5550101010");
    expect(normalizePhone(42)).toBe("");
  });

  it("treats a phone without digits or of zeros as a placeholder", () => {
    expect(phoneGiven("5550101010")).toBe(true);
    expect(phoneGiven("0000000000")).toBe(false);
    expect(phoneGiven("***")).toBe(false);
    expect(phoneGiven(undefined)).toBe(false);
  });

  it("compares in constant time, any lengths", () => {
    expect(constantTimeEqual("a", "a")).toBe(true);
    expect(constantTimeEqual("a", "ab")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
  });
});
