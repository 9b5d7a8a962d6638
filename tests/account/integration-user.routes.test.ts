/**
 * Registration and password reset on a site that requires the integration user's token (the emulated site's default;
 * docs/emulator-identity.md, "Integration user"), from a store whose integration app the org refuses: the shopper
 * reads that the store can't do it right now, the operator's log names the variables to fix, and no code is mailed.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { BUYER, useStore } from "../support/routes";

const store = useStore({ env: { WEBSTORE_INTEGRATION_CLIENT_SECRET: "not-the-secret" } });
let logged: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await store.reset();
});

async function logOf<T>(run: () => Promise<T>): Promise<T> {
  logged = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
  });
  return run();
}

const mailed = async () =>
  ((await (await store.control("GET", "/__emulator/outbox")).json()) as { messages: unknown[] }).messages;

describe("A store whose integration user's token the org refuses", () => {
  test("registration: the store can't create the account right now; the log names the integration variables", async () => {
    const visitor = store.visitor();
    const page = await visitor.load("/register");
    const refused = await logOf(() =>
      visitor.fill(page, "Continue", {
        "First name": "Robin",
        "Last name": "Newcomer",
        Email: "robin@example.com",
        Password: "first-pass-1",
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("We couldn't create your account right now. Please try again later.");
    expect(refused.field("firstName")).toBe("Robin");
    expect(logged.join("\n")).toMatch(/invalid_client.*WEBSTORE_INTEGRATION_CLIENT_SECRET/);
    expect(await mailed()).toEqual([]);
  });

  test("password reset: no code can be sent right now; the log names the integration variables", async () => {
    const visitor = store.visitor();
    const page = await visitor.load("/forgot-password");
    const refused = await logOf(() => visitor.fill(page, "Send code", { Email: BUYER.username }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("We couldn't send a code right now. Please try again later.");
    expect(logged.join("\n")).toMatch(/WEBSTORE_INTEGRATION_CLIENT_SECRET/);
    expect(await mailed()).toEqual([]);
  });
});
