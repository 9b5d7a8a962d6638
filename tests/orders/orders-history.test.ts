import { describe, expect, it } from "vitest";
import {
  historyPage,
  historySearch,
  orderStatusLabel,
  ORDER_HISTORY_PAGE_SIZE,
  readHistoryQuery,
  toApiDateTime,
} from "../../app/orders/model";
import { field } from "./orders-helpers";

// The order history page (app/orders/model/history.ts): its query, page and status labels.
describe("order history query", () => {
  it("defaults to all dates, newest first", () => {
    const query = readHistoryQuery(new URLSearchParams());
    expect(query).toMatchObject({
      from: "",
      to: "",
      sort: "newest",
      pageToken: null,
      pageSize: ORDER_HISTORY_PAGE_SIZE,
      errors: {},
    });
    expect(query.api).toEqual({ sortOrder: "OrderedDateDesc", pageSize: ORDER_HISTORY_PAGE_SIZE });
  });

  it("sends the date range as yyyy-MM-ddTHH:mm:ss.SSSZ covering whole days", () => {
    const query = readHistoryQuery(
      new URLSearchParams("from=2026-09-01&to=9/30/2026&sort=oldest&pageSize=2&pageToken=eyJzIjoi"),
    );
    expect(query.api).toEqual({
      sortOrder: "OrderedDateAsc",
      pageSize: 2,
      pageToken: "eyJzIjoi",
      earliestDate: "2026-09-01T00:00:00.000Z",
      latestDate: "2026-09-30T23:59:59.999Z",
    });
    expect(toApiDateTime("2026-01-31", "end")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("refuses a bad date and a range that ends before it starts", () => {
    expect(readHistoryQuery(new URLSearchParams("from=2026-02-30")).errors.from).toBe(
      "Your entry does not match the allowed format M/d/yyyy.",
    );
    const backwards = readHistoryQuery(new URLSearchParams("from=2026-09-30&to=2026-09-01"));
    expect(backwards.errors.to).toBe("Value must be Sep 30, 2026 or later.");
    expect(backwards.api.latestDate).toBeUndefined();
  });

  it("ignores a page token that isn't one and clamps the page size", () => {
    const query = readHistoryQuery(new URLSearchParams("pageToken=%3Cscript%3E&pageSize=5000"));
    expect(query.pageToken).toBeNull();
    expect(query.pageSize).toBe(100);
    expect(readHistoryQuery(new URLSearchParams("pageSize=0")).pageSize).toBe(ORDER_HISTORY_PAGE_SIZE);
  });

  it("builds paging links that keep the filter, sort and page size", () => {
    const query = readHistoryQuery(new URLSearchParams("from=2026-09-01&sort=oldest&pageSize=2"));
    expect(historySearch(query, "abc=")).toBe("?from=2026-09-01&sort=oldest&pageSize=2&pageToken=abc%3D");
    expect(historySearch(readHistoryQuery(new URLSearchParams()), null)).toBe("");
  });

  it("lists the summaries with number, date, status, total and item count", () => {
    const page = historyPage({
      orderSummaries: [
        {
          orderNumber: "00000106",
          orderedDate: "2026-11-05T20:10:10.000Z",
          status: "Created",
          orderProductTopLevelLineCount: 2,
          currencyIsoCode: "USD",
          fields: { GrandTotalAmount: field("GrandTotalAmount", "662.27") },
        },
        { status: "no number" },
      ],
      nextPageToken: "n1",
      previousPageToken: null,
    });
    expect(page).toEqual({
      rows: [
        {
          orderNumber: "00000106",
          orderedDate: "2026-11-05T20:10:10.000Z",
          status: "Created",
          total: "662.27",
          currencyIsoCode: "USD",
          itemCount: 2,
        },
      ],
      nextPageToken: "n1",
      previousPageToken: null,
      hasPrevious: false,
    });
    expect(historyPage({ previousPageToken: "p0" }).hasPrevious).toBe(true);
    expect(historyPage(undefined).rows).toEqual([]);
  });
});

describe("orderStatusLabel", () => {
  it("names a status as the store does, and keeps the API's name when the store has none for it", () => {
    const names = [{ apiName: "Fulfilled", displayValue: "Delivered" }];
    expect(orderStatusLabel("Fulfilled", names)).toBe("Delivered");
    expect(orderStatusLabel("Created", names)).toBe("Created");
    expect(orderStatusLabel("Created", null)).toBe("Created");
    expect(orderStatusLabel(null, names)).toBeNull();
  });
});
