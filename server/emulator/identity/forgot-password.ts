/**
 * The site's Headless Forgot Password Flow (docs/emulator-identity.md, "Forgot password", cites the pages): one
 * endpoint, two requests. `POST /services/auth/headless/forgot_password {username, recaptcha?}` e-mails the user a
 * one-time password and answers the same whether the user exists or not; `{username, otp, newpassword}` sets the new
 * password. The mails the emulated site "sends" are kept in an outbox (`GET /__emulator/outbox`, emulator-only).
 */
import { randomInt } from "node:crypto";
import { json } from "../core/http.js";
import type { Router } from "../core/router.js";
import type { Emu } from "../core/state.js";
import { hashPassword } from "./auth.js";

/** How long a code lasts, and how many wrong tries it takes (then it is gone and a new one must be asked for) [I]. */
export const RESET_CODE_SECONDS = 15 * 60;
export const RESET_CODE_TRIES = 5;

/**
 * The site's password policy: Salesforce's default (at least 8 characters, letters and numbers mixed) [I: the
 * emulated site keeps the org default]. The storefront reads it from here through the refusal's description.
 */
export const PASSWORD_POLICY = "Your password must have at least 8 characters and include letters and numbers.";
export const meetsPasswordPolicy = (password: string) =>
  password.length >= 8 && /[A-Za-z]/.test(password) && /\d/.test(password);

const oauthError = (description: string, status = 400) =>
  json({ error: "invalid_request", error_description: description }, status);

/** A mail into the outbox (what the emulated site "sends"). */
export function sendMail(emu: Emu, to: string, subject: string, body: string) {
  emu.db
    .prepare("INSERT INTO outbox(to_address, subject, body, sent_at) VALUES (?, ?, ?, ?)")
    .run(to.toLowerCase(), subject, body, emu.clock.now());
}

export function forgotPasswordRoutes(r: Router, emu: Emu) {
  const byUsername = emu.db.prepare("SELECT id, email, first_name FROM users WHERE lower(username) = ?");

  r.raw("POST", "/services/auth/headless/forgot_password", async (ctx) => {
    let body: unknown;
    try {
      body = await ctx.json();
    } catch {
      return oauthError("the request body must be JSON");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) return oauthError("the request body must be JSON");
    const input = body as Record<string, unknown>;
    const username = typeof input.username === "string" ? input.username.trim().toLowerCase() : "";
    if (!username) return oauthError("username is required");
    const user = byUsername.get(username) as { id: string; email: string; first_name: string } | undefined;
    const now = emu.clock.now();

    if (input.otp === undefined && input.newpassword === undefined) {
      // "Salesforce always returns this response …, even if the user doesn't exist."
      if (user) {
        const otp = String(randomInt(0, 1_000_000)).padStart(6, "0");
        emu.db
          .prepare(
            "INSERT OR REPLACE INTO password_reset_codes(user_id, otp, expires_at, attempts) VALUES (?, ?, ?, 0)",
          )
          .run(user.id, otp, now + RESET_CODE_SECONDS * 1000);
        sendMail(
          emu,
          user.email,
          "Your verification code",
          `Hello ${user.first_name},\n\nYour verification code to reset your password is ${otp}. It expires in 15 minutes.\n\nIf you didn't ask to reset your password, ignore this e-mail.`,
        );
      }
      return json({ status_code: 200, message: "Success" });
    }

    const otp = typeof input.otp === "string" ? input.otp.trim() : "";
    const newPassword = typeof input.newpassword === "string" ? input.newpassword : "";
    if (!otp || !newPassword) return oauthError("username, otp and newpassword are required");
    const code = user
      ? (emu.db.prepare("SELECT otp, expires_at, attempts FROM password_reset_codes WHERE user_id = ?").get(user.id) as
          { otp: string; expires_at: number; attempts: number } | undefined)
      : undefined;
    if (!user || !code || code.expires_at <= now || code.otp !== otp) {
      if (user && code) {
        if (code.attempts + 1 >= RESET_CODE_TRIES || code.expires_at <= now)
          emu.db.prepare("DELETE FROM password_reset_codes WHERE user_id = ?").run(user.id);
        else emu.db.prepare("UPDATE password_reset_codes SET attempts = attempts + 1 WHERE user_id = ?").run(user.id);
      }
      return oauthError("otp invalid or expired");
    }
    if (!meetsPasswordPolicy(newPassword)) return oauthError(PASSWORD_POLICY);
    emu.db.transaction(() => {
      emu.db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(hashPassword(newPassword), user.id);
      emu.db.prepare("DELETE FROM password_reset_codes WHERE user_id = ?").run(user.id);
      // A new password ends the sessions the old one opened [I]: refresh tokens (and their access tokens) revoked.
      emu.db
        .prepare("UPDATE oauth_refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL")
        .run(now, user.id);
      emu.db
        .prepare("UPDATE oauth_access_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL")
        .run(now, user.id);
    })();
    return json({ status_code: 200, message: "Success" });
  });

  // Emulator-only: the mails the site "sent", newest first; `?to=` one address's.
  r.raw("GET", "/__emulator/outbox", (ctx) => {
    const to = ctx.query.get("to")?.trim().toLowerCase();
    const rows = (
      to
        ? emu.db.prepare("SELECT * FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT 50").all(to)
        : emu.db.prepare("SELECT * FROM outbox ORDER BY id DESC LIMIT 50").all()
    ) as { id: number; to_address: string; subject: string; body: string; sent_at: number }[];
    return json({
      messages: rows.map((m) => ({
        id: m.id,
        to: m.to_address,
        subject: m.subject,
        text: m.body,
        sentAt: new Date(m.sent_at).toISOString(),
      })),
    });
  });
}
