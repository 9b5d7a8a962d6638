import { describe, expect, it } from "vitest";
import { readConfig } from "../../server/config";

/** A real org's complete set of variables (values are placeholders; nothing is contacted). */
const REAL_ORG = {
  WEBSTORE_SITE_URL: "https://example.my.site.com/store",
  WEBSTORE_ID: "0ZE000000000001",
  WEBSTORE_COMMUNITY_ID: "0DB000000000001",
  WEBSTORE_CLIENT_ID: "client-id",
  WEBSTORE_CLIENT_SECRET: "client-secret",
  WEBSTORE_REDIRECT_URI: "https://shop.example/oauth/callback",
  SESSION_SECRET: "a-secret-of-at-least-sixteen-characters",
} as const;

const configOf = (env: Record<string, string>) => readConfig({ NODE_ENV: "production", ...env });

describe("required variables with a real org", () => {
  it("starts with every one set, and uses them rather than the demo's", () => {
    const config = configOf({ ...REAL_ORG });
    expect(config.mode).toBe("http");
    expect(config.WEBSTORE_ID).toBe(REAL_ORG.WEBSTORE_ID);
    expect(config.WEBSTORE_COMMUNITY_ID).toBe(REAL_ORG.WEBSTORE_COMMUNITY_ID);
  });

  for (const name of Object.keys(REAL_ORG).filter((k) => k !== "WEBSTORE_SITE_URL")) {
    it(`stops with one line naming ${name} when it is missing (or blank)`, () => {
      for (const value of [undefined, ""]) {
        const env: Record<string, string> = { ...REAL_ORG };
        if (value === undefined) delete env[name];
        else env[name] = value;
        let message = "";
        try {
          configOf(env);
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message.split("\n")).toHaveLength(1);
        expect(message).toMatch(new RegExp(`\\b${name}\\b is required`));
      }
    });
  }

  it("names every missing one on the same line", () => {
    expect(() => configOf({ WEBSTORE_SITE_URL: REAL_ORG.WEBSTORE_SITE_URL })).toThrow(
      /^Invalid configuration: WEBSTORE_ID, WEBSTORE_COMMUNITY_ID, WEBSTORE_CLIENT_ID, WEBSTORE_CLIENT_SECRET, WEBSTORE_REDIRECT_URI, SESSION_SECRET are required/,
    );
  });

  it("keeps the demo store's ids and app for the emulator", () => {
    const config = configOf({});
    expect(config.mode).toBe("emulator");
    expect(config.WEBSTORE_ID).toBe("0ZEDEMO00000001");
    expect(config.WEBSTORE_COMMUNITY_ID).toBe("0DBDM0000000001");
    expect(config.WEBSTORE_CLIENT_ID).toBe("demo-storefront");
  });

  it("gives the emulator the demo org's integration app, and a real org none of the demo's", () => {
    expect(configOf({})).toMatchObject({
      WEBSTORE_INTEGRATION_CLIENT_ID: "demo-integration",
      WEBSTORE_INTEGRATION_CLIENT_SECRET: "demo-integration-secret",
    });
    const real = configOf({ ...REAL_ORG });
    expect(real.WEBSTORE_INTEGRATION_CLIENT_ID).toBeUndefined();
    expect(real.WEBSTORE_INTEGRATION_CLIENT_SECRET).toBeUndefined();
    expect(
      configOf({
        ...REAL_ORG,
        WEBSTORE_ORG_URL: "https://example.my.salesforce.com",
        WEBSTORE_INTEGRATION_CLIENT_ID: "int-id",
        WEBSTORE_INTEGRATION_CLIENT_SECRET: "int-secret",
      }),
    ).toMatchObject({
      WEBSTORE_ORG_URL: "https://example.my.salesforce.com",
      WEBSTORE_INTEGRATION_CLIENT_ID: "int-id",
      WEBSTORE_INTEGRATION_CLIENT_SECRET: "int-secret",
    });
    expect(() => configOf({ WEBSTORE_ORG_URL: "not a url" })).toThrow(/WEBSTORE_ORG_URL/);
  });
});
