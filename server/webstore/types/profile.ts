import { z } from "zod";
import { optional, jsonValue, jsonField } from "./common.js";

/**
 * The buyer's profile (GET and PATCH myprofile). Buyer Profile Update (connect_responses_buyer_profile_patch): the
 * fields below, `userName` from 59.0, the verification flags and `verificationResponse` from 64.0. GET answers the
 * same fields without `verificationResponse` (its Buyer Profile Detail page was not found).
 */
export const BuyerProfileSchema = z
  .object({
    email: optional(z.string()),
    firstName: optional(z.string()),
    lastName: optional(z.string()),
    phoneNumber: optional(z.string()),
    userName: optional(z.string()),
    isEmailVerified: optional(z.boolean()),
    isPhoneVerified: optional(z.boolean()),
    verificationResponse: optional(z.record(jsonValue)),
  })
  .catchall(jsonField);
export type BuyerProfile = z.infer<typeof BuyerProfileSchema>;

/** Buyer Profile Initiate OTP Output (connect_responses_buyer_profile_init_output): `recipient` is masked. */
export const BuyerProfileOtpSchema = z
  .object({
    identifier: z.string(),
    message: optional(z.string()),
    recipient: optional(z.string()),
    status: optional(z.string()),
  })
  .catchall(jsonField);
export type BuyerProfileOtp = z.infer<typeof BuyerProfileOtpSchema>;

/** Verify OTP's answer: the two fields its resource page names (the output page was not found). */
export const BuyerProfileVerificationSchema = z
  .object({
    hasUserVerifiedEmail: optional(z.boolean()),
    hasUserVerifiedPhoneNumber: optional(z.boolean()),
  })
  .catchall(jsonField);
export type BuyerProfileVerification = z.infer<typeof BuyerProfileVerificationSchema>;
