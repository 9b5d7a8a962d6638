/**
 * The site's Headless Registration Flow (docs/emulator-identity.md, "Registration", cites the pages):
 * `POST /services/auth/headless/init/registration` takes the new user's data and password and e-mails a one-time
 * password; the authorize endpoint with `Auth-Request-Type: user-registration`, `Auth-Verification-Type: email` and
 * `Authorization: Basic base64(identifier:otp)` creates the user (a consumer with a person account of their own) and
 * answers a code, as a login does.
 */
import { randomBytes, randomInt } from "node:crypto";
import { json } from "../core/http.js";
import type { Router } from "../core/router.js";
import type { Emu } from "../core/state.js";
import { hashPassword } from "./password.js";
import { refuseWithoutIntegrationToken } from "./integration.js";
import {
  PASSWORD_POLICY,
  RESET_CODE_SECONDS,
  RESET_CODE_TRIES,
  meetsPasswordPolicy,
  sendMail,
} from "./forgot-password.js";
import {
  countRegistrationAttempt,
  deletePendingRegistration,
  insertConsumer,
  insertPendingRegistration,
  pendingRegistration,
  usernameTaken,
} from "./store.js";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const oauthError = (description: string) => json({ error: "invalid_request", error_description: description }, 400);

interface PendingRow {
  identifier: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  otp: string;
  expires_at: number;
  attempts: number;
}

export function registrationRoutes(r: Router, emu: Emu) {
  r.raw("POST", "/services/auth/headless/init/registration", async (ctx) => {
    const refused = refuseWithoutIntegrationToken(emu, ctx.req, "user_registration_api");
    if (refused) return refused;
    let body: unknown;
    try {
      body = await ctx.json();
    } catch {
      return oauthError("the request body must be JSON");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) return oauthError("the request body must be JSON");
    const input = body as Record<string, unknown>;
    const data = (input.userdata ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
    const firstName = text(data.firstName);
    const lastName = text(data.lastName);
    const email = text(data.email).toLowerCase();
    const username = (text(data.username) || email).toLowerCase();
    const password = typeof input.password === "string" ? input.password : "";
    if ((input.verificationmethod ?? "email") !== "email") return oauthError("verificationmethod must be email");
    if (!lastName || !email || !password)
      return oauthError("userdata.lastName, userdata.email and password are required");
    if (!EMAIL.test(email)) return oauthError("userdata.email is not a valid email address");
    if (!meetsPasswordPolicy(password)) return oauthError(PASSWORD_POLICY);
    if (usernameTaken(emu, username)) return oauthError("username already in use");
    const identifier = randomBytes(18).toString("base64url");
    const otp = String(randomInt(0, 1_000_000)).padStart(6, "0");
    insertPendingRegistration(
      emu,
      identifier,
      username,
      email,
      firstName,
      lastName,
      hashPassword(password),
      otp,
      emu.clock.now() + RESET_CODE_SECONDS * 1000,
    );
    sendMail(
      emu,
      email,
      "Your verification code",
      `Hello ${firstName || lastName},\n\nYour verification code to finish creating your account is ${otp}. It expires in 15 minutes.`,
    );
    return json({ email, identifier });
  });
}

/**
 * The registration's verification (authorize with `Auth-Request-Type: user-registration`): the user id it creates,
 * or the OAuth error's description when the identifier and code don't match a live registration.
 */
export function completeRegistration(
  emu: Emu,
  identifier: string,
  otp: string,
): { userId: string } | { error: string } {
  const row = pendingRegistration(emu, identifier) as PendingRow | undefined;
  const now = emu.clock.now();
  if (!row || row.expires_at <= now) return { error: "invalid or expired registration" };
  if (row.otp !== otp) {
    if (row.attempts + 1 >= RESET_CODE_TRIES) deletePendingRegistration(emu, identifier);
    else countRegistrationAttempt(emu, identifier);
    return { error: "otp invalid or expired" };
  }
  if (usernameTaken(emu, row.username)) {
    deletePendingRegistration(emu, identifier);
    return { error: "username already in use" };
  }
  const accountId = emu.ids("account");
  const userId = emu.ids("user");
  emu.db.transaction(() => {
    // A consumer buys through a person account of their own, named after them.
    insertConsumer(emu, accountId, [row.first_name, row.last_name].filter(Boolean).join(" "), userId, row);
    deletePendingRegistration(emu, identifier);
  })();
  return { userId };
}
