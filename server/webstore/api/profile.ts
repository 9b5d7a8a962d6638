/**
 * The signed-in buyer's own user details: Commerce Webstore My Profile (GET 52.0, PATCH 59.0) and its one-time
 * password actions (initOTP, verify: 64.0), docs/emulator-identity.md "My profile". A guest has no profile.
 */
import { type ClientCore, documentedAt, required, send } from "../core.js";
import type { BuyerProfile, BuyerProfileOtp, BuyerProfileVerification } from "../types/index.js";

/**
 * Buyer Profile Input: the fields to change (an omitted one stays), and from 64.0 the required `verificationInput`:
 * `{}` on a site without two-factor authentication, the step-up's identifier (and a reCAPTCHA token) on one with it.
 */
export interface BuyerProfileInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string;
  verificationInput?: { reCaptchaToken?: string; stepUpVerificationIdentifier?: string };
}

/** Initiate OTP's input: where the code goes (EMAIL, SMS), what it is for (StepUp, Verify), the reCAPTCHA token. */
export interface BuyerProfileOtpInput {
  method: "EMAIL" | "SMS";
  type: "StepUp" | "Verify";
  reCaptchaToken: string;
}

export function profileApi(core: ClientCore) {
  const since = (version: number, resource: string) => {
    if (!documentedAt(core, version)) throw new TypeError(`${resource} is documented from API version ${version}.0`);
  };
  return {
    async getMyProfile(): Promise<BuyerProfile> {
      since(52, "GET myprofile");
      return send(core, { path: "myprofile" });
    },

    /** The answer (Buyer Profile Update) has the profile as changed. */
    async updateMyProfile(input: BuyerProfileInput): Promise<BuyerProfile> {
      since(59, "PATCH myprofile");
      // The version decides the body's shape: verificationInput is required from 64.0 and unknown before it.
      const { verificationInput, ...fields } = input;
      const body = documentedAt(core, 64) ? { ...fields, verificationInput: verificationInput ?? {} } : fields;
      return send(core, { method: "PATCH", path: "myprofile", body });
    },

    /** Sends a one-time password to the buyer's e-mail address or phone; the answer's identifier names it. */
    async initProfileOtp(input: BuyerProfileOtpInput): Promise<BuyerProfileOtp> {
      since(64, "myprofile/actions/initOTP");
      required(input.reCaptchaToken, "reCaptchaToken is required");
      return send(core, { method: "POST", path: "myprofile/actions/initOTP", body: input });
    },

    /** Checks the code the buyer received against the identifier initOTP answered. */
    async verifyProfileOtp(input: { code: string; identifier: string }): Promise<BuyerProfileVerification> {
      since(64, "myprofile/actions/verify");
      return send(core, {
        method: "POST",
        path: "myprofile/actions/verify",
        body: { code: input.code, identifier: required(input.identifier, "identifier is required") },
      });
    },
  };
}
