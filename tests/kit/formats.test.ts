import { afterEach, describe, expect, it } from "vitest";
import {
  firstDayOfWeek,
  formatCurrency,
  formatDate,
  formatPhone,
  formatTime,
  imageWidth,
  isBase64,
  isCmsImageId,
  isEmail,
  isHex,
  isIsoDate,
  isPhone,
  isToastDuration,
  MIN_IMAGE_WIDTH,
  parseApiDate,
  parseMoney,
  weekdayNames,
} from "../../app/lib/format/formats";

describe("currency", () => {
  it("formats the API's money strings with two decimals in USD", () => {
    expect(formatCurrency("23.00")).toBe("$23.00");
    expect(formatCurrency("1234.5")).toBe("$1,234.50");
    expect(formatCurrency(0.1 + 0.2)).toBe("$0.30");
    expect(formatCurrency("-5")).toBe("-$5.00");
  });

  it("formats other currencies in en-US", () => {
    expect(formatCurrency("23.00", "EUR")).toBe("€23.00");
  });

  it("shows nothing for a missing or non-numeric amount", () => {
    expect(formatCurrency(undefined)).toBe("");
    expect(formatCurrency("abc")).toBe("");
    expect(formatCurrency("12abc")).toBe("");
    expect(parseMoney("")).toBeNull();
    expect(parseMoney("23.00")).toBe(23);
  });
});

describe("dates", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it("formats short M/d/yyyy, medium MMM d, yyyy, long MMMM d, yyyy", () => {
    expect(formatDate("2025-03-05", "short")).toBe("3/5/2025");
    expect(formatDate("2025-03-05", "medium")).toBe("Mar 5, 2025");
    expect(formatDate("2025-03-05", "long")).toBe("March 5, 2025");
  });

  it("formats time as h:mm a", () => {
    expect(formatTime("2025-03-05T15:05:00Z")).toBe("3:05 PM");
    expect(formatTime("2025-03-05T00:30:00.000+0000")).toBe("12:30 AM");
  });

  it("shows a date-only value as its calendar day whatever the server's zone", () => {
    for (const tz of ["Pacific/Kiritimati", "America/Los_Angeles", "UTC"]) {
      process.env.TZ = tz;
      expect(formatDate("2025-01-01", "short")).toBe("1/1/2025");
    }
  });

  it("shows date-times in UTC unless a zone is given", () => {
    process.env.TZ = "America/Los_Angeles";
    expect(formatDate("2025-01-01T03:00:00.000Z", "short")).toBe("1/1/2025");
    expect(formatDate("2025-01-01T03:00:00.000Z", "short", { timeZone: "America/Los_Angeles" })).toBe("12/31/2024");
  });

  it("reads Salesforce offsets without a colon and refuses nonsense", () => {
    expect(parseApiDate("2025-01-01T10:00:00.000+0000")?.toISOString()).toBe("2025-01-01T10:00:00.000Z");
    expect(parseApiDate("not a date")).toBeNull();
    expect(formatDate("2025-02-30")).toBe("");
    expect(formatDate(null)).toBe("");
  });

  it("starts the week on Monday", () => {
    expect(firstDayOfWeek).toBe(1);
    expect(weekdayNames("short")).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
  });
});

describe("phone display", () => {
  it("shows North American numbers as (xxx) xxx-xxxx", () => {
    expect(formatPhone("4155550123")).toBe("(415) 555-0123");
    expect(formatPhone("+1 415-555-0123")).toBe("(415) 555-0123");
    expect(formatPhone("415.555.0123")).toBe("(415) 555-0123");
  });

  it("leaves other numbers as typed", () => {
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(formatPhone("555-0123")).toBe("555-0123");
    expect(formatPhone("call 4155550123")).toBe("call 4155550123");
    expect(formatPhone(undefined)).toBe("");
  });
});

describe("format checks", () => {
  it("checks e-mail", () => {
    expect(isEmail("john@example.com")).toBe(true);
    expect(isEmail("john@@example.com")).toBe(false);
    expect(isEmail("john doe@example.com")).toBe(false);
  });

  it("checks phone", () => {
    expect(isPhone("+1 (415) 555-0123")).toBe(true);
    expect(isPhone("12345")).toBe(false);
    expect(isPhone("415-CALL-NOW")).toBe(false);
  });

  it("checks dates as YYYY-MM-DD", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2024-2-9")).toBe(false);
  });

  it("checks base64", () => {
    expect(isBase64("aGVsbG8=")).toBe(true);
    expect(isBase64("aGVsbG8")).toBe(false);
    expect(isBase64("a$==")).toBe(false);
    expect(isBase64("")).toBe(false);
  });

  it("checks hex", () => {
    expect(isHex("00ffAA")).toBe(true);
    expect(isHex("0xff")).toBe(false);
    expect(isHex("")).toBe(false);
  });

  it("checks CMS image ids: 28 characters, MC, upper-case letters and digits", () => {
    expect(isCmsImageId("MCABCDEFGHIJKLMNOPQRSTUVWX12")).toBe(true);
    expect(isCmsImageId("MCABCDEFGHIJKLMNOPQRSTUVWX1")).toBe(false);
    expect(isCmsImageId("MXABCDEFGHIJKLMNOPQRSTUVWX12")).toBe(false);
    expect(isCmsImageId("MCabcdefghijklmnopqrstuvwx12")).toBe(false);
  });

  it("never asks for an image narrower than 100", () => {
    expect(MIN_IMAGE_WIDTH).toBe(100);
    expect(imageWidth(40)).toBe(100);
    expect(imageWidth(640)).toBe(640);
    expect(imageWidth(Number.NaN)).toBe(100);
  });

  it("accepts toast durations that are positive whole seconds", () => {
    expect(isToastDuration(3)).toBe(true);
    expect(isToastDuration(0)).toBe(false);
    expect(isToastDuration(-1)).toBe(false);
    expect(isToastDuration(2.5)).toBe(false);
    expect(isToastDuration("3")).toBe(false);
  });
});
