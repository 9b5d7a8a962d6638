import type { Database, Statement } from "better-sqlite3";
import { idBlocksReserve, idCounterBump } from "./store.js";

/**
 * Salesforce-style 15-character ids: a 3-character key prefix that tells the type (cart 0a6, cart item 0a9,
 * delivery group 0a7, checkout 2z9, order summary 1Os …) and a counter. Counters live in the database so ids
 * stay unique across restarts of a file-backed store.
 */
export const KEY_PREFIX = {
  account: "001",
  user: "005",
  product: "01t",
  pricebookEntry: "01u",
  category: "0ZG",
  cart: "0a6",
  cartDeliveryGroup: "0a7",
  cartItem: "0a9",
  checkout: "2z9",
  coupon: "0Q1",
  cartCoupon: "4r0",
  promotion: "0c8",
  deliveryMethod: "2Dm",
  address: "8lW",
  orderSummary: "1Os",
  orderItemSummary: "10u",
  orderDeliveryGroupSummary: "0ag",
  payment: "0a3",
  wishlist: "0Hn",
  wishlistItem: "0Ho",
  reservation: "0Rv",
  // A Commerce subscription is an Asset record (the resource's example ids: 02ixx0000004HxeAAE).
  commerceSubscription: "02i",
  // Shipment and ShipmentItem (the demo's fixture shipments use the same prefixes: orders/shipments.ts).
  shipment: "0OB",
  shipmentItem: "0OD",
} as const;

export type IdKind = keyof typeof KEY_PREFIX;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function base62(n: number, width: number): string {
  let out = "";
  let rest = n;
  while (rest > 0) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, "0");
}

export function createIdGenerator(db: Database) {
  const bump = idCounterBump(db);
  // "EM" marks ids the emulator minted, so they never collide with fixture ids (which use "DM").
  const idOf = (prefix: string, n: number) => `${prefix}EM${base62(n, 10)}`;
  const next = (kind: IdKind): string => {
    const prefix = KEY_PREFIX[kind];
    const { n } = bump.get(prefix) as { n: number };
    return idOf(prefix, n);
  };
  /**
   * Takes `counts[kind]` ids of each kind with one statement (writing an order took five, one per id) and answers
   * them in order, one per call of the returned function: the ids `next` would have minted one by one, as long as
   * nothing else mints those kinds in between. Beyond its count a kind gets `next`'s ids (they follow the block).
   */
  // By number of kinds: the statement, not its SQL rebuilt and looked up on every order.
  const reserving: Statement[] = [];
  const reserve = (counts: Partial<Record<IdKind, number>>) => {
    const kinds = (Object.keys(counts) as IdKind[]).filter((k) => (counts[k] ?? 0) > 0);
    const blocks: Partial<Record<IdKind, { n: number; last: number }>> = {};
    if (kinds.length) {
      const statement = (reserving[kinds.length] ??= idBlocksReserve(db, kinds.length));
      const params: (string | number)[] = [];
      for (const k of kinds) params.push(KEY_PREFIX[k], counts[k]!);
      for (const { prefix, n } of statement.all(params) as { prefix: string; n: number }[]) {
        const kind = kinds.find((k) => KEY_PREFIX[k] === prefix)!;
        blocks[kind] = { n: n - counts[kind]! + 1, last: n };
      }
    }
    return (kind: IdKind): string => {
      const block = blocks[kind];
      if (!block || block.n > block.last) return next(kind);
      return idOf(KEY_PREFIX[kind], block.n++);
    };
  };
  return Object.assign(next, { reserve });
}

export type IdGenerator = ReturnType<typeof createIdGenerator>;
