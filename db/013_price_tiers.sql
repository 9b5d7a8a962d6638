-- Volume (tier) prices: price adjustment schedules, their tiers, and the price book entries they adjust, as
-- Salesforce models them (PriceAdjustmentSchedule, PriceAdjustmentTier, PricebookEntryAdjustment; docs/emulator.md,
-- "Volume prices"). A schedule belongs to one currency, like the price book entries it is linked to.
CREATE TABLE price_adjustment_schedules (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  currency_iso_code TEXT NOT NULL CHECK (length(currency_iso_code) = 3),
  -- Range: every unit gets the tier the line's quantity falls in (the only method the demo store uses).
  adjustment_method TEXT NOT NULL DEFAULT 'Range' CHECK (adjustment_method IN ('Range')),
  schedule_type TEXT NOT NULL DEFAULT 'Volume' CHECK (schedule_type IN ('Volume'))
);

-- One quantity band of a schedule: lower_bound is included, upper_bound is not (NULL: no upper limit, the last
-- tier). adjustment_value is the value × 100: hundredths of a percent, or cents of the schedule's currency.
CREATE TABLE price_adjustment_tiers (
  id TEXT PRIMARY KEY,
  schedule_id TEXT NOT NULL REFERENCES price_adjustment_schedules(id) ON DELETE CASCADE,
  lower_bound INTEGER NOT NULL CHECK (lower_bound >= 1),
  upper_bound INTEGER CHECK (upper_bound IS NULL OR upper_bound > lower_bound),
  adjustment_type TEXT NOT NULL CHECK (adjustment_type IN ('PercentageBasedAdjustment', 'AmountBasedAdjustment')),
  adjustment_value INTEGER NOT NULL CHECK (adjustment_value >= 0),
  CHECK (adjustment_type <> 'PercentageBasedAdjustment' OR adjustment_value <= 10000),
  UNIQUE (schedule_id, lower_bound)
);

-- Which schedule adjusts a price book entry (at most one in the demo store).
CREATE TABLE pricebook_entry_adjustments (
  pricebook_entry_id TEXT PRIMARY KEY REFERENCES pricebook_entries(id),
  schedule_id TEXT NOT NULL REFERENCES price_adjustment_schedules(id)
);
