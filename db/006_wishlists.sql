-- Wishlists of signed-in buyers. A list belongs to one buyer acting for one (effective) account: the same buyer
-- sees other lists when acting for another account. The displayed list is the owner's oldest one.
-- Times are virtual-clock ms; insertion order (seq) breaks ties between rows created in the same millisecond.

CREATE TABLE wishlists (
  id TEXT PRIMARY KEY,
  webstore_id TEXT NOT NULL REFERENCES webstores(id),
  user_id TEXT NOT NULL REFERENCES users(id),
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 255),
  created_at INTEGER NOT NULL,
  seq INTEGER NOT NULL
);
CREATE INDEX wishlists_owner ON wishlists(webstore_id, user_id, account_id, created_at, seq);

CREATE TABLE wishlist_items (
  id TEXT PRIMARY KEY,
  wishlist_id TEXT NOT NULL REFERENCES wishlists(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id),
  created_at INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  -- A product is on a list at most once: adding it again answers the existing item.
  UNIQUE (wishlist_id, product_id)
);
CREATE INDEX wishlist_items_list ON wishlist_items(wishlist_id, created_at, seq);
