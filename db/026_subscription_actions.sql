-- What a buyer's actions did to a Commerce subscription (initiate-cancellation 63.0, initiate-renewal and
-- initiate-amendment 65.0, saved-payment-methods 63.0): the Commerce Subscription Detail's cancelStatus,
-- renewalStatus, amendmentStatus (Failed | InProgress | Success), lastAction, and the billing's cancellationDate and
-- savedPaymentMethod.
ALTER TABLE commerce_subscriptions ADD COLUMN cancel_status TEXT CHECK (cancel_status IN ('Failed', 'InProgress', 'Success'));
ALTER TABLE commerce_subscriptions ADD COLUMN renewal_status TEXT CHECK (renewal_status IN ('Failed', 'InProgress', 'Success'));
ALTER TABLE commerce_subscriptions ADD COLUMN amendment_status TEXT CHECK (amendment_status IN ('Failed', 'InProgress', 'Success'));
-- A cancellation takes effect on the next billing date: the subscription ends the millisecond before it.
ALTER TABLE commerce_subscriptions ADD COLUMN cancellation_at INTEGER;
-- A renewal starts when the current term ends: until then, the term may not be renewed again or amended.
ALTER TABLE commerce_subscriptions ADD COLUMN renewal_start_at INTEGER;
-- An amendment's new quantity, from its start date on (until then the subscription keeps its quantity).
ALTER TABLE commerce_subscriptions ADD COLUMN amended_quantity INTEGER CHECK (amended_quantity IS NULL OR amended_quantity > 0);
ALTER TABLE commerce_subscriptions ADD COLUMN amendment_start_at INTEGER;
-- The last action, as the Subscription Action representation (JSON text).
ALTER TABLE commerce_subscriptions ADD COLUMN last_action TEXT CHECK (last_action IS NULL OR json_valid(last_action));
ALTER TABLE commerce_subscriptions ADD COLUMN saved_payment_method_id TEXT;
ALTER TABLE commerce_subscriptions ADD COLUMN merchant_account_id TEXT;
