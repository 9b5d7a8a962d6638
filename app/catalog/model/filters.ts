/**
 * Search filters of the category and search pages: what the URL chose (facet values and a price range), the
 * refinements that asks the search for, and what the filter panel shows (each facet with its values and counts,
 * the chosen filters with a link that removes each, the link that clears them all).
 *
 * A chosen value is `f.{attributeType}.{nameOrId}={value}` (repeated for several values of a facet), the price
 * range `min` and `max`: a GET form writes them, so every filtered page has a URL to share.
 */

/** A facet as search/product-search answers it (Search Facet, Distinct Value facet values). */
export interface ApiFacet {
  nameOrId: string;
  attributeType?: string | null;
  displayName?: string | null;
  facetType?: string | null;
  values?: readonly { nameOrId: string; displayName?: string | null; productCount?: number | null }[] | null;
}

/** The refinements of Product Search Input the storefront sends. */
export type SearchRefinement =
  | { type: "DistinctValue"; attributeType: string; nameOrId: string; values: string[] }
  | { type: "Range"; attributeType: string; nameOrId: string; min?: string; max?: string };

/** Product Search Input takes up to nine refinements, up to 20 values each. */
export const MAX_REFINEMENTS = 9;
export const MAX_VALUES_PER_REFINEMENT = 20;
/** The price a price range refines (the store's price book's unit price). */
export const PRICE_RANGE = { attributeType: "PricebookEntry", nameOrId: "UnitPrice" } as const;

const FACET_PARAM = /^f\.([A-Za-z0-9]+)\.(.+)$/;
export const MIN_PARAM = "min";
export const MAX_PARAM = "max";
/** A facet whose values are all shown (`more={param}`, repeated): the others show their first few. */
export const MORE_PARAM = "more";
/**
 * How many values a facet shows until the shopper asks for all of them (and the values chosen, always): a big
 * catalog's search answers up to 20 values for each of nine facets, and a panel of 180 checkboxes costs every page
 * view its rendering and its bytes while a shopper reads the first few.
 */
export const FACET_VALUES_SHOWN = 6;
/** The parameters the filter panel owns: a filter change drops the page (back to page 1) with them. */
const PAGE_PARAM = "page";

export const PRICE_FORMAT_MESSAGE = "Enter a price such as 12.50.";
export const PRICE_ORDER_MESSAGE = "The minimum price can't be more than the maximum price.";

export interface ChosenFacet {
  param: string;
  attributeType: string;
  nameOrId: string;
  values: string[];
}

export interface FilterChoice {
  facets: ChosenFacet[];
  /** As typed (kept in the inputs); `minAmount` / `maxAmount` when they are prices. */
  min: string;
  max: string;
  minAmount: string | null;
  maxAmount: string | null;
  /** Why a bound was left out of the search: the spec's kind of message, shown next to the inputs. */
  priceError: string | null;
}

const PRICE = /^\d{1,9}(\.\d{1,2})?$/;

/** A price typed by a shopper as the API's money string ("12", "12.5" → "12.50"), or null when it isn't one. */
function amountOf(text: string): string | null {
  const trimmed = text.trim().replace(/^\$|^£/, "");
  if (!PRICE.test(trimmed)) return null;
  return Number(trimmed).toFixed(2);
}

/** The filters a URL chose. A crafted URL can't send the API more than it takes: extra values are dropped. */
export function readFilters(params: URLSearchParams): FilterChoice {
  const byParam = new Map<string, ChosenFacet>();
  for (const [name, raw] of params) {
    const match = FACET_PARAM.exec(name);
    const value = raw.trim();
    if (!match || !value) continue;
    let facet = byParam.get(name);
    if (!facet) {
      // One refinement is kept for the price range.
      if (byParam.size >= MAX_REFINEMENTS - 1) continue;
      facet = { param: name, attributeType: match[1], nameOrId: match[2], values: [] };
      byParam.set(name, facet);
    }
    if (facet.values.length < MAX_VALUES_PER_REFINEMENT && !facet.values.includes(value)) facet.values.push(value);
  }
  const min = (params.get(MIN_PARAM) ?? "").slice(0, 20);
  const max = (params.get(MAX_PARAM) ?? "").slice(0, 20);
  let minAmount = min.trim() ? amountOf(min) : null;
  let maxAmount = max.trim() ? amountOf(max) : null;
  let priceError: string | null = null;
  // A range with a bound that isn't a price is left out whole, until the shopper corrects it.
  if ((min.trim() && minAmount === null) || (max.trim() && maxAmount === null)) {
    priceError = PRICE_FORMAT_MESSAGE;
    minAmount = maxAmount = null;
  } else if (minAmount !== null && maxAmount !== null && Number(minAmount) > Number(maxAmount)) {
    priceError = PRICE_ORDER_MESSAGE;
    minAmount = maxAmount = null;
  }
  return { facets: [...byParam.values()], min, max, minAmount, maxAmount, priceError };
}

/** The search's refinements for the filters chosen. */
export function refinementsOf(choice: FilterChoice): SearchRefinement[] {
  const refinements: SearchRefinement[] = choice.facets.map((f) => ({
    type: "DistinctValue",
    attributeType: f.attributeType,
    nameOrId: f.nameOrId,
    values: f.values,
  }));
  if (choice.minAmount !== null || choice.maxAmount !== null) {
    refinements.push({
      type: "Range",
      ...PRICE_RANGE,
      ...(choice.minAmount !== null ? { min: choice.minAmount } : {}),
      ...(choice.maxAmount !== null ? { max: choice.maxAmount } : {}),
    });
  }
  return refinements;
}

export const hasFilters = (choice: FilterChoice) =>
  choice.facets.length > 0 || choice.minAmount !== null || choice.maxAmount !== null;

export interface FacetView {
  /** The checkboxes' name. */
  param: string;
  label: string;
  values: { value: string; label: string; count: number; checked: boolean }[];
  /** The values not shown (beyond FACET_VALUES_SHOWN) and the query string that shows them all; null: all shown. */
  more: { count: number; search: string } | null;
}

export interface ActiveFilter {
  /** "Brand: Clay & Kiln", "Price: 10.00 to 20.00" (amounts formatted by the page). */
  facet: string;
  value: string;
  /** For a price: the bounds, formatted where shown. */
  price?: { min: string | null; max: string | null };
  /** The page's query string without this filter (page 1). */
  removeSearch: string;
}

export interface FilterView {
  facets: FacetView[];
  price: { min: string; max: string; error: string | null; currency: string | null };
  active: ActiveFilter[];
  /** The page's query string with no filter (page 1); null when none is chosen. */
  clearSearch: string | null;
  /** Parameters of the page the filter form carries along (the search term, the sort). */
  keep: [string, string][];
  /** Parameters the sort form carries along (the filters). */
  chosen: [string, string][];
  /** The search refused the filters of the URL: the results are not filtered (`clearSearch` leaves them). */
  refused: boolean;
}

/**
 * What a listing's loader sends of its search's facets: the API's facets as the panel uses them, nothing else (the
 * chosen filters, their links and the form's fields are the URL's: `filterView` derives them where they're shown).
 * A value's display name is left out where it is its name, as the emulator's always are.
 */
export interface FilterData {
  facets: SentFacet[];
  currency: string | null;
  refused: boolean;
}

/** A facet as a loader sends it: the values the panel shows (see FACET_VALUES_SHOWN) and how many it left out. */
export type SentFacet = ApiFacet & { valuesLeftOut?: number };

/**
 * The FilterData of a search's answer for the page's URL (`params`): its Distinct Value facets with the values the
 * panel shows (a facet's first few and the chosen ones, unless the URL asked for all), the currency of its prices,
 * whether it refused the filters.
 */
export function filterData(
  apiFacets: readonly ApiFacet[] | null | undefined,
  currency: string | null,
  refused: boolean,
  params: URLSearchParams,
): FilterData {
  const facets: SentFacet[] = [];
  const expanded = params.getAll(MORE_PARAM);
  for (const facet of apiFacets ?? []) {
    if (facet.facetType && facet.facetType !== "DistinctValue") continue;
    if (!facet.attributeType || !facet.nameOrId) continue;
    const param = `f.${facet.attributeType}.${facet.nameOrId}`;
    const all = facet.values ?? [];
    const chosen = new Set(params.getAll(param).map((v) => v.trim()));
    const sent = expanded.includes(param)
      ? all
      : all.filter((v, i) => i < FACET_VALUES_SHOWN || chosen.has(v.nameOrId));
    facets.push({
      attributeType: facet.attributeType,
      nameOrId: facet.nameOrId,
      displayName: facet.displayName,
      ...(sent.length < all.length ? { valuesLeftOut: all.length - sent.length } : {}),
      values: sent.map((v) => ({
        nameOrId: v.nameOrId,
        productCount: v.productCount,
        ...(v.displayName && v.displayName !== v.nameOrId ? { displayName: v.displayName } : {}),
      })),
    });
  }
  return { facets, currency, refused };
}

/** The filter panel's view of a listing page's URL (`search`, "?…") and its loader's `FilterData`. */
export function filterViewOf(search: string, data: FilterData): FilterView {
  const params = new URLSearchParams(search);
  return filterView(params, readFilters(params), data.facets, data.currency, data.refused);
}

/** "Brand__c" → "Brand" when no facet names it (a filter whose facet has no value in the results). */
const labelOfName = (nameOrId: string) => nameOrId.replace(/__c$/, "").replace(/_/g, " ");

const isFilterParam = (name: string) => FACET_PARAM.test(name) || name === MIN_PARAM || name === MAX_PARAM;

/** The query string `params` gives without the page and without the pairs `drop` refuses. */
function searchWithout(params: URLSearchParams, drop: (name: string, value: string) => boolean): string {
  const next = new URLSearchParams();
  for (const [name, value] of params) if (name !== PAGE_PARAM && !drop(name, value)) next.append(name, value);
  const query = next.toString();
  return query ? `?${query}` : "";
}

/** The query string `params` gives with `name=value` added (the page kept: the results don't change). */
function searchWith(params: URLSearchParams, name: string, value: string): string {
  const next = new URLSearchParams(params);
  next.append(name, value);
  return `?${next.toString()}`;
}

/** A facet's first values and the chosen ones, unless the URL asked for all of them. */
function shownValues(params: URLSearchParams, row: FacetRow, expanded: readonly string[]): FacetView {
  const { leftOut, ...facet } = row;
  if (expanded.includes(facet.param)) return { ...facet, more: null };
  const shown = facet.values.filter((v, i) => i < FACET_VALUES_SHOWN || v.checked);
  // Values the loader already left out (SentFacet) count among those the link shows.
  const count = facet.values.length - shown.length + leftOut;
  if (count === 0) return { ...facet, more: null };
  return { ...facet, values: shown, more: { count, search: searchWith(params, MORE_PARAM, facet.param) } };
}

/** A facet of the panel before its values are cut to the first few: `leftOut`, those its loader didn't send. */
type FacetRow = Omit<FacetView, "more"> & { leftOut: number };

/**
 * What the filter panel shows: the API's facets in its order, values with their counts, a chosen value the
 * results no longer hold kept (count 0) so it can be unticked; then the chosen filters and their links.
 */
export function filterView(
  params: URLSearchParams,
  choice: FilterChoice,
  apiFacets: readonly SentFacet[] | null | undefined,
  currency: string | null,
  refused = false,
): FilterView {
  if (refused) {
    // The results are the unfiltered ones: offer their facets afresh, and a way to leave the refused filters.
    const view = filterView(new URLSearchParams(searchWithout(params, isFilterParam)), NO_FILTERS, apiFacets, currency);
    return { ...view, clearSearch: searchWithout(params, isFilterParam), refused: true };
  }
  const facets: FacetRow[] = [];
  const seen = new Set<string>();
  for (const facet of apiFacets ?? []) {
    if (facet.facetType && facet.facetType !== "DistinctValue") continue;
    if (!facet.attributeType || !facet.nameOrId) continue;
    const param = `f.${facet.attributeType}.${facet.nameOrId}`;
    const chosen = choice.facets.find((f) => f.param === param)?.values ?? [];
    const values = (facet.values ?? []).map((v) => ({
      value: v.nameOrId,
      label: v.displayName || v.nameOrId,
      count: v.productCount ?? 0,
      checked: chosen.includes(v.nameOrId),
    }));
    for (const value of chosen)
      if (!values.some((v) => v.value === value)) values.push({ value, label: value, count: 0, checked: true });
    seen.add(param);
    facets.push({
      param,
      label: facet.displayName || labelOfName(facet.nameOrId),
      values,
      leftOut: facet.valuesLeftOut ?? 0,
    });
  }
  for (const f of choice.facets) {
    if (seen.has(f.param)) continue;
    facets.push({
      param: f.param,
      label: labelOfName(f.nameOrId),
      values: f.values.map((value) => ({ value, label: value, count: 0, checked: true })),
      leftOut: 0,
    });
  }
  const labelOf = new Map(facets.map((f) => [f.param, f.label]));
  const active: ActiveFilter[] = choice.facets.flatMap((f) =>
    f.values.map((value) => ({
      facet: labelOf.get(f.param) ?? labelOfName(f.nameOrId),
      value,
      removeSearch: searchWithout(params, (name, v) => name === f.param && v.trim() === value),
    })),
  );
  if (choice.minAmount !== null || choice.maxAmount !== null) {
    active.push({
      facet: "Price",
      value: `${choice.minAmount ?? ""}-${choice.maxAmount ?? ""}`,
      price: { min: choice.minAmount, max: choice.maxAmount },
      removeSearch: searchWithout(params, (name) => name === MIN_PARAM || name === MAX_PARAM),
    });
  }
  const keep: [string, string][] = [];
  const chosen: [string, string][] = [];
  for (const [name, value] of params) {
    if (name === PAGE_PARAM) continue;
    if (isFilterParam(name)) chosen.push([name, value]);
    else keep.push([name, value]);
  }
  const expanded = params.getAll(MORE_PARAM);
  return {
    facets: facets.map((facet) => shownValues(params, facet, expanded)),
    price: { min: choice.min, max: choice.max, error: choice.priceError, currency },
    active,
    clearSearch: hasFilters(choice) || choice.min || choice.max ? searchWithout(params, isFilterParam) : null,
    keep,
    chosen,
    refused: false,
  };
}

const NO_FILTERS: FilterChoice = { facets: [], min: "", max: "", minAmount: null, maxAmount: null, priceError: null };

/** Whether the page has a filter panel to show: facets to choose from, or filters to change. */
export const showsFilterPanel = (view: FilterView) =>
  view.facets.length > 0 ||
  view.active.length > 0 ||
  view.refused ||
  Boolean(view.price.min || view.price.max || view.price.error);
