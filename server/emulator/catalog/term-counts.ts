import { bulkWrites, inReadTransaction } from "../core/db.js";
import type { Emu } from "../core/state.js";
import {
  facetValueCount,
  facetValueList,
  facetValueRowids,
  lastProductRowid,
  productIdAt,
  productTopCategories,
  productsInCatalogOrder,
  termMatches,
  watchCountedTables,
} from "./store.js";

/**
 * A keyword search's counts (issue 37: the type-ahead asks one per letter typed): how many products its terms match,
 * how many of them each top-level category holds, and how many have each facet value. Counted in SQL they read every
 * match's keys and facet entries and sorted them to group (a word in 18,000 products: about 55 ms); here they are one
 * pass over the full-text index's matches (their rowids), each counted in memory against its product's top-level
 * category and facet values. Those are read from the catalog once per version of it: any write to the tables they
 * come from (watchCountedTables), and any bulk write (core/db.ts bulkWrites), makes the next search read them again.
 * The answers are the SQL's, exactly (tests/emulator/term-counts.test.ts).
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
  /** A product's rowid → its place in the catalog's order (products_catalog_order), -1 for none. */
  placeOf: Int32Array;
  /** A place in the catalog's order → its product's rowid. */
  rowidAt: Int32Array;
}

export interface TermCounts {
  total: number;
  /** Matches per top-level category, by the category's id. */
  topLevel: Map<string, number>;
  facetCounts: { attribute: string; value: string; n: number }[];
  /** The matches' rowids, ascending. */
  rowids: number[];
}

const counted = new WeakMap<Emu, { changes: number; catalog: CountedCatalog | null }>();

/**
 * The catalog as the counts read it, row by row: the rows are iterated and only typed arrays are kept (a list of
 * a million products' rows, held at once, was most of the xl store's peak memory).
 */
function readCatalog(emu: Emu, version: string): CountedCatalog {
  return inReadTransaction(emu.db, () => {
    const maxRowid = lastProductRowid(emu);
    const categories: string[] = [];
    const categoryAt = new Map<string, number>();
    const topOf = new Int32Array(maxRowid + 1).fill(-1);
    for (const t of productTopCategories(emu)) {
      let at = categoryAt.get(t.top);
      if (at === undefined) categoryAt.set(t.top, (at = categories.push(t.top) - 1));
      topOf[t.r] = at;
    }
    // Each value's products, value by value (their rowids in `byValue`), then grouped by rowid: a counting sort.
    const values = facetValueList(emu);
    const byValue = new Int32Array(facetValueCount(emu));
    const valueEnds = new Int32Array(values.length);
    // First each rowid's number of values, then (summed) where its values end, then (filled backwards) start.
    const valuesFrom = new Int32Array(maxRowid + 2);
    let pairs = 0;
    values.forEach(({ attribute, value }, at) => {
      for (const { r } of facetValueRowids(emu, attribute, value)) {
        byValue[pairs++] = r;
        valuesFrom[r]++;
      }
      valueEnds[at] = pairs;
    });
    for (let r = 1; r <= maxRowid + 1; r++) valuesFrom[r] += valuesFrom[r - 1];
    const valueIds = new Int32Array(pairs);
    for (let at = values.length - 1, i = pairs - 1; at >= 0; at--)
      for (const from = at > 0 ? valueEnds[at - 1] : 0; i >= from; i--) valueIds[--valuesFrom[byValue[i]]] = at;
    const placeOf = new Int32Array(maxRowid + 1).fill(-1);
    const rowidAt = new Int32Array(maxRowid + 1);
    let place = 0;
    for (const { r } of productsInCatalogOrder(emu)) {
      placeOf[r] = place;
      rowidAt[place++] = r;
    }
    return { version, topOf, categories, valuesFrom, valueIds, values, placeOf, rowidAt: rowidAt.subarray(0, place) };
  });
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
  return { total: n, topLevel, facetCounts, rowids };
}

/**
 * A page of a keyword search's matches in the catalog's order (the order products_catalog_order walks, ties by
 * rowid as there): the matches' places in that order, the page's cut from them, without running the search again.
 */
export function termPage(emu: Emu, counts: TermCounts, offset: number, size: number): string[] {
  const { placeOf, rowidAt } = countedCatalog(emu);
  const wanted = offset + size;
  let places: Int32Array;
  if (counts.rowids.length * MARKED_FROM > rowidAt.length) {
    // Many matches for the catalog's size: marked by place, then read from the first place until the page is full
    // (a dense term fills it early; reading the whole array costs at most MARKED_FROM steps a match).
    const marked = new Uint8Array(rowidAt.length);
    for (const r of counts.rowids) if (r < placeOf.length && placeOf[r] >= 0) marked[placeOf[r]] = 1;
    places = new Int32Array(Math.min(wanted, counts.rowids.length));
    let found = 0;
    for (let place = 0; place < marked.length && found < places.length; place++)
      if (marked[place]) places[found++] = place;
    places = places.subarray(0, found);
  } else {
    places = new Int32Array(counts.rowids.length);
    let found = 0;
    for (const r of counts.rowids) if (r < placeOf.length && placeOf[r] >= 0) places[found++] = placeOf[r];
    places = places.subarray(0, found).sort();
  }
  const page: string[] = [];
  for (const place of places.subarray(offset, wanted)) {
    const id = productIdAt(emu, rowidAt[place]);
    if (id !== undefined) page.push(id);
  }
  return page;
}

/**
 * Matches in more than 1 in this many products are marked in an array of the catalog's size; fewer have their
 * places sorted.
 */
const MARKED_FROM = 16;
