import { describe, expect, it, vi } from "vitest";
import { json, testClient } from "./fake-fetch.js";

/**
 * A client without a token but with a way to get one (a visitor's first action) gets it before its first Commerce
 * call: never a call without a token, which a site that lets guests use the API would answer as its one guest user,
 * the same for every visitor.
 */
describe("a client with no token yet", () => {
  it("gets one first, once for calls made together, and sends every call with it", async () => {
    const renewToken = vi.fn(async () => "guest-1");
    const { client, calls } = testClient(() => json({ cartId: "0a6" }, 201), { renewToken });
    await Promise.all([client.createCart(), client.getCart("current")]);
    await client.getCart("current");
    expect(renewToken).toHaveBeenCalledOnce();
    expect(calls.map((c) => c.headers.get("authorization"))).toEqual(Array(3).fill("Bearer guest-1"));
  });

  it("sends the call without one when none can be had (the API's refusal then speaks)", async () => {
    const renewToken = vi.fn(async () => undefined);
    const { client, calls } = testClient(() => json({ cartId: null }), { renewToken });
    await client.getCart("current");
    expect(calls[0].headers.get("authorization")).toBeNull();
  });
});
