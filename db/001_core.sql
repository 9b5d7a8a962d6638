-- Core of the emulator: the webstore and its settings, accounts, buyers and their sessions.
CREATE TABLE id_counters (
  prefix TEXT PRIMARY KEY,
  n INTEGER NOT NULL
);

CREATE TABLE webstores (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  -- The application context as the API answers it (JSON); settings tests flip live here.
  application_context TEXT NOT NULL
);

CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  street TEXT, city TEXT, state TEXT, country TEXT, zip TEXT
);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  -- scrypt hash "salt:hash"; demo passwords are never stored in clear.
  password_hash TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('B2C', 'B2B')),
  -- The account the user belongs to (its "my account").
  account_id TEXT NOT NULL REFERENCES accounts(id)
);

-- Accounts a buyer may act for (external managed accounts); exactly one is the user's default.
CREATE TABLE managed_accounts (
  user_id TEXT NOT NULL REFERENCES users(id),
  account_id TEXT NOT NULL REFERENCES accounts(id),
  is_default INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, account_id)
);

CREATE TABLE sessions (
  token TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);
