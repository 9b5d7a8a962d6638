/**
 * The order history list: a date filter and sort (a GET form, so it works without JavaScript), the orders of
 * the page, and Previous / Next links carrying the API's page tokens.
 */
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Button } from "~/components/Button";
import { DatePicker } from "~/components/DatePicker";
import { SelectField } from "~/components/SelectField";
import { Price } from "~/components/Price";
import { PageLink } from "~/components/store/Pagination";
import { formatDate } from "~/lib/format/formats";
import {
  HISTORY_EMPTY_MESSAGES,
  HISTORY_SORTS,
  historySearch,
  isFiltered,
  ORDER_HISTORY_PAGE_SIZE,
  type HistoryPage,
  type HistoryQuery,
} from "~/orders/model";
import { orderSummaryPath } from "~/lib/paths";
import { useStoreLocale } from "~/components/StoreLocale";

const SORT_OPTIONS = Object.entries(HISTORY_SORTS).map(([value, sort]) => ({ value, label: sort.label }));

export function OrderHistoryFilters({
  query,
}: {
  query: Pick<HistoryQuery, "from" | "to" | "sort" | "pageSize" | "errors">;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  return (
    <Form method="get" className="orders-filters" noValidate aria-label="Filter orders" role="search">
      <DatePicker
        label="From"
        name="from"
        defaultValue={query.from}
        errors={query.errors.from ? [query.errors.from] : null}
      />
      <DatePicker label="To" name="to" defaultValue={query.to} errors={query.errors.to ? [query.errors.to] : null} />
      <SelectField label="Sort" name="sort" options={SORT_OPTIONS} defaultValue={query.sort} />
      {query.pageSize !== ORDER_HISTORY_PAGE_SIZE ? (
        <input type="hidden" name="pageSize" value={query.pageSize} />
      ) : null}
      <div className="orders-filters__actions">
        <Button variant="brand" pending={loading} pendingLabel="Loading">
          Apply
        </Button>
        {isFiltered(query) || query.sort !== "newest" ? (
          <Link to={location.pathname} className="orders-filters__clear">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export function OrderHistoryList({ page, query }: { page: HistoryPage; query: HistoryQuery }) {
  const locale = useStoreLocale();
  const location = useLocation();
  if (page.rows.length === 0) {
    return (
      <div className="store-empty orders-history__empty">
        <p className="store-empty__title">
          {isFiltered(query) ? HISTORY_EMPTY_MESSAGES.filtered : HISTORY_EMPTY_MESSAGES.none}
        </p>
        {isFiltered(query) ? null : (
          <p>
            <Link to="/">Start shopping</Link>
          </p>
        )}
      </div>
    );
  }
  return (
    <>
      {/* On a narrow screen the table scrolls inside this region, not the page; tabIndex lets keyboard users scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- axe scrollable-region-focusable: a scrolling region must take focus */}
      <div className="orders-history__scroll" role="region" aria-label="Orders table" tabIndex={0}>
        <table className="orders-history__table">
          <caption className="kit-visually-hidden">
            Your orders, {HISTORY_SORTS[query.sort].label.toLowerCase()}
          </caption>
          <thead>
            <tr>
              <th scope="col">Order Number</th>
              <th scope="col">Ordered Date</th>
              <th scope="col">Status</th>
              <th scope="col">Items</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.orderNumber}>
                <th scope="row">
                  <Link to={orderSummaryPath(row.orderNumber)}>{row.orderNumber}</Link>
                </th>
                <td>{row.orderedDate ? formatDate(row.orderedDate, "medium", { locale }) : ""}</td>
                <td>{row.status}</td>
                <td>{row.itemCount ?? ""}</td>
                <td>
                  <Price amount={row.total} currency={row.currencyIsoCode} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page.hasPrevious || page.nextPageToken ? (
        <nav aria-label="Order pages" className="store-pagination orders-history__pages">
          <PageLink
            to={page.hasPrevious ? `${location.pathname}${historySearch(query, page.previousPageToken)}` : null}
            rel="prev"
          >
            Previous
          </PageLink>
          <PageLink
            to={page.nextPageToken ? `${location.pathname}${historySearch(query, page.nextPageToken)}` : null}
            rel="next"
          >
            Next
          </PageLink>
        </nav>
      ) : null}
    </>
  );
}
