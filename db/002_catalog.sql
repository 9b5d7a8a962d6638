-- The catalog of the demo store: categories, products, prices, stock, selling models, promotions and coupons.
-- Money is integer cents; the API prints it as strings ("23.00").

CREATE TABLE product_categories (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  parent_id TEXT REFERENCES product_categories(id),
  sort_order INTEGER NOT NULL DEFAULT 0,
  CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE INDEX product_categories_parent ON product_categories(parent_id);

CREATE TABLE selling_models (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  selling_model_type TEXT NOT NULL CHECK (selling_model_type IN ('OneTime', 'Evergreen', 'TermDefined')),
  pricing_term INTEGER,
  pricing_term_unit TEXT CHECK (pricing_term_unit IS NULL OR pricing_term_unit IN ('Months', 'Annual')),
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1))
);

CREATE TABLE products (
  id TEXT PRIMARY KEY,
  sku TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  url_name TEXT NOT NULL UNIQUE,
  product_class TEXT NOT NULL CHECK (product_class IN ('Simple', 'VariationParent', 'Variation', 'Set', 'Bundle')),
  category_id TEXT NOT NULL REFERENCES product_categories(id),
  -- A variation belongs to its parent; only variations have one.
  variation_parent_id TEXT REFERENCES products(id),
  -- JSON object of the variation's attribute values, e.g. {"Color":"Charcoal"}.
  variation_attributes TEXT,
  -- 0 = still shown in the catalog but no longer sold (a discontinued variant: product error 105).
  is_sellable INTEGER NOT NULL DEFAULT 1 CHECK (is_sellable IN (0, 1)),
  image_url TEXT,
  image_alt TEXT,
  -- Purchase quantity rule: all three or none.
  qty_minimum INTEGER,
  qty_maximum INTEGER,
  qty_increment INTEGER,
  sort_order INTEGER NOT NULL DEFAULT 0,
  CHECK ((variation_parent_id IS NULL) = (product_class <> 'Variation')),
  CHECK ((qty_minimum IS NULL AND qty_maximum IS NULL AND qty_increment IS NULL)
      OR (qty_minimum >= 1 AND qty_increment >= 1 AND qty_maximum >= qty_minimum))
);
CREATE INDEX products_category ON products(category_id);
CREATE INDEX products_parent ON products(variation_parent_id);

CREATE TABLE product_selling_models (
  product_id TEXT NOT NULL REFERENCES products(id),
  selling_model_id TEXT NOT NULL REFERENCES selling_models(id),
  PRIMARY KEY (product_id, selling_model_id)
);

-- One price book (the store's), one entry per priced product. A product without an entry has no price (error 102).
CREATE TABLE pricebook_entries (
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL UNIQUE REFERENCES products(id),
  currency_iso_code TEXT NOT NULL DEFAULT 'USD',
  list_price_cents INTEGER CHECK (list_price_cents IS NULL OR list_price_cents >= 0),
  unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0)
);

-- Units in the warehouse. Reservations (db/003) hold some of them for a cart; orders take them for good.
-- A product without a row is not stock-tracked (sets, variation parents).
CREATE TABLE inventory (
  product_id TEXT PRIMARY KEY REFERENCES products(id),
  on_hand INTEGER NOT NULL CHECK (on_hand >= 0)
);

CREATE TABLE promotions (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  display_name TEXT NOT NULL,
  -- Cart: a percentage of the cart's subtotal; Item: a percentage of each qualifying line.
  target_type TEXT NOT NULL CHECK (target_type IN ('Cart', 'Item')),
  percent_off INTEGER NOT NULL CHECK (percent_off > 0 AND percent_off <= 100),
  -- Automatic promotions apply by themselves when their condition holds; the others need a coupon.
  is_automatic INTEGER NOT NULL DEFAULT 0 CHECK (is_automatic IN (0, 1)),
  -- An exclusive promotion's coupon can't share the cart with another coupon.
  is_exclusive INTEGER NOT NULL DEFAULT 0 CHECK (is_exclusive IN (0, 1)),
  min_subtotal_cents INTEGER CHECK (min_subtotal_cents IS NULL OR min_subtotal_cents >= 0),
  -- Item promotions: lines of this category (or its sub-categories), once their quantity reaches min_quantity.
  target_category_id TEXT REFERENCES product_categories(id),
  min_quantity INTEGER CHECK (min_quantity IS NULL OR min_quantity >= 1),
  terms_and_conditions TEXT,
  priority INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE coupons (
  id TEXT PRIMARY KEY,
  -- Shoppers type codes in any case.
  code TEXT NOT NULL UNIQUE COLLATE NOCASE,
  promotion_id TEXT NOT NULL REFERENCES promotions(id),
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1))
);
