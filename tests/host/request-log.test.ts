import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { clearNamedCaches, readCacheClear } from "../../server/cache-bus";
import { compileTrustProxy } from "../../server/proxy";
import { readiness, registerReadinessCheck } from "../../server/readiness";
import { loggablePath, requestIdOf } from "../../server/request-log";
import { createWebstoreCaches } from "../../server/webstore/index";

describe("the request log", () => {
  it("keeps a path and its query's names, never the values (a search term, an e-mail)", () => {
    expect(loggablePath("/search?q=sam%40example.com&page=2&q=again")).toBe("/search?q&page");
    expect(loggablePath("/product/01tDM0000000001")).toBe("/product/01tDM0000000001");
    expect(loggablePath("/cart?")).toBe("/cart");
  });

  const request = (remoteAddress: string, id?: string) =>
    ({ socket: { remoteAddress }, get: (name: string) => (name === "X-Request-Id" ? id : undefined) }) as Request;

  it("takes the request id of a proxy TRUST_PROXY believes, and makes its own for anyone else", () => {
    const loopback = compileTrustProxy("loopback");
    expect(requestIdOf(request("127.0.0.1", "5361d6198332cf8b79b7c5a5e1a506ba"), loopback)).toBe(
      "5361d6198332cf8b79b7c5a5e1a506ba",
    );
    const fromOutside = requestIdOf(request("203.0.113.9", "5361d6198332cf8b79b7c5a5e1a506ba"), loopback);
    expect(fromOutside).not.toBe("5361d6198332cf8b79b7c5a5e1a506ba");
    expect(fromOutside).toMatch(/^[0-9a-f-]{36}$/);
    // An id that could bend a log line or a header is never taken, even from the proxy.
    expect(requestIdOf(request("127.0.0.1", 'x"\n{"level":"error"}'), loopback)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("cache invalidation messages", () => {
  it("reads the caches a message names and ignores anything else on the channel", () => {
    expect(readCacheClear('{"id":"a","caches":["catalog","nope"]}')).toEqual({
      id: "a",
      caches: ["catalog"],
      resetThrottle: false,
    });
    expect(readCacheClear('{"id":"b","caches":"all","resetThrottle":true}')).toMatchObject({ caches: "all" });
    expect(readCacheClear("not json")).toBeNull();
    expect(readCacheClear('{"caches":"all"}')).toBeNull();
  });

  it("empties the named caches only", async () => {
    const caches = createWebstoreCaches();
    const load = async () => ({ value: "kept" });
    await caches.seoProperties.get("k", load, { ttlMs: 60_000 });
    await caches.applicationContext.get("k", load, { ttlMs: 60_000 });
    clearNamedCaches(caches, ["seoProperties"]);
    let reloads = 0;
    const counting = async () => ({ value: `load ${++reloads}` });
    await caches.seoProperties.get("k", counting, { ttlMs: 60_000 });
    await caches.applicationContext.get("k", counting, { ttlMs: 60_000 });
    expect(reloads).toBe(1);
  });
});

describe("/readyz", () => {
  it("is ready when every check passes, a registered one included; not while draining", async () => {
    let breakerOpen = false;
    registerReadinessCheck("breaker", () => (breakerOpen ? { ok: false, detail: "open" } : { ok: true }));
    const own = { api: () => ({ ok: true }) };
    expect(await readiness(own, false)).toEqual({
      ok: true,
      draining: false,
      checks: { api: { ok: true }, breaker: { ok: true } },
    });
    breakerOpen = true;
    expect(await readiness(own, false)).toMatchObject({
      ok: false,
      checks: { breaker: { ok: false, detail: "open" } },
    });
    breakerOpen = false;
    expect(await readiness(own, true)).toMatchObject({ ok: false, draining: true });
    expect(await readiness({ api: () => Promise.reject(new Error("connect ECONNREFUSED")) }, false)).toMatchObject({
      ok: false,
      checks: { api: { ok: false, detail: "connect ECONNREFUSED" } },
    });
  });
});
