import { randomUUID } from "node:crypto";
import { ApiError, invalidInput, notFound } from "../core/errors.js";
import { illegalQuery } from "../core/paging.js";
import { recordId } from "../core/record-ids.js";
import type { Emu } from "../core/state.js";
import { DEFAULT_FIELDS, knownFields, searchProduct } from "./shapes.js";
import { catalogStore, PRODUCT_SELECT, type CategoryRow, type ProductRow } from "./store.js";

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
}

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
    },
    (name, value, expected) => illegalQuery(name, String(value), expected),
  );
}

/** POST search/product-search (49.0): Product Search Input in the body; prices only with includePrices. */
export function searchInputFromBody(body: any): SearchInput {
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
    },
    (name, value) => invalidInput(`Invalid value for ${name}: ${JSON.stringify(value)}.`),
  );
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
  const matchedSql = `${selected ? TREE : ""} ${PRODUCT_SELECT} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY p.sort_order, p.name`;
  const matched = prepared(matchedSql).all(...(selected ? [selected.id] : []), ...filter.params) as ProductRow[];

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
    facets: [],
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
