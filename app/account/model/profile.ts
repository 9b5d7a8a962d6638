/**
 * My profile (Commerce Webstore My Profile, docs/emulator-identity.md "My profile"): the signed-in buyer's name,
 * e-mail address and phone as the page shows them, and what the page may do at the store's API version: read them
 * (52.0), change them (59.0), and from 64.0 prove it is the buyer before an e-mail or phone change (a one-time code
 * sent to their e-mail address: initOTP's StepUp, then verify).
 *
 * Pure: runs on the server and in the browser.
 */
import { isObject, text } from "~/lib/json";
import type { BuyerProfile } from "../../../server/webstore/index";

export { PROFILE_PATH } from "~/lib/paths";

/** The query of the page's second step: the code sent for a change of e-mail or phone. */
export const PROFILE_STEP_PARAM = "step";
export const PROFILE_CODE_STEP = "code";

export const PROFILE_INTENTS = {
  /** The details form: save the changes, or (e-mail or phone changed, 64.0+) send the code first. */
  save: "save",
  /** The code form: check the code, then save the changes it was sent for. */
  verify: "verify",
  /** The code form: send another code for the same changes. */
  resend: "resend",
  /** The code form: drop the waiting changes. */
  cancel: "cancel",
} as const;

/** The User object's field lengths, as the API checks them (FirstName 40, LastName 80, Email 128, Phone 40). */
export const PROFILE_MAX_LENGTHS = { firstName: 40, lastName: 80, email: 128, phoneNumber: 40 } as const;

export const PROFILE_LABELS = {
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  phoneNumber: "Phone Number",
  code: "Verification code",
} as const;

/** What the versions allow (the API answers 404 below each resource's version). */
export const PROFILE_READ_SINCE = 52;
export const PROFILE_EDIT_SINCE = 59;
export const PROFILE_STEP_UP_SINCE = 64;

/** The fields the page shows and edits (a type, not an interface: it is a form's default values as well). */
export type ProfileValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
};

export type ProfileView = ProfileValues & {
  /** The buyer's sign-in name (it does not change with the e-mail address). */
  userName: string;
};

/** The API's profile (GET or PATCH myprofile) as the page shows it: absent fields are empty. */
export function profileView(raw: BuyerProfile | null): ProfileView {
  const record = isObject(raw) ? raw : {};
  return {
    firstName: text(record.firstName) ?? "",
    lastName: text(record.lastName) ?? "",
    email: text(record.email) ?? "",
    phoneNumber: text(record.phoneNumber) ?? "",
    userName: text(record.userName) ?? "",
  };
}

/** What the page may do at an API version. */
export function profileAbilities(apiVersion: number) {
  return {
    readable: apiVersion >= PROFILE_READ_SINCE,
    editable: apiVersion >= PROFILE_EDIT_SINCE,
    stepUp: apiVersion >= PROFILE_STEP_UP_SINCE,
  };
}

/** Two phones are the same number when their digits (and a leading +) are: "(415) 555-0100" is "4155550100". */
export const samePhone = (a: string, b: string) => a.replace(/[^\d+]/g, "") === b.replace(/[^\d+]/g, "");

/**
 * Whether a change touches what only the buyer may change after proving who they are: the e-mail address (compared
 * without case, as addresses are) or the phone (compared by its digits).
 */
export function changesContact(before: ProfileValues, after: ProfileValues): boolean {
  return (
    before.email.trim().toLowerCase() !== after.email.trim().toLowerCase() ||
    !samePhone(before.phoneNumber, after.phoneNumber)
  );
}

/** Whether anything the form edits differs. */
export function changesAnything(before: ProfileValues, after: ProfileValues): boolean {
  return (
    changesContact(before, after) ||
    before.firstName.trim() !== after.firstName.trim() ||
    before.lastName.trim() !== after.lastName.trim() ||
    before.email.trim() !== after.email.trim()
  );
}
