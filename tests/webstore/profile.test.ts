/**
 * The adapter's My Profile calls (server/webstore/api/profile.ts): the body of PATCH myprofile follows the version
 * (Buyer Profile Input's verificationInput is required from 64.0 and unknown before it), and a resource is not asked
 * for below the version that documents it.
 */
import { describe, expect, it } from "vitest";
import { json, testClient } from "./fake-fetch.js";

const sentBody = (calls: { body: string }[]) => JSON.parse(calls[0].body) as Record<string, unknown>;

describe("my profile", () => {
  it("sends verificationInput from 64.0 ({} unless given), and never before", async () => {
    const at65 = testClient(() => json({}), { accessToken: "t" });
    await at65.client.updateMyProfile({ firstName: "Alexis" });
    expect(at65.calls[0].method).toBe("PATCH");
    expect(sentBody(at65.calls)).toEqual({ firstName: "Alexis", verificationInput: {} });

    const stepped = testClient(() => json({}), { accessToken: "t" });
    await stepped.client.updateMyProfile({
      email: "new@example.com",
      verificationInput: { stepUpVerificationIdentifier: "id1", reCaptchaToken: "tok" },
    });
    expect(sentBody(stepped.calls)).toEqual({
      email: "new@example.com",
      verificationInput: { stepUpVerificationIdentifier: "id1", reCaptchaToken: "tok" },
    });

    const at63 = testClient(() => json({}), { accessToken: "t", apiVersion: "v63.0" });
    await at63.client.updateMyProfile({ firstName: "Alexis", verificationInput: {} });
    expect(sentBody(at63.calls)).toEqual({ firstName: "Alexis" });
  });

  it("asks for nothing below the version a resource is documented from", async () => {
    const at58 = testClient(() => json({}), { accessToken: "t", apiVersion: "v58.0" });
    await expect(at58.client.updateMyProfile({ firstName: "A" })).rejects.toThrow(TypeError);
    const at63 = testClient(() => json({}), { accessToken: "t", apiVersion: "v63.0" });
    await expect(
      at63.client.initProfileOtp({ method: "EMAIL", type: "StepUp", reCaptchaToken: "tok" }),
    ).rejects.toThrow(TypeError);
    await expect(at63.client.verifyProfileOtp({ code: "123456", identifier: "id1" })).rejects.toThrow(TypeError);
    const at51 = testClient(() => json({}), { accessToken: "t", apiVersion: "v51.0" });
    await expect(at51.client.getMyProfile()).rejects.toThrow(TypeError);
    expect([...at58.calls, ...at63.calls, ...at51.calls]).toEqual([]);
  });

  it("posts the OTP actions to their documented paths", async () => {
    const { client, calls } = testClient(() => json({ identifier: "id1" }), { accessToken: "t" });
    await client.initProfileOtp({ method: "EMAIL", type: "StepUp", reCaptchaToken: "tok" });
    await client.verifyProfileOtp({ code: "123456", identifier: "id1" });
    expect(calls.map((c) => [c.method, c.url.pathname.replace(/^.*\/webstores\/[^/]+\//, "")])).toEqual([
      ["POST", "myprofile/actions/initOTP"],
      ["POST", "myprofile/actions/verify"],
    ]);
    expect(JSON.parse(calls[0].body)).toEqual({ method: "EMAIL", type: "StepUp", reCaptchaToken: "tok" });
    expect(JSON.parse(calls[1].body)).toEqual({ code: "123456", identifier: "id1" });
  });
});
