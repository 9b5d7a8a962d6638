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
