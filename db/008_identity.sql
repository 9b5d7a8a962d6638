-- Identity as an Experience Cloud site issues it (Headless Identity APIs): registered client apps, one-time
-- authorization codes (Authorization Code and Credentials Flow, PKCE), JWT-based access tokens for named users
-- and guests (a guest is a UVID, minted by the storefront), and refresh tokens. Replaces the password-grant
-- sessions of 001_core.
DROP TABLE sessions;

CREATE TABLE oauth_clients (
  client_id TEXT PRIMARY KEY,
  -- scrypt "salt:hash", like passwords: the secret is never stored in clear.
  secret_hash TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  -- "Enable Code and Credentials Flow for Guest Users" on the client app.
  guest_flow_enabled INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE oauth_codes (
  code TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES oauth_clients(client_id),
  redirect_uri TEXT NOT NULL,
  -- A named user's code names the user (and the UVID it carries over, if any); a guest's only its UVID.
  user_id TEXT REFERENCES users(id),
  uvid TEXT,
  code_challenge TEXT,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  CHECK (user_id IS NOT NULL OR uvid IS NOT NULL)
);

CREATE TABLE oauth_refresh_tokens (
  token TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES oauth_clients(client_id),
  user_id TEXT NOT NULL REFERENCES users(id),
  uvid TEXT,
  issued_at INTEGER NOT NULL,
  -- The demo client app's refresh token policy: "Expire refresh token if not used for" the session timeout.
  last_used_at INTEGER NOT NULL,
  revoked_at INTEGER
);

CREATE TABLE oauth_access_tokens (
  token TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES oauth_clients(client_id),
  user_id TEXT REFERENCES users(id),
  uvid TEXT,
  refresh_token TEXT REFERENCES oauth_refresh_tokens(token),
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  CHECK (user_id IS NOT NULL OR uvid IS NOT NULL)
);
CREATE INDEX oauth_access_tokens_refresh ON oauth_access_tokens(refresh_token);
