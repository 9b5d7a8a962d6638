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
import { hashPassword } from "./password.js";
import { refuseWithoutIntegrationToken } from "./integration.js";
import {
  countResetAttempt,
  deleteResetCode,
  insertMail,
  outbox,
  resetCode,
  resetUserLookup,
  revokeTokensOfUser,
  saveResetCode,
  setPasswordHash,
} from "./store.js";

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
  insertMail(emu, to.toLowerCase(), subject, body, emu.clock.now());
}

export function forgotPasswordRoutes(r: Router, emu: Emu) {
  const byUsername = resetUserLookup(emu);

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
      // The initial request alone carries the integration user's token (NetworkAuthApiSettings).
      const refused = refuseWithoutIntegrationToken(emu, ctx.req, "forgot_password");
      if (refused) return refused;
      // "Salesforce always returns this response …, even if the user doesn't exist."
      if (user) {
        const otp = String(randomInt(0, 1_000_000)).padStart(6, "0");
        saveResetCode(emu, user.id, otp, now + RESET_CODE_SECONDS * 1000);
        sendMail(
          emu,
          user.email,
          "Your verification code",
          `Hello ${user.first_name},\n\nYour verification code to reset your password is ${otp}. It expires in 15 minutes.\n\nIf you didn't ask to reset your password, ignore this e-mail.`,
        );
      }
      return json({ status_code: "otp_sent" });
    }

    const otp = typeof input.otp === "string" ? input.otp.trim() : "";
    const newPassword = typeof input.newpassword === "string" ? input.newpassword : "";
    if (!otp || !newPassword) return oauthError("username, otp and newpassword are required");
    const code = user ? resetCode(emu, user.id) : undefined;
    if (!user || !code || code.expires_at <= now || code.otp !== otp) {
      if (user && code) {
        if (code.attempts + 1 >= RESET_CODE_TRIES || code.expires_at <= now) deleteResetCode(emu, user.id);
        else countResetAttempt(emu, user.id);
      }
      return oauthError("otp invalid or expired");
    }
    if (!meetsPasswordPolicy(newPassword)) return oauthError(PASSWORD_POLICY);
    emu.db.transaction(() => {
      setPasswordHash(emu, hashPassword(newPassword), user.id);
      deleteResetCode(emu, user.id);
      // A new password ends the sessions the old one opened [I]: refresh tokens (and their access tokens) revoked.
      revokeTokensOfUser(emu, now, user.id);
    })();
    return json({ status_code: "success" });
  });

  // Emulator-only: the mails the site "sent", newest first; `?to=` one address's.
  r.raw("GET", "/__emulator/outbox", (ctx) => {
    const to = ctx.query.get("to")?.trim().toLowerCase();
    const rows = outbox(emu, to);
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
