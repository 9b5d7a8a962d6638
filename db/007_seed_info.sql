-- What the data was seeded from: a fingerprint of fixtures/, so a database seeded from older fixtures is
-- seeded again instead of silently lacking the demo contract's newer rows.
CREATE TABLE seed_info (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
