import { z } from "zod";
import { email, EMAIL_MAX_LENGTH, VALIDITY_MESSAGES } from "~/lib/validation";

/** Step 1: the account's e-mail address (its username), for the site to send a code to. */
export const requestSchema = z.object({
  intent: z.literal("request"),
  username: email({ max: EMAIL_MAX_LENGTH }),
});

/** Step 2: the code from the e-mail and the new password (never cleaned: spaces in a password are part of it). */
export const resetSchema = z.object({
  intent: z.literal("reset"),
  username: email({ max: EMAIL_MAX_LENGTH }),
  otp: z
    .string({ required_error: VALIDITY_MESSAGES.valueMissing })
    .trim()
    .min(1, VALIDITY_MESSAGES.valueMissing)
    .max(20, VALIDITY_MESSAGES.tooLong),
  password: z.string({ required_error: VALIDITY_MESSAGES.valueMissing }).min(1, VALIDITY_MESSAGES.valueMissing),
});
