import { describe, expect, it, vi } from "vitest";
import { apiError, json, testClient } from "./fake-fetch.js";
import { ExpiringCache, NEVER_EXPIRES, createWebstoreCaches } from "../../server/webstore/index.js";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const appContext = (version: number, headers: Record<string, string> = {}) =>
  json({ defaultCurrency: "USD", supportedCurrencies: ["USD"], version }, 200, headers);

/** A client whose fetch answers application contexts numbered by call. */
function appContextClient(headers: Record<string, string> = {}, options = {}) {
  const time = clock();
  const caches = createWebstoreCaches({ now: time.now });
  const t = testClient((_req, i) => appContext(i + 1, headers), { caches, ...options });
  return { ...t, time, caches };
}

describe("application context cache (spec §4: 300000 ms or max-age, refreshed within 30 s of expiry)", () => {
  it("serves from the cache for 300000 ms without max-age, then loads again", async () => {
    const { client, calls, time } = appContextClient();
    expect(await client.getApplicationContext()).toMatchObject({ version: 1 });
    time.advance(269_999);
    expect(await client.getApplicationContext()).toMatchObject({ version: 1 });
    expect(calls).toHaveLength(1);
    time.advance(30_001);
    expect(await client.getApplicationContext()).toMatchObject({ version: 2 });
    expect(calls).toHaveLength(2);
  });

  it("honours the response's max-age", async () => {
    const { client, calls, time } = appContextClient({ "Cache-Control": "private, max-age=60" });
    await client.getApplicationContext();
    time.advance(60_000);
    expect(await client.getApplicationContext()).toMatchObject({ version: 2 });
    expect(calls).toHaveLength(2);

    const long = appContextClient({ "Cache-Control": "max-age=3600" });
    await long.client.getApplicationContext();
    long.time.advance(600_000);
    expect(await long.client.getApplicationContext()).toMatchObject({ version: 1 });
    expect(long.calls).toHaveLength(1);
  });

  it("within 30 s of expiry returns the cached value and refreshes it once in the background", async () => {
    const { client, calls, time } = appContextClient();
    await client.getApplicationContext();
    time.advance(275_000);
    const [a, b] = await Promise.all([client.getApplicationContext(), client.getApplicationContext()]);
    expect(a).toMatchObject({ version: 1 });
    expect(b).toMatchObject({ version: 1 });
    await vi.waitFor(async () => expect(await client.getApplicationContext()).toMatchObject({ version: 2 }));
    expect(calls).toHaveLength(2);
  });

  it("never caches an error: the next call asks again", async () => {
    const time = clock();
    const caches = createWebstoreCaches({ now: time.now });
    const { client, calls } = testClient(
      (_req, i) => (i === 0 ? apiError(500, "UNKNOWN_EXCEPTION", "boom") : appContext(2)),
      { caches, retry: { attempts: 1, pauseMs: 0 } },
    );
    await expect(client.getApplicationContext()).rejects.toMatchObject({ name: "FetchError", status: 500 });
    expect(await client.getApplicationContext()).toMatchObject({ version: 2 });
    expect(calls).toHaveLength(2);
  });

  it("keeps serving the old value when a background refresh fails; past its lifetime only while the API is down, for a day", async () => {
    const time = clock();
    const caches = createWebstoreCaches({ now: time.now });
    const { client, calls } = testClient(
      (_req, i) => (i === 0 ? appContext(1) : apiError(503, "SERVER_UNAVAILABLE", "down")),
      { caches, retry: { attempts: 1, pauseMs: 0 } },
    );
    await client.getApplicationContext();
    time.advance(290_000);
    expect(await client.getApplicationContext()).toMatchObject({ version: 1 });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // Expired: a load is waited for; the API is unavailable, so the last good value of the day stands in.
    time.advance(10_000);
    expect(await client.getApplicationContext()).toMatchObject({ version: 1 });
    time.advance(24 * 3_600_000);
    await expect(client.getApplicationContext()).rejects.toMatchObject({ status: 503 });
  });

  it("never stands in for a failure that is not the API's unavailability (a 500 answers this request only)", async () => {
    const time = clock();
    const caches = createWebstoreCaches({ now: time.now });
    const { client } = testClient((_req, i) => (i === 0 ? appContext(1) : apiError(500, "UNKNOWN_EXCEPTION", "bug")), {
      caches,
      retry: { attempts: 1, pauseMs: 0 },
    });
    await client.getApplicationContext();
    time.advance(300_000);
    await expect(client.getApplicationContext()).rejects.toMatchObject({ status: 500 });
  });

  it("shares entries between clients of one webstore, never across webstores", async () => {
    const time = clock();
    const caches = createWebstoreCaches({ now: time.now });
    const first = testClient(() => appContext(1), { caches });
    const sameStore = testClient(() => appContext(2), { caches, accessToken: "buyer" });
    const otherStore = testClient(() => appContext(3), { caches, webstoreId: "0ZEDM0000000002" });
    await first.client.getApplicationContext();
    expect(await sameStore.client.getApplicationContext()).toMatchObject({ version: 1 });
    expect(await otherStore.client.getApplicationContext()).toMatchObject({ version: 3 });
    expect(sameStore.calls).toHaveLength(0);
    expect(otherStore.calls).toHaveLength(1);
  });
});

describe("ExpiringCache", () => {
  it("keeps an entry with ttl -1 forever", async () => {
    const time = clock();
    const cache = new ExpiringCache(time.now);
    const load = vi.fn(async () => ({ value: "v" }));
    await cache.get("k", load, { ttlMs: NEVER_EXPIRES });
    time.advance(10 * 365 * 24 * 3_600_000);
    expect(await cache.get("k", load, { ttlMs: NEVER_EXPIRES })).toBe("v");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep an entry whose lifetime is 0 (max-age=0)", async () => {
    const cache = new ExpiringCache(clock().now);
    const load = vi.fn(async () => ({ value: "v", ttlMs: 0 }));
    await cache.get("k", load, { ttlMs: 300_000 });
    await cache.get("k", load, { ttlMs: 300_000 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one load between concurrent callers of a key", async () => {
    const cache = new ExpiringCache(clock().now);
    let release!: () => void;
    const load = vi.fn(() => new Promise<{ value: string }>((resolve) => (release = () => resolve({ value: "v" }))));
    const both = Promise.all([cache.get("k", load, { ttlMs: 1000 }), cache.get("k", load, { ttlMs: 1000 })]);
    release();
    expect(await both).toEqual(["v", "v"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("clear() forgets entries: the next get loads again", async () => {
    const cache = new ExpiringCache(clock().now);
    let n = 0;
    const load = async () => ({ value: ++n });
    expect(await cache.get("k", load, { ttlMs: 1000 })).toBe(1);
    expect(await cache.get("k", load, { ttlMs: 1000 })).toBe(1);
    cache.clear();
    expect(await cache.get("k", load, { ttlMs: 1000 })).toBe(2);
  });

  it("a load in flight when clear() runs answers its caller but is not kept", async () => {
    const cache = new ExpiringCache(clock().now);
    let release!: (value: string) => void;
    const stale = cache.get(
      "k",
      () => new Promise<{ value: string }>((resolve) => (release = (value) => resolve({ value }))),
      { ttlMs: 1000 },
    );
    cache.clear();
    release("before the reset");
    expect(await stale).toBe("before the reset");
    expect(await cache.get("k", async () => ({ value: "after the reset" }), { ttlMs: 1000 })).toBe("after the reset");
  });
});

describe("other cached resources", () => {
  it("caches the personalisation configuration for the default 300 s", async () => {
    const time = clock();
    const caches = createWebstoreCaches({ now: time.now });
    const { client, calls } = testClient((_req, i) => json({ isDeployed: i > 0 }), { caches });
    expect(await client.getPersonalizationConfig()).toEqual({ isDeployed: false });
    time.advance(299_999);
    expect(await client.getPersonalizationConfig()).toEqual({ isDeployed: false });
    time.advance(1);
    expect(await client.getPersonalizationConfig()).toEqual({ isDeployed: true });
    expect(calls.map((c) => c.url.pathname.endsWith("/ai/configuration"))).toEqual([true, true]);
  });

  it("caches SEO properties of a record for one hour, per record", async () => {
    const time = clock();
    const caches = createWebstoreCaches({ now: time.now });
    const { client, calls } = testClient((_req, i) => json({ title: `t${i}` }), { caches, communityId: "0DB1" });
    await client.getSeoProperties("1Os1", { fields: ["title"] });
    time.advance(3_599_999);
    expect(await client.getSeoProperties("1Os1", { fields: ["title"] })).toEqual({ title: "t0" });
    expect(await client.getSeoProperties("1Os2", { fields: ["title"] })).toEqual({ title: "t1" });
    time.advance(1);
    expect(await client.getSeoProperties("1Os1", { fields: ["title"] })).toEqual({ title: "t2" });
    expect(calls[0].url.pathname).toBe("/services/data/v65.0/connect/communities/0DB1/seo/properties/1Os1");
    expect(calls[0].url.searchParams.get("fields")).toBe("title");
  });

  it("refuses SEO properties without a community id", async () => {
    const { client, calls } = testClient();
    await expect(client.getSeoProperties("1Os1")).rejects.toThrow("communityId option is required");
    expect(calls).toHaveLength(0);
  });
});
