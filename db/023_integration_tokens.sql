-- Access tokens the org issues to its internal integration user (OAuth 2.0 Client Credentials Flow, the connected
-- app's "Run As" user): a site that requires authentication for Headless Registration and Headless Forgot Password
-- takes such a token, with the user_registration_api or forgot_password scope, on their first requests. They are
-- not buyers' tokens: no Commerce call takes them.
CREATE TABLE integration_access_tokens (
  token TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  -- Space-separated, as the token endpoint answers them.
  scope TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
