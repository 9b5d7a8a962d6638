import type { Emu } from "../core/state.js";

/** The wishlist tables (db: wishlists, wishlist_items) and their statements, prepared once per emulator. */

export interface WishlistRow {
  id: string;
  webstore_id: string;
  user_id: string;
  account_id: string;
  name: string;
  created_at: number;
  seq: number;
}

export interface WishlistItemRow {
  id: string;
  wishlist_id: string;
  product_id: string;
  created_at: number;
  seq: number;
}

export interface Owner {
  webstoreId: string;
  userId: string;
  accountId: string;
}

/** The wishlist tables' reads and writes for wishlists.ts (one per emulator). */
const stores = new WeakMap<Emu, ReturnType<typeof createWishlistStore>>();

export function wishlistStore(emu: Emu) {
  let store = stores.get(emu);
  if (!store) stores.set(emu, (store = createWishlistStore(emu)));
  return store;
}

function createWishlistStore(emu: Emu) {
  const db = emu.db;
  const ownerWhere = "webstore_id = ? AND user_id = ? AND account_id = ?";
  const lists = db.prepare(`SELECT * FROM wishlists WHERE ${ownerWhere} ORDER BY created_at, seq`);
  const byId = db.prepare("SELECT * FROM wishlists WHERE id = ?");
  const count = db.prepare(`SELECT count(*) AS n FROM wishlists WHERE ${ownerWhere}`);
  // The Cart Data Limits count a buyer's lists per user, whichever account each was made for.
  const userCount = db.prepare("SELECT count(*) AS n FROM wishlists WHERE webstore_id = ? AND user_id = ?");
  // The last insertion number, at the end of its index (db/014_scale_indexes.sql), plus one.
  const nextSeq = db.prepare("SELECT coalesce((SELECT seq FROM wishlists ORDER BY seq DESC LIMIT 1), 0) + 1 AS n");
  const insertList = db.prepare(
    "INSERT INTO wishlists(id, webstore_id, user_id, account_id, name, created_at, seq) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const rename = db.prepare("UPDATE wishlists SET name = ? WHERE id = ?");
  const removeList = db.prepare("DELETE FROM wishlists WHERE id = ?");
  const items = db.prepare("SELECT * FROM wishlist_items WHERE wishlist_id = ? ORDER BY created_at, seq");
  const itemCount = db.prepare("SELECT count(*) AS n FROM wishlist_items WHERE wishlist_id = ?");
  const itemById = db.prepare("SELECT * FROM wishlist_items WHERE id = ? AND wishlist_id = ?");
  const itemByProduct = db.prepare("SELECT * FROM wishlist_items WHERE wishlist_id = ? AND product_id = ?");
  const nextItemSeq = db.prepare(
    "SELECT coalesce((SELECT seq FROM wishlist_items ORDER BY seq DESC LIMIT 1), 0) + 1 AS n",
  );
  const insertItem = db.prepare(
    "INSERT INTO wishlist_items(id, wishlist_id, product_id, created_at, seq) VALUES (?, ?, ?, ?, ?)",
  );
  const removeItem = db.prepare("DELETE FROM wishlist_items WHERE id = ?");
  return {
    lists: (o: Owner) => lists.all(o.webstoreId, o.userId, o.accountId) as WishlistRow[],
    list: (id: string) => byId.get(id) as WishlistRow | undefined,
    count: (o: Owner) => (count.get(o.webstoreId, o.userId, o.accountId) as { n: number }).n,
    userCount: (o: Owner) => (userCount.get(o.webstoreId, o.userId) as { n: number }).n,
    insertList(o: Owner, id: string, name: string, createdAt: number) {
      insertList.run(id, o.webstoreId, o.userId, o.accountId, name, createdAt, (nextSeq.get() as { n: number }).n);
    },
    rename: (id: string, name: string) => void rename.run(name, id),
    removeList: (id: string) => void removeList.run(id),
    items: (listId: string) => items.all(listId) as WishlistItemRow[],
    itemCount: (listId: string) => (itemCount.get(listId) as { n: number }).n,
    item: (listId: string, id: string) => itemById.get(id, listId) as WishlistItemRow | undefined,
    itemByProduct: (listId: string, productId: string) =>
      itemByProduct.get(listId, productId) as WishlistItemRow | undefined,
    insertItem(listId: string, id: string, productId: string, createdAt: number) {
      insertItem.run(id, listId, productId, createdAt, (nextItemSeq.get() as { n: number }).n);
    },
    removeItem: (id: string) => void removeItem.run(id),
  };
}
