import { Fragment, useMemo } from "react";
import { Form, Link, useLocation } from "@remix-run/react";
import { Button } from "~/components/Button";
import { useStoreLocale } from "~/components/StoreLocale";
import { formatCurrency } from "~/lib/format/money";
import {
  filterViewOf,
  MAX_PARAM,
  MIN_PARAM,
  showsFilterPanel,
  type ActiveFilter,
  type FilterData,
  type FilterView,
} from "~/catalog/model/filters";

/** The price range's two fields: which bound, its label, its URL parameter. */
const PRICE_BOUNDS = [
  ["min", "Minimum price", MIN_PARAM],
  ["max", "Maximum price", MAX_PARAM],
] as const;

/**
 * The filters of the page shown: its loader's facets, and what its URL chose (the ticked values, the price range,
 * each chosen filter's link), derived here rather than sent as loader data a second time; once a page and URL.
 */
export function useFilterView(data: FilterData): FilterView {
  const { search } = useLocation();
  return useMemo(() => filterViewOf(search, data), [search, data]);
}

/**
 * The filters of a category or search page: a GET form (it works without JavaScript, and every choice has a URL)
 * with a fieldset per facet, its values as checkboxes whose labels carry the number of products, and a price range;
 * "Apply" submits it, starting again at page 1 with the search term and sort kept. A facet with many values shows
 * its first few and the chosen ones, and a link to the same page showing all of them (catalog/model/filters
 * FACET_VALUES_SHOWN). The chosen filters are listed above the results, each with a link that removes it, and
 * "Clear all".
 *
 * Ticking a box doesn't submit by itself, with JavaScript either: a shopper (a keyboard or screen reader user
 * above all) ticks several values and types a range, then applies them once, and the page never changes under
 * them while they choose (WCAG 3.2.2, On Input). With JavaScript, Apply is a client-side navigation.
 */
export function FilterPanel({ view, id = "filters" }: { view: FilterView; id?: string }) {
  const { pathname } = useLocation();
  const label = useFilterLabel(view.price.currency);
  if (!showsFilterPanel(view)) return null;
  const priceErrorId = `${id}-price-error`;
  const currency = view.price.currency ? ` (${view.price.currency})` : "";
  const chosen = view.active.map(label).join(", ");
  // A disclosure: on a phone the filters fold under "Filters" (what is chosen summed up) so the products come
  // first, without JavaScript; on a wider screen it is open for good, its toggle hidden (filters.css).
  return (
    // A refused price range opens it, so its error shows.
    <details className="store-filters-disclosure" open={view.price.error ? true : undefined}>
      <summary className="store-filters-disclosure__toggle">
        Filters
        {chosen ? <span className="store-filters-disclosure__chosen">: {chosen}</span> : null}
      </summary>
      <Form method="get" action={pathname} className="store-filters" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="store-filters__title">
          Filter
        </h2>
        {view.keep.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        {view.facets.map((facet) => (
          <fieldset key={facet.param} className="store-filters__facet">
            <legend>{facet.label}</legend>
            {/* A label holding its checkbox and naming it in one piece of text ("Clay & Kiln (5)"): no ids, list items or
              count spans to render and send for each value of each facet on every page view. */}
            {facet.values.map((value) => (
              <label key={value.value}>
                <input
                  type="checkbox"
                  name={facet.param}
                  value={value.value}
                  defaultChecked={value.checked}
                  key={`${value.value}-${value.checked}`}
                />
                {`${value.label} (${value.count})`}
              </label>
            ))}
            {facet.more ? (
              <Link to={`${pathname}${facet.more.search}`} className="store-filters__more" preventScrollReset>
                Show {facet.more.count} more
                <span className="kit-visually-hidden"> {facet.label} values</span>
              </Link>
            ) : null}
          </fieldset>
        ))}
        <fieldset className="store-filters__facet store-filters__price">
          <legend>Price{currency}</legend>
          <div className="store-filters__range">
            {PRICE_BOUNDS.map(([bound, label, name]) => (
              <Fragment key={bound}>
                <label htmlFor={`${id}-${bound}`}>{label}</label>
                <input
                  id={`${id}-${bound}`}
                  name={name}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  className="kit-input"
                  defaultValue={view.price[bound]}
                  // A new value from the URL (a chip removed, the back button) replaces what the field showed.
                  key={`${bound}-${view.price[bound]}`}
                  aria-invalid={view.price.error ? true : undefined}
                  aria-describedby={view.price.error ? priceErrorId : undefined}
                />
              </Fragment>
            ))}
          </div>
          {view.price.error ? (
            <p id={priceErrorId} className="kit-field__error" role="alert">
              {view.price.error}
            </p>
          ) : null}
        </fieldset>
        <Button>Apply</Button>
      </Form>
    </details>
  );
}

/** A chosen filter as words: "Brand: Clay & Kiln", "Price: $10.00 to $20.00". */
export function useFilterLabel(currency: string | null) {
  const locale = useStoreLocale();
  const money = (amount: string) => formatCurrency(amount, currency ?? undefined, locale) || amount;
  return (filter: ActiveFilter) => {
    if (!filter.price) return `${filter.facet}: ${filter.value}`;
    const { min, max } = filter.price;
    const range =
      min !== null && max !== null
        ? `${money(min)} to ${money(max)}`
        : min !== null
          ? `${money(min)} and up`
          : `up to ${money(max!)}`;
    return `${filter.facet}: ${range}`;
  };
}

export const FILTERS_REFUSED_MESSAGE = "These filters can't be used here any more, so every product is shown.";

/** The chosen filters, each with a link that removes it, and "Clear all"; nothing when none is chosen. */
export function ActiveFilters({ view }: { view: FilterView }) {
  const { pathname } = useLocation();
  const label = useFilterLabel(view.price.currency);
  if (view.refused) {
    return (
      <div className="store-active-filters" role="alert">
        <p>
          {FILTERS_REFUSED_MESSAGE} <Link to={`${pathname}${view.clearSearch ?? ""}`}>Clear the filters</Link>
        </p>
      </div>
    );
  }
  if (view.active.length === 0 || view.clearSearch === null) return null;
  return (
    <section className="store-active-filters" aria-label="Chosen filters">
      <ul>
        {view.active.map((filter) => (
          <li key={`${filter.facet}-${filter.value}`}>
            <Link to={`${pathname}${filter.removeSearch}`} className="store-chip" preventScrollReset>
              <span className="kit-visually-hidden">Remove filter </span>
              {label(filter)}
              <span aria-hidden="true"> ×</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={`${pathname}${view.clearSearch}`} className="store-active-filters__clear">
            Clear all
            <span className="kit-visually-hidden"> filters</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** What an empty filtered result says: which filters narrowed it to nothing. */
export function FilteredEmpty({ view }: { view: FilterView }) {
  const label = useFilterLabel(view.price.currency);
  return (
    <>
      No products match these filters: {view.active.map(label).join("; ")}. Remove a filter, or clear them all, to see
      more.
    </>
  );
}
