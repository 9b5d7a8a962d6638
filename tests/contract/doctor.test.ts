import { describe, expect, it } from "vitest";
import { formatLine, runDoctor, type DoctorOptions } from "../../scripts/doctor/checks.js";
import { DEMO_CLIENT } from "../support/identity.js";
import { TARGET_NAMES, WEBSTORE_ID } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * `npm run doctor`'s checks against the emulator as the demo org (all pass) and switched into each misconfiguration
 * (docs/emulator-identity.md, "Misconfigured orgs"), or given a wrong variable: the one ✗ line each produces, with
 * the fix in the org's terms.
 */
describe.each(TARGET_NAMES)("npm run doctor (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  const BUYER = { username: "buyer@demo.store", password: "demo-pass-1" };

  const doctor = async (overrides: Partial<DoctorOptions> = {}) => {
    const lines = await runDoctor({
      siteUrl: target.baseUrl,
      apiVersion: "65.0",
      webstoreId: WEBSTORE_ID,
      ...DEMO_CLIENT,
      testUser: BUYER,
      fetch: (request) => target.fetch(request),
      ...overrides,
    });
    return {
      lines,
      failed: lines.filter((l) => l.verdict === "fail").map(formatLine),
      printed: lines.map(formatLine),
    };
  };
  const misconfigure = async (orgSetup: Record<string, unknown>) =>
    expect((await call("POST", "/__emulator/settings", { orgSetup })).status).toBe(200);

  it("passes on the demo org: every line ✓", async () => {
    const { lines, printed } = await doctor();
    expect(lines.every((l) => l.verdict === "pass")).toBe(true);
    expect(printed).toEqual([
      `✓ Site ${target.baseUrl} answers as an Experience Cloud site`,
      "✓ Client app (WEBSTORE_CLIENT_ID, WEBSTORE_CLIENT_SECRET, WEBSTORE_REDIRECT_URI) accepted",
      "✓ Headless Guest Flow (a UVID exchanged for a guest token)",
      "✓ API v65.0 served",
      `✓ Webstore ${WEBSTORE_ID} answers application-context`,
      "✓ Guest access as the store reads it: browsing on, cart on, checkout on",
      "✓ Buyer buyer@demo.store signs in (Headless Login)",
      "✓ Buyer's session context readable",
      "✓ Buyer has an effective account (001DM0000000B2C)",
      "✓ Buyer's cart readable",
    ]);
  });

  it("without a test buyer, the buyer's checks are skipped (–), not failed", async () => {
    const { lines, failed, printed } = await doctor({ testUser: undefined });
    expect(failed).toEqual([]);
    expect(lines.at(-1)!.verdict).toBe("skip");
    expect(printed.at(-1)).toMatch(/^– Buyer sign-in.*set WEBSTORE_TEST_USERNAME and WEBSTORE_TEST_PASSWORD/);
  });

  it("guest flow off for the app", async () => {
    await misconfigure({ guestFlow: false });
    const { failed } = await doctor();
    expect(failed).toEqual([
      expect.stringMatching(
        /^✗ Headless Guest Flow \(a UVID exchanged for a guest token\) — 400 unauthorized_client: .*Headless Identity, allow the Authorization Code and Credentials Flow and turn on the Headless Guest Flow with this app selected$/,
      ),
    ]);
  });

  it("app not pre-authorised for the buyers", async () => {
    await misconfigure({ appPreAuthorized: false });
    const { failed } = await doctor();
    expect(failed).toEqual([
      expect.stringMatching(
        /^✗ Buyer buyer@demo\.store signs in \(Headless Login\) — 400 invalid_app_access: user is not admin approved to access this app; .*Permitted Users/,
      ),
    ]);
  });

  it("API disabled for the buyer", async () => {
    await misconfigure({ apiDisabledUsers: [BUYER.username] });
    const { failed } = await doctor();
    expect(failed).toEqual([
      expect.stringMatching(
        /^✗ Buyer's session context readable — 403 API_CURRENTLY_DISABLED: API is disabled for this User; .*"API Enabled" permission/,
      ),
    ]);
  });

  it("the buyer without the Buyer permission set", async () => {
    await misconfigure({ noBuyerPermissionUsers: [BUYER.username] });
    const { failed } = await doctor();
    expect(failed).toEqual([
      expect.stringMatching(
        /^✗ Buyer's session context readable — 403 INSUFFICIENT_ACCESS: .*Buyer \(or B2B Buyer\) permission set/,
      ),
    ]);
  });

  it("no buyer group for guests (the buyer still reads the store)", async () => {
    await misconfigure({ guestBuyerGroup: false });
    const { failed } = await doctor();
    expect(failed).toEqual([
      expect.stringMatching(
        new RegExp(
          `^✗ Webstore ${WEBSTORE_ID} answers application-context to guests — 404 WEBSTORE_NOT_FOUND: .*give the store's guest buyer profile a buyer group`,
        ),
      ),
    ]);
  });

  it("a wrong variable: client secret, callback, client id, webstore id, API version, site path, buyer's password", async () => {
    const client = /^✗ Client app \(WEBSTORE_CLIENT_ID, WEBSTORE_CLIENT_SECRET, WEBSTORE_REDIRECT_URI\) accepted — /;
    expect((await doctor({ clientSecret: "not-the-secret" })).failed).toEqual([
      expect.stringMatching(new RegExp(`${client.source}400 invalid_client: .*WEBSTORE_CLIENT_SECRET`)),
    ]);
    expect((await doctor({ redirectUri: "https://elsewhere.example/callback" })).failed).toEqual([
      expect.stringMatching(new RegExp(`${client.source}400 redirect_uri_mismatch: .*WEBSTORE_REDIRECT_URI`)),
    ]);
    expect((await doctor({ clientId: "no-such-app" })).failed).toEqual([
      expect.stringMatching(new RegExp(`${client.source}400 invalid_client_id: .*WEBSTORE_CLIENT_ID`)),
    ]);
    expect((await doctor({ webstoreId: "0ZE000000000404" })).failed).toEqual([
      expect.stringMatching(
        /^✗ Webstore 0ZE000000000404 answers application-context — 404 WEBSTORE_NOT_FOUND: .*check WEBSTORE_ID/,
      ),
    ]);
    const wrongStore = await doctor({ webstoreId: "0ZE000000000404" });
    // The buyer signs in, and their store checks are not repeated failures of the same cause.
    expect(wrongStore.printed.at(-1)).toBe(
      "– Buyer's session context, effective account and cart — not checked: the webstore isn't found (above)",
    );
    expect((await doctor({ apiVersion: "48.0" })).failed).toEqual([
      expect.stringMatching(/^✗ API v48\.0 served — 404 NOT_FOUND: .*WEBSTORE_API_VERSION/),
    ]);
    expect((await doctor({ siteUrl: `${target.baseUrl}/not-the-site` })).failed).toEqual([
      expect.stringMatching(
        /^✗ Site .*\/not-the-site answers as an Experience Cloud site — its identity endpoint answered 404; /,
      ),
    ]);
    expect((await doctor({ testUser: { username: BUYER.username, password: "wrong" } })).failed).toEqual([
      expect.stringMatching(
        /^✗ Buyer buyer@demo\.store signs in \(Headless Login\) — 400 invalid_grant: .*WEBSTORE_TEST_PASSWORD is wrong/,
      ),
    ]);
  });
});
