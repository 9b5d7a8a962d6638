import { randomUUID } from "node:crypto";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { illegalQuery } from "../core/paging.js";
import { toCents } from "../core/money.js";
import { recordId } from "../core/record-ids.js";
import type { Emu } from "../core/state.js";
import { DEFAULT_FIELDS, knownFields, searchProduct } from "./shapes.js";
import { termCounts, termPage } from "./term-counts.js";
import {
  catalogStore,
  DEFAULT_CURRENCY,
  type CategoryRow,
  catalogOrderPageWhere,
  categoryProductCount,
  categoryProductPage,
  childCategories,
  childCategoryCounts,
  childMatchCounts,
  facetableAttributeRows,
  keptFacetCounts,
  keptFacetCountsWhere,
  matchCountFrom,
  matchFacetCounts,
  indexOrderPage,
  priceOrderPage,
  productCountWhere,
  sortedMatchPage,
  termMatchCount,
} from "./store.js";

/** Product search: the sort rules, the inputs of the GET and POST forms, and the SQL that answers them. */

/**
 * The store's sort rules (GET search/sort-rules, Sort Rules Collection). The ids use the SortRule key prefix 0qU
 * seen in Salesforce's own LWR fixtures; labels and suffixes are the documented enums. The price rules sort by the
 * store's price book (type SortByPricebook, 55.0+; nameOrId its id [I]).
 */
export const SORT_RULES = [
  {
    sortRuleId: "0qUDM0000000001",
    label: "Best Match",
    labelSuffix: null,
    nameOrId: "Best Match",
    type: "Relevancy",
    direction: "Default",
    sortOrder: 1,
  },
  {
    sortRuleId: "0qUDM0000000002",
    label: "Product Name",
    labelSuffix: "Az",
    nameOrId: "Name",
    type: "ProductBased",
    direction: "Ascending",
    sortOrder: 2,
  },
  {
    sortRuleId: "0qUDM0000000003",
    label: "Product Name",
    labelSuffix: "Za",
    nameOrId: "Name",
    type: "ProductBased",
    direction: "Descending",
    sortOrder: 3,
  },
  {
    sortRuleId: "0qUDM0000000004",
    label: "Price",
    labelSuffix: "LowHigh",
    nameOrId: "01sDM0000000001",
    type: "SortByPricebook",
    direction: "Ascending",
    sortOrder: 4,
  },
  {
    sortRuleId: "0qUDM0000000005",
    label: "Price",
    labelSuffix: "HighLow",
    nameOrId: "01sDM0000000001",
    type: "SortByPricebook",
    direction: "Descending",
    sortOrder: 5,
  },
] as const;

type SortRule = (typeof SORT_RULES)[number];

/**
 * A sort rule as SQL over `products p` joined with its price book entry `pe`: ties (and relevancy) in the catalog's
 * order. Products without a price go last either way.
 */
function orderOf(rule: SortRule | undefined): string {
  const catalogOrder = "p.sort_order, p.name";
  if (!rule || rule.type === "Relevancy") return catalogOrder;
  const direction = rule.direction === "Descending" ? "DESC" : "ASC";
  if (rule.type === "ProductBased") return `p.name COLLATE NOCASE ${direction}, ${catalogOrder}`;
  return `pe.unit_price_cents IS NULL, pe.unit_price_cents ${direction}, ${catalogOrder}`;
}

/** What a search asks for, from the GET query or the POST body. */
interface SearchInput {
  searchTerm: string;
  categoryId: string | null;
  page: number;
  pageSize: number;
  sortRuleId: string | null;
  fields: string[];
  includePrices: boolean;
  includeQuantityRule: boolean;
  refinements: Refinement[];
  grouping: Grouping;
}

/**
 * Product Search Grouping Input's groupingOption (the GET's `grouping`): NoGrouping, "Search results aren't
 * grouped", or VariationParent, "Search results are grouped by the variation parent". The demo store's Results
 * Grouping setting, the default, is NoGrouping [I].
 */
export type Grouping = "NoGrouping" | "VariationParent";
const GROUPINGS: readonly Grouping[] = ["NoGrouping", "VariationParent"];

/**
 * A refinement of Product Search Input, checked: a Distinct Value refinement (products with any of `values` of a
 * facetable attribute) or a Range refinement on the price (products whose unit price in the store's price book is
 * within the bounds, in cents; emulator-only naming, see docs/emulator.md "Search refinements and facets").
 */
export type Refinement =
  | { type: "DistinctValue"; attribute: string; values: string[] }
  | { type: "Range"; minCents: number | null; maxCents: number | null };

/** Product Search Input: "up to nine refinements", "up to 20 values" for each. */
export const MAX_REFINEMENTS = 9;
export const MAX_REFINEMENT_VALUES = 20;
/** The attribute types of a Distinct Value Refinement Input. */
const DISTINCT_ATTRIBUTE_TYPES = ["Custom", "ProductAttribute", "Standard"];
/** The price a Range refinement names [I: no page names the attribute of a price range]. */
export const PRICE_RANGE = { attributeType: "PricebookEntry", nameOrId: "UnitPrice" } as const;
const RANGE_SINCE = 64;

const MAX_RESULTS_WINDOW = 5000;

/**
 * Checks the inputs every search form shares; `bad` builds the form's error (a query parameter or a body
 * property). Either searchTerm or categoryId is required [code I: INVALID_API_INPUT]; pageSize 1-200 (default 20);
 * page × pageSize ≤ 5000; searchTerm up to 32 words.
 */
function checkSearch(
  input: SearchInput,
  bad: (name: string, value: unknown, expected: string) => ApiError,
): SearchInput {
  if (!input.searchTerm && !input.categoryId) throw invalidInput("Specify a searchTerm or a categoryId.");
  if (input.searchTerm.split(/\s+/).filter(Boolean).length > 32)
    throw bad("searchTerm", input.searchTerm, "Up to 32 space-separated search terms.");
  if (!Number.isInteger(input.pageSize) || input.pageSize < 1 || input.pageSize > 200)
    throw bad("pageSize", input.pageSize, "Expected a whole number from 1 to 200.");
  if (!Number.isInteger(input.page) || input.page < 0) throw bad("page", input.page, "Expected a whole number from 0.");
  if (input.page * input.pageSize > MAX_RESULTS_WINDOW)
    throw bad("page", input.page, `page × pageSize can't exceed ${MAX_RESULTS_WINDOW}.`);
  const sortRuleId = input.sortRuleId;
  if (sortRuleId !== null && !SORT_RULES.some((r) => r.sortRuleId === sortRuleId.slice(0, 15))) {
    throw bad("sortRuleId", sortRuleId, "Use a sortRuleId from search/sort-rules.");
  }
  return input;
}

/** GET search/products (58.0): a search in the query string; Commerce Product Search Results with prices. */
export function searchInputFromQuery(emu: Emu, q: URLSearchParams, apiVersion = 65): SearchInput {
  const num = (name: string, def: number) => {
    const raw = q.get(name);
    return raw === null || raw === "" ? def : Number(raw);
  };
  const includeQuantityRule = q.get("includeQuantityRule");
  if (includeQuantityRule !== null && includeQuantityRule !== "true" && includeQuantityRule !== "false") {
    throw illegalQuery("includeQuantityRule", includeQuantityRule, "Expected true or false.");
  }
  return checkSearch(
    {
      searchTerm: (q.get("searchTerm") ?? "").trim(),
      categoryId: q.get("categoryId") || null,
      page: num("page", 0),
      pageSize: num("pageSize", 20),
      sortRuleId: q.get("sortRuleId") || null,
      fields: q.get("fields") ? knownFields(q.get("fields")!.split(","), "fields") : DEFAULT_FIELDS,
      includePrices: true,
      includeQuantityRule: includeQuantityRule === "true",
      refinements: checkRefinements(emu, refinementsParam(q.get("refinements")), apiVersion),
      grouping: groupingOf(q.get("grouping"), (value) =>
        illegalQuery("grouping", value, `Expected ${GROUPINGS.join(" or ")}.`),
      ),
    },
    (name, value, expected) => illegalQuery(name, String(value), expected),
  );
}

/**
 * The GET's `refinements`: "encoded as a Base64 string from a JSON representation of the Distinct Value Refinement
 * Input", a list of the refinements the POST body carries (a single refinement object is taken as a list of one
 * [I]). A value that is no Base64 of a JSON list or object is a bad query value [I: the page shows no error].
 */
function refinementsParam(raw: string | null): unknown[] {
  if (raw === null || raw.trim() === "") return [];
  const expected = "Expected the Base64 encoding of a JSON list of refinements.";
  const text = raw.trim();
  // Standard or URL-safe Base64, padded or not.
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw illegalQuery("refinements", raw, expected);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text.replaceAll("-", "+").replaceAll("_", "/"), "base64").toString("utf8"));
  } catch {
    throw illegalQuery("refinements", raw, expected);
  }
  if (Array.isArray(decoded)) return decoded;
  if (decoded && typeof decoded === "object") return [decoded];
  throw illegalQuery("refinements", raw, expected);
}

/** A grouping option, absent for the store's default. */
function groupingOf(raw: unknown, bad: (value: string) => ApiError): Grouping {
  if (raw === undefined || raw === null || raw === "") return "NoGrouping";
  if (typeof raw === "string" && (GROUPINGS as readonly string[]).includes(raw)) return raw as Grouping;
  throw bad(typeof raw === "string" ? raw : JSON.stringify(raw));
}

/** POST search/product-search (49.0): Product Search Input in the body; prices only with includePrices. */
export function searchInputFromBody(emu: Emu, body: any, apiVersion = 65): SearchInput {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw invalidInput("The request body must be a Product Search Input object.");
  const text = (name: string) => {
    const v = body[name];
    if (v === undefined || v === null) return null;
    if (typeof v !== "string") throw invalidInput(`${name} must be a string.`);
    return v.trim() || null;
  };
  const flag = (name: string) => {
    const v = body[name];
    if (v === undefined || v === null) return false;
    if (typeof v !== "boolean") throw invalidInput(`${name} must be true or false.`);
    return v;
  };
  if (body.fields !== undefined && body.fields !== null && !Array.isArray(body.fields))
    throw invalidInput("fields must be a list of field names.");
  if (body.refinements !== undefined && body.refinements !== null && !Array.isArray(body.refinements))
    throw invalidInput("refinements must be a list.");
  const refinements = checkRefinements(emu, body.refinements ?? [], apiVersion);
  const grouping = body.grouping;
  if (grouping !== undefined && grouping !== null && (typeof grouping !== "object" || Array.isArray(grouping)))
    throw invalidInput("grouping must be a Product Search Grouping Input object.");
  return checkSearch(
    {
      searchTerm: text("searchTerm") ?? "",
      categoryId: text("categoryId"),
      page: body.page ?? 0,
      pageSize: body.pageSize ?? 20,
      sortRuleId: text("sortRuleId"),
      fields: Array.isArray(body.fields) && body.fields.length ? knownFields(body.fields, "fields") : DEFAULT_FIELDS,
      includePrices: flag("includePrices"),
      includeQuantityRule: flag("includeQuantityRule"),
      refinements,
      grouping: groupingOf(grouping?.groupingOption, (value) =>
        invalidInput(`Invalid value for grouping.groupingOption: ${value}. Expected ${GROUPINGS.join(" or ")}.`),
      ),
    },
    (name, value) => invalidInput(`Invalid value for ${name}: ${JSON.stringify(value)}.`),
  );
}

/** A price of a Range refinement: a non-negative amount ("12", "12.5", "12.50", or a number) in cents. */
function rangeBound(name: "min" | "max", value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^\d{1,9}(\.\d{1,2})?$/.test(text.trim()))
    throw invalidInput(`Invalid value for ${name}: ${JSON.stringify(value)}. Expected an amount such as 12.50.`);
  return toCents(text.trim());
}

/**
 * Checks Product Search Input's refinements: at most nine, each a Distinct Value refinement of one of the store's
 * facetable attributes with 1 to 20 values, or a Range refinement of the price with a min, a max or both.
 */
function checkRefinements(emu: Emu, raw: unknown[], apiVersion: number): Refinement[] {
  if (raw.length > MAX_REFINEMENTS)
    throw invalidInput(`refinements: up to ${MAX_REFINEMENTS} refinements are allowed; the request has ${raw.length}.`);
  const facetable = facetableAttributes(emu);
  return raw.map((r: any, i): Refinement => {
    const at = `refinements[${i}]`;
    if (!r || typeof r !== "object" || Array.isArray(r)) throw invalidInput(`${at} must be a Refinement Input object.`);
    if (typeof r.nameOrId !== "string" || !r.nameOrId.trim()) throw invalidInput(`${at}.nameOrId is required.`);
    if (r.type === "DistinctValue") {
      if (!DISTINCT_ATTRIBUTE_TYPES.includes(r.attributeType))
        throw invalidInput(
          `Invalid value for ${at}.attributeType: ${JSON.stringify(r.attributeType)}. Expected one of ${DISTINCT_ATTRIBUTE_TYPES.join(", ")}.`,
        );
      const attribute = facetable.get(r.nameOrId);
      if (!attribute || attribute.attribute_type !== r.attributeType)
        throw invalidInput(
          `${at}: ${r.attributeType} attribute ${r.nameOrId} is not a facetable attribute of the store.`,
        );
      if (!Array.isArray(r.values) || r.values.length === 0 || r.values.some((v: unknown) => typeof v !== "string"))
        throw invalidInput(`${at}.values must be a list of 1 to ${MAX_REFINEMENT_VALUES} values.`);
      if (r.values.length > MAX_REFINEMENT_VALUES)
        throw invalidInput(
          `${at}.values: up to ${MAX_REFINEMENT_VALUES} values are allowed for a refinement; the request has ${r.values.length}.`,
        );
      return { type: "DistinctValue", attribute: attribute.name_or_id, values: [...new Set<string>(r.values)] };
    }
    // A Range refinement is documented from 64.0 (ConnectApi.RangeRefinementInput).
    if (r.type === "Range" && apiVersion >= RANGE_SINCE) {
      if (r.attributeType !== PRICE_RANGE.attributeType || r.nameOrId !== PRICE_RANGE.nameOrId)
        throw invalidInput(
          `${at}: a Range refinement is only available for ${PRICE_RANGE.attributeType} ${PRICE_RANGE.nameOrId}.`,
        );
      const minCents = rangeBound("min", r.min);
      const maxCents = rangeBound("max", r.max);
      if (minCents === null && maxCents === null) throw invalidInput(`${at}: specify a min, a max or both.`);
      if (minCents !== null && maxCents !== null && minCents > maxCents)
        throw invalidInput(`${at}: min can't be more than max.`);
      return { type: "Range", minCents, maxCents };
    }
    const types = apiVersion >= RANGE_SINCE ? "DistinctValue or Range" : "DistinctValue";
    throw invalidInput(`Invalid value for ${at}.type: ${JSON.stringify(r.type)}. Expected ${types}.`);
  });
}

interface FacetableRow {
  name_or_id: string;
  attribute_type: string;
  display_name: string;
  display_rank: number;
  display_type: string;
}

/** The store's facetable attributes by developer name (a handful of rows). */
function facetableAttributes(emu: Emu): Map<string, FacetableRow> {
  const rows = facetableAttributeRows(emu) as FacetableRow[];
  return new Map(rows.map((row) => [row.name_or_id, row]));
}

/** A refinement as one SQL condition over `products p` joined with its price book entry `pe`. */
function refinementSql(r: Refinement): { sql: string; params: unknown[] } {
  if (r.type === "DistinctValue") {
    return {
      // The products of the values, from the values' index entries: the planner may start from them.
      sql: `p.id IN (SELECT v.product_id FROM product_facet_values v WHERE v.attribute = ? AND v.value IN (${r.values.map(() => "?").join(", ")}))`,
      params: [r.attribute, ...r.values],
    };
  }
  const parts: string[] = [];
  const params: unknown[] = [];
  if (r.minCents !== null) {
    parts.push("pe.unit_price_cents >= ?");
    params.push(r.minCents);
  }
  if (r.maxCents !== null) {
    parts.push("pe.unit_price_cents <= ?");
    params.push(r.maxCents);
  }
  return { sql: `(${parts.join(" AND ")})`, params };
}

/** SQL conditions over `products p`, ANDed, with their parameters. */
interface TermFilter {
  /** SQL ANDed into a WHERE over `products p`. */
  where: string[];
  params: unknown[];
  /** Whether the conditions read a product's text (terms too short for the index): its row, not its keys. */
  readsText: boolean;
}

/**
 * What a count reads each match from: its keys (product_keys: rowid, id, category_id, db/014_scale_indexes.sql),
 * unless a term too short for the full-text index needs the product's text.
 */
const countedFrom = (filter: TermFilter) => (filter.readsText ? "products" : "product_keys");

/**
 * Search terms as SQL: every term (lower case) must appear in the name, the SKU or the description. Terms of three
 * characters or more go through the trigram index (db/009_search.sql); shorter ones, which trigrams cannot find, are
 * checked with instr on the rows the index left.
 */
function termFilter(terms: string[]): TermFilter {
  const where: string[] = [];
  const params: unknown[] = [];
  const indexed = terms.filter((t) => [...t].length >= 3);
  if (indexed.length) {
    where.push("p.rowid IN (SELECT rowid FROM products_search WHERE products_search MATCH ?)");
    params.push(indexed.map((t) => `"${t.replaceAll('"', '""')}"`).join(" AND "));
  }
  for (const t of terms.filter((t) => [...t].length < 3)) {
    where.push("(instr(lower(p.name), ?) > 0 OR instr(lower(p.sku), ?) > 0 OR instr(lower(p.description), ?) > 0)");
    params.push(t, t, t);
  }
  return { where, params, readsText: terms.some((t) => [...t].length < 3) };
}

/**
 * Grouped by variation parent, a family is listed (and counted, in facets and categories) once, as its parent: its
 * variations are left out. The parent is found by its own name, SKU and description [I: the page doesn't say how a
 * family whose variations alone match is found]. The condition reads each match's row (its class), so a grouped
 * search counts over the products, not the kept counts: grouping is asked for, never the store's default.
 */
function groupedBy(filter: TermFilter, grouping: Grouping): TermFilter {
  if (grouping === "NoGrouping") return filter;
  return { where: [...filter.where, "p.product_class <> 'Variation'"], params: filter.params, readsText: true };
}

/** Products in the category or any category below it (db/014_scale_indexes.sql: category_ancestors). */
const IN_TREE = "p.category_id IN (SELECT category_id FROM category_ancestors WHERE ancestor_id = ?)";

/**
 * A search, answered by SQLite, reading the page it shows. Browsing a category (no term, no refinement) reads its
 * page, its count, its subcategories' counts and its facet counts from tables kept in step with the catalog
 * (db/014_scale_indexes.sql); a search with terms or refinements finds its page by the catalog order's index and
 * counts its matches without reading their rows.
 */
export function search(emu: Emu, input: SearchInput) {
  const catalog = catalogStore(emu);
  let selected: CategoryRow | undefined;
  if (input.categoryId) {
    const id = recordId(input.categoryId, "category", "categoryId");
    selected = catalog.category(id);
    if (!selected) throw notFound(`Product category not found: ${id}`);
  }
  const terms = input.searchTerm.toLowerCase().split(/\s+/).filter(Boolean);
  const filter = groupedBy(termFilter(terms), input.grouping);
  const rule = input.sortRuleId ? SORT_RULES.find((r) => r.sortRuleId === input.sortRuleId!.slice(0, 15)) : undefined;
  const browsing = selected !== undefined && filter.where.length === 0 && input.refinements.length === 0;
  const offset = input.page * input.pageSize;

  // Terms alone (the type-ahead's search, and the search page's first): counted in one pass (term-counts.ts).
  const termsAlone =
    !selected && input.refinements.length === 0 && filter.where.length === 1 && !filter.readsText
      ? termCounts(emu, filter.params[0] as string)
      : null;
  let total: number;
  let pageIds: string[];
  if (browsing && (!rule || rule.type === "Relevancy")) {
    total = categoryCount(emu, selected!.id);
    pageIds = categoryPage(emu, selected!.id, offset, input.pageSize);
  } else if (termsAlone && (!rule || rule.type === "Relevancy")) {
    // The matches are known from counting them: the page is cut from them, the search not run again.
    total = termsAlone.total;
    pageIds = termPage(emu, termsAlone, offset, input.pageSize);
  } else {
    const refined = input.refinements.map(refinementSql);
    const where = [...filter.where, ...(selected ? [IN_TREE] : []), ...refined.map((r) => r.sql)];
    const params = [...filter.params, ...(selected ? [selected.id] : []), ...refined.flatMap((r) => r.params)];
    const priced = input.refinements.some((r) => r.type === "Range");
    const from = `FROM products p${priced ? ` LEFT JOIN pricebook_entries pe ON pe.product_id = p.id AND pe.currency_iso_code = '${DEFAULT_CURRENCY}'` : ""}`;
    const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
    total = termsAlone?.total ?? matchCount(emu, { terms, filter, selected, refinements: input.refinements, browsing });
    pageIds =
      total <= SORTED_IN_MEMORY
        ? smallPage(emu, { from, where: whereSql, params, rule, offset, size: input.pageSize, priced })
        : orderedPage(emu, { where, params, rule, offset, size: input.pageSize, priced, total });
  }
  const pageItems = pageIds.map((id) => catalog.product(id)!);

  return {
    categories: searchCategory(
      selected,
      total,
      termsAlone
        ? childCategories(emu, "k.parent_id IS NULL", []).map((c) => ({ ...c, n: termsAlone.topLevel.get(c.id) ?? 0 }))
        : childCounts(emu, selected, filter),
    ),
    facets: facets(
      emu,
      {
        selected,
        where: filter.where,
        params: filter.params,
        filter,
        refinements: input.refinements,
      },
      termsAlone?.facetCounts,
    ),
    locale: "en_US",
    correlationId: randomUUID(),
    productsPage: {
      currencyIsoCode: "USD",
      pageSize: input.pageSize,
      total,
      products: pageItems.map((p) =>
        searchProduct(p, input.fields, { prices: input.includePrices, quantityRule: input.includeQuantityRule }),
      ),
    },
  };
}

/**
 * Product Search Results' `categories`, a ConnectApi.SearchCategory: the category searched (`category`: its id and
 * name; null for a search of the whole catalog, which no category record stands for [I]), `productCount` the
 * products of the results in it, and `children` its "first-level child categories … with non-empty search
 * results", each a SearchCategory of its own (its `children` left empty: the page names the first level only [I]).
 * A keyword search without a category answers the top-level categories its matches fall in.
 */
function searchCategory(
  selected: CategoryRow | undefined,
  total: number,
  children: { id: string; name: string; n: number }[],
) {
  return {
    category: selected ? { id: selected.id, name: selected.name } : null,
    children: children
      .filter((c) => c.n > 0)
      .map((c) => ({ category: { id: c.id, name: c.name }, children: [], productCount: c.n })),
    productCount: total,
  };
}

/**
 * Up to this many matches, a page is cut from the matches sorted whole (they are counted first); beyond, it is read
 * by walking an index in the sort's order until the page is full.
 */
const SORTED_IN_MEMORY = 1_000;

interface PageQuery {
  params: unknown[];
  rule: SortRule | undefined;
  offset: number;
  size: number;
  /** Whether the conditions name the price book entry `pe` (a price range). */
  priced: boolean;
}

/** A page of at most SORTED_IN_MEMORY matches (counted before): the matches sorted, the page cut. */
function smallPage(emu: Emu, q: PageQuery & { from: string; where: string }): string[] {
  const from =
    q.rule?.type === "SortByPricebook" && !q.priced
      ? `${q.from} LEFT JOIN pricebook_entries pe ON pe.product_id = p.id AND pe.currency_iso_code = '${DEFAULT_CURRENCY}'`
      : q.from;
  return sortedMatchPage(emu, SORTED_IN_MEMORY, from, q.where, orderOf(q.rule), q.params, q.size, q.offset);
}

/**
 * A page of many matches, read along an index in the sort's order (the catalog's, the name's, or the price's)
 * until the page is full: each product of the index is checked against the conditions, and the walk stops at the
 * page's end. Products without a price come after the priced ones in a price sort, in the catalog's order.
 */
function orderedPage(emu: Emu, q: PageQuery & { where: string[]; total: number }): string[] {
  const where = (extra: string[]) => {
    const all = [...q.where, ...extra];
    return all.length ? `WHERE ${all.join(" AND ")}` : "";
  };
  const rule = q.rule;
  if (!rule || rule.type === "Relevancy")
    return indexOrderPage(
      emu,
      "products_catalog_order",
      q.priced,
      where([]),
      "p.sort_order, p.name",
      q.params,
      q.size,
      q.offset,
    );
  if (rule.type === "ProductBased")
    return indexOrderPage(emu, "products_name_order", q.priced, where([]), orderOf(rule), q.params, q.size, q.offset);
  const direction = rule.direction === "Descending" ? "DESC" : "ASC";
  const priced = priceOrderPage(
    emu,
    where([`pe.currency_iso_code = '${DEFAULT_CURRENCY}'`]),
    direction,
    q.params,
    q.size,
    q.offset,
  );
  if (priced.length === q.size || q.priced) return priced;
  // The priced matches ran out within (or before) this page: the rest of it is unpriced products. How many matches
  // are priced: all but the unpriced ones (a handful: products without an entry in the store's price book).
  const unpricedWhere = where([
    `NOT EXISTS (SELECT 1 FROM pricebook_entries e WHERE e.product_id = p.id AND e.currency_iso_code = '${DEFAULT_CURRENCY}')`,
  ]);
  const unpricedCount = productCountWhere(emu, unpricedWhere, q.params);
  const pricedTotal = q.total - unpricedCount;
  const skip = Math.max(0, q.offset - pricedTotal);
  return [...priced, ...catalogOrderPageWhere(emu, unpricedWhere, q.params, q.size - priced.length, skip)];
}

/** How many products a category holds, its subcategories' included (kept by db/014's triggers). */
function categoryCount(emu: Emu, categoryId: string): number {
  return categoryProductCount(emu, categoryId);
}

/** A page of a category's products in the catalog's order: one range of category_products, from its offset. */
function categoryPage(emu: Emu, categoryId: string, offset: number, size: number): string[] {
  return categoryProductPage(emu, categoryId, offset, size);
}

/** Where a count reads a search's matches from (`p`, with `pe` when a price range needs it), and its conditions. */
interface MatchSource {
  from: string;
  where: string[];
  params: unknown[];
}

/**
 * The matches of a search, as a count reads them. Without terms, from a Distinct Value refinement's values: their
 * index entries carry each product's category (db/012_facets.sql), so the matches of a value in a category are one
 * range of the primary key, the other refinements checked on each. With terms, from the products' keys
 * (countedFrom), the full-text index's matches first.
 */
function matchSource(filter: TermFilter, selected: CategoryRow | undefined, refinements: Refinement[]): MatchSource {
  const priced = refinements.some((r) => r.type === "Range");
  const pe = priced
    ? ` LEFT JOIN pricebook_entries pe ON pe.product_id = p.id AND pe.currency_iso_code = '${DEFAULT_CURRENCY}'`
    : "";
  const driver =
    filter.where.length === 0
      ? refinements.find((r): r is Extract<Refinement, { type: "DistinctValue" }> => r.type === "DistinctValue")
      : undefined;
  if (driver) {
    const others = refinements.filter((r) => r !== driver).map(refinementSql);
    const inCategory = selected
      ? " AND v.category_id IN (SELECT category_id FROM category_ancestors WHERE ancestor_id = ?)"
      : "";
    return {
      // DISTINCT: a product with two of the values is one match.
      from: `FROM (SELECT DISTINCT v.product_id AS id FROM product_facet_values v
        WHERE v.attribute = ? AND v.value IN (${driver.values.map(() => "?").join(", ")})${inCategory}) p${pe}`,
      where: others.map((o) => o.sql),
      params: [
        driver.attribute,
        ...driver.values,
        ...(selected ? [selected.id] : []),
        ...others.flatMap((o) => o.params),
      ],
    };
  }
  const conditions = refinements.map(refinementSql);
  return {
    from: `FROM ${countedFrom(filter)} p${pe}`,
    where: [...filter.where, ...(selected ? [IN_TREE] : []), ...conditions.map((c) => c.sql)],
    params: [...filter.params, ...(selected ? [selected.id] : []), ...conditions.flatMap((c) => c.params)],
  };
}

/**
 * How many products a search with terms or refinements matches (productsPage.total: "Total number of products in
 * the search results", an exact count). Terms alone: the full-text index counts its own matches, no product row
 * read; otherwise one count over the matches' index entries.
 */
function matchCount(
  emu: Emu,
  q: {
    terms: string[];
    filter: TermFilter;
    selected: CategoryRow | undefined;
    refinements: Refinement[];
    browsing: boolean;
  },
): number {
  if (q.browsing) return categoryCount(emu, q.selected!.id);
  const onlyIndexedTerms =
    !q.selected && q.refinements.length === 0 && q.filter.where.length === 1 && !q.filter.readsText;
  if (onlyIndexedTerms) return termMatchCount(emu, q.filter.params);
  const source = matchSource(q.filter, q.selected, q.refinements);
  const where = source.where.length ? `WHERE ${source.where.join(" AND ")}` : "";
  return matchCountFrom(emu, source.from, where, source.params);
}

/**
 * The selected category's children (or the top level), each with how many products matching the terms it holds
 * (refinements don't narrow them). Without terms: the kept counts; with terms: one count over the matches.
 */
function childCounts(emu: Emu, selected: CategoryRow | undefined, filter: TermFilter) {
  const parent = selected ? "k.parent_id = ?" : "k.parent_id IS NULL";
  const parentParams = selected ? [selected.id] : [];
  if (filter.where.length === 0) {
    return childCategoryCounts(emu, parent, parentParams);
  }
  const children = childCategories(emu, parent, parentParams);
  if (children.length === 0) return [];
  const counts = childMatchCounts(emu, countedFrom(filter), filter.where, parent, [...filter.params, ...parentParams]);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return children.map((c) => ({ ...c, n: byId.get(c.id) ?? 0 }));
}

/**
 * The Distinct Value facets of a search: for each facetable attribute, its values among the products found, each
 * with how many products have it, counted in one GROUP BY. A facet's own refinements don't narrow its counts
 * (every other refinement does), so a shopper sees what choosing another value of it adds [I]. Facets in display
 * rank, values by display name (Distinct Value Search Facet); attributes without a value in the results are left
 * out.
 */
function facets(
  emu: Emu,
  search: {
    selected: CategoryRow | undefined;
    where: string[];
    params: unknown[];
    filter: TermFilter;
    refinements: Refinement[];
  },
  counted?: FacetCount[],
) {
  const attributes = facetableAttributes(emu);
  if (attributes.size === 0) return [];
  const rows =
    counted ??
    (search.selected && search.where.length === 0 && search.refinements.length === 0
      ? categoryFacetCounts(emu, search.selected.id)
      : refinedFacetCounts(emu, search));
  const byAttribute = new Map<string, { displayName: string; nameOrId: string; productCount: number }[]>();
  for (const row of rows) {
    const values = byAttribute.get(row.attribute) ?? [];
    values.push({ displayName: row.value, nameOrId: row.value, productCount: row.n });
    byAttribute.set(row.attribute, values);
  }
  return [...attributes.values()]
    .filter((a) => byAttribute.has(a.name_or_id))
    .slice(0, MAX_FACETS)
    .map((a) => ({
      attributeType: a.attribute_type,
      displayName: a.display_name,
      displayRank: a.display_rank,
      displayType: a.display_type,
      facetType: "DistinctValue",
      nameOrId: a.name_or_id,
      values: byAttribute
        .get(a.name_or_id)!
        .sort((x, y) => x.displayName.localeCompare(y.displayName))
        .slice(0, MAX_FACET_VALUES),
    }));
}

/**
 * Search Data Limits (https://developer.salesforce.com/docs/commerce/salesforce-commerce/guide/b2b-b2c-comm-data-model-search-limits.html):
 * "Facets Displayed for a Search Query: 10 filterable fields", and "Filter or Facet Values per Attribute in search:
 * 100 values … More than 100 values can be added to a filterable field, but the selectable limit is 100". A search
 * answers the first 10 facets in display rank and the first 100 values of each by display name [I: which ones the
 * page doesn't say; auto-faceting's "top 10 most populated" is a setting the demo store doesn't use].
 */
export const MAX_FACETS = 10;
export const MAX_FACET_VALUES = 100;

type FacetCount = { attribute: string; value: string; n: number };

/** A category's counts, browsing it with no term or refinement: kept per category by db/014's triggers. */
function categoryFacetCounts(emu: Emu, categoryId: string): FacetCount[] {
  return keptFacetCounts(emu, categoryId) as FacetCount[];
}

/**
 * The counts of a search with terms or refinements. A value of attribute A counts the products that match the terms
 * and every refinement but A's own: one GROUP BY per refined attribute (its own values, over the matches of the
 * other refinements) and one for the attributes not refined (over the matches of them all). Each reads the matched
 * products' index entries, starting from the most selective condition; a refined attribute whose count has no other
 * condition than the category reads the category's kept counts (db/014_scale_indexes.sql).
 */
function refinedFacetCounts(
  emu: Emu,
  search: {
    selected: CategoryRow | undefined;
    where: string[];
    params: unknown[];
    filter: TermFilter;
    refinements: Refinement[];
  },
): FacetCount[] {
  const refinedAttributes = [
    ...new Set(search.refinements.flatMap((r) => (r.type === "DistinctValue" ? [r.attribute] : []))),
  ];
  const counts: FacetCount[] = [];
  const countOver = (refinements: Refinement[], attributeSql: string, attributeParams: unknown[]) => {
    if (search.selected && search.where.length === 0 && refinements.length === 0) {
      // Only the category: its kept counts.
      return keptFacetCountsWhere(emu, attributeSql, [search.selected.id, ...attributeParams]) as FacetCount[];
    }
    const source = matchSource(search.filter, search.selected, refinements);
    return matchFacetCounts(
      emu,
      source.from,
      [...source.where, attributeSql],
      [...source.params, ...attributeParams],
    ) as FacetCount[];
  };
  for (const attribute of refinedAttributes) {
    const others = search.refinements.filter((r) => r.type !== "DistinctValue" || r.attribute !== attribute);
    counts.push(...countOver(others, "f.attribute = ?", [attribute]));
  }
  counts.push(
    ...countOver(
      search.refinements,
      refinedAttributes.length ? `f.attribute NOT IN (${refinedAttributes.map(() => "?").join(", ")})` : "1",
      refinedAttributes,
    ),
  );
  return counts;
}
