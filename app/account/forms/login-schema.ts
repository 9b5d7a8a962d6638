import { z } from "zod";
import { email, EMAIL_MAX_LENGTH, VALIDITY_MESSAGES } from "~/lib/validation";

/** The sign-in form: the action's schema, and the browser's once the shopper reaches the form. */
export const loginSchema = z.object({
  // The username is the buyer's e-mail address (the demo's B2B usernames too): checked like every e-mail field,
  // so a typo reads 'Enter a valid email address, such as john@example.com.' before anything is sent.
  username: email({ max: EMAIL_MAX_LENGTH }),
  // Never cleaned: spaces in a password are part of it.
  password: z.string({ required_error: VALIDITY_MESSAGES.valueMissing }).min(1, VALIDITY_MESSAGES.valueMissing),
  redirectTo: z.string().optional(),
});
