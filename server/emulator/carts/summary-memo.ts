import { bulkWrites, transactionScope } from "../core/db.js";
import type { Emu } from "../core/state.js";
import {
  cartItemRows,
  cartUniqueProductCount,
  linesShortOfStock,
  nextReservationEnd,
  productShortOfStock,
  watchCartSummaryInputs,
  type CartItemRow,
  type ShortLine,
} from "./store.js";

/**
 * What a cart's summary reads of every line of the cart (its lines short of stock, its distinct products), and a
 * checkout's rating (whether any product is short, and the lines themselves), kept
 * between reads instead of read again on each (issue 41: bulk@demo.store's 2,000 lines made each cart page read
 * 2,000 lines' stock and reservations, when the page shows 25). Emulator-only internals: the answers are the ones a
 * fresh read gives, because what is kept is dropped when what it was read from changes:
 * - a cart's entry, by any write to that cart's lines (TEMP triggers, carts/store.ts watchCartSummaryInputs);
 * - every cart's stock reading, by any write to stock, reservations or a product's name; and a cart's, once the
 *   virtual clock passes the end of a reservation of its products that was live when it was read (units come back),
 *   or goes back before it;
 * - everything, by a bulk write (a reset, a state loaded: core/db.ts bulkWrites).
 * What a transaction reads after it wrote a cart's lines or stock is not kept: it may still be rolled back, which
 * no trigger reports.
 */

interface StockReading<T> {
  /** The stock writes counted when it was read. */
  changes: number;
  /** The virtual time it was read at, and when the first reservation of the cart's products live then ends. */
  at: number;
  until: number;
  value: T;
}

interface CartFacts {
  bulkWrites: number;
  uniqueProducts?: number;
  /** Its lines' rows in the cart's order, frozen: what a checkout's rating reads on every read. */
  items?: readonly CartItemRow[];
  /** Its lines short of stock, each line on its own (the summary's messages). */
  stock?: StockReading<ShortLine[]>;
  /** Whether it holds more of a product, over all its lines, than is available (a checkout's rating). */
  productShort?: StockReading<boolean>;
}

interface Memo {
  carts: Map<string, CartFacts>;
  stockChanges: number;
  /** The transactions (core/db.ts transactionScope) that wrote a cart's lines or stock. */
  wrote: WeakSet<object>;
}

/** Carts kept at most: the least recently read go first (a store's abandoned guest carts). */
const MAX_CARTS = 10_000;

// By database connection: its TEMP triggers call one function by name, so one memo answers for the connection.
const memos = new WeakMap<Emu["db"], Memo>();

function memoOf(emu: Emu): Memo {
  let memo = memos.get(emu.db);
  if (!memo) {
    const fresh: Memo = { carts: new Map(), stockChanges: 0, wrote: new WeakSet() };
    const wrote = () => {
      const scope = transactionScope(emu.db);
      if (scope) fresh.wrote.add(scope);
    };
    watchCartSummaryInputs(emu, {
      lines(cartId) {
        fresh.carts.delete(cartId);
        wrote();
      },
      stock() {
        fresh.stockChanges++;
        wrote();
      },
    });
    memos.set(emu.db, (memo = fresh));
  }
  return memo;
}

/**
 * Whether what is read now may be kept: outside a transaction (it reads what is committed), or in one of
 * inReadTransaction's or inWriteTransaction's that has not written what is read. In a transaction opened otherwise
 * nothing says whether it wrote: read, not kept.
 */
function keepable(emu: Emu, memo: Memo): boolean {
  if (!emu.db.inTransaction) return true;
  const scope = transactionScope(emu.db);
  return scope !== null && !memo.wrote.has(scope);
}

/** The cart's kept facts (the most recently read last), or null when what it has is gone. */
function factsOf(emu: Emu, memo: Memo, cartId: string): CartFacts | null {
  const facts = memo.carts.get(cartId);
  if (!facts) return null;
  if (facts.bulkWrites !== bulkWrites(emu.db)) {
    memo.carts.delete(cartId);
    return null;
  }
  memo.carts.delete(cartId);
  memo.carts.set(cartId, facts);
  return facts;
}

function keep(emu: Emu, memo: Memo, cartId: string, facts: Partial<CartFacts>) {
  const kept = memo.carts.get(cartId) ?? { bulkWrites: bulkWrites(emu.db) };
  memo.carts.delete(cartId);
  memo.carts.set(cartId, { ...kept, ...facts });
  if (memo.carts.size > MAX_CARTS) memo.carts.delete(memo.carts.keys().next().value!);
}

/** How many different products the cart's lines are of. */
export function distinctProducts(emu: Emu, cartId: string): number {
  const memo = memoOf(emu);
  const facts = factsOf(emu, memo, cartId);
  if (facts?.uniqueProducts !== undefined) return facts.uniqueProducts;
  const n = cartUniqueProductCount(emu, cartId);
  if (keepable(emu, memo)) keep(emu, memo, cartId, { uniqueProducts: n });
  return n;
}

/**
 * The cart's lines' rows in the cart's order (carts/store.ts cartItemRows), frozen: kept until a write to the cart's
 * lines, so the same array comes back while they are unchanged (what a checkout's rating keeps its sums by).
 */
export function keptCartItems(emu: Emu, cartId: string): readonly CartItemRow[] {
  const memo = memoOf(emu);
  const facts = factsOf(emu, memo, cartId);
  if (facts?.items) return facts.items;
  const items = Object.freeze(cartItemRows(emu, cartId).map((row) => Object.freeze(row)));
  if (keepable(emu, memo)) keep(emu, memo, cartId, { items });
  return items;
}

/** A reading of the cart's stock, kept until its lines, stock or reservations change or one of those ends. */
function stockFact<K extends "stock" | "productShort">(
  emu: Emu,
  cartId: string,
  key: K,
  read: (now: number) => NonNullable<CartFacts[K]>["value"],
): NonNullable<CartFacts[K]>["value"] {
  const memo = memoOf(emu);
  const now = emu.clock.now();
  const kept = factsOf(emu, memo, cartId)?.[key];
  if (kept && kept.changes === memo.stockChanges && kept.at <= now && now < kept.until) return kept.value;
  const value = read(now);
  if (keepable(emu, memo)) {
    const until = nextReservationEnd(emu, cartId, now) ?? Infinity;
    keep(emu, memo, cartId, { [key]: { changes: memo.stockChanges, at: now, until, value } });
  }
  return value;
}

/** The cart's lines short of stock now, in the cart's order (carts/store.ts linesShortOfStock). */
export function shortLines(emu: Emu, cartId: string): ShortLine[] {
  return stockFact(emu, cartId, "stock", (now) => linesShortOfStock(emu, cartId, now));
}

/**
 * Whether the cart holds more of a product, over all its lines, than is available to it now (carts/store.ts
 * productShortOfStock): a checkout rates a cart short of stock line by line, to name each line's error.
 */
export function anyProductShort(emu: Emu, cartId: string): boolean {
  return stockFact(emu, cartId, "productShort", (now) => productShortOfStock(emu, cartId, now));
}
