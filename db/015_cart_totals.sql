-- A cart line's pricing inputs as of its last change (issue 23: one line's add, update or removal reprices that line,
-- not the whole cart). The cart's totals and promotions are worked out from these columns alone, without reading the
-- catalog, price tiers or categories of every line again: the catalog's prices don't change under a cart, and a line's
-- tier price changes only with its quantity, so a line whose priced_quantity is its quantity is priced as it stands.
-- A line written by any other path (seeding, merging carts, reorders) has priced_quantity NULL or stale and is priced
-- again the next time the cart changes.
ALTER TABLE cart_items ADD COLUMN priced_quantity INTEGER;
-- The unit sale price of the line's tier, in the cart's currency's cents.
ALTER TABLE cart_items ADD COLUMN sales_cents INTEGER;
-- The unit list price; NULL when the product has none.
ALTER TABLE cart_items ADD COLUMN list_cents INTEGER;
-- The product's category and its ancestors, root first, separated by spaces: what item promotions target.
ALTER TABLE cart_items ADD COLUMN category_path TEXT;

-- The cart's lines in the order the API lists and prices them, and the next line's seq, without sorting or scanning.
CREATE INDEX cart_items_cart_order ON cart_items(cart_id, created_at, seq);
CREATE INDEX cart_items_cart_seq ON cart_items(cart_id, seq);

-- Each cart's totals, kept by the triggers below as its lines come, change and go, whoever writes them: what the
-- cart's summary and its promotions' conditions read instead of summing every line. Only priced lines (priced_quantity
-- = quantity, prices recorded) count in the amounts; unpriced_lines says how many are not, and the emulator prices
-- those (and so brings the amounts up to date) before it reads the amounts.
CREATE TABLE cart_totals (
  cart_id TEXT PRIMARY KEY REFERENCES carts(id) ON DELETE CASCADE,
  line_count INTEGER NOT NULL DEFAULT 0,
  total_quantity INTEGER NOT NULL DEFAULT 0,
  unpriced_lines INTEGER NOT NULL DEFAULT 0,
  -- Σ sales_cents × quantity: the cart's subtotal before promotions.
  product_cents INTEGER NOT NULL DEFAULT 0,
  -- Σ (list_cents, or sales_cents without one) × quantity.
  list_cents INTEGER NOT NULL DEFAULT 0
);

INSERT INTO cart_totals(cart_id, line_count, total_quantity, unpriced_lines)
  SELECT cart_id, count(*), sum(quantity), count(*) FROM cart_items GROUP BY cart_id;

-- A cart's lines still to price, found without reading the priced ones.
CREATE INDEX cart_items_unpriced ON cart_items(cart_id) WHERE priced_quantity IS NOT quantity OR sales_cents IS NULL;

CREATE TRIGGER cart_totals_line_added AFTER INSERT ON cart_items
BEGIN
  INSERT OR IGNORE INTO cart_totals(cart_id) VALUES (NEW.cart_id);
  UPDATE cart_totals SET
    line_count = line_count + 1,
    total_quantity = total_quantity + NEW.quantity,
    unpriced_lines = unpriced_lines + (NEW.priced_quantity IS NOT NEW.quantity OR NEW.sales_cents IS NULL),
    product_cents = product_cents
      + iif(NEW.priced_quantity IS NOT NEW.quantity OR NEW.sales_cents IS NULL, 0, NEW.sales_cents * NEW.quantity),
    list_cents = list_cents + iif(NEW.priced_quantity IS NOT NEW.quantity OR NEW.sales_cents IS NULL, 0,
      coalesce(NEW.list_cents, NEW.sales_cents) * NEW.quantity)
  WHERE cart_id = NEW.cart_id;
END;

CREATE TRIGGER cart_totals_line_removed AFTER DELETE ON cart_items
BEGIN
  UPDATE cart_totals SET
    line_count = line_count - 1,
    total_quantity = total_quantity - OLD.quantity,
    unpriced_lines = unpriced_lines - (OLD.priced_quantity IS NOT OLD.quantity OR OLD.sales_cents IS NULL),
    product_cents = product_cents
      - iif(OLD.priced_quantity IS NOT OLD.quantity OR OLD.sales_cents IS NULL, 0, OLD.sales_cents * OLD.quantity),
    list_cents = list_cents - iif(OLD.priced_quantity IS NOT OLD.quantity OR OLD.sales_cents IS NULL, 0,
      coalesce(OLD.list_cents, OLD.sales_cents) * OLD.quantity)
  WHERE cart_id = OLD.cart_id;
END;

CREATE TRIGGER cart_totals_line_changed AFTER UPDATE OF cart_id, quantity, priced_quantity, sales_cents, list_cents
  ON cart_items
BEGIN
  UPDATE cart_totals SET
    line_count = line_count - 1,
    total_quantity = total_quantity - OLD.quantity,
    unpriced_lines = unpriced_lines - (OLD.priced_quantity IS NOT OLD.quantity OR OLD.sales_cents IS NULL),
    product_cents = product_cents
      - iif(OLD.priced_quantity IS NOT OLD.quantity OR OLD.sales_cents IS NULL, 0, OLD.sales_cents * OLD.quantity),
    list_cents = list_cents - iif(OLD.priced_quantity IS NOT OLD.quantity OR OLD.sales_cents IS NULL, 0,
      coalesce(OLD.list_cents, OLD.sales_cents) * OLD.quantity)
  WHERE cart_id = OLD.cart_id;
  INSERT OR IGNORE INTO cart_totals(cart_id) VALUES (NEW.cart_id);
  UPDATE cart_totals SET
    line_count = line_count + 1,
    total_quantity = total_quantity + NEW.quantity,
    unpriced_lines = unpriced_lines + (NEW.priced_quantity IS NOT NEW.quantity OR NEW.sales_cents IS NULL),
    product_cents = product_cents
      + iif(NEW.priced_quantity IS NOT NEW.quantity OR NEW.sales_cents IS NULL, 0, NEW.sales_cents * NEW.quantity),
    list_cents = list_cents + iif(NEW.priced_quantity IS NOT NEW.quantity OR NEW.sales_cents IS NULL, 0,
      coalesce(NEW.list_cents, NEW.sales_cents) * NEW.quantity)
  WHERE cart_id = NEW.cart_id;
END;

-- The categories each priced line's product is under (its category and the ancestors: category_path, one row each),
-- written with the line's prices: an item promotion targeting a category reads the cart's lines under it, not every
-- line of the cart.
CREATE TABLE cart_item_categories (
  cart_id TEXT NOT NULL,
  category_id TEXT NOT NULL,
  cart_item_id TEXT NOT NULL REFERENCES cart_items(id) ON DELETE CASCADE,
  PRIMARY KEY (cart_id, category_id, cart_item_id)
) WITHOUT ROWID;
CREATE INDEX cart_item_categories_item ON cart_item_categories(cart_item_id);
