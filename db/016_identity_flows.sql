-- The site's Headless Forgot Password Flow: the one-time passwords it e-mails (one live code per user, replaced by a
-- new request), and the mails the emulated site "sends", kept in an outbox that tests and the demo read
-- (GET /__emulator/outbox, emulator-only: a real site hands them to its e-mail service).
CREATE TABLE password_reset_codes (
  user_id TEXT PRIMARY KEY REFERENCES users(id),
  otp TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX outbox_by_address ON outbox(to_address, id);

-- Headless Registration: a registration the site has taken (init/registration) and is waiting to verify with the
-- one-time password it e-mailed; the user is created when the code comes back (authorize, user-registration).
CREATE TABLE pending_registrations (
  identifier TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  email TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  otp TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0
);
