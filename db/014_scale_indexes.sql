-- Costs that do not grow with the catalog (issue 23): what a shopper's page reads is found by an index and is only
-- the page. A category's listing, its subcategories' product counts and its facet counts include every category
-- below it; reading them from products by a category tree made a page of a 28,000-product category read all 28,000.
-- Instead, three tables kept in step by triggers: every category's ancestors (itself included), each product under
-- every ancestor of its category in the catalog's order, and per category (subcategories included) its product count
-- and its facet values' counts. The storefront's answers stay the same: they are what the old queries computed.

-- A category and each category above it, itself at depth 0.
CREATE TABLE category_ancestors (
  category_id TEXT NOT NULL REFERENCES product_categories(id) ON DELETE CASCADE,
  ancestor_id TEXT NOT NULL REFERENCES product_categories(id) ON DELETE CASCADE,
  depth INTEGER NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (category_id, ancestor_id)
) WITHOUT ROWID;
CREATE INDEX category_ancestors_ancestor ON category_ancestors(ancestor_id, category_id);

-- A category is inserted after its parent (the foreign key): its ancestors are its parent's, one level further.
CREATE TRIGGER category_ancestors_insert AFTER INSERT ON product_categories BEGIN
  INSERT INTO category_ancestors(category_id, ancestor_id, depth) VALUES (new.id, new.id, 0);
  INSERT INTO category_ancestors(category_id, ancestor_id, depth)
    SELECT new.id, ancestor_id, depth + 1 FROM category_ancestors WHERE category_id = new.parent_id;
END;

CREATE TRIGGER category_ancestors_delete AFTER DELETE ON product_categories BEGIN
  DELETE FROM category_ancestors WHERE category_id = old.id OR ancestor_id = old.id;
END;

-- A category moved elsewhere in the tree (rare: a merchant's reorganisation): the closure of its subtree is
-- redone, and the products and counts under the old and new ancestors follow (category_products below).
CREATE TRIGGER category_ancestors_move AFTER UPDATE OF parent_id ON product_categories BEGIN
  -- The subtree's facet values leave the counts of the categories it leaves (its old ancestors)…
  UPDATE category_facet_counts SET n = n - (
    SELECT count(*) FROM product_facet_values f JOIN category_ancestors d ON d.category_id = f.category_id
    WHERE d.ancestor_id = new.id AND f.attribute = category_facet_counts.attribute
      AND f.value = category_facet_counts.value)
  WHERE category_id IN (SELECT ancestor_id FROM category_ancestors WHERE category_id = new.id AND depth > 0);
  DELETE FROM category_products WHERE product_id IN (
    SELECT p.id FROM products p JOIN category_ancestors a ON a.category_id = p.category_id WHERE a.ancestor_id = new.id);
  DELETE FROM category_ancestors WHERE category_id IN (SELECT category_id FROM category_ancestors WHERE ancestor_id = new.id)
    AND ancestor_id NOT IN (SELECT category_id FROM category_ancestors WHERE ancestor_id = new.id);
  INSERT INTO category_ancestors(category_id, ancestor_id, depth)
    SELECT d.category_id, up.ancestor_id, d.depth + up.depth + 1
    FROM category_ancestors d JOIN category_ancestors up ON up.category_id = new.parent_id
    WHERE d.ancestor_id = new.id;
  INSERT INTO category_products(ancestor_id, sort_order, name, product_id)
    SELECT a.ancestor_id, p.sort_order, p.name, p.id FROM products p
    JOIN category_ancestors a ON a.category_id = p.category_id
    WHERE p.category_id IN (SELECT category_id FROM category_ancestors WHERE ancestor_id = new.id);
  -- … and join those of the categories it now sits under.
  INSERT INTO category_facet_counts(category_id, attribute, value, n)
    SELECT up.ancestor_id, f.attribute, f.value, count(*) FROM product_facet_values f
    JOIN category_ancestors d ON d.category_id = f.category_id
    JOIN category_ancestors up ON up.category_id = new.id AND up.depth > 0
    WHERE d.ancestor_id = new.id GROUP BY up.ancestor_id, f.attribute, f.value
    ON CONFLICT(category_id, attribute, value) DO UPDATE SET n = n + excluded.n;
END;

-- Each product under its category and every category above it, in the catalog's order (sort_order, name): a
-- category's page is one range of the primary key, read from its offset. Variations are listed like any product
-- (search lists a family's variations with their parent: docs/emulator-variations.md).
CREATE TABLE category_products (
  ancestor_id TEXT NOT NULL,
  sort_order INTEGER NOT NULL,
  name TEXT NOT NULL,
  product_id TEXT NOT NULL,
  PRIMARY KEY (ancestor_id, sort_order, name, product_id)
) WITHOUT ROWID;
CREATE INDEX category_products_product ON category_products(product_id);

CREATE TRIGGER category_products_insert AFTER INSERT ON products BEGIN
  INSERT INTO category_products(ancestor_id, sort_order, name, product_id)
    SELECT ancestor_id, new.sort_order, new.name, new.id FROM category_ancestors WHERE category_id = new.category_id;
END;

CREATE TRIGGER category_products_delete AFTER DELETE ON products BEGIN
  DELETE FROM category_products WHERE product_id = old.id;
END;

CREATE TRIGGER category_products_update AFTER UPDATE OF category_id, sort_order, name ON products BEGIN
  DELETE FROM category_products WHERE product_id = old.id;
  INSERT INTO category_products(ancestor_id, sort_order, name, product_id)
    SELECT ancestor_id, new.sort_order, new.name, new.id FROM category_ancestors WHERE category_id = new.category_id;
END;

-- How many products each category holds, its subcategories' included: the count of its category_products rows.
CREATE TABLE category_product_counts (
  category_id TEXT PRIMARY KEY,
  n INTEGER NOT NULL CHECK (n >= 0)
) WITHOUT ROWID;

CREATE TRIGGER category_product_counts_insert AFTER INSERT ON category_products BEGIN
  INSERT INTO category_product_counts(category_id, n) VALUES (new.ancestor_id, 1)
    ON CONFLICT(category_id) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER category_product_counts_delete AFTER DELETE ON category_products BEGIN
  UPDATE category_product_counts SET n = n - 1 WHERE category_id = old.ancestor_id;
END;

-- A category's facet counts, its subcategories' products included: how many products under it have each value.
-- Zero counts stay as rows (a value seen once); readers skip them.
CREATE TABLE category_facet_counts (
  category_id TEXT NOT NULL,
  attribute TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL CHECK (n >= 0),
  PRIMARY KEY (category_id, attribute, value)
) WITHOUT ROWID;

CREATE TRIGGER category_facet_counts_insert AFTER INSERT ON product_facet_values BEGIN
  INSERT INTO category_facet_counts(category_id, attribute, value, n)
    SELECT ancestor_id, new.attribute, new.value, 1 FROM category_ancestors WHERE category_id = new.category_id
    ON CONFLICT(category_id, attribute, value) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER category_facet_counts_delete AFTER DELETE ON product_facet_values BEGIN
  UPDATE category_facet_counts SET n = n - 1
  WHERE attribute = old.attribute AND value = old.value
    AND category_id IN (SELECT ancestor_id FROM category_ancestors WHERE category_id = old.category_id);
END;

CREATE TRIGGER category_facet_counts_update AFTER UPDATE OF category_id, attribute, value ON product_facet_values BEGIN
  UPDATE category_facet_counts SET n = n - 1
  WHERE attribute = old.attribute AND value = old.value
    AND category_id IN (SELECT ancestor_id FROM category_ancestors WHERE category_id = old.category_id);
  INSERT INTO category_facet_counts(category_id, attribute, value, n)
    SELECT ancestor_id, new.attribute, new.value, 1 FROM category_ancestors WHERE category_id = new.category_id
    ON CONFLICT(category_id, attribute, value) DO UPDATE SET n = n + 1;
END;

-- The few columns a search's counts read of each match, by the full-text index's rowid (the product's): the
-- product rows are wide (descriptions), and reading 10,000 of them to count a common word's matches by category
-- and by facet value was most of a search's time.
CREATE TABLE product_keys (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL,
  category_id TEXT NOT NULL
);
CREATE INDEX product_keys_id ON product_keys(id);

CREATE TRIGGER product_keys_insert AFTER INSERT ON products BEGIN
  INSERT INTO product_keys(rowid, id, category_id) VALUES (new.rowid, new.id, new.category_id);
END;

CREATE TRIGGER product_keys_delete AFTER DELETE ON products BEGIN
  DELETE FROM product_keys WHERE rowid = old.rowid;
END;

CREATE TRIGGER product_keys_update AFTER UPDATE OF id, category_id ON products BEGIN
  UPDATE product_keys SET id = new.id, category_id = new.category_id WHERE rowid = old.rowid;
END;

-- A database seeded before this migration: derive the tables from what is there (category_products' trigger counts
-- what it inserts).
INSERT INTO category_ancestors(category_id, ancestor_id, depth)
  WITH RECURSIVE up(category_id, ancestor_id, depth) AS (
    SELECT id, id, 0 FROM product_categories
    UNION ALL SELECT u.category_id, c.parent_id, u.depth + 1 FROM up u JOIN product_categories c ON c.id = u.ancestor_id
    WHERE c.parent_id IS NOT NULL)
  SELECT category_id, ancestor_id, depth FROM up;
INSERT INTO category_products(ancestor_id, sort_order, name, product_id)
  SELECT a.ancestor_id, p.sort_order, p.name, p.id FROM products p JOIN category_ancestors a ON a.category_id = p.category_id;
INSERT INTO category_facet_counts(category_id, attribute, value, n)
  SELECT a.ancestor_id, f.attribute, f.value, count(*) FROM product_facet_values f
  JOIN category_ancestors a ON a.category_id = f.category_id GROUP BY a.ancestor_id, f.attribute, f.value;
INSERT INTO product_keys(rowid, id, category_id) SELECT rowid, id, category_id FROM products;

-- A search's page in the catalog's order, and in the name's: walked in order until the page is full (a price
-- sort walks pricebook_entries_currency_price).
CREATE INDEX products_catalog_order ON products(sort_order, name);
CREATE INDEX products_name_order ON products(name COLLATE NOCASE, sort_order, name);
-- A variation family in its order.
CREATE INDEX products_parent_order ON products(variation_parent_id, sort_order);

-- A buyer's order history, newest (or oldest) first, a page at a time: every condition of the list (store,
-- account, owner) and its order in the index, so the entries before a page are skipped without reading their rows.
CREATE INDEX order_summaries_account_ordered ON order_summaries(webstore_id, account_id, ordered_at, id);
CREATE INDEX order_summaries_owner_ordered ON order_summaries(webstore_id, account_id, owner_user_id, ordered_at, id);
CREATE INDEX order_summaries_account_created ON order_summaries(webstore_id, account_id, created_at, id);
CREATE INDEX order_summaries_owner_created ON order_summaries(webstore_id, account_id, owner_user_id, created_at, id);

-- The next insertion number of a wishlist and of its items: the largest, found at the end of an index.
CREATE INDEX wishlists_seq ON wishlists(seq);
CREATE INDEX wishlist_items_seq ON wishlist_items(seq);
