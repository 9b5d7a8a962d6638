/**
 * My profile (/account/profile): the signed-in buyer's own name, e-mail address and phone, read with GET myprofile
 * (52.0) and changed with PATCH myprofile (59.0). From 64.0 a change of e-mail address or phone is made the way the
 * Initiate OTP page describes ("changes to buyer's critical information, such as email and phone number, are
 * securely verified before the update"): a StepUp code is sent to the buyer's e-mail address (initOTP), the page asks
 * for it in a second step (verify), and only then is the change saved, its verificationInput naming the step-up.
 * Names alone are saved at once. docs/emulator-identity.md, "My profile", cites the pages.
 *
 * Between the two steps the changes wait in the session (sealed: the browser holds an opaque value), so a refused
 * code, a new code or going back to the details never loses what the buyer typed.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { isFetchError, type BuyerProfileInput } from "../../../server/webstore/index";
import { parseAccountForm } from "~/account/forms/account-forms.server";
import { profileCodeSchema, profileDetailsSchema, type ProfileDetailsValues } from "~/account/forms/profile-schema";
import {
  changesAnything,
  changesContact,
  PROFILE_CODE_STEP,
  PROFILE_INTENTS,
  PROFILE_PATH,
  PROFILE_STEP_PARAM,
  profileAbilities,
  profileView,
  samePhone,
  type ProfileValues,
  type ProfileView,
} from "~/account/model/profile";
import { loginPath } from "~/lib/paths";
import { formConstraint } from "~/lib/validation/constraint.server";
import { caught, errorMessage } from "~/shop/errors.server";
import { toast } from "~/shop/toast.server";
import type { ShopCore } from "~/shop/core.server";
import type { CoreSessionData, SessionKeys } from "~/shop/session.server";
import type { CartSessionData } from "~/cart/server/session.server";
import type { CheckoutSessionData } from "~/checkout/server/session.server";
import type { WishlistsSessionData } from "~/wishlists/wishlists.server";

/** A change of e-mail or phone waiting for its code, or (no `code`) the values of a change the API refused. */
export interface ProfileChange {
  userId: string;
  values: ProfileValues;
  code?: { identifier: string; recipient: string };
}

export interface AccountSessionData {
  profileChange: ProfileChange;
}

/** A change waiting for its code is the buyer's: it goes when they sign out. */
export const ACCOUNT_SESSION_KEYS: SessionKeys<AccountSessionData> = { signedIn: ["profileChange"], guest: [] };

/**
 * The account's view of the session: its own key, and the keys of the cart and the checkout that signing in and out
 * and switching accounts read or drop (a guest cart to preserve, an active payment link or checkout, the default
 * wishlist), declared by their owners.
 */
export type AccountCore = ShopCore<
  CoreSessionData &
    AccountSessionData &
    Pick<CartSessionData, "guestCartId" | "preserveCartErrorCount"> &
    Pick<CheckoutSessionData, "activeCheckoutId" | "paymentLinkId"> &
    Pick<WishlistsSessionData, "defaultWishlistId">
>;

export const SIGN_IN_FOR_PROFILE = "Sign in to see your profile.";
export const PROFILE_SAVED_MESSAGE = "Your profile is saved.";
export const PROFILE_UNCHANGED_MESSAGE = "Nothing to save: your profile is as it was.";
export const PROFILE_READ_ONLY_MESSAGE = "Your profile can't be changed here.";
export const PROFILE_CHANGE_CANCELLED_MESSAGE = "Your changes weren't saved.";
export const PROFILE_CHANGE_GONE_MESSAGE = "There's no change waiting for a code. Make your change again.";
export const PROFILE_SAVE_FAILED_MESSAGE = "We couldn't save your profile. Check it and try again.";
export const PROFILE_CODE_FAILED_MESSAGE = "We couldn't send a verification code right now. Please try again later.";
export const PROFILE_CODE_REFUSED_MESSAGE =
  "That code is wrong or has expired. Check the email, or ask for a new code.";
export const profileCodeSentMessage = (recipient: string) => `We've sent a verification code to ${recipient}.`;

/**
 * Initiate OTP requires a reCAPTCHA token (Google's answer to the site's reCAPTCHA). The storefront has no reCAPTCHA
 * widget, so it sends this stand-in, which the emulator takes (it can't ask Google); an org that checks the token
 * refuses the code, and the page says it couldn't send one (docs/emulator-identity.md, "My profile").
 */
export const STOREFRONT_RECAPTCHA_TOKEN = "storefront-without-recaptcha";

/** The action's answers of the two forms, told apart by `intent` (the page shows each under its form). */
type Reply<I extends string> = { intent: I; result: SubmissionResult<string[]> };

const codeStepPath = `${PROFILE_PATH}?${new URLSearchParams({ [PROFILE_STEP_PARAM]: PROFILE_CODE_STEP })}`;

const signInFirst = (shop: AccountCore) => shop.redirect(loginPath(PROFILE_PATH), toast("info", SIGN_IN_FOR_PROFILE));

const valuesOf = (view: ProfileValues): ProfileValues => ({
  firstName: view.firstName,
  lastName: view.lastName,
  email: view.email,
  phoneNumber: view.phoneNumber,
});

const formValues = (value: ProfileDetailsValues): ProfileValues => ({
  firstName: value.firstName ?? "",
  lastName: value.lastName,
  email: value.email,
  phoneNumber: value.phoneNumber ?? "",
});

/**
 * The PATCH body of a change: only the fields that changed (an omitted field stays as it is). The same number typed
 * with other separators is not sent: the API would take it for a new phone, unverified.
 */
function profileInput(before: ProfileValues, after: ProfileValues): BuyerProfileInput {
  const input: BuyerProfileInput = {};
  if (after.firstName !== before.firstName) input.firstName = after.firstName;
  if (after.lastName !== before.lastName) input.lastName = after.lastName;
  if (after.email !== before.email) input.email = after.email;
  if (!samePhone(before.phoneNumber, after.phoneNumber)) input.phoneNumber = after.phoneNumber;
  return input;
}

/** The session's waiting change, when it is this buyer's. */
function waitingChange(shop: AccountCore): ProfileChange | null {
  const change = shop.session.get("profileChange");
  return change && change.userId === shop.session.get("userId") ? change : null;
}

/** /account/profile, and with `?step=code` (`stepParam`) the code form of a change waiting for its code. */
export async function profilePage(shop: AccountCore, stepParam: string | null) {
  if (!shop.shopper.isLoggedIn) throw await signInFirst(shop);
  const abilities = profileAbilities(shop.client.apiVersion);
  // Below 52.0 there is no such resource: no page either (the account page doesn't link it).
  if (!abilities.readable) throw data("Profile not found", { status: 404 });
  const change = waitingChange(shop);
  const codeStep = stepParam === PROFILE_CODE_STEP;
  if (codeStep && !change?.code) throw await shop.redirect(PROFILE_PATH, toast("info", PROFILE_CHANGE_GONE_MESSAGE));
  // A refused change's values are shown once, in the form, to be sent again or changed.
  if (change && !change.code) shop.session.unset("profileChange");
  const profile: ProfileView = profileView(await shop.client.getMyProfile());
  return {
    step: codeStep ? ("code" as const) : ("details" as const),
    profile,
    abilities,
    /** What the details form starts with: a waiting or refused change's values, else the profile's. */
    values: change?.values ?? valuesOf(profile),
    /** The change waiting for its code: where the code went, and the new e-mail address and phone. */
    waiting: change?.code
      ? { recipient: change.code.recipient, email: change.values.email, phoneNumber: change.values.phoneNumber }
      : null,
    detailsConstraint: formConstraint(profileDetailsSchema),
    codeConstraint: formConstraint(profileCodeSchema),
  };
}

/** Every form of the page: the details, and the code step's (verify, resend, cancel). */
export async function submitProfile(shop: AccountCore, form: FormData) {
  if (!shop.shopper.isLoggedIn) throw await signInFirst(shop);
  const abilities = profileAbilities(shop.client.apiVersion);
  if (!abilities.editable) return shop.redirect(PROFILE_PATH, toast("error", PROFILE_READ_ONLY_MESSAGE));
  switch (form.get("intent")) {
    case PROFILE_INTENTS.verify:
      return submitCode(shop, form);
    case PROFILE_INTENTS.resend:
      return resendCode(shop);
    case PROFILE_INTENTS.cancel:
      shop.session.unset("profileChange");
      return shop.redirect(PROFILE_PATH, toast("info", PROFILE_CHANGE_CANCELLED_MESSAGE));
    default:
      return submitDetails(shop, form, abilities.stepUp);
  }
}

async function submitDetails(shop: AccountCore, form: FormData, stepUp: boolean) {
  const submission = parseAccountForm(form, profileDetailsSchema);
  const refuse = async (message: string) => {
    const result: Reply<"save"> = { intent: "save", result: submission.reply({ formErrors: [message] }) };
    return shop.reply(result, { status: 400 });
  };
  if (submission.status !== "success") {
    const result: Reply<"save"> = { intent: "save", result: submission.reply() };
    return shop.reply(result, { status: 400 });
  }
  const wanted = formValues(submission.value);
  let current: ProfileValues;
  try {
    current = valuesOf(profileView(await shop.client.getMyProfile()));
  } catch (error) {
    return refuse(errorMessage(caught(error), PROFILE_SAVE_FAILED_MESSAGE));
  }
  if (!changesAnything(current, wanted)) {
    shop.session.unset("profileChange");
    return shop.redirect(PROFILE_PATH, toast("info", PROFILE_UNCHANGED_MESSAGE));
  }
  if (!stepUp || !changesContact(current, wanted)) {
    const outcome = await save(shop, current, wanted, {});
    return outcome.saved ? saved(shop) : refuse(outcome.message);
  }
  const userId = shop.session.get("userId") ?? "";
  const code = await sendCode(shop);
  if (!code) return refuse(PROFILE_CODE_FAILED_MESSAGE);
  shop.session.set("profileChange", { userId, values: wanted, code });
  return shop.redirect(codeStepPath, toast("info", profileCodeSentMessage(code.recipient)));
}

/** A StepUp code to the buyer's e-mail address (the address the account has now): its identifier and where it went. */
async function sendCode(shop: AccountCore): Promise<ProfileChange["code"] | null> {
  try {
    const sent = await shop.client.initProfileOtp({
      method: "EMAIL",
      type: "StepUp",
      reCaptchaToken: STOREFRONT_RECAPTCHA_TOKEN,
    });
    return { identifier: sent.identifier, recipient: sent.recipient || "your email address" };
  } catch (error) {
    console.error("Sending a profile verification code failed:", error);
    return null;
  }
}

/** The PATCH of what changed: saved (the session's first name follows it), or refused with the form's message. */
async function save(
  shop: AccountCore,
  before: ProfileValues,
  after: ProfileValues,
  verificationInput: NonNullable<BuyerProfileInput["verificationInput"]>,
): Promise<{ saved: true } | { saved: false; message: string }> {
  try {
    await shop.client.updateMyProfile({ ...profileInput(before, after), verificationInput });
  } catch (error) {
    return { saved: false, message: errorMessage(caught(error), PROFILE_SAVE_FAILED_MESSAGE) };
  }
  shop.session.unset("profileChange");
  // The header greets the buyer by the first name the session keeps.
  if (after.firstName !== before.firstName) shop.session.set("firstName", after.firstName || undefined);
  return { saved: true };
}

const saved = (shop: AccountCore) => shop.redirect(PROFILE_PATH, toast("success", PROFILE_SAVED_MESSAGE));

async function submitCode(shop: AccountCore, form: FormData) {
  const change = waitingChange(shop);
  if (!change?.code) return shop.redirect(PROFILE_PATH, toast("info", PROFILE_CHANGE_GONE_MESSAGE));
  const submission = parseAccountForm(form, profileCodeSchema);
  const reply = (result: Reply<"verify">["result"]) =>
    shop.reply<Reply<"verify">>({ intent: "verify", result }, { status: 400 });
  if (submission.status !== "success") return reply(submission.reply());
  try {
    await shop.client.verifyProfileOtp({ code: submission.value.code, identifier: change.code.identifier });
  } catch (error) {
    // Verify OTP answers a wrong, used or expired code alike (400 INVALID_API_INPUT).
    if (isFetchError(error) && error.status === 400)
      return reply(submission.reply({ fieldErrors: { code: [PROFILE_CODE_REFUSED_MESSAGE] } }));
    return reply(submission.reply({ formErrors: [errorMessage(caught(error), PROFILE_SAVE_FAILED_MESSAGE)] }));
  }
  let current: ProfileValues;
  try {
    current = valuesOf(profileView(await shop.client.getMyProfile()));
  } catch (error) {
    return reply(submission.reply({ formErrors: [errorMessage(caught(error), PROFILE_SAVE_FAILED_MESSAGE)] }));
  }
  const outcome = await save(shop, current, change.values, {
    reCaptchaToken: STOREFRONT_RECAPTCHA_TOKEN,
    stepUpVerificationIdentifier: change.code.identifier,
  });
  if (outcome.saved) return saved(shop);
  // The code is spent: back to the details with the values, to be changed or sent again.
  shop.session.set("profileChange", { userId: change.userId, values: change.values });
  return shop.redirect(PROFILE_PATH, toast("error", outcome.message));
}

async function resendCode(shop: AccountCore) {
  const change = waitingChange(shop);
  if (!change?.code) return shop.redirect(PROFILE_PATH, toast("info", PROFILE_CHANGE_GONE_MESSAGE));
  const code = await sendCode(shop);
  if (!code) return shop.redirect(codeStepPath, toast("error", PROFILE_CODE_FAILED_MESSAGE));
  shop.session.set("profileChange", { ...change, code });
  return shop.redirect(codeStepPath, toast("info", profileCodeSentMessage(code.recipient)));
}
