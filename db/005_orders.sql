-- Placed orders, as the Order Management records the webstore API reads: order summaries, their delivery groups,
-- item lines (products and delivery charges), adjustments and payments. The checkout writes them through
-- insertOrder (server/emulator/orders-store.ts), inside its own transaction; fixtures/orders.json seeds the demo
-- history. Money is integer cents; dates are milliseconds on the emulator's clock.

CREATE TABLE order_summaries (
  id TEXT PRIMARY KEY,
  webstore_id TEXT NOT NULL REFERENCES webstores(id),
  -- What shoppers type into the lookup form: eight digits, one per order.
  order_number TEXT NOT NULL UNIQUE CHECK (length(order_number) = 8 AND order_number NOT GLOB '*[^0-9]*'),
  -- The checkout's order reference number, when it differs from the order number; the lookup accepts it too.
  reference_number TEXT UNIQUE,
  -- The checkout that placed the order: a repeated submit finds this row instead of placing a second order.
  checkout_id TEXT UNIQUE,
  cart_id TEXT,
  -- The buyer who placed it; NULL for a guest order.
  owner_user_id TEXT REFERENCES users(id),
  -- The (effective) account it was placed for; NULL for a guest order.
  account_id TEXT REFERENCES accounts(id),
  status TEXT NOT NULL DEFAULT 'Created' CHECK (status IN ('Created', 'Activated', 'Fulfilled', 'Cancelled')),
  ordered_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  currency_iso_code TEXT NOT NULL DEFAULT 'USD' CHECK (length(currency_iso_code) = 3),
  -- Contact details given at checkout. A guest proves an order is theirs with these, so a guest order needs an e-mail.
  email TEXT,
  first_name TEXT,
  last_name TEXT,
  phone TEXT,
  -- Σ unit price × quantity of the product lines, before adjustments.
  total_product_cents INTEGER NOT NULL CHECK (total_product_cents >= 0),
  -- Item-level and order-level adjustments on products (discounts, so never positive).
  total_product_adjustment_cents INTEGER NOT NULL DEFAULT 0 CHECK (total_product_adjustment_cents <= 0),
  total_delivery_cents INTEGER NOT NULL DEFAULT 0 CHECK (total_delivery_cents >= 0),
  total_delivery_adjustment_cents INTEGER NOT NULL DEFAULT 0 CHECK (total_delivery_adjustment_cents <= 0),
  total_tax_cents INTEGER NOT NULL DEFAULT 0 CHECK (total_tax_cents >= 0),
  grand_total_cents INTEGER NOT NULL,
  CHECK (grand_total_cents = total_product_cents + total_product_adjustment_cents + total_delivery_cents
                             + total_delivery_adjustment_cents + total_tax_cents),
  CHECK (total_product_cents + total_product_adjustment_cents >= 0),
  CHECK (total_delivery_cents + total_delivery_adjustment_cents >= 0),
  CHECK (owner_user_id IS NOT NULL OR (email IS NOT NULL AND trim(email) <> '')),
  CHECK (owner_user_id IS NULL OR account_id IS NOT NULL)
);
CREATE INDEX order_summaries_account ON order_summaries(account_id, ordered_at);
CREATE INDEX order_summaries_owner ON order_summaries(owner_user_id, ordered_at);

CREATE TABLE order_delivery_groups (
  id TEXT PRIMARY KEY,
  order_summary_id TEXT NOT NULL REFERENCES order_summaries(id) ON DELETE CASCADE,
  -- Position within the order (1, 2, …): unnamed groups are shown as "Delivery Group {seq}".
  seq INTEGER NOT NULL CHECK (seq >= 1),
  name TEXT,
  deliver_to_name TEXT,
  deliver_to_street TEXT,
  deliver_to_city TEXT,
  deliver_to_state TEXT,
  deliver_to_postal_code TEXT,
  deliver_to_country TEXT,
  deliver_to_company_name TEXT,
  deliver_to_phone TEXT,
  delivery_method_id TEXT,
  delivery_method_name TEXT NOT NULL,
  carrier TEXT,
  -- yyyy-MM-dd, a calendar day.
  desired_delivery_date TEXT CHECK (desired_delivery_date IS NULL OR date(desired_delivery_date) = desired_delivery_date),
  shipping_instructions TEXT,
  is_gift INTEGER NOT NULL DEFAULT 0 CHECK (is_gift IN (0, 1)),
  gift_message TEXT CHECK (gift_message IS NULL OR is_gift = 1),
  UNIQUE (order_summary_id, seq)
);

CREATE TABLE order_items (
  id TEXT PRIMARY KEY,
  order_summary_id TEXT NOT NULL REFERENCES order_summaries(id) ON DELETE CASCADE,
  order_delivery_group_id TEXT NOT NULL REFERENCES order_delivery_groups(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  type TEXT NOT NULL CHECK (type IN ('Product', 'Order Product', 'Delivery Charge')),
  -- NULL only for a delivery charge; product lines keep the catalog product for reorder.
  product_id TEXT REFERENCES products(id),
  -- Name and SKU as they were when the order was placed (the catalog may change later).
  sku TEXT,
  name TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0 AND quantity <= 100000000),
  unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
  list_price_cents INTEGER CHECK (list_price_cents IS NULL OR list_price_cents >= 0),
  total_line_cents INTEGER NOT NULL,
  tax_cents INTEGER NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  product_selling_model_id TEXT,
  CHECK (total_line_cents = unit_price_cents * quantity),
  CHECK (type = 'Delivery Charge' OR product_id IS NOT NULL),
  UNIQUE (order_summary_id, seq)
);
CREATE INDEX order_items_group ON order_items(order_delivery_group_id);
CREATE INDEX order_items_product ON order_items(product_id);

-- Price adjustments: item-level when order_item_id is set, order-level otherwise.
CREATE TABLE order_adjustments (
  id INTEGER PRIMARY KEY,
  order_summary_id TEXT NOT NULL REFERENCES order_summaries(id) ON DELETE CASCADE,
  order_item_id TEXT REFERENCES order_items(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('Promotion', 'Other')),
  display_name TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents < 0),
  promotion_id TEXT,
  coupon_code TEXT,
  seq INTEGER NOT NULL
);
CREATE INDEX order_adjustments_order ON order_adjustments(order_summary_id, seq);
CREATE INDEX order_adjustments_item ON order_adjustments(order_item_id);

-- How the order was paid. Never a card number: only the brand and the last four digits.
CREATE TABLE order_payments (
  id TEXT PRIMARY KEY,
  order_summary_id TEXT NOT NULL REFERENCES order_summaries(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('CreditCard', 'PurchaseOrder', 'DigitalWallet')),
  card_brand TEXT,
  last4 TEXT CHECK (last4 IS NULL OR (length(last4) = 4 AND last4 NOT GLOB '*[^0-9]*')),
  purchase_order_number TEXT,
  -- The gateway's reference (a token), for the checkout's own bookkeeping.
  gateway_reference TEXT,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  status TEXT NOT NULL DEFAULT 'Processed' CHECK (status IN ('Draft', 'Pending', 'Processed', 'Failed', 'Canceled')),
  created_at INTEGER NOT NULL,
  CHECK (type <> 'PurchaseOrder' OR purchase_order_number IS NOT NULL),
  UNIQUE (order_summary_id, seq)
);

-- Guest access tokens from order-summaries/actions/authorize: one order, 60 minutes on the virtual clock.
CREATE TABLE order_access_tokens (
  token TEXT PRIMARY KEY,
  order_summary_id TEXT NOT NULL REFERENCES order_summaries(id) ON DELETE CASCADE,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  CHECK (expires_at > issued_at)
);

-- Failed order lookups, for the rate limit: one row per failure and key ('client:…' or 'order:…').
-- Kept in the database so /__emulator/reset clears it with everything else.
CREATE TABLE order_lookup_failures (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX order_lookup_failures_key ON order_lookup_failures(key, at);
