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
