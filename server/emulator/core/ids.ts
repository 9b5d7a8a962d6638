import type { Database } from "better-sqlite3";

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
  const bump = db.prepare(
    "INSERT INTO id_counters(prefix, n) VALUES (?, 1) ON CONFLICT(prefix) DO UPDATE SET n = n + 1 RETURNING n",
  );
  return (kind: IdKind): string => {
    const prefix = KEY_PREFIX[kind];
    const { n } = bump.get(prefix) as { n: number };
    // "EM" marks ids the emulator minted, so they never collide with fixture ids (which use "DM").
    return `${prefix}EM${base62(n, 10)}`;
  };
}

export type IdGenerator = ReturnType<typeof createIdGenerator>;
