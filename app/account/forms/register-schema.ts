import { z } from "zod";
import { email, EMAIL_MAX_LENGTH, VALIDITY_MESSAGES } from "~/lib/validation";

const required = (max: number) =>
  z
    .string({ required_error: VALIDITY_MESSAGES.valueMissing })
    .trim()
    .min(1, VALIDITY_MESSAGES.valueMissing)
    .max(max, VALIDITY_MESSAGES.tooLong);

/** Step 1: who the new buyer is, and their password (never cleaned: spaces in a password are part of it). */
export const startSchema = z.object({
  intent: z.literal("start"),
  firstName: required(40),
  lastName: required(80),
  email: email({ max: EMAIL_MAX_LENGTH }),
  password: z.string({ required_error: VALIDITY_MESSAGES.valueMissing }).min(1, VALIDITY_MESSAGES.valueMissing),
});

/** Step 2: the code the site mailed. */
export const verifySchema = z.object({
  intent: z.literal("verify"),
  identifier: required(200),
  otp: required(20),
});
