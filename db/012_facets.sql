-- Search facets: the store's facetable attributes (as the Commerce search settings configure them: type, developer
-- name, display rank and type) and each product's values of them. Product search refines by these values
-- (Distinct Value refinements) and counts them (Distinct Value facets) with one GROUP BY over
-- product_facet_values: its primary key finds the products of a value, the second index a product's values, the
-- third a category's values, so a count touches the index entries of the products matched, never the whole
-- catalog.
CREATE TABLE search_facetable_attributes (
  name_or_id TEXT PRIMARY KEY,
  attribute_type TEXT NOT NULL CHECK (attribute_type IN ('Custom', 'ProductAttribute', 'Standard')),
  display_name TEXT NOT NULL,
  display_rank INTEGER NOT NULL UNIQUE CHECK (display_rank BETWEEN 1 AND 50),
  display_type TEXT NOT NULL CHECK (display_type IN ('MultiSelect', 'SingleSelect'))
);

CREATE TABLE product_facet_values (
  attribute TEXT NOT NULL REFERENCES search_facetable_attributes(name_or_id),
  value TEXT NOT NULL CHECK (length(value) BETWEEN 1 AND 255),
  product_id TEXT NOT NULL REFERENCES products(id),
  -- The product's category, copied so that a category's counts read one range of an index (browsing a category
  -- with no term or refinement: the commonest search); the trigger below keeps it in step with the product's.
  category_id TEXT NOT NULL REFERENCES product_categories(id),
  PRIMARY KEY (attribute, value, product_id)
) WITHOUT ROWID;
CREATE INDEX product_facet_values_product ON product_facet_values(product_id, attribute, value);
CREATE INDEX product_facet_values_category ON product_facet_values(category_id, attribute, value);

CREATE TRIGGER product_facet_values_follow_category AFTER UPDATE OF category_id ON products BEGIN
  UPDATE product_facet_values SET category_id = new.category_id WHERE product_id = new.id;
END;

-- A price range refines by the default price book's unit price: read by product, then by price.
CREATE INDEX pricebook_entries_currency_price ON pricebook_entries(currency_iso_code, unit_price_cents, product_id);
