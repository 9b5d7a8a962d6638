import { beforeEach, describe, expect, it } from "vitest";
import { shopper, type Shopper } from "./checkout-helpers.js";
import { TARGET_NAMES, api, at } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * Commerce Webstore My Profile (connect_resources_commerce_webstore_myprofile.htm: GET 52.0, PATCH 59.0) and its OTP
 * actions (…_myprofile_initotp.htm, …_myprofile_verifyotp.htm, 64.0); answers per Buyer Profile Update
 * (connect_responses_buyer_profile_patch.htm) and Buyer Profile Initiate OTP Output
 * (connect_responses_buyer_profile_init_output.htm). docs/emulator-identity.md, "My profile".
 */
describe.each(TARGET_NAMES)("my profile (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  let buyer: Shopper;
  beforeEach(async () => {
    buyer = await shopper(target, "buyer@demo.store");
  });
  const codeSentTo = async (to: string) => {
    const { messages } = (await call("GET", `/__emulator/outbox?to=${encodeURIComponent(to)}`)).body;
    return /verification code is (\d{6})/.exec(messages[0]?.text ?? "")?.[1];
  };

  it("reads the signed-in buyer's profile, with the 64.0 verification flags", async () => {
    const res = await buyer.call("GET", "myprofile");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: "buyer@demo.store",
      firstName: "Alex",
      lastName: "Buyer",
      phoneNumber: "4155550100",
      userName: "buyer@demo.store",
      isEmailVerified: true,
      isPhoneVerified: false,
    });
    // Before 64.0 the answer has no verification flags; before 52.0 there is no resource.
    const v63 = await buyer.call("GET", at("v63.0", "myprofile"));
    expect(v63.status).toBe(200);
    expect(Object.keys(v63.body).sort()).toEqual(["email", "firstName", "lastName", "phoneNumber", "userName"]);
    expect((await buyer.call("GET", at("v51.0", "myprofile"))).status).toBe(404);
  });

  it("refuses a guest: a guest has no profile", async () => {
    const res = await api(target)("GET", "myprofile");
    expect(res.status).toBe(401);
    expect(res.body[0].errorCode).toBe("INVALID_SESSION_ID");
  });

  it("updates names, e-mail and phone in one request (two-factor off), and a changed phone is unverified", async () => {
    const res = await buyer.call("PATCH", "myprofile", {
      firstName: "Alexis",
      phoneNumber: "4155550199",
      verificationInput: {},
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: "Alexis",
      lastName: "Buyer",
      phoneNumber: "4155550199",
      isPhoneVerified: false,
      verificationResponse: {},
    });
    expect((await buyer.call("GET", "myprofile")).body.firstName).toBe("Alexis");

    const email = await buyer.call("PATCH", "myprofile", { email: "alexis@demo.store", verificationInput: {} });
    expect(email.body).toMatchObject({
      email: "alexis@demo.store",
      isEmailVerified: false,
      userName: "buyer@demo.store",
    });
  });

  it("answers PATCH only from 59.0, and takes verificationInput (required) only from 64.0", async () => {
    expect((await buyer.call("PATCH", at("v58.0", "myprofile"), { firstName: "A" })).status).toBe(404);
    const v63 = await buyer.call("PATCH", at("v63.0", "myprofile"), { firstName: "Al" });
    expect(v63.status).toBe(200);
    expect(v63.body).not.toHaveProperty("verificationResponse");
    expect((await buyer.call("PATCH", at("v63.0", "myprofile"), { verificationInput: {} })).body[0].errorCode).toBe(
      "JSON_PARSER_ERROR",
    );
    const missing = await buyer.call("PATCH", "myprofile", { firstName: "Al" });
    expect(missing.status).toBe(400);
    expect(missing.body[0].errorCode).toBe("INVALID_API_INPUT");
  });

  it("refuses bad input: an unknown field, a blank last name, an e-mail that isn't one", async () => {
    const unknown = await buyer.call("PATCH", "myprofile", { nickname: "A", verificationInput: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body[0].errorCode).toBe("JSON_PARSER_ERROR");
    for (const body of [{ lastName: " " }, { email: "not-an-email" }, { firstName: "x".repeat(41) }]) {
      const res = await buyer.call("PATCH", "myprofile", { ...body, verificationInput: {} });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body[0].errorCode).toBe("INVALID_API_INPUT");
    }
    expect((await buyer.call("GET", "myprofile")).body.lastName).toBe("Buyer");
  });

  it("sends a Verify code by SMS (to the outbox), and the code verifies the phone", async () => {
    const init = await buyer.call("POST", "myprofile/actions/initOTP", {
      method: "SMS",
      reCaptchaToken: "token",
      type: "Verify",
    });
    expect(init.status).toBe(200);
    expect(init.body).toEqual({
      identifier: expect.any(String),
      message: "The update request was successful.",
      recipient: "(***) ***-0100",
      status: "Success",
    });
    const code = await codeSentTo("4155550100");
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await buyer.call("POST", "myprofile/actions/verify", {
      code: code === "000000" ? "111111" : "000000",
      identifier: init.body.identifier,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body[0].errorCode).toBe("INVALID_API_INPUT");

    const ok = await buyer.call("POST", "myprofile/actions/verify", { code, identifier: init.body.identifier });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ hasUserVerifiedEmail: true, hasUserVerifiedPhoneNumber: true });
    expect((await buyer.call("GET", "myprofile")).body.isPhoneVerified).toBe(true);
    // The code is used up.
    const again = await buyer.call("POST", "myprofile/actions/verify", { code, identifier: init.body.identifier });
    expect(again.status).toBe(400);
  });

  it("sends an e-mail code to the buyer's address, masked in the answer; a code expires with the clock", async () => {
    const init = await buyer.call("POST", "myprofile/actions/initOTP", {
      method: "EMAIL",
      reCaptchaToken: "token",
      type: "StepUp",
    });
    expect(init.body.recipient).toBe("bu***@de**.store");
    const code = await codeSentTo("buyer@demo.store");
    await call("POST", "/__emulator/clock", { advanceSeconds: 16 * 60 });
    const late = await buyer.call("POST", "myprofile/actions/verify", { code, identifier: init.body.identifier });
    expect(late.status).toBe(400);
  });

  it("refuses an OTP request without its required fields, and serves the actions only from 64.0", async () => {
    for (const body of [
      { reCaptchaToken: "t", type: "Verify" },
      { method: "FAX", reCaptchaToken: "t", type: "Verify" },
      { method: "SMS", type: "Verify" },
      { method: "SMS", reCaptchaToken: "t", type: "Login" },
    ]) {
      const res = await buyer.call("POST", "myprofile/actions/initOTP", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body[0].errorCode).toBe("INVALID_API_INPUT");
    }
    const missing = await buyer.call("POST", "myprofile/actions/verify", { code: "123456" });
    expect(missing.status).toBe(400);
    const body = { method: "SMS", reCaptchaToken: "t", type: "Verify" };
    expect((await buyer.call("POST", at("v63.0", "myprofile/actions/initOTP"), body)).status).toBe(404);
    expect((await buyer.call("POST", at("v63.0", "myprofile/actions/verify"), {})).status).toBe(404);
  });
});
