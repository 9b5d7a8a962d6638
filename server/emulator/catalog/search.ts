import { randomUUID } from "node:crypto";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { illegalQuery } from "../core/paging.js";
import { toCents } from "../core/money.js";
import { recordId } from "../core/record-ids.js";
import type { Emu } from "../core/state.js";
import { DEFAULT_FIELDS, knownFields, searchProduct } from "./shapes.js";
import { catalogStore, DEFAULT_CURRENCY, PRODUCT_SELECT, type CategoryRow, type ProductRow } from "./store.js";

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

function sorterOf(rule: SortRule): ((a: ProductRow, b: ProductRow) => number) | null {
  const sign = rule.direction === "Descending" ? -1 : 1;
  const price = (p: ProductRow) => p.unit_price_cents ?? Number.MAX_SAFE_INTEGER;
  if (rule.type === "ProductBased") return (a, b) => sign * a.name.localeCompare(b.name);
  // Products without a price go last either way.
  if (rule.type === "SortByPricebook")
    return (a, b) =>
      a.unit_price_cents === null || b.unit_price_cents === null ? price(a) - price(b) : sign * (price(a) - price(b));
  return null; // relevancy: the catalog's own order
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
}

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
export function searchInputFromQuery(q: URLSearchParams): SearchInput {
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
      refinements: [],
    },
    (name, value, expected) => illegalQuery(name, String(value), expected),
  );
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
  const rows = emu.db
    .prepare("SELECT * FROM search_facetable_attributes ORDER BY display_rank")
    .all() as FacetableRow[];
  return new Map(rows.map((row) => [row.name_or_id, row]));
}

/** A refinement as one SQL condition over `products p` joined with its price book entry `pe`. */
function refinementSql(r: Refinement): { sql: string; params: unknown[] } {
  if (r.type === "DistinctValue") {
    return {
      sql: `EXISTS (SELECT 1 FROM product_facet_values v WHERE v.attribute = ? AND v.value IN (${r.values.map(() => "?").join(", ")}) AND v.product_id = p.id)`,
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
}

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
  return { where, params };
}

/** The category and every category below it, as a recursive CTE named `tree` over one parameter (the root). */
const TREE = `WITH RECURSIVE tree(id) AS (SELECT ? UNION ALL SELECT c.id FROM product_categories c JOIN tree t ON c.parent_id = t.id)`;

/** A search, answered by SQLite: the matching products (in the catalog's order), then the page and the counts. */
export function search(emu: Emu, input: SearchInput) {
  const catalog = catalogStore(emu);
  let selected: CategoryRow | undefined;
  if (input.categoryId) {
    const id = recordId(input.categoryId, "category", "categoryId");
    selected = catalog.category(id);
    if (!selected) throw notFound(`Product category not found: ${id}`);
  }
  const terms = input.searchTerm.toLowerCase().split(/\s+/).filter(Boolean);
  const filter = termFilter(terms);
  // db.prepare reuses compiled statements by their SQL (core/db.ts): one per shape of search.
  const prepared = (sql: string) => emu.db.prepare<unknown[]>(sql);

  // The matching products (in the selected category's tree, when there is one), in the catalog's order.
  const where = [...filter.where, ...(selected ? ["p.category_id IN (SELECT id FROM tree)"] : [])];
  const refined = input.refinements.map(refinementSql);
  const allWhere = [...where, ...refined.map((r) => r.sql)];
  const matchedSql = `${selected ? TREE : ""} ${PRODUCT_SELECT} ${allWhere.length ? `WHERE ${allWhere.join(" AND ")}` : ""} ORDER BY p.sort_order, p.name`;
  const matched = prepared(matchedSql).all(
    ...(selected ? [selected.id] : []),
    ...filter.params,
    ...refined.flatMap((r) => r.params),
  ) as ProductRow[];

  const rule = input.sortRuleId ? SORT_RULES.find((r) => r.sortRuleId === input.sortRuleId!.slice(0, 15)) : undefined;
  const sorter = rule ? sorterOf(rule) : null;
  const sorted = sorter ? [...matched].sort(sorter) : matched;
  const pageItems = sorted.slice(input.page * input.pageSize, (input.page + 1) * input.pageSize);

  // The selected category's children (or the top level), each with how many products matching the terms it holds.
  const childrenSql = `WITH RECURSIVE under(child, id) AS (
      SELECT id, id FROM product_categories WHERE parent_id ${selected ? "= ?" : "IS NULL"}
      UNION ALL SELECT u.child, c.id FROM product_categories c JOIN under u ON c.parent_id = u.id)
    SELECT k.id, k.name, k.sort_order,
      (SELECT COUNT(*) FROM products p WHERE p.category_id IN (SELECT id FROM under WHERE child = k.id)${filter.where.map((w) => ` AND ${w}`).join("")}) AS n
    FROM product_categories k WHERE k.parent_id ${selected ? "= ?" : "IS NULL"} ORDER BY k.sort_order, k.name`;
  const childParams = selected ? [selected.id] : [];
  const children = prepared(childrenSql).all(...childParams, ...filter.params, ...childParams) as {
    id: string;
    name: string;
    n: number;
  }[];

  return {
    categories: {
      category: selected ? { id: selected.id, name: selected.name } : null,
      children: children.map((c) => ({ category: { id: c.id, name: c.name }, productCount: c.n })),
    },
    facets: facets(emu, { selected, where: filter.where, params: filter.params, refinements: input.refinements }),
    locale: "en_US",
    correlationId: randomUUID(),
    productsPage: {
      currencyIsoCode: "USD",
      pageSize: input.pageSize,
      total: matched.length,
      products: pageItems.map((p) =>
        searchProduct(p, input.fields, { prices: input.includePrices, quantityRule: input.includeQuantityRule }),
      ),
    },
  };
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
  search: { selected: CategoryRow | undefined; where: string[]; params: unknown[]; refinements: Refinement[] },
) {
  const attributes = facetableAttributes(emu);
  if (attributes.size === 0) return [];
  const rows =
    search.selected && search.where.length === 0 && search.refinements.length === 0
      ? categoryFacetCounts(emu, search.selected.id)
      : refinedFacetCounts(emu, search);
  const byAttribute = new Map<string, { displayName: string; nameOrId: string; productCount: number }[]>();
  for (const row of rows) {
    const values = byAttribute.get(row.attribute) ?? [];
    values.push({ displayName: row.value, nameOrId: row.value, productCount: row.n });
    byAttribute.set(row.attribute, values);
  }
  return [...attributes.values()]
    .filter((a) => byAttribute.has(a.name_or_id))
    .map((a) => ({
      attributeType: a.attribute_type,
      displayName: a.display_name,
      displayRank: a.display_rank,
      displayType: a.display_type,
      facetType: "DistinctValue",
      nameOrId: a.name_or_id,
      values: byAttribute.get(a.name_or_id)!.sort((x, y) => x.displayName.localeCompare(y.displayName)),
    }));
}

type FacetCount = { attribute: string; value: string; n: number };

/** A category's counts, browsing it with no term or refinement: one range of product_facet_values_category. */
function categoryFacetCounts(emu: Emu, categoryId: string): FacetCount[] {
  return emu.db
    .prepare(
      `${TREE} SELECT attribute, value, COUNT(*) AS n FROM product_facet_values
      WHERE category_id IN (SELECT id FROM tree) GROUP BY attribute, value`,
    )
    .all(categoryId) as FacetCount[];
}

/** The counts of a search with terms or refinements: each matched product's values, through its index entries. */
function refinedFacetCounts(
  emu: Emu,
  search: { selected: CategoryRow | undefined; where: string[]; params: unknown[]; refinements: Refinement[] },
): FacetCount[] {
  const flags = search.refinements.map(refinementSql);
  // Each refinement becomes a flag of the base rows; a value of attribute A counts where every flag but A's holds.
  const flagColumns = flags.map((f, i) => `${f.sql} AS r${i}`);
  const refinedAttributes = [
    ...new Set(search.refinements.flatMap((r) => (r.type === "DistinctValue" ? [r.attribute] : []))),
  ];
  const allFlags = (except?: string) =>
    search.refinements
      .map((r, i) => (r.type === "DistinctValue" && r.attribute === except ? null : `b.r${i}`))
      .filter((f): f is string => f !== null);
  const conditions: string[] = [];
  const conditionParams: unknown[] = [];
  for (const attribute of refinedAttributes) {
    conditions.push(
      `(f.attribute = ?${allFlags(attribute)
        .map((f) => ` AND ${f}`)
        .join("")})`,
    );
    conditionParams.push(attribute);
  }
  const others = allFlags();
  conditions.push(
    `(${refinedAttributes.length ? `f.attribute NOT IN (${refinedAttributes.map(() => "?").join(", ")})` : "1"}${others.map((f) => ` AND ${f}`).join("")})`,
  );
  conditionParams.push(...refinedAttributes);
  const where = [...search.where, ...(search.selected ? ["p.category_id IN (SELECT id FROM tree)"] : [])];
  const sql = `${search.selected ? `${TREE},` : "WITH"} base AS (
      SELECT p.id${flagColumns.map((c) => `, ${c}`).join("")}
      FROM products p LEFT JOIN pricebook_entries pe ON pe.product_id = p.id AND pe.currency_iso_code = '${DEFAULT_CURRENCY}'
      ${where.length ? `WHERE ${where.join(" AND ")}` : ""})
    SELECT f.attribute, f.value, COUNT(*) AS n
    FROM base b JOIN product_facet_values f ON f.product_id = b.id
    WHERE ${conditions.join(" OR ")}
    GROUP BY f.attribute, f.value`;
  return emu.db
    .prepare<unknown[]>(sql)
    .all(
      ...(search.selected ? [search.selected.id] : []),
      ...flags.flatMap((f) => f.params),
      ...search.params,
      ...conditionParams,
    ) as FacetCount[];
}
