-- Variation attribute sets (ProductAttributeSet): which picklist fields of ProductAttribute tell a variation
-- parent's variations apart, in which order, with the picklist's active values. A variation's own values stay in
-- products.variation_attributes (a JSON object keyed by the fields' API names, e.g. {"Color__c":"Denim"}).

CREATE TABLE product_attribute_sets (
  id TEXT PRIMARY KEY,
  developer_name TEXT NOT NULL UNIQUE,
  master_label TEXT NOT NULL,
  description TEXT
);

-- One attribute (ProductAttributeSetItem) of a set: a picklist field of ProductAttribute.
CREATE TABLE product_attribute_set_items (
  attribute_set_id TEXT NOT NULL REFERENCES product_attribute_sets(id),
  api_name TEXT NOT NULL,
  label TEXT NOT NULL,
  -- The field's id (CustomField, key prefix 00N): the API's fieldEnumOrId.
  field_id TEXT NOT NULL,
  sequence INTEGER NOT NULL CHECK (sequence >= 0),
  -- JSON array of the picklist's active values, in the picklist's order (the API's allowableValues).
  allowable_values TEXT NOT NULL,
  PRIMARY KEY (attribute_set_id, api_name),
  UNIQUE (attribute_set_id, sequence)
);

-- The attribute set of each variation parent (ProductAttributeSetProduct); a parent has exactly one.
CREATE TABLE product_attribute_set_products (
  product_id TEXT PRIMARY KEY REFERENCES products(id),
  attribute_set_id TEXT NOT NULL REFERENCES product_attribute_sets(id)
);
CREATE INDEX product_attribute_set_products_set ON product_attribute_set_products(attribute_set_id);
