-- Carts, their items and coupons, guest cart sessions and inventory reservations.

-- The guests who have carts, keyed by their UVID: the unique visitor id the guest's access token was issued for
-- (Headless Guest Flow, docs/emulator-identity.md). A guest reaches only the carts of the UVID in its own token, so
-- it can't land in another guest's carts. (The table and carts.guest_session_id keep the names they had when a
-- guest cart session cookie keyed them.)
CREATE TABLE guest_cart_sessions (
  id TEXT PRIMARY KEY,
  webstore_id TEXT NOT NULL REFERENCES webstores(id),
  created_at INTEGER NOT NULL
);

CREATE TABLE carts (
  id TEXT PRIMARY KEY,
  webstore_id TEXT NOT NULL REFERENCES webstores(id),
  -- A buyer's cart belongs to (user, effective account); a guest's to a guest cart session. Never both.
  user_id TEXT REFERENCES users(id),
  account_id TEXT REFERENCES accounts(id),
  guest_session_id TEXT REFERENCES guest_cart_sessions(id),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 250),
  type TEXT NOT NULL DEFAULT 'Cart' CHECK (type IN ('Cart', 'PayNowReadOnly', 'Template')),
  status TEXT NOT NULL DEFAULT 'Active'
    CHECK (status IN ('Active', 'Checkout', 'Closed', 'PendingClosed', 'PendingDelete', 'Processing')),
  currency_iso_code TEXT NOT NULL,
  is_secondary INTEGER NOT NULL DEFAULT 0 CHECK (is_secondary IN (0, 1)),
  purchase_order_number TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- Bumped by every change of items or coupons: a checkout remembers it to notice a cart changed under it.
  revision INTEGER NOT NULL DEFAULT 0,
  CHECK ((user_id IS NULL) <> (guest_session_id IS NULL)),
  CHECK (user_id IS NULL OR account_id IS NOT NULL)
);
CREATE INDEX carts_user ON carts(user_id, account_id);
CREATE INDEX carts_guest ON carts(guest_session_id);
-- At most one primary open cart per owner: that is the cart `active` and `current` name.
CREATE UNIQUE INDEX carts_one_primary_buyer ON carts(webstore_id, user_id, account_id)
  WHERE user_id IS NOT NULL AND type = 'Cart' AND is_secondary = 0 AND status IN ('Active', 'Checkout');
CREATE UNIQUE INDEX carts_one_primary_guest ON carts(webstore_id, guest_session_id)
  WHERE guest_session_id IS NOT NULL AND type = 'Cart' AND is_secondary = 0 AND status IN ('Active', 'Checkout');

CREATE TABLE cart_items (
  id TEXT PRIMARY KEY,
  cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id),
  type TEXT NOT NULL DEFAULT 'Product' CHECK (type IN ('Product', 'DeliveryCharge')),
  quantity INTEGER NOT NULL CHECK (quantity > 0 AND quantity <= 100000000),
  product_selling_model_id TEXT REFERENCES selling_models(id),
  subscription_term INTEGER CHECK (subscription_term IS NULL OR subscription_term > 0),
  -- Filled by the delivery-groups module (its table comes in a later migration, hence no foreign key here).
  cart_delivery_group_id TEXT,
  created_at INTEGER NOT NULL,
  -- Insertion order breaks ties between items created in the same millisecond.
  seq INTEGER NOT NULL
);
CREATE INDEX cart_items_cart ON cart_items(cart_id);
-- Adding a product again merges into its line (one line per product and selling model).
CREATE UNIQUE INDEX cart_items_one_line ON cart_items(cart_id, product_id, coalesce(product_selling_model_id, ''));

CREATE TABLE cart_coupons (
  id TEXT PRIMARY KEY,
  cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  coupon_id TEXT NOT NULL REFERENCES coupons(id),
  applied_at INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  UNIQUE (cart_id, coupon_id)
);

-- Stock held for a cart until expires_at (virtual clock, ms). Other carts see on_hand minus live reservations.
CREATE TABLE inventory_reservations (
  id TEXT PRIMARY KEY,
  cart_id TEXT NOT NULL UNIQUE REFERENCES carts(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  CHECK (expires_at > created_at)
);

CREATE TABLE inventory_reservation_items (
  reservation_id TEXT NOT NULL REFERENCES inventory_reservations(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (reservation_id, product_id)
);
CREATE INDEX inventory_reservation_items_product ON inventory_reservation_items(product_id);
