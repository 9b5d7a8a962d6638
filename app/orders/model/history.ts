/** Order history (spec §7 GET order-summaries): the page's query, its rows and paging, and status names. */
import { validateDate } from "~/lib/validation/dates";
import { asArray, isObject, nonBlank, type Json } from "./json";
import { toOrderSummary, type OrderSummaryData } from "./summary";

export const ORDER_HISTORY_PAGE_SIZE = 10;
export const ORDER_HISTORY_MAX_PAGE_SIZE = 100;
export const HISTORY_SORTS = {
  newest: { label: "Newest first", sortOrder: "OrderedDateDesc" },
  oldest: { label: "Oldest first", sortOrder: "OrderedDateAsc" },
} as const;
export type HistorySort = keyof typeof HISTORY_SORTS;
export const HISTORY_EMPTY_MESSAGES = {
  none: "You haven't placed any orders yet.",
  filtered: "No orders match these dates.",
} as const;

/** A calendar day as the API's date-time (yyyy-MM-ddTHH:mm:ss.SSSZ, UTC): its first or its last millisecond. */
export function toApiDateTime(isoDay: string, edge: "start" | "end"): string {
  return `${isoDay}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}Z`;
}

export interface HistoryQuery {
  from: string;
  to: string;
  sort: HistorySort;
  pageToken: string | null;
  pageSize: number;
  /** Messages of the date inputs; when any is set the API is not asked. */
  errors: { from?: string; to?: string };
  /** The query of GET order-summaries (valid only when `errors` is empty). */
  api: {
    sortOrder: (typeof HISTORY_SORTS)[HistorySort]["sortOrder"];
    pageSize: number;
    pageToken?: string;
    earliestDate?: string;
    latestDate?: string;
  };
}

/** Page tokens are opaque but short and URL-safe-ish; anything else is ignored rather than sent. */
const PAGE_TOKEN = /^[A-Za-z0-9+/=_-]{1,512}$/;

/** The history page's URL query: date range (From / To), sort, page token and page size. */
export function readHistoryQuery(params: URLSearchParams): HistoryQuery {
  const from = (params.get("from") ?? "").trim();
  const to = (params.get("to") ?? "").trim();
  const sort: HistorySort = params.get("sort") === "oldest" ? "oldest" : "newest";
  const rawToken = params.get("pageToken");
  const pageToken = rawToken && PAGE_TOKEN.test(rawToken) ? rawToken : null;
  const size = Number(params.get("pageSize"));
  const pageSize =
    Number.isInteger(size) && size >= 1 ? Math.min(size, ORDER_HISTORY_MAX_PAGE_SIZE) : ORDER_HISTORY_PAGE_SIZE;

  const errors: HistoryQuery["errors"] = {};
  const fromError = validateDate(from);
  if (fromError) errors.from = fromError;
  const fromDay = fromError ? undefined : normaliseDay(from);
  const toError = validateDate(to, { min: fromDay });
  if (toError) errors.to = toError;
  const toDay = toError ? undefined : normaliseDay(to);

  return {
    from,
    to,
    sort,
    pageToken,
    pageSize,
    errors,
    api: {
      sortOrder: HISTORY_SORTS[sort].sortOrder,
      pageSize,
      ...(pageToken ? { pageToken } : {}),
      ...(fromDay ? { earliestDate: toApiDateTime(fromDay, "start") } : {}),
      ...(toDay ? { latestDate: toApiDateTime(toDay, "end") } : {}),
    },
  };
}

/** "YYYY-MM-DD" or "M/d/yyyy" → "YYYY-MM-DD" (undefined when blank). validateDate has accepted it already. */
function normaliseDay(value: string): string | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[1].padStart(2, "0")}-${match[2].padStart(2, "0")}` : undefined;
}

export function isFiltered(query: Pick<HistoryQuery, "from" | "to">): boolean {
  return query.from !== "" || query.to !== "";
}

/** A history URL keeping the filter, sort and page size, with `pageToken` (or the first page). */
export function historySearch(
  query: Pick<HistoryQuery, "from" | "to" | "sort" | "pageSize">,
  pageToken?: string | null,
): string {
  const params = new URLSearchParams();
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (query.pageSize !== ORDER_HISTORY_PAGE_SIZE) params.set("pageSize", String(query.pageSize));
  if (pageToken) params.set("pageToken", pageToken);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export interface HistoryRow {
  orderNumber: string;
  orderedDate: string | null;
  status: string | null;
  total: string | null;
  currencyIsoCode: string;
  itemCount: number | null;
}

export interface HistoryPage {
  rows: HistoryRow[];
  nextPageToken: string | null;
  previousPageToken: string | null;
  hasPrevious: boolean;
}

export const EMPTY_HISTORY_PAGE: HistoryPage = {
  rows: [],
  nextPageToken: null,
  previousPageToken: null,
  hasPrevious: false,
};

/** The order-summaries answer as the history list shows it. */
export function historyPage(raw: Json | null | undefined): HistoryPage {
  const record = isObject(raw) ? raw : {};
  const rows = asArray(record.orderSummaries)
    .filter(isObject)
    .map(toOrderSummary)
    .filter((s): s is OrderSummaryData & { orderNumber: string } => s.orderNumber !== null)
    .map((s) => ({
      orderNumber: s.orderNumber,
      orderedDate: s.orderedDate,
      status: s.status,
      total: s.totals.total,
      currencyIsoCode: s.currencyIsoCode,
      itemCount: s.itemCount,
    }));
  return {
    rows,
    nextPageToken: nonBlank(record.nextPageToken),
    previousPageToken: nonBlank(record.previousPageToken),
    hasPrevious: nonBlank(record.previousPageToken) !== null,
  };
}

/** The application context's `orderStatuses` (apiName → displayValue): the store's own words for a status. */
export type OrderStatusNames = readonly { apiName: string; displayValue: string }[] | null | undefined;

/** A status as the store names it (its displayValue), else the API's name. */
export function orderStatusLabel(status: string | null, names: OrderStatusNames): string | null {
  if (!status) return status;
  return names?.find((n) => n.apiName === status)?.displayValue || status;
}
