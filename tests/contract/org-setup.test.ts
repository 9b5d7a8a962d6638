import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createWebstoreCaches, createWebstoreClient, isFetchError } from "../../server/webstore/index.js";
import { DEMO_CLIENT } from "../support/identity.js";
import { TARGET_NAMES, WEBSTORE_ID, login } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * The emulator-only org setup switches (POST /__emulator/settings `orgSetup`): each puts the emulated org into a
 * misconfiguration a real org can be in, answered with what such an org answers (docs/emulator-identity.md,
 * "Misconfigured orgs", cites the pages). Off by default: the demo org is set up correctly.
 */
describe.each(TARGET_NAMES)("org setup switches (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  const client = () =>
    createWebstoreClient({
      fetch: (r) => target.fetch(r),
      baseUrl: target.baseUrl,
      webstoreId: WEBSTORE_ID,
      oauth: DEMO_CLIENT,
      caches: createWebstoreCaches(),
      sleep: async () => {},
    });
  const misconfigure = (orgSetup: unknown) => call("POST", "/__emulator/settings", { orgSetup });
  const refusal = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      if (isFetchError(error)) return { status: error.status, code: error.code, message: error.message };
      throw error;
    }
    throw new Error("expected a refusal");
  };

  it("reads as a correctly set-up org by default, and a reset brings that back", async () => {
    expect((await call("GET", "/__emulator/settings")).body.orgSetup).toEqual({
      guestFlow: true,
      appPreAuthorized: true,
      apiDisabledUsers: [],
      noBuyerPermissionUsers: [],
      guestBuyerGroup: true,
      headlessRequiresAuth: true,
    });
    expect((await misconfigure({ guestFlow: false })).body.orgSetup.guestFlow).toBe(false);
    await call("POST", "/__emulator/reset");
    expect((await call("GET", "/__emulator/settings")).body.orgSetup.guestFlow).toBe(true);
  });

  it("refuses a switch it doesn't have, or a value of the wrong kind (400, nothing changed)", async () => {
    const unknown = await misconfigure({ guestFlows: false });
    expect(unknown.status).toBe(400);
    expect(unknown.body[0].errorCode).toBe("INVALID_API_INPUT");
    expect((await misconfigure({ apiDisabledUsers: "buyer@demo.store" })).status).toBe(400);
    expect((await call("GET", "/__emulator/settings")).body.orgSetup.apiDisabledUsers).toEqual([]);
  });

  it("guest flow off for the app: a guest authorization is 400 unauthorized_client", async () => {
    await misconfigure({ guestFlow: false });
    expect(await refusal(() => client().guestLogin(randomUUID()))).toMatchObject({
      status: 400,
      code: "unauthorized_client",
    });
    // Buyers still sign in.
    await expect(client().headlessLogin("buyer@demo.store", "demo-pass-1")).resolves.toHaveProperty("accessToken");
  });

  it("app not pre-authorised: a right password is 400 invalid_app_access, a wrong one still invalid_grant", async () => {
    await misconfigure({ appPreAuthorized: false });
    expect(await refusal(() => client().headlessLogin("buyer@demo.store", "demo-pass-1"))).toEqual({
      status: 400,
      code: "invalid_app_access",
      message: "user is not admin approved to access this app",
    });
    expect(await refusal(() => client().headlessLogin("buyer@demo.store", "wrong"))).toMatchObject({
      code: "invalid_grant",
    });
    // Guests are not named users: their flow doesn't ask for approval.
    await expect(client().guestLogin(randomUUID())).resolves.toHaveProperty("accessToken");
  });

  it("API disabled for a buyer: they sign in, and every API call is 403 API_CURRENTLY_DISABLED", async () => {
    await misconfigure({ apiDisabledUsers: ["Buyer@Demo.Store"] });
    const buyer = await login(target, "buyer@demo.store");
    for (const path of ["session-context", "carts/current"]) {
      const answer = await call("GET", path, undefined, buyer);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual([{ errorCode: "API_CURRENTLY_DISABLED", message: "API is disabled for this User" }]);
    }
    // Another buyer is not affected.
    expect((await call("GET", "session-context", undefined, await login(target, "b2b@demo.store"))).status).toBe(200);
  });

  it("a buyer without the Buyer permission set: the store's resources are 403 INSUFFICIENT_ACCESS", async () => {
    await misconfigure({ noBuyerPermissionUsers: ["buyer@demo.store"] });
    const buyer = await login(target, "buyer@demo.store");
    const answer = await call("GET", "session-context", undefined, buyer);
    expect(answer.status).toBe(403);
    expect(answer.body[0].errorCode).toBe("INSUFFICIENT_ACCESS");
  });

  it("no buyer group for guests: a guest's store calls are 404 WEBSTORE_NOT_FOUND, a buyer's are not", async () => {
    await misconfigure({ guestBuyerGroup: false });
    const answer = await call("GET", "product-categories/children");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual([{ errorCode: "WEBSTORE_NOT_FOUND", message: `Webstore not found: ${WEBSTORE_ID}` }]);
    const buyer = await login(target, "buyer@demo.store");
    expect((await call("GET", "product-categories/children", undefined, buyer)).status).toBe(200);
  });
});
