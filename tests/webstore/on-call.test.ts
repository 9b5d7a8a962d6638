import { describe, expect, it } from "vitest";
import type { CallReport } from "../../server/webstore/index.js";
import { apiError, json, testClient } from "./fake-fetch.js";

describe("onCall", () => {
  it("reports each of the caller's calls with its name and duration, and a failed one with its error", async () => {
    const reports: CallReport[] = [];
    const { client } = testClient(
      (req) =>
        req.url.includes("/products/") ? apiError(401, "INVALID_SESSION_ID", "Session expired or invalid") : json({}),
      { onCall: (call) => reports.push(call) },
    );
    await client.getSortRules();
    await expect(client.getProduct("01tDM0000000001")).rejects.toMatchObject({ name: "FetchError", status: 401 });
    expect(reports.map((r) => r.name)).toEqual(["getSortRules", "getProduct"]);
    expect(reports[0].error).toBeUndefined();
    expect(reports[0].ms).toBeGreaterThanOrEqual(0);
    expect(reports[1].error).toMatchObject({ status: 401 });
  });

  it("does not report the client's own reads: the application context a cart call consults for X-Highscale", async () => {
    const reports: string[] = [];
    const { client, calls } = testClient(
      (req) =>
        req.url.includes("application-context")
          ? apiError(401, "INVALID_SESSION_ID", "Session expired or invalid")
          : json({ cartId: "0a6" }),
      { highScaleCart: "applicationContext", onCall: (call) => reports.push(call.name) },
    );
    await client.getCart("current");
    // The context was read (and refused: the cart call goes without the header), but the caller made one call.
    expect(calls.some((c) => c.url.pathname.endsWith("application-context"))).toBe(true);
    expect(reports).toEqual(["getCart"]);
  });
});
