import { describe, expect, it } from "vitest";
import { API, TARGET_NAMES, api, login, startTarget } from "./targets.js";
import { shopper } from "./checkout-helpers.js";
import { useTarget } from "./use-target.js";

describe.each(TARGET_NAMES)("context endpoints (%s)", (name) => {
  const { target, call } = useTarget(name);

  it("answers application-context to guests with every field the storefront reads", async () => {
    const res = await call("GET", "application-context");
    expect(res.status).toBe(200);
    for (const field of [
      "usesSingleEntitlementPolicy",
      "guestBrowsingEnabled",
      "usesUniversalPricebooks",
      "propertiesEx",
      "catalogSnapshotVersionId",
      "clientSidePaymentConfiguration",
      "supportedCurrencies",
      "defaultCurrency",
      "sessionDrivenCurrency",
      "checkoutSettings",
      "guestCartEnabled",
      "guestCheckoutEnabled",
      "guestCartCheckoutEnabled",
      "splitShipmentEnabled",
      "cartCalculateEnabled",
      "placeOrderV2Enabled",
      "shippingCountries",
      "taxType",
      "country",
      "markets",
      "inventoryConfiguration",
      "orderStatuses",
      "managedCheckoutVersion",
      "subscriptionConfig",
      "giftingConfig",
      "shopperConsentEnabled",
      "skipPhoneNumberValidationEnabled",
      "currencyIsoCode",
    ]) {
      expect(res.body, field).toHaveProperty(field);
    }
    expect(res.body.inventoryConfiguration.inventoryDefaultSource.reservationInSeconds).toBeTypeOf("number");
    expect(res.body.propertiesEx).toHaveProperty("highScaleCartEnabled");
  });

  it("answers an unknown webstore id with 404 WEBSTORE_NOT_FOUND", async () => {
    const res = await call("GET", "/services/data/v65.0/commerce/webstores/0ZENOTREAL00001/application-context");
    expect(res.status).toBe(404);
    expect(res.body).toEqual([{ errorCode: "WEBSTORE_NOT_FOUND", message: expect.any(String) }]);
  });

  it("answers an unknown resource with 404 NOT_FOUND and a wrong method with 405", async () => {
    expect((await call("GET", "no-such-resource")).body[0].errorCode).toBe("NOT_FOUND");
    const wrong = await call("DELETE", "application-context");
    expect(wrong.status).toBe(405);
    expect(wrong.body[0].errorCode).toBe("METHOD_NOT_ALLOWED");
  });

  it("treats a request without a token as a guest with the placeholder account", async () => {
    const res = await call("GET", "session-context");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ guestUser: true, effectiveAccountId: "000000000000000" });
  });

  it("answers session-context with the API's fields only (no client-derived isLoggedIn)", async () => {
    const res = await call("GET", "session-context", undefined, await login(target));
    expect(Object.keys(res.body).sort()).toEqual([
      "accountId",
      "accountName",
      "currencyIsoCode",
      "effectiveAccountId",
      "effectiveAccountName",
      "guestUser",
      "isPreview",
      "userId",
      "userName",
    ]);
  });

  it("signs a buyer in with the password grant and rejects a wrong password", async () => {
    const auth = await login(target);
    const res = await call("GET", "session-context", undefined, auth);
    expect(res.body).toMatchObject({ guestUser: false, userName: "Alex" });
    await expect(login(target, "buyer@demo.store", "wrong")).rejects.toThrow(/invalid_grant/);
  });

  it("expires a bearer token after two hours on the virtual clock", async () => {
    const auth = await login(target);
    expect((await call("GET", "session-context", undefined, auth)).status).toBe(200);
    await call("POST", "/__emulator/clock", { advanceSeconds: 2 * 3600 });
    const res = await call("GET", "session-context", undefined, auth);
    expect(res.status).toBe(401);
    expect(res.body[0].errorCode).toBe("INVALID_SESSION_ID");
  });

  it("lists the B2B buyer's managed accounts with the output's fields, and hides its own unless asked", async () => {
    const auth = await login(target, "b2b@demo.store");
    const without = await call("GET", "external-managed-accounts?includeMyAccount=false", undefined, auth);
    const withMine = await call("GET", "external-managed-accounts?includeMyAccount=true", undefined, auth);
    expect(withMine.status).toBe(200);
    expect(withMine.body.externalManagedAccounts.length).toBeGreaterThanOrEqual(3);
    expect(withMine.body.externalManagedAccounts.filter((a: any) => a.isMyAccount)).toHaveLength(1);
    for (const account of withMine.body.externalManagedAccounts) {
      expect(Object.keys(account).sort()).toEqual(["accountId", "accountName", "address", "isMyAccount"]);
      expect(Object.keys(account.address).sort()).toEqual(["city", "country", "state", "street", "zip"]);
    }
    expect(without.body.externalManagedAccounts.some((a: any) => a.isMyAccount)).toBe(false);
  });

  it("answers effective-accounts for a managed account and refuses one the buyer may not act for", async () => {
    const auth = await login(target, "b2b@demo.store");
    const ok = await call("GET", "effective-accounts/001DM00000ACME2?fields=Name,BillingCity", undefined, auth);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      accountId: "001DM00000ACME2",
      accountName: "Acme West Coast",
      fields: { Name: "Acme West Coast", BillingCity: "Oakland" },
    });
    const buyer = await login(target);
    const denied = await call("GET", "effective-accounts/001DM00000ACME2", undefined, buyer);
    expect(denied.status).toBe(404);
  });

  it("tells a consumer's person account from a business account (IsPersonAccount)", async () => {
    const isPerson = async (username: string, accountId: string) =>
      (
        await call(
          "GET",
          `effective-accounts/${accountId}?fields=IsPersonAccount`,
          undefined,
          await login(target, username),
        )
      ).body.fields;
    expect(await isPerson("buyer@demo.store", "001DM0000000B2C")).toEqual({
      Id: "001DM0000000B2C",
      IsPersonAccount: true,
    });
    expect(await isPerson("b2b@demo.store", "001DM00000ACME1")).toEqual({
      Id: "001DM00000ACME1",
      IsPersonAccount: false,
    });
    // A business buyer with a single account.
    expect(await isPerson("initech@demo.store", "001DM00000INIT1")).toEqual({
      Id: "001DM00000INIT1",
      IsPersonAccount: false,
    });
  });

  it("serves ai/configuration and shopperAgent/context", async () => {
    const ai = await call("GET", "ai/configuration");
    expect(ai.status).toBe(200);
    expect(Object.keys(ai.body).sort()).toEqual([
      "activityTrackingEnabled",
      "catalogExists",
      "deploymentEnabled",
      "host",
      "isDeployed",
      "siteId",
      "tenant",
    ]);
    expect((await call("GET", "shopperAgent/context")).status).toBe(200);
  });
});

describe("emulator test controls", () => {
  it("injects a fault N times with its status and errorCode, then lets requests through", async () => {
    const target = await startTarget("in-process");
    const call = api(target);
    const rule = await call("POST", "/__emulator/faults", {
      method: "GET",
      path: `${API}/application-context`,
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      times: 2,
    });
    expect(rule.status).toBe(201);
    expect((await call("GET", "application-context")).status).toBe(503);
    expect((await call("GET", "application-context")).body).toEqual([
      { errorCode: "SERVICE_UNAVAILABLE", message: expect.any(String) },
    ]);
    expect((await call("GET", "application-context")).status).toBe(200);
    const journal = await call("GET", "/__emulator/journal?path=application-context");
    expect(journal.body.entries.map((e: any) => e.status)).toEqual([503, 503, 200]);
    await target.close();
  });

  it("with after: true processes the request, then loses its answer: the fault replaces it, the effects stay", async () => {
    const target = await startTarget("in-process");
    const call = api(target);
    const guest = await shopper(target);
    const item = { productId: "01tDM0000000001", quantity: "1", type: "Product" };
    expect((await guest.call("POST", "carts", {})).status).toBe(201);
    const rule = await call("POST", "/__emulator/faults", {
      method: "POST",
      path: "*/cart-items",
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      after: true,
    });
    expect(rule.body).toMatchObject({ after: true, times: 1 });
    const lost = await guest.call("POST", "carts/active/cart-items", item);
    expect(lost.status).toBe(503);
    expect(lost.body).toEqual([{ errorCode: "SERVICE_UNAVAILABLE", message: expect.any(String) }]);
    const quantities = async () =>
      (await guest.call("GET", "carts/active/cart-items")).body.cartItems.map((i: any) => i.cartItem.quantity);
    expect(await quantities()).toEqual(["1.0"]);
    const journal = await call("GET", "/__emulator/journal?method=POST&path=cart-items");
    expect(journal.body.entries).toMatchObject([{ status: 503, fault: rule.body.id, processedStatus: 201 }]);
    // Without `after` the fault answers before processing: nothing is added.
    await call("POST", "/__emulator/faults", { method: "POST", path: "*/cart-items", status: 503 });
    expect((await guest.call("POST", "carts/active/cart-items", item)).status).toBe(503);
    expect(await quantities()).toEqual(["1.0"]);
    const last = (await call("GET", "/__emulator/journal?method=POST&path=cart-items")).body.entries.at(-1);
    expect(last).toMatchObject({ status: 503, processedStatus: null });
    await target.close();
  });

  it("resets data, clock and faults to the fixtures", async () => {
    const target = await startTarget("in-process");
    const call = api(target);
    await call("POST", "/__emulator/settings", { applicationContext: { guestCartEnabled: false } });
    await call("POST", "/__emulator/faults", { path: "*", status: 500, times: 0 });
    await call("POST", "/__emulator/reset");
    const ctx = await call("GET", "application-context");
    expect(ctx.status).toBe(200);
    expect(ctx.body.guestCartEnabled).toBe(true);
    await target.close();
  });

  it("rejects a fault rule without a path and a negative clock advance", async () => {
    const target = await startTarget("in-process");
    const call = api(target);
    expect((await call("POST", "/__emulator/faults", { status: 500 })).status).toBe(400);
    expect((await call("POST", "/__emulator/clock", { advanceSeconds: -5 })).status).toBe(400);
    await target.close();
  });
});
