-- Saved addresses, delivery methods with their fees, tax rates, cart delivery groups, checkouts, the test
-- payment gateway's tokens and checkout payments. Money is integer cents; times are virtual-clock ms.

-- A buyer account's saved addresses (ContactPointAddress). At most one default per account and type.
CREATE TABLE account_addresses (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  address_type TEXT NOT NULL CHECK (address_type IN ('Shipping', 'Billing')),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  first_name TEXT,
  middle_name TEXT,
  last_name TEXT,
  company_name TEXT,
  street TEXT,
  city TEXT,
  region TEXT,
  postal_code TEXT,
  -- ISO 3166-1 alpha-2, checked by the API before it gets here.
  country TEXT CHECK (country IS NULL OR length(country) = 2),
  phone_number TEXT,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at INTEGER NOT NULL
);
CREATE INDEX account_addresses_account ON account_addresses(account_id);
CREATE UNIQUE INDEX account_addresses_one_default ON account_addresses(account_id, address_type) WHERE is_default = 1;

CREATE TABLE delivery_methods (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  carrier TEXT NOT NULL,
  class_of_service TEXT NOT NULL,
  fee_cents INTEGER NOT NULL CHECK (fee_cents >= 0),
  -- The group ships free once its product amount (after adjustments) reaches this; NULL = never free.
  free_from_cents INTEGER CHECK (free_from_cents IS NULL OR free_from_cents >= 0),
  process_time INTEGER NOT NULL CHECK (process_time >= 0),
  process_time_unit TEXT NOT NULL CHECK (process_time_unit IN ('Hours', 'Days', 'Weeks')),
  transit_time_min INTEGER NOT NULL CHECK (transit_time_min >= 0),
  transit_time_max INTEGER NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0,
  CHECK (transit_time_max >= transit_time_min)
);

-- The countries a method ships to. A method without rows ships to every country of the store.
CREATE TABLE delivery_method_countries (
  delivery_method_id TEXT NOT NULL REFERENCES delivery_methods(id) ON DELETE CASCADE,
  country TEXT NOT NULL CHECK (length(country) = 2),
  PRIMARY KEY (delivery_method_id, country)
);

-- Sales tax by destination: a region row overrides its country's row (region '' = the whole country).
CREATE TABLE tax_rates (
  country TEXT NOT NULL CHECK (length(country) = 2),
  region TEXT NOT NULL DEFAULT '',
  -- Hundredths of a percent: 825 = 8.25 %.
  rate_basis_points INTEGER NOT NULL CHECK (rate_basis_points BETWEEN 0 AND 10000),
  taxes_shipping INTEGER NOT NULL DEFAULT 1 CHECK (taxes_shipping IN (0, 1)),
  PRIMARY KEY (country, region)
);

-- A cart's shipments. Every cart has exactly one default group; its items point here through
-- cart_items.cart_delivery_group_id.
CREATE TABLE cart_delivery_groups (
  id TEXT PRIMARY KEY,
  cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  -- The ship-to address, copied (a saved address can change or go later without moving a shipment).
  address_id TEXT,
  address_name TEXT,
  address_first_name TEXT,
  address_last_name TEXT,
  address_company_name TEXT,
  address_street TEXT,
  address_city TEXT,
  address_region TEXT,
  address_postal_code TEXT,
  address_country TEXT,
  address_phone_number TEXT,
  desired_delivery_date TEXT,
  shipping_instructions TEXT,
  delivery_method_id TEXT REFERENCES delivery_methods(id),
  is_gift INTEGER NOT NULL DEFAULT 0 CHECK (is_gift IN (0, 1)),
  gift_message TEXT,
  gift_to_name TEXT,
  created_at INTEGER NOT NULL,
  seq INTEGER NOT NULL
);
CREATE INDEX cart_delivery_groups_cart ON cart_delivery_groups(cart_id);
CREATE UNIQUE INDEX cart_delivery_groups_one_default ON cart_delivery_groups(cart_id) WHERE is_default = 1;
-- arrange-items names groups by name: a name picks one group of the cart.
CREATE UNIQUE INDEX cart_delivery_groups_name ON cart_delivery_groups(cart_id, name);
CREATE INDEX cart_items_delivery_group ON cart_items(cart_delivery_group_id);
-- Split shipments put one product on several lines, one per group: a line is unique per group, not per cart.
-- Lines not yet in a group (NULL: added by the cart resources, or copied by a clone) are left out; they join
-- the default group, merging with its line of the same product, the next time the cart's groups are read.
DROP INDEX cart_items_one_line;
CREATE UNIQUE INDEX cart_items_one_line
  ON cart_items(cart_id, product_id, coalesce(product_selling_model_id, ''), cart_delivery_group_id);

-- One checkout session per cart. A row outlives its end so GET can tell "expired" (410) from "none" (404).
CREATE TABLE checkouts (
  id TEXT PRIMARY KEY,
  cart_id TEXT NOT NULL UNIQUE REFERENCES carts(id) ON DELETE CASCADE,
  webstore_id TEXT NOT NULL REFERENCES webstores(id),
  -- Expired: idle too long; Cancelled: the cart was edited under it. Both answer 410 until deleted.
  status TEXT NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Expired', 'Cancelled', 'Placed')),
  -- The cart's revision the session was computed for: a cart edited since cancels the session.
  cart_revision INTEGER NOT NULL,
  contact_first_name TEXT,
  contact_last_name TEXT,
  contact_email TEXT,
  contact_phone_number TEXT,
  custom_fields TEXT,
  created_at INTEGER NOT NULL,
  -- Every read or write of the session moves this; the session expires after an idle period.
  last_activity_at INTEGER NOT NULL,
  -- orders/actions "prepare" succeeded (validated, stock reserved) at this time.
  prepared_at INTEGER,
  -- Set once, in the transaction that places the order: the idempotency key of place-order.
  order_reference_number TEXT UNIQUE,
  CHECK ((status = 'Placed') = (order_reference_number IS NOT NULL))
);
CREATE INDEX checkouts_idle ON checkouts(status, last_activity_at);

-- The test gateway's card tokens. Card numbers are never stored: only what the receipt may show and the
-- outcome the gateway decided when it tokenised the card.
CREATE TABLE payment_tokens (
  token TEXT PRIMARY KEY,
  webstore_id TEXT NOT NULL REFERENCES webstores(id),
  card_type TEXT NOT NULL,
  last4 TEXT NOT NULL CHECK (length(last4) = 4),
  expiry_month INTEGER NOT NULL CHECK (expiry_month BETWEEN 1 AND 12),
  expiry_year INTEGER NOT NULL,
  card_holder_name TEXT,
  outcome TEXT NOT NULL CHECK (outcome IN ('Success', 'Decline', 'SystemError', 'ValidationError')),
  created_at INTEGER NOT NULL
);

-- The checkout's authorised payment (at most one: a new payment replaces it).
CREATE TABLE checkout_payments (
  checkout_id TEXT PRIMARY KEY REFERENCES checkouts(id) ON DELETE CASCADE,
  id TEXT NOT NULL UNIQUE,
  request_type TEXT NOT NULL CHECK (request_type IN ('Auth', 'PostAuth', 'SimplePurchaseOrder')),
  payment_token TEXT REFERENCES payment_tokens(token),
  purchase_order_number TEXT,
  -- The grand total authorised: placing an order for another amount means the cart changed after payment.
  amount_cents INTEGER NOT NULL,
  billing_address TEXT,
  payments_data TEXT,
  authorized_at INTEGER NOT NULL,
  CHECK ((request_type = 'SimplePurchaseOrder') = (purchase_order_number IS NOT NULL)),
  CHECK ((request_type = 'SimplePurchaseOrder') = (payment_token IS NULL))
);
