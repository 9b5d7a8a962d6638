-- A price book per supported currency (the demo store's USD and GBP): one entry per priced product and currency.
-- A product without an entry in a currency's book has no price in that currency (error 102).
CREATE TABLE pricebook_entries_new (
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL REFERENCES products(id),
  currency_iso_code TEXT NOT NULL DEFAULT 'USD' CHECK (length(currency_iso_code) = 3),
  list_price_cents INTEGER CHECK (list_price_cents IS NULL OR list_price_cents >= 0),
  unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
  UNIQUE (product_id, currency_iso_code)
);
INSERT INTO pricebook_entries_new SELECT id, product_id, currency_iso_code, list_price_cents, unit_price_cents FROM pricebook_entries;
DROP TABLE pricebook_entries;
ALTER TABLE pricebook_entries_new RENAME TO pricebook_entries;
