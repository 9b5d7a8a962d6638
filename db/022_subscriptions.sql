-- A term-defined selling model's Subscription Term Rule (Product Selling Model `subscriptionTermRule`, 59.0): how many
-- pricing terms a subscription may last (minimum, maximum, increment); NULL when the model sets none.
ALTER TABLE selling_models ADD COLUMN term_minimum INTEGER CHECK (term_minimum IS NULL OR term_minimum > 0);
ALTER TABLE selling_models ADD COLUMN term_maximum INTEGER CHECK (term_maximum IS NULL OR term_maximum >= term_minimum);
ALTER TABLE selling_models ADD COLUMN term_increment INTEGER CHECK (term_increment IS NULL OR term_increment > 0);

-- Commerce subscriptions (GET commerce/webstores/{webstoreId}/subscriptions, 63.0): one per subscription line of a
-- buyer's order (a selling model other than OneTime), made when the order is placed. An order line also keeps the
-- term its cart item was sent with (Cart Item Input `subscriptionTerm`), as the subscription does.
ALTER TABLE order_items ADD COLUMN subscription_term INTEGER CHECK (subscription_term IS NULL OR subscription_term > 0);

CREATE TABLE commerce_subscriptions (
  id TEXT PRIMARY KEY,
  webstore_id TEXT NOT NULL REFERENCES webstores(id),
  -- The account the order was placed for (the list is per effective account) and the buyer who placed it.
  account_id TEXT NOT NULL REFERENCES accounts(id),
  owner_user_id TEXT NOT NULL REFERENCES users(id),
  order_summary_id TEXT NOT NULL REFERENCES order_summaries(id) ON DELETE CASCADE,
  order_item_id TEXT NOT NULL UNIQUE REFERENCES order_items(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id),
  selling_model_id TEXT NOT NULL REFERENCES selling_models(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  -- Pricing terms the subscription lasts (a term-defined plan); NULL when the cart item sent none.
  subscription_term INTEGER CHECK (subscription_term IS NULL OR subscription_term > 0),
  currency_iso_code TEXT NOT NULL CHECK (length(currency_iso_code) = 3),
  -- What one billing period costs: the line's unit price × quantity, in cents.
  billing_period_cents INTEGER NOT NULL CHECK (billing_period_cents >= 0),
  -- Milliseconds on the emulator's clock: the start of the order's day (UTC), and for a term-defined plan the last
  -- millisecond of its term (NULL for an evergreen subscription, which runs until cancelled).
  start_at INTEGER NOT NULL,
  end_at INTEGER CHECK (end_at IS NULL OR end_at > start_at),
  created_at INTEGER NOT NULL
);
-- The list reads one account's subscriptions newest (or oldest) first, one page at a time.
CREATE INDEX commerce_subscriptions_account ON commerce_subscriptions(webstore_id, account_id, created_at, id);
