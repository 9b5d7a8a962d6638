/**
 * My profile's two forms, for the action and for the browser once the shopper reaches a form (the page loads this
 * module then, decision 010): the details, and the code sent before an e-mail or phone change. Which form was sent
 * is its button's `intent` (PROFILE_INTENTS), read by the action before either schema.
 */
import { z } from "zod";
import { isPhone } from "~/lib/format/formats";
import { email, optionalText, requiredText, VALIDITY_MESSAGES } from "~/lib/validation";
import { PROFILE_MAX_LENGTHS } from "~/account/model/profile";

const max = PROFILE_MAX_LENGTHS;

/**
 * The User object requires a last name and an e-mail address; the first name and the phone may be left empty. The
 * address may be as long as the User object's (128), not only the registration form's 80: a buyer keeps an address
 * the org gave them. A phone is checked as the address form checks one.
 */
export const profileDetailsSchema = z.object({
  firstName: optionalText({ max: max.firstName }),
  lastName: requiredText({ max: max.lastName }),
  email: email({ max: max.email }),
  phoneNumber: optionalText({ max: max.phoneNumber }).refine(
    (value) => value === undefined || isPhone(value),
    VALIDITY_MESSAGES.patternMismatch,
  ),
});

/** The code the site sent; the changes it is for wait on the server. */
export const profileCodeSchema = z.object({
  code: requiredText({ max: 20 }),
});

export type ProfileDetailsValues = z.output<typeof profileDetailsSchema>;
