-- Commerce Webstore My Profile (docs/emulator-identity.md, "My profile"): whether a buyer's e-mail address and phone
-- number are verified (isEmailVerified / isPhoneVerified, 64.0), and the one-time passwords its Initiate OTP action
-- sends (to the outbox), which its Verify OTP action checks. A seeded or registered buyer's e-mail is verified (the
-- site's registration verified it with a code) and their phone is not [I].
ALTER TABLE users ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN phone_verified INTEGER NOT NULL DEFAULT 0;

CREATE TABLE profile_otps (
  identifier TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  method TEXT NOT NULL CHECK (method IN ('EMAIL', 'SMS')),
  type TEXT NOT NULL CHECK (type IN ('StepUp', 'Verify')),
  recipient TEXT NOT NULL,
  otp TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0
);
