/**
 * Failing fast and serving what the store knows while the API is down (server/webstore/breaker.ts, cache.ts): the
 * circuit breaker per API host, the per-call time limit, and the catalog's stale-if-error.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CATALOG_FRESH_MS,
  CATALOG_STALE_IF_ERROR_MS,
  CIRCUIT_OPEN,
  CALL_TIMED_OUT,
  SharedReadCache,
  breakerCheck,
  clearWebstoreCaches,
  breakerState,
  configureBreakers,
  createWebstoreCaches,
  isUnavailable,
  resetBreakers,
  FetchError,
} from "../../server/webstore/index.js";
import { abortedWhileSending, apiError, json, testClient } from "./fake-fetch.js";

let now = 1_000_000;
const COOL_OFF = 30_000;

beforeEach(() => {
  now = 1_000_000;
  resetBreakers();
  configureBreakers({ now: () => now, coolOffMs: COOL_OFF, failureThreshold: 3, readTimeoutMs: 50 });
});
afterEach(() => resetBreakers());

const product = (id: string) => json({ id, fields: { Name: `Product ${id}` } });
const once = { retry: { attempts: 1, pauseMs: 0 }, guarded: true } as const;

describe("the circuit breaker of an API host", () => {
  it("opens after N consecutive unavailable answers; calls then fail at once (503 CIRCUIT_OPEN), nothing sent", async () => {
    const { client, calls } = testClient(() => apiError(503, "SERVICE_UNAVAILABLE", "down"), once);
    for (let i = 0; i < 3; i++) await expect(client.getProduct("01t1")).rejects.toMatchObject({ status: 503 });
    expect(breakerState()).toMatchObject({ ok: false, hosts: [{ host: "emulator.local", state: "open" }] });
    expect(breakerCheck()).toEqual({
      ok: false,
      detail: `emulator.local open until ${new Date(now + COOL_OFF).toISOString()}`,
    });
    const refused = await client.getProduct("01t1").catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 503, code: CIRCUIT_OPEN });
    expect(isUnavailable(refused)).toBe(true);
    expect(calls).toHaveLength(3);
  });

  it("lets one probe through after the cool-off: an answer closes it, a failure opens it for another cool-off", async () => {
    let down = true;
    const { client, calls } = testClient(
      () => (down ? apiError(503, "SERVICE_UNAVAILABLE", "down") : product("01t1")),
      once,
    );
    for (let i = 0; i < 3; i++) await client.getProduct("01t1").catch(() => null);
    now += COOL_OFF;
    expect(breakerState().hosts[0]!.state).toBe("half-open");
    await expect(client.getProduct("01t1")).rejects.toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
    expect(breakerState().hosts[0]!.state).toBe("open");
    await expect(client.getProduct("01t1")).rejects.toMatchObject({ code: CIRCUIT_OPEN });
    expect(calls).toHaveLength(4);

    down = false;
    now += COOL_OFF;
    expect(await client.getProduct("01t1")).toMatchObject({ id: "01t1" });
    expect(breakerState()).toMatchObject({ ok: true, hosts: [{ state: "closed", consecutiveFailures: 0 }] });
    expect(breakerCheck()).toEqual({ ok: true });
  });

  it("counts only unavailability: a 404 or a 500 is an answer, and resets the count", async () => {
    const { client } = testClient(
      (_r, i) =>
        i % 2 === 0 ? apiError(503, "SERVICE_UNAVAILABLE", "down") : apiError(404, "NOT_FOUND", "no such product"),
      once,
    );
    for (let i = 0; i < 6; i++) await client.getProduct("01t1").catch(() => null);
    expect(breakerState().ok).toBe(true);
    const five = testClient(() => apiError(500, "UNKNOWN_EXCEPTION", "bug"), once);
    for (let i = 0; i < 4; i++) await five.client.getProduct("01t1").catch(() => null);
    expect(breakerState().ok).toBe(true);
  });

  it("stops retrying once the breaker opens, and an unguarded client (scripts, tests) has no breaker", async () => {
    const guarded = testClient(() => apiError(503, "SERVICE_UNAVAILABLE", "down"), {
      retry: { attempts: 5, pauseMs: 1 },
      guarded: true,
    });
    await expect(guarded.client.getProduct("01t1")).rejects.toMatchObject({ code: CIRCUIT_OPEN });
    expect(guarded.calls).toHaveLength(3);

    resetBreakers({ keepSettings: true });
    const plain = testClient(() => apiError(503, "SERVICE_UNAVAILABLE", "down"), {
      retry: { attempts: 1, pauseMs: 0 },
    });
    for (let i = 0; i < 5; i++) await plain.client.getProduct("01t1").catch(() => null);
    expect(plain.calls).toHaveLength(5);
    expect(breakerState().hosts).toEqual([]);
  });
});

describe("the per-call time limit", () => {
  it("fails a call the API has not answered within it (status 0, CALL_TIMED_OUT), counted by the breaker", async () => {
    const never = testClient(() => new Promise<Response>(() => undefined), once);
    const failure = await never.client.getProduct("01t1").catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 0, code: CALL_TIMED_OUT });
    expect(isUnavailable(failure)).toBe(true);
    expect(breakerState().hosts[0]!.consecutiveFailures).toBe(1);
  });

  it("aborts the request it gave up on", async () => {
    let aborted = false;
    const { client } = testClient(
      (_request, _call, signal) =>
        new Promise<Response>((_resolve, reject) => {
          signal!.addEventListener("abort", () => {
            aborted = true;
            reject(signal!.reason);
          });
        }),
      once,
    );
    await expect(client.getProduct("01t1")).rejects.toMatchObject({ code: CALL_TIMED_OUT });
    expect(aborted).toBe(true);
  });

  it("aborts the request it is sending when the shopper's request is aborted: Aborted, not a failure of the API", async () => {
    const shopper = new AbortController();
    const { client, calls } = testClient(abortedWhileSending(shopper), { guarded: true, signal: shopper.signal });
    const failure = await client.getProduct("01t1").catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: "Aborted" });
    expect(calls).toHaveLength(1);
    expect(breakerState().hosts[0]?.consecutiveFailures ?? 0).toBe(0);
  });
});

describe("stale-if-error: the catalog's last good answers", () => {
  const unavailable = () =>
    Promise.reject(new FetchError({ url: "x", status: 503, statusText: "Service Unavailable" }));

  it("serves the last good answer past its freshness while the API cannot answer, and says so", async () => {
    const cache = new SharedReadCache(() => now);
    expect(await cache.get("k", async () => "fresh")).toBe("fresh");
    now += 3_600_000;
    let told = 0;
    expect(await cache.get("k", unavailable, () => told++)).toBe("fresh");
    expect(told).toBe(1);
    // Not for another failure (a 500, a 404): those are answers about this request.
    const bug = () => Promise.reject(new FetchError({ url: "x", status: 500, statusText: "Internal Server Error" }));
    await expect(cache.get("k", bug)).rejects.toMatchObject({ status: 500 });
  });

  it("keeps it for a day only, and through a clear (the store changed: fresh answers are loaded again)", async () => {
    const cache = new SharedReadCache(() => now);
    await cache.get("k", async () => "v1");
    cache.clear();
    expect(await cache.get("k", unavailable)).toBe("v1");
    expect(await cache.get("k", async () => "v2")).toBe("v2");
    now += CATALOG_FRESH_MS + CATALOG_STALE_IF_ERROR_MS;
    await expect(cache.get("k", unavailable)).rejects.toMatchObject({ status: 503 });
  });

  it("forgets them when the store behind the API is reset (clearWebstoreCaches with lastGood)", async () => {
    const caches = createWebstoreCaches({ now: () => now });
    await caches.catalog.get("k", async () => "of the old store");
    clearWebstoreCaches(caches);
    expect(await caches.catalog.get("k", unavailable)).toBe("of the old store");
    clearWebstoreCaches(caches, { lastGood: true });
    await expect(caches.catalog.get("k", unavailable)).rejects.toMatchObject({ status: 503 });
  });

  it("bounds the memory the last good answers take (their JSON's length)", async () => {
    const cache = new SharedReadCache(() => now, 100, CATALOG_FRESH_MS, CATALOG_FRESH_MS, 86_400_000, 30);
    await cache.get("a", async () => "x".repeat(20));
    await cache.get("b", async () => "y".repeat(20));
    now += CATALOG_FRESH_MS * 2;
    expect(await cache.get("b", unavailable)).toBe("y".repeat(20));
    await expect(cache.get("a", unavailable)).rejects.toMatchObject({ status: 503 });
  });

  it("tells the client's onStale which catalog read was served stale; carts are never cached", async () => {
    const caches = createWebstoreCaches({ now: () => now });
    const stale: string[] = [];
    const up = testClient(() => product("01t1"), { ...once, caches, onStale: (r) => stale.push(r) });
    await up.client.getProduct("01t1");
    now += 3_600_000;
    const down = testClient(() => apiError(503, "SERVICE_UNAVAILABLE", "down"), {
      retry: { attempts: 1, pauseMs: 0 },
      caches,
      onStale: (r) => stale.push(r),
    });
    expect(await down.client.getProduct("01t1")).toMatchObject({ id: "01t1" });
    expect(stale).toEqual(["products/{id}"]);
    await expect(down.client.getCart("current")).rejects.toMatchObject({ status: 503 });
  });
});
