-- Catalog search served by SQLite: a trigram full-text index of each product's name, SKU and description. Trigrams
-- match any substring of three characters or more, case-insensitively: what the emulator's search has always matched
-- (server/emulator/catalog.ts checks shorter terms with instr). External content: the index reads the products table
-- and triggers keep it in step with every insert, update and delete of a product.
CREATE VIRTUAL TABLE products_search USING fts5(
  name, sku, description,
  content = 'products', content_rowid = 'rowid',
  tokenize = 'trigram'
);

CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
  INSERT INTO products_search(rowid, name, sku, description) VALUES (new.rowid, new.name, new.sku, new.description);
END;

CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
  INSERT INTO products_search(products_search, rowid, name, sku, description) VALUES ('delete', old.rowid, old.name, old.sku, old.description);
END;

CREATE TRIGGER products_search_update AFTER UPDATE OF name, sku, description ON products BEGIN
  INSERT INTO products_search(products_search, rowid, name, sku, description) VALUES ('delete', old.rowid, old.name, old.sku, old.description);
  INSERT INTO products_search(rowid, name, sku, description) VALUES (new.rowid, new.name, new.sku, new.description);
END;

-- A database seeded before this migration: index what is already there.
INSERT INTO products_search(products_search) VALUES ('rebuild');

-- Browsing a category reads its products in the catalog's order.
CREATE INDEX products_category_order ON products(category_id, sort_order, name);
