-- The address a cart's shipping was last evaluated for (POST carts/{id}/actions/evaluate-shipping, 63.0): the
-- shipping calculator populates the cart's delivery group methods for it, so a delivery group with no address of its
-- own lists the methods that ship there (docs/emulator.md, "Carts"). One row a cart, replaced by the next evaluation.
CREATE TABLE cart_shipping_evaluations (
  cart_id TEXT PRIMARY KEY REFERENCES carts(id) ON DELETE CASCADE,
  country TEXT NOT NULL,
  region TEXT,
  city TEXT,
  postal_code TEXT
);
