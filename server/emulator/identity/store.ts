import type { Emu } from "../core/state.js";

/**
 * The identity tables' statements (db: oauth_*, pending_registrations, password_reset_codes, outbox, and the users
 * and accounts a registration creates), by name: auth.ts, registration.ts and forgot-password.ts call these. The
 * functions that return a statement are prepared where the routes are registered, once per emulator, as the
 * authenticator reads a token on every request.
 */

/* OAuth clients, codes and tokens. */

/** `.run(clientId, secretHash, redirectUri, guestFlowEnabled)`: a client app of the fixtures, at seeding. */
export function oauthClientInsert(emu: Emu) {
  return emu.db.prepare(
    "INSERT INTO oauth_clients(client_id, secret_hash, redirect_uri, guest_flow_enabled) VALUES (?, ?, ?, ?)",
  );
}

/** `.get(clientId)`. */
export function oauthClientLookup(emu: Emu) {
  return emu.db.prepare("SELECT * FROM oauth_clients WHERE client_id = ?");
}

/** `.get(token)`: who a bearer token stands for, read on every request. */
export function accessTokenLookup(emu: Emu) {
  return emu.db.prepare("SELECT user_id, uvid, expires_at, revoked_at FROM oauth_access_tokens WHERE token = ?");
}

/** `.run(token, clientId, userId, uvid, refreshToken, issuedAt, expiresAt)`. */
export function accessTokenInsert(emu: Emu) {
  return emu.db.prepare(
    "INSERT INTO oauth_access_tokens(token, client_id, user_id, uvid, refresh_token, issued_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
}

/** `.run(token, clientId, userId, uvid, issuedAt, lastUsedAt)`. */
export function refreshTokenInsert(emu: Emu) {
  return emu.db.prepare(
    "INSERT INTO oauth_refresh_tokens(token, client_id, user_id, uvid, issued_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
}

/** `.get(lowercased username)`: a buyer's id and password hash, for the authorization endpoint's login. */
export function loginLookup(emu: Emu) {
  return emu.db.prepare("SELECT id, password_hash FROM users WHERE lower(username) = ?");
}

/** A guest's token named by a uvid hint (JWT). */
export function accessTokenOfHint(emu: Emu, token: string): unknown {
  return emu.db
    .prepare("SELECT uvid, expires_at, revoked_at, user_id FROM oauth_access_tokens WHERE token = ?")
    .get(token);
}

export function insertAuthorizationCode(
  emu: Emu,
  code: string,
  clientId: string,
  redirectUri: string,
  userId: string | null,
  uvid: string | null,
  codeChallenge: string | null,
  expiresAt: number,
) {
  emu.db
    .prepare(
      "INSERT INTO oauth_codes(code, client_id, redirect_uri, user_id, uvid, code_challenge, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .run(code, clientId, redirectUri, userId, uvid, codeChallenge, expiresAt);
}

export function authorizationCode(emu: Emu, code: string): unknown {
  return emu.db.prepare("SELECT * FROM oauth_codes WHERE code = ?").get(code);
}

export function markCodeUsed(emu: Emu, at: number, code: string) {
  emu.db.prepare("UPDATE oauth_codes SET used_at = ? WHERE code = ?").run(at, code);
}

export function refreshToken(emu: Emu, token: string): unknown {
  return emu.db.prepare("SELECT * FROM oauth_refresh_tokens WHERE token = ?").get(token);
}

export function markRefreshTokenUsed(emu: Emu, at: number, token: string) {
  emu.db.prepare("UPDATE oauth_refresh_tokens SET last_used_at = ? WHERE token = ?").run(at, token);
}

export function revokeAccessToken(emu: Emu, at: number, token: string) {
  return emu.db
    .prepare("UPDATE oauth_access_tokens SET revoked_at = ? WHERE token = ? AND revoked_at IS NULL")
    .run(at, token);
}

export function revokeRefreshToken(emu: Emu, at: number, token: string) {
  return emu.db
    .prepare("UPDATE oauth_refresh_tokens SET revoked_at = ? WHERE token = ? AND revoked_at IS NULL")
    .run(at, token);
}

/** The access tokens a refresh token issued. */
export function revokeAccessTokensOf(emu: Emu, at: number, refreshToken: string) {
  emu.db
    .prepare("UPDATE oauth_access_tokens SET revoked_at = ? WHERE refresh_token = ? AND revoked_at IS NULL")
    .run(at, refreshToken);
}

/** Every session a user opened: refresh tokens, then access tokens. */
export function revokeTokensOfUser(emu: Emu, at: number, userId: string) {
  emu.db
    .prepare("UPDATE oauth_refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL")
    .run(at, userId);
  emu.db
    .prepare("UPDATE oauth_access_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL")
    .run(at, userId);
}

/* Registration. */

export function usernameTaken(emu: Emu, username: string): boolean {
  return Boolean(emu.db.prepare("SELECT 1 FROM users WHERE lower(username) = ?").get(username));
}

export function insertPendingRegistration(
  emu: Emu,
  identifier: string,
  username: string,
  email: string,
  firstName: string,
  lastName: string,
  passwordHash: string,
  otp: string,
  expiresAt: number,
) {
  emu.db
    .prepare(
      `INSERT INTO pending_registrations(identifier, username, email, first_name, last_name, password_hash, otp, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(identifier, username, email, firstName, lastName, passwordHash, otp, expiresAt);
}

export function pendingRegistration(emu: Emu, identifier: string): unknown {
  return emu.db.prepare("SELECT * FROM pending_registrations WHERE identifier = ?").get(identifier);
}

export function deletePendingRegistration(emu: Emu, identifier: string) {
  emu.db.prepare("DELETE FROM pending_registrations WHERE identifier = ?").run(identifier);
}

export function countRegistrationAttempt(emu: Emu, identifier: string) {
  emu.db.prepare("UPDATE pending_registrations SET attempts = attempts + 1 WHERE identifier = ?").run(identifier);
}

/** A registered consumer: their person account, their user, the account as their one managed account. */
export function insertConsumer(
  emu: Emu,
  accountId: string,
  accountName: string,
  userId: string,
  user: { username: string; password_hash: string; first_name: string; last_name: string; email: string },
) {
  emu.db.prepare("INSERT INTO accounts(id, name) VALUES (?, ?)").run(accountId, accountName);
  emu.db
    .prepare(
      "INSERT INTO users(id, username, password_hash, first_name, last_name, email, phone, kind, account_id) VALUES (?, ?, ?, ?, ?, ?, NULL, 'B2C', ?)",
    )
    .run(userId, user.username, user.password_hash, user.first_name, user.last_name, user.email, accountId);
  emu.db
    .prepare("INSERT INTO managed_accounts(user_id, account_id, is_default) VALUES (?, ?, 1)")
    .run(userId, accountId);
}

/* Forgotten passwords and the outbox. */

/** `.get(lowercased username)`: whom a reset code is mailed to. */
export function resetUserLookup(emu: Emu) {
  return emu.db.prepare("SELECT id, email, first_name FROM users WHERE lower(username) = ?");
}

export function saveResetCode(emu: Emu, userId: string, otp: string, expiresAt: number) {
  emu.db
    .prepare("INSERT OR REPLACE INTO password_reset_codes(user_id, otp, expires_at, attempts) VALUES (?, ?, ?, 0)")
    .run(userId, otp, expiresAt);
}

export function resetCode(emu: Emu, userId: string) {
  return emu.db.prepare("SELECT otp, expires_at, attempts FROM password_reset_codes WHERE user_id = ?").get(userId) as
    { otp: string; expires_at: number; attempts: number } | undefined;
}

export function deleteResetCode(emu: Emu, userId: string) {
  emu.db.prepare("DELETE FROM password_reset_codes WHERE user_id = ?").run(userId);
}

export function countResetAttempt(emu: Emu, userId: string) {
  emu.db.prepare("UPDATE password_reset_codes SET attempts = attempts + 1 WHERE user_id = ?").run(userId);
}

export function setPasswordHash(emu: Emu, passwordHash: string, userId: string) {
  emu.db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(passwordHash, userId);
}

export function insertMail(emu: Emu, to: string, subject: string, body: string, sentAt: number) {
  emu.db
    .prepare("INSERT INTO outbox(to_address, subject, body, sent_at) VALUES (?, ?, ?, ?)")
    .run(to, subject, body, sentAt);
}

/** The 50 newest mails, to one address or to anyone. */
export function outbox(emu: Emu, to: string | undefined) {
  return (
    to
      ? emu.db.prepare("SELECT * FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT 50").all(to)
      : emu.db.prepare("SELECT * FROM outbox ORDER BY id DESC LIMIT 50").all()
  ) as { id: number; to_address: string; subject: string; body: string; sent_at: number }[];
}

/* The integration user's tokens (Client Credentials Flow). */

export function insertIntegrationToken(
  emu: Emu,
  token: string,
  clientId: string,
  userId: string,
  scope: string,
  issuedAt: number,
  expiresAt: number,
) {
  emu.db
    .prepare(
      "INSERT INTO integration_access_tokens(token, client_id, user_id, scope, issued_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .run(token, clientId, userId, scope, issuedAt, expiresAt);
}

export function integrationToken(emu: Emu, token: string) {
  return emu.db.prepare("SELECT scope, expires_at FROM integration_access_tokens WHERE token = ?").get(token) as
    { scope: string; expires_at: number } | undefined;
}

/* My profile: verification flags and the one-time passwords of its Initiate OTP action. */

export interface ProfileRow {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  email_verified: number;
  phone_verified: number;
}

export function profile(emu: Emu, userId: string) {
  return emu.db
    .prepare(
      "SELECT username, first_name, last_name, email, phone, email_verified, phone_verified FROM users WHERE id = ?",
    )
    .get(userId) as ProfileRow | undefined;
}

/** Only the columns a PATCH names change. */
export function updateProfile(emu: Emu, userId: string, changes: Partial<ProfileRow>) {
  const columns = Object.keys(changes);
  if (!columns.length) return;
  emu.db
    .prepare(`UPDATE users SET ${columns.map((c) => `${c} = @${c}`).join(", ")} WHERE id = @id`)
    .run({ ...changes, id: userId });
}

export interface ProfileOtpRow {
  identifier: string;
  user_id: string;
  method: "EMAIL" | "SMS";
  type: "StepUp" | "Verify";
  recipient: string;
  otp: string;
  expires_at: number;
  attempts: number;
}

export function insertProfileOtp(emu: Emu, row: Omit<ProfileOtpRow, "attempts">) {
  emu.db
    .prepare(
      `INSERT INTO profile_otps(identifier, user_id, method, type, recipient, otp, expires_at)
         VALUES (@identifier, @user_id, @method, @type, @recipient, @otp, @expires_at)`,
    )
    .run(row);
}

export function profileOtp(emu: Emu, identifier: string) {
  return emu.db.prepare("SELECT * FROM profile_otps WHERE identifier = ?").get(identifier) as ProfileOtpRow | undefined;
}

export function countProfileOtpAttempt(emu: Emu, identifier: string) {
  emu.db.prepare("UPDATE profile_otps SET attempts = attempts + 1 WHERE identifier = ?").run(identifier);
}

export function deleteProfileOtp(emu: Emu, identifier: string) {
  emu.db.prepare("DELETE FROM profile_otps WHERE identifier = ?").run(identifier);
}
