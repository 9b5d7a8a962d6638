import { describe, expect, it, vi } from "vitest";
import { BASE, STORE, apiError, fakeFetch, json, rel } from "./fake-fetch.js";
import {
  CATALOG_FRESH_MS,
  CATALOG_MAX_STALE_MS,
  RECOMMENDATIONS_FRESH_MS,
  SharedReadCache,
  clearWebstoreCaches,
  createWebstoreCaches,
  createWebstoreClient,
  type WebstoreClientOptions,
} from "../../server/webstore/index.js";

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** Loads that answer their call number, resolved when the test says so. */
function loads() {
  let n = 0;
  const pending: (() => void)[] = [];
  const load = () =>
    new Promise<number>((resolve) => {
      const value = ++n;
      pending.push(() => resolve(value));
    });
  return { load, calls: () => n, settle: () => pending.splice(0).forEach((f) => f()) };
}

describe("the shared catalog cache (lru-cache: ttl, fetchMethod, allowStale)", () => {
  it("loads a key once however many callers wait for it, and serves it while fresh", async () => {
    const time = clock();
    const cache = new SharedReadCache(time.now);
    const l = loads();
    const both = Promise.all([cache.get("k", l.load), cache.get("k", l.load)]);
    l.settle();
    expect(await both).toEqual([1, 1]);
    time.advance(CATALOG_FRESH_MS - 1);
    expect(await cache.get("k", l.load)).toBe(1);
    expect(l.calls()).toBe(1);
  });

  it("serves a stale answer at once and refreshes it once in the background", async () => {
    const time = clock();
    const cache = new SharedReadCache(time.now);
    let n = 0;
    const load = async () => ++n;
    await cache.get("k", load);
    time.advance(CATALOG_FRESH_MS + 1);
    expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual([1, 1]);
    await vi.waitFor(async () => expect(await cache.get("k", load)).toBe(2));
    expect(n).toBe(2);
  });

  it("waits for a fresh answer once the stale one is too old", async () => {
    const time = clock();
    const cache = new SharedReadCache(time.now);
    let n = 0;
    const load = async () => ++n;
    await cache.get("k", load);
    time.advance(CATALOG_MAX_STALE_MS + 1);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("never keeps a failure, and keeps serving the stale answer when a refresh fails", async () => {
    const time = clock();
    const cache = new SharedReadCache(time.now);
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => 1)).toBe(1);
    time.advance(CATALOG_FRESH_MS + 1);
    const failing = vi.fn(() => Promise.reject(new Error("down")));
    expect(await cache.get("k", failing)).toBe(1);
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    expect(await cache.get("k", async () => 2)).toBe(1);
  });

  it("forgets everything on clear, and a load in flight is answered to its callers but not kept", async () => {
    const time = clock();
    const cache = new SharedReadCache(time.now);
    const l = loads();
    const inFlight = cache.get("k", l.load);
    cache.clear();
    l.settle();
    expect(await inFlight).toBe(1);
    const next = cache.get("k", l.load);
    l.settle();
    expect(await next).toBe(2);
  });
});

describe("catalog reads through the client", () => {
  const answers = (req: Request) => json({ path: new URL(req.url).pathname });
  function clients() {
    const time = clock();
    const caches = createWebstoreCaches({ now: time.now });
    const fake = fakeFetch(answers);
    const make = (options: Partial<WebstoreClientOptions> = {}) =>
      createWebstoreClient({ fetch: fake.fetch, baseUrl: BASE, webstoreId: STORE, caches, ...options });
    return { make, calls: fake.calls, time, caches };
  }

  it("shares search results, products, prices and categories between clients of one scope", async () => {
    const { make, calls } = clients();
    for (let i = 0; i < 2; i++) {
      const client = make({ accessToken: `guest-token-${i}`, catalogScope: "guest" });
      await client.searchProducts({ searchTerm: "mug", includePrices: true });
      await client.getProduct("01tA");
      await client.getProductPrice("01tA");
      await client.getProductPrices(["01tA", "01tB"]);
      await client.getProducts(["01tA"]);
      await client.getCategory("0ZGA");
      await client.getCategoryPath("0ZGA");
    }
    expect(calls.map((c) => `${rel(c)}${c.url.search}`)).toEqual([
      "search/product-search",
      "products/01tA",
      "pricing/products/01tA",
      "pricing/products?productIds=01tA%2C01tB",
      "products?ids=01tA",
      "product-categories/0ZGA",
      "product-category-path/product-categories/0ZGA",
    ]);
  });

  it("keeps scopes apart: guests, accounts, currencies; a different search is a different answer", async () => {
    const { make, calls } = clients();
    await make({ accessToken: "t", catalogScope: "guest" }).searchProducts({ searchTerm: "mug" });
    await make({ accessToken: "t", catalogScope: "guest" }).searchProducts({ searchTerm: "cup" });
    await make({ accessToken: "t", catalogScope: "account:001A" }).searchProducts({ searchTerm: "mug" });
    await make({ accessToken: "t", catalogScope: "guest", currencyIsoCode: "EUR" }).searchProducts({
      searchTerm: "mug",
    });
    await make({ accessToken: "t", effectiveAccountId: "001B" }).searchProducts({ searchTerm: "mug" });
    expect(calls).toHaveLength(5);
  });

  it("never shares what a token without a scope read, nor with catalogScope null", async () => {
    const { make, calls } = clients();
    await make({ accessToken: "buyer" }).getProduct("01tA");
    await make({ accessToken: "buyer" }).getProduct("01tA");
    await make({ catalogScope: null }).getProduct("01tA");
    await make({ catalogScope: null }).getProduct("01tA");
    expect(calls).toHaveLength(4);
  });

  it("asks again after clearWebstoreCaches (an emulator reset or settings change)", async () => {
    const { make, calls, caches } = clients();
    await make({ catalogScope: "guest" }).getProduct("01tA");
    clearWebstoreCaches(caches);
    await make({ catalogScope: "guest" }).getProduct("01tA");
    expect(calls).toHaveLength(2);
  });

  it("never keeps an API error", async () => {
    const time = clock();
    const caches = createWebstoreCaches({ now: time.now });
    let fail = true;
    const fake = fakeFetch(() => (fail ? apiError(503, "SERVICE_UNAVAILABLE", "down") : json({ id: "01tA" })));
    const client = () =>
      createWebstoreClient({
        fetch: fake.fetch,
        baseUrl: BASE,
        webstoreId: STORE,
        caches,
        catalogScope: "guest",
        retry: { attempts: 1, pauseMs: 0 },
      });
    await expect(client().getProduct("01tA")).rejects.toMatchObject({ status: 503 });
    fail = false;
    expect(await client().getProduct("01tA")).toEqual({ id: "01tA" });
  });
});

describe("recommendations through the client (GET ai/recommendations, shared per catalog scope)", () => {
  const ANCHOR = "01tDM0000000001";
  const OTHER = "01tDM0000000008";
  /** Each answer names its call, so a test tells a kept answer from a new one. */
  const answer = (n: number) => json({ productPage: { products: [{ id: `answer-${n}` }] } });
  function clients(responder: (n: number) => Response = answer) {
    const time = clock();
    const caches = createWebstoreCaches({ now: time.now });
    const fake = fakeFetch((_request, i) => responder(i + 1));
    const make = (options: Partial<WebstoreClientOptions> = {}) =>
      createWebstoreClient({
        fetch: fake.fetch,
        baseUrl: BASE,
        webstoreId: STORE,
        caches,
        accessToken: "t",
        retry: { attempts: 1, pauseMs: 0 },
        ...options,
      });
    const recommend = (options: Partial<WebstoreClientOptions>, anchorValues = [ANCHOR], shopperId = "visitor-1") =>
      make(options).getRecommendations({ recommender: "CustomersWhoBoughtAlsoBought", anchorValues, shopperId });
    const reads = () => fake.calls.filter((c) => rel(c) === "ai/recommendations").length;
    return { recommend, reads, time, caches, calls: fake.calls };
  }
  const firstId = (answer: { productPage?: { products?: { id?: string }[] } }) => answer.productPage?.products?.[0]?.id;

  it("a second view within 30 s reads nothing; a view after 30 s reads again and gets the new answer", async () => {
    const { recommend, reads, time } = clients();
    const first = await recommend({ catalogScope: "guest" });
    time.advance(RECOMMENDATIONS_FRESH_MS - 1);
    // Another shopper of the scope, with another visitor id: the answer doesn't depend on the shopper.
    expect(firstId(await recommend({ catalogScope: "guest" }, [ANCHOR], "visitor-2"))).toBe(firstId(first));
    expect(reads()).toBe(1);
    time.advance(2);
    expect(firstId(await recommend({ catalogScope: "guest" }))).toBe("answer-2");
    expect(reads()).toBe(2);
  });

  it("keeps catalog scopes, currencies, anchors and the anchors' order apart", async () => {
    const { recommend, reads, calls } = clients();
    const a = await recommend({ catalogScope: "account:001A" });
    const b = await recommend({ catalogScope: "account:001B" });
    expect(firstId(a)).not.toBe(firstId(b));
    await recommend({ catalogScope: "account:001A", currencyIsoCode: "EUR" });
    await recommend({ catalogScope: "account:001A" }, [OTHER]);
    await recommend({ catalogScope: "account:001A" }, [ANCHOR, OTHER]);
    await recommend({ catalogScope: "account:001A" }, [OTHER, ANCHOR]);
    expect(reads()).toBe(6);
    // What each read asked for, as the API got it.
    expect(calls.at(-1)?.url.searchParams.get("anchorValues")).toBe(`${OTHER},${ANCHOR}`);
    expect(calls.at(-1)?.headers.get("cookie")).toBe("cqcid=visitor-1");
  });

  it("never shares what a client without a scope read", async () => {
    const { recommend, reads } = clients();
    await recommend({ catalogScope: null });
    await recommend({ catalogScope: null });
    expect(reads()).toBe(2);
  });

  it("keeps no failed read, and serves no old answer while the API is down (no stale-if-error)", async () => {
    let down = false;
    const { recommend, reads, time } = clients((n) =>
      down ? apiError(503, "SERVICE_UNAVAILABLE", "down") : answer(n),
    );
    expect(firstId(await recommend({ catalogScope: "guest" }))).toBe("answer-1");
    time.advance(RECOMMENDATIONS_FRESH_MS + 1);
    down = true;
    await expect(recommend({ catalogScope: "guest" })).rejects.toMatchObject({ status: 503 });
    down = false;
    expect(firstId(await recommend({ catalogScope: "guest" }))).toBe("answer-3");
    expect(reads()).toBe(3);
  });

  it("asks again after clearWebstoreCaches (an emulator reset or settings change)", async () => {
    const { recommend, reads, caches } = clients();
    await recommend({ catalogScope: "guest" });
    clearWebstoreCaches(caches);
    await recommend({ catalogScope: "guest" });
    expect(reads()).toBe(2);
  });
});
