-- The billing address an order summary keeps (OrderSummary BillingStreet, BillingCity, BillingState, BillingPostalCode,
-- BillingCountry, BillingLatitude, BillingLongitude; object reference, field reference OrderSummary). NULL when the order
-- was placed without one. Latitude and longitude are only set where a geocode was given (-90..90, -180..180).
ALTER TABLE order_summaries ADD COLUMN billing_street TEXT;
ALTER TABLE order_summaries ADD COLUMN billing_city TEXT;
ALTER TABLE order_summaries ADD COLUMN billing_state TEXT;
ALTER TABLE order_summaries ADD COLUMN billing_postal_code TEXT;
ALTER TABLE order_summaries ADD COLUMN billing_country TEXT;
ALTER TABLE order_summaries ADD COLUMN billing_latitude REAL CHECK (billing_latitude IS NULL OR billing_latitude BETWEEN -90 AND 90);
ALTER TABLE order_summaries ADD COLUMN billing_longitude REAL CHECK (billing_longitude IS NULL OR billing_longitude BETWEEN -180 AND 180);
