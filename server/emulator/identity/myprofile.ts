/**
 * Commerce Webstore My Profile (docs/emulator-identity.md, "My profile", cites the pages): the signed-in buyer's own
 * user details. GET myprofile (52.0) and PATCH myprofile (59.0) read and change first and last name, e-mail and phone;
 * from 64.0 the answer says whether the e-mail and the phone are verified, POST myprofile/actions/initOTP sends a
 * one-time password by e-mail or SMS (into the emulator's outbox) and POST myprofile/actions/verify checks it.
 *
 * The emulated site has two-factor authentication off [I: the site setting the pages describe both ways of]: the
 * Buyer Profile Input page says a site without it changes e-mail and phone in one request, with an empty
 * `verificationInput` and an empty `verificationResponse` in the answer. A changed e-mail or phone is unverified until
 * a Verify OTP sent to it comes back [I].
 */
import { randomBytes, randomInt } from "node:crypto";
import { ApiError, invalidInput } from "../core/errors.js";
import { json } from "../core/http.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";
import { RESET_CODE_SECONDS, RESET_CODE_TRIES, sendMail } from "./forgot-password.js";
import {
  countProfileOtpAttempt,
  deleteProfileOtp,
  insertProfileOtp,
  profile,
  profileOtp,
  updateProfile,
  type ProfileRow,
} from "./store.js";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The User object's field lengths (FirstName 40, LastName 80, Email 128, Phone 40). */
const MAX_LENGTH = { firstName: 40, lastName: 80, email: 128, phoneNumber: 40 } as const;
const INPUT_FIELDS = new Set(["firstName", "lastName", "email", "phoneNumber", "verificationInput"]);
const VERIFICATION_INPUT_FIELDS = new Set(["reCaptchaToken", "stepUpVerificationIdentifier"]);
const OTP_METHODS = ["EMAIL", "SMS"] as const;
const OTP_TYPES = ["StepUp", "Verify"] as const;

/** Only a signed-in buyer has a profile; a guest is refused as the other buyer-only resources refuse one [I]. */
function signedIn(ctx: RequestContext) {
  if (!ctx.user)
    throw new ApiError(
      401,
      "INVALID_SESSION_ID",
      "This resource requires an authenticated user: guests have no profile.",
    );
  const row = profile(ctx.emu, ctx.user.id);
  if (!row) throw new ApiError(401, "INVALID_SESSION_ID", "This resource requires an authenticated user.");
  return { userId: ctx.user.id, row };
}

/**
 * Buyer Profile Update (connect_responses_buyer_profile_patch); GET answers the same fields without
 * `verificationResponse` [I: its Buyer Profile Detail page was not found]. The verification flags are 64.0 fields.
 */
function profileJson(row: ProfileRow, apiVersion: number) {
  return {
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone,
    userName: row.username,
    ...(apiVersion >= 64
      ? { isEmailVerified: row.email_verified === 1, isPhoneVerified: row.phone_verified === 1 }
      : {}),
  };
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw invalidInput("The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

function parseProfileInput(body: unknown, apiVersion: number): Partial<ProfileRow> {
  const input = objectBody(body);
  for (const key of Object.keys(input)) {
    if (!INPUT_FIELDS.has(key) || (key === "verificationInput" && apiVersion < 64))
      throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}" in the buyer profile input.`);
  }
  // Buyer Profile Input: verificationInput is Required from 64.0 (an empty object when two-factor authentication is off).
  if (apiVersion >= 64) {
    const verification = input.verificationInput;
    if (verification === undefined || verification === null)
      throw invalidInput("verificationInput is required: send {} when two-factor authentication is off.");
    if (typeof verification !== "object" || Array.isArray(verification))
      throw invalidInput("verificationInput must be a JSON object.");
    for (const [key, value] of Object.entries(verification)) {
      if (!VERIFICATION_INPUT_FIELDS.has(key))
        throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}" in the verification input.`);
      if (typeof value !== "string") throw invalidInput(`${key} must be a string.`);
    }
  }
  const text = (field: keyof typeof MAX_LENGTH): string | undefined => {
    const value = input[field];
    if (value === undefined) return undefined;
    if (value !== null && typeof value !== "string") throw invalidInput(`${field} must be a string.`);
    const trimmed = value === null ? "" : value.trim();
    if (trimmed.length > MAX_LENGTH[field])
      throw invalidInput(`${field} can't be longer than ${MAX_LENGTH[field]} characters.`);
    return trimmed;
  };
  const changes: Partial<ProfileRow> = {};
  const firstName = text("firstName");
  if (firstName !== undefined) changes.first_name = firstName;
  const lastName = text("lastName");
  // The User object requires a last name and an e-mail; the first name and the phone may be blank.
  if (lastName !== undefined) {
    if (!lastName) throw invalidInput("lastName can't be blank.");
    changes.last_name = lastName;
  }
  const email = text("email");
  if (email !== undefined) {
    if (!EMAIL.test(email)) throw invalidInput(`email must be a valid e-mail address: ${JSON.stringify(email)}.`);
    changes.email = email;
  }
  const phone = text("phoneNumber");
  if (phone !== undefined) changes.phone = phone || null;
  return changes;
}

/** The recipient as the pages' examples show it: `Ma**********@vi*****.info`, `(***) ***-6705`. */
export function maskRecipient(method: "EMAIL" | "SMS", to: string): string {
  if (method === "SMS") return `(***) ***-${to.replace(/\D/g, "").slice(-4)}`;
  const [local, domain] = to.split("@");
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  const keep = (part: string) => part.slice(0, 2) + "*".repeat(Math.max(part.length - 2, 0));
  return `${keep(local)}@${keep(host)}${tld}`;
}

function requiredEnum<T extends string>(input: Record<string, unknown>, field: string, values: readonly T[]): T {
  const value = input[field];
  if (value === undefined || value === null || value === "") throw invalidInput(`${field} is required.`);
  if (typeof value !== "string" || !values.includes(value as T))
    throw invalidInput(`${field} must be one of ${values.join(", ")}: ${JSON.stringify(value)}.`);
  return value as T;
}

export function myProfileRoutes(r: Router, emu: Emu) {
  r.webstore("GET", "myprofile", { since: 52 }, (ctx) => json(profileJson(signedIn(ctx).row, ctx.apiVersion)));

  r.webstore("PATCH", "myprofile", { since: 59 }, async (ctx) => {
    const { userId, row } = signedIn(ctx);
    const changes = parseProfileInput(await ctx.json(), ctx.apiVersion);
    if (changes.email !== undefined && changes.email.toLowerCase() !== row.email.toLowerCase())
      changes.email_verified = 0;
    if (changes.phone !== undefined && changes.phone !== row.phone) changes.phone_verified = 0;
    updateProfile(emu, userId, changes);
    const updated = profile(emu, userId)!;
    return json({
      ...profileJson(updated, ctx.apiVersion),
      // "Populated only if two-factored authentication is enabled": the emulated site has it off.
      ...(ctx.apiVersion >= 64 ? { verificationResponse: {} } : {}),
    });
  });

  r.webstore("POST", "myprofile/actions/initOTP", { since: 64 }, async (ctx) => {
    const { userId, row } = signedIn(ctx);
    const input = objectBody(await ctx.json());
    const method = requiredEnum(input, "method", OTP_METHODS);
    const type = requiredEnum(input, "type", OTP_TYPES);
    // The emulator can't ask Google about a reCAPTCHA token: any non-empty one passes [I].
    if (typeof input.reCaptchaToken !== "string" || !input.reCaptchaToken.trim())
      throw invalidInput("reCaptchaToken is required.");
    const to = method === "EMAIL" ? row.email : row.phone;
    if (!to) throw invalidInput("The buyer has no phone number to send a one-time password to.");
    const otp = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const identifier = randomBytes(15).toString("base64url");
    const recipient = maskRecipient(method, to);
    insertProfileOtp(emu, {
      identifier,
      user_id: userId,
      method,
      type,
      recipient: to,
      otp,
      expires_at: emu.clock.now() + RESET_CODE_SECONDS * 1000,
    });
    // An SMS goes into the same outbox as the site's mails, addressed to the phone number (emulator-only).
    sendMail(
      emu,
      to,
      "Your verification code",
      `Hello ${row.first_name},\n\nYour verification code is ${otp}. It expires in 15 minutes.`,
    );
    // Buyer Profile Initiate OTP Output (connect_responses_buyer_profile_init_output); the message is its example's.
    return json({ identifier, message: "The update request was successful.", recipient, status: "Success" });
  });

  r.webstore("POST", "myprofile/actions/verify", { since: 64 }, async (ctx) => {
    const { userId } = signedIn(ctx);
    const input = objectBody(await ctx.json());
    const code = typeof input.code === "string" ? input.code.trim() : "";
    const identifier = typeof input.identifier === "string" ? input.identifier.trim() : "";
    if (!code) throw invalidInput("code is required.");
    if (!identifier) throw invalidInput("identifier is required.");
    const row = profileOtp(emu, identifier);
    const expired = !row || row.user_id !== userId || row.expires_at <= emu.clock.now();
    if (expired || row.otp !== code) {
      // As the site's other codes: a few wrong tries and the code is gone [I].
      if (row && row.user_id === userId) {
        if (expired || row.attempts + 1 >= RESET_CODE_TRIES) deleteProfileOtp(emu, identifier);
        else countProfileOtpAttempt(emu, identifier);
      }
      throw invalidInput("The verification code is invalid or has expired.");
    }
    deleteProfileOtp(emu, identifier);
    const current = profile(emu, userId)!;
    // A Verify code proves the address it was sent to, if the buyer still has that address.
    if (row.type === "Verify") {
      if (row.method === "EMAIL" && current.email === row.recipient) updateProfile(emu, userId, { email_verified: 1 });
      if (row.method === "SMS" && current.phone === row.recipient) updateProfile(emu, userId, { phone_verified: 1 });
    }
    const after = profile(emu, userId)!;
    // Buyer Profile Verify Output [I: its page was not found]: the resource page names these two fields of the answer.
    return json({
      hasUserVerifiedEmail: after.email_verified === 1,
      hasUserVerifiedPhoneNumber: after.phone_verified === 1,
    });
  });
}

export const myProfileModule: EmulatorModule = { name: "myprofile", routes: myProfileRoutes };
