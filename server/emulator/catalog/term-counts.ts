import { bulkWrites } from "../core/db.js";
import type { Emu } from "../core/state.js";
import { productFacetValues, productTopCategories, termMatches, watchCountedTables } from "./store.js";

/**
 * A keyword search's counts (issue 37: the type-ahead asks one per letter typed): how many products its terms match,
 * how many of them each top-level category holds, and how many have each facet value. Counted in SQL they read every
 * match's keys and facet entries and sorted them to group (a word in 18,000 products: about 55 ms); here they are one
 * pass over the full-text index's matches (their rowids), each counted in memory against its product's top-level
 * category and facet values. Those are read from the catalog once per version of it: any write to the tables they
 * come from (watchCountedTables), and any bulk write (core/db.ts bulkWrites), makes the next search read them again.
 * The answers are the SQL's, exactly (tests/unit/emulator/term-counts.test.ts).
 */

interface CountedCatalog {
  version: string;
  /** A product's rowid → its top-level category's position in `categories`, -1 for none. */
  topOf: Int32Array;
  categories: string[];
  /** A product's rowid → where its facet values start in `valueIds` (and the next rowid's start, where they end). */
  valuesFrom: Int32Array;
  valueIds: Int32Array;
  values: { attribute: string; value: string }[];
}

export interface TermCounts {
  total: number;
  /** Matches per top-level category, by the category's id. */
  topLevel: Map<string, number>;
  facetCounts: { attribute: string; value: string; n: number }[];
}

const counted = new WeakMap<Emu, { changes: number; catalog: CountedCatalog | null }>();

function readCatalog(emu: Emu, version: string): CountedCatalog {
  const tops = productTopCategories(emu);
  const facets = productFacetValues(emu);
  let maxRowid = 0;
  for (const t of tops) maxRowid = Math.max(maxRowid, t.r);
  for (const f of facets) maxRowid = Math.max(maxRowid, f.r);
  const categories: string[] = [];
  const categoryAt = new Map<string, number>();
  const topOf = new Int32Array(maxRowid + 1).fill(-1);
  for (const t of tops) {
    let at = categoryAt.get(t.top);
    if (at === undefined) categoryAt.set(t.top, (at = categories.push(t.top) - 1));
    topOf[t.r] = at;
  }
  const values: { attribute: string; value: string }[] = [];
  const valueAt = new Map<string, number>();
  const valuesFrom = new Int32Array(maxRowid + 2);
  for (const f of facets) valuesFrom[f.r + 1]++;
  for (let r = 0; r <= maxRowid; r++) valuesFrom[r + 1] += valuesFrom[r];
  const filled = valuesFrom.slice(0, maxRowid + 1);
  const valueIds = new Int32Array(facets.length);
  for (const f of facets) {
    const key = `${f.attribute}\u0000${f.value}`;
    let at = valueAt.get(key);
    if (at === undefined) valueAt.set(key, (at = values.push({ attribute: f.attribute, value: f.value }) - 1));
    valueIds[filled[f.r]++] = at;
  }
  return { version, topOf, categories, valuesFrom, valueIds, values };
}

function countedCatalog(emu: Emu): CountedCatalog {
  let state = counted.get(emu);
  if (!state) {
    const fresh = { changes: 0, catalog: null as CountedCatalog | null };
    watchCountedTables(emu, () => fresh.changes++);
    counted.set(emu, (state = fresh));
  }
  const version = `${state.changes}:${bulkWrites(emu.db)}`;
  if (state.catalog?.version !== version) state.catalog = readCatalog(emu, version);
  return state.catalog;
}

/** The counts of the products full-text terms match (`match`: the MATCH expression), with no other condition. */
export function termCounts(emu: Emu, match: string): TermCounts {
  const catalog = countedCatalog(emu);
  const { n, ids } = termMatches(emu, [match]);
  const rowids = JSON.parse(ids) as number[];
  const perCategory = new Int32Array(catalog.categories.length);
  const perValue = new Int32Array(catalog.values.length);
  const { topOf, valuesFrom, valueIds } = catalog;
  for (const r of rowids) {
    if (r >= topOf.length) continue;
    const top = topOf[r];
    if (top >= 0) perCategory[top]++;
    for (let i = valuesFrom[r]; i < valuesFrom[r + 1]; i++) perValue[valueIds[i]]++;
  }
  const topLevel = new Map<string, number>();
  perCategory.forEach((count, at) => count > 0 && topLevel.set(catalog.categories[at], count));
  const facetCounts: TermCounts["facetCounts"] = [];
  perValue.forEach((count, at) => count > 0 && facetCounts.push({ ...catalog.values[at], n: count }));
  return { total: n, topLevel, facetCounts };
}
