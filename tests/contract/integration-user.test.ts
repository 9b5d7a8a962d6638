import { describe, expect, it } from "vitest";
import { DEMO_CLIENT, DEMO_INTEGRATION } from "../support/identity.js";
import { TARGET_NAMES } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * The org's internal integration user's token, through the OAuth 2.0 Client Credentials Flow
 * (docs/emulator-identity.md, "Integration user"): what a site that requires authentication takes on the first
 * requests of Headless Registration and Headless Forgot Password.
 */
describe.each(TARGET_NAMES)("Client Credentials Flow for the integration user (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  const token = async (fields: Record<string, string>) => {
    const res = await target.fetch(
      new Request(`${target.baseUrl}/services/oauth2/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "client_credentials", ...fields }).toString(),
      }),
    );
    return { status: res.status, body: await res.json() };
  };

  it("answers the Run As user's token with the app's scopes, and no refresh token", async () => {
    const { status, body } = await token({
      client_id: DEMO_INTEGRATION.clientId,
      client_secret: DEMO_INTEGRATION.clientSecret,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^00D\w+!/),
      signature: expect.any(String),
      scope: "api forgot_password user_registration_api",
      instance_url: target.baseUrl,
      id: `${target.baseUrl}/id/00DDM0000000001/005DM00000INT01`,
      token_type: "Bearer",
      issued_at: expect.stringMatching(/^\d+$/),
    });
  });

  it("refuses a wrong secret, an unknown app, and an app without a Run As user", async () => {
    expect(await token({ client_id: DEMO_INTEGRATION.clientId, client_secret: "wrong" })).toEqual({
      status: 400,
      body: { error: "invalid_client", error_description: "invalid client credentials" },
    });
    expect(await token({ client_id: "nobody", client_secret: "x" })).toEqual({
      status: 400,
      body: { error: "invalid_client_id", error_description: "client identifier invalid" },
    });
    expect(await token({ client_id: DEMO_CLIENT.clientId, client_secret: DEMO_CLIENT.clientSecret })).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "no client credentials user enabled" },
    });
  });

  it("its token is no buyer's or guest's: a Commerce call refuses it", async () => {
    const { body } = await token({
      client_id: DEMO_INTEGRATION.clientId,
      client_secret: DEMO_INTEGRATION.clientSecret,
    });
    const res = await call(
      "GET",
      "/services/data/v65.0/commerce/webstores/0ZEDEMO00000001/session-context",
      undefined,
      {
        authorization: `Bearer ${body.access_token}`,
      },
    );
    expect(res.status).toBe(401);
  });
});
