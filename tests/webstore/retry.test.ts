import { describe, expect, it } from "vitest";
import { apiError, fakeFetch, json, sequence, testClient, BASE, STORE, type Responder } from "./fake-fetch.js";
import {
  FetchError,
  SERVER_RENDERING_RETRY,
  createWebstoreClient,
  neverReachedServer,
  type WebstoreClientOptions,
} from "../../server/webstore/index.js";

const cartSummary = { cartId: "0a6", totalProductCount: "0.0", uniqueProductCount: 0 };

/** What the platform fetch throws when the connection is refused before anything is sent. */
const refused = () =>
  new TypeError("fetch failed", {
    cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }),
  });
/** … and when the connection dropped after the request went out. */
const reset = () =>
  new TypeError("fetch failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) });

describe("retry of transient failures (spec §4: 3 attempts, 4 s apart, never after 409)", () => {
  it("retries a GET answered 503 twice and succeeds on the third attempt, pausing 4000 ms between", async () => {
    const { client, calls, sleeps } = testClient(
      sequence(
        () => apiError(503, "SERVER_UNAVAILABLE", "busy"),
        () => apiError(503, "SERVER_UNAVAILABLE", "busy"),
        () => json(cartSummary),
      ),
    );
    const answer = await client.getCart("current");
    expect(answer).toEqual({ status: 200, processing: false, data: cartSummary });
    expect(calls.map((c) => c.method)).toEqual(["GET", "GET", "GET"]);
    expect(sleeps).toEqual([4000, 4000]);
  });

  it("gives up after the last attempt with the last failure", async () => {
    const { client, calls, sleeps } = testClient(() => apiError(503, "SERVER_UNAVAILABLE", "still busy"));
    await expect(client.getShopperAgentContext()).rejects.toMatchObject({
      name: "FetchError",
      status: 503,
      message: "still busy",
    });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([4000, 4000]);
  });

  it("never retries a 409 conflict", async () => {
    const { client, calls, sleeps } = testClient(() => apiError(409, "CONFLICT", "Checkout changed"));
    await expect(client.updateCheckout("2z9A", { deliveryMethodId: "2Dm1" })).rejects.toMatchObject({
      status: 409,
      code: "CONFLICT",
    });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("does not retry a 400: the same input fails the same way", async () => {
    const { client, calls } = testClient(() => apiError(400, "INVALID_API_INPUT", "Bad coupon"));
    await expect(client.applyCoupon("current", "NOPE")).rejects.toBeInstanceOf(FetchError);
    expect(calls).toHaveLength(1);
  });

  it("retries any network failure of a read and reports a final one as a FetchError with status 0", async () => {
    const flaky = testClient(
      sequence(
        () => {
          throw reset();
        },
        () => json({}),
      ),
    );
    await expect(flaky.client.getShopperAgentContext()).resolves.toEqual({});
    expect(flaky.calls).toHaveLength(2);

    const down = testClient(() => {
      throw new TypeError("fetch failed");
    });
    await expect(down.client.getShopperAgentContext()).rejects.toMatchObject({
      name: "FetchError",
      status: 0,
      message: "fetch failed",
    });
    expect(down.calls).toHaveLength(3);
  });

  it("follows a configured policy", async () => {
    const { client, calls, sleeps } = testClient(() => apiError(500, "UNKNOWN_EXCEPTION", "broken"), {
      retry: { attempts: 2, pauseMs: 10 },
    });
    await expect(client.getShopperAgentContext()).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([10]);
  });

  it("does not retry a 429: a rate-limited lookup must show its message at once", async () => {
    const { client, calls, sleeps } = testClient(() => apiError(429, "REQUEST_LIMIT_EXCEEDED", "slow down"));
    await expect(client.getShopperAgentContext()).rejects.toMatchObject({ status: 429 });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe("writes are never sent twice: retried only when the request never reached the server", () => {
  it("does not retry a POST, PUT, PATCH or DELETE answered 5xx: the API may have done it", async () => {
    const { client, calls, sleeps } = testClient(() => apiError(503, "SERVER_UNAVAILABLE", "busy"));
    await expect(client.addCartItem("current", { productId: "01t1", quantity: 1 })).rejects.toMatchObject({
      status: 503,
    });
    await expect(client.makePayment("2z9A", { requestType: "Auth", paymentToken: "tok_1" })).rejects.toMatchObject({
      status: 503,
    });
    await expect(client.startCheckout()).rejects.toMatchObject({ status: 503 });
    await expect(client.updateCheckout("2z9A", { deliveryMethodId: "2Dm1" })).rejects.toMatchObject({ status: 503 });
    await expect(client.deleteCartItem("current", "0a9")).rejects.toMatchObject({ status: 503 });
    expect(calls.map((c) => c.method)).toEqual(["POST", "POST", "PUT", "PATCH", "DELETE"]);
    expect(sleeps).toEqual([]);
  });

  it("does not retry a write whose connection failed after sending (reset, timeout, unknown)", async () => {
    for (const failure of [
      reset,
      () => new TypeError("fetch failed"),
      () => new DOMException("The operation timed out.", "TimeoutError"),
    ]) {
      const { client, calls, sleeps } = testClient(() => {
        throw failure();
      });
      await expect(client.addCartItem("current", { productId: "01t1", quantity: 1 })).rejects.toMatchObject({
        name: "FetchError",
        status: 0,
      });
      expect(calls).toHaveLength(1);
      expect(sleeps).toEqual([]);
    }
  });

  it("retries a write refused before it was sent, with the same body, and succeeds once the server answers", async () => {
    const { client, calls, sleeps } = testClient(
      sequence(
        () => {
          throw refused();
        },
        () => json({ cartItemId: "0a9" }, 201),
      ),
    );
    await expect(client.addCartItem("current", { productId: "01t1", quantity: 2 })).resolves.toMatchObject({
      status: 201,
    });
    expect(calls).toHaveLength(2);
    expect(calls[1].body).toBe(calls[0].body);
    expect(JSON.parse(calls[1].body)).toEqual({ productId: "01t1", quantity: "2", type: "Product" });
    expect(sleeps).toEqual([4000]);
  });

  it("gives up on a write refused on every attempt after the configured number of attempts", async () => {
    const { client, calls, sleeps } = testClient(() => {
      throw refused();
    });
    await expect(client.makePayment("2z9A", { requestType: "Auth", paymentToken: "tok_1" })).rejects.toMatchObject({
      name: "FetchError",
      status: 0,
      message: "fetch failed",
    });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([4000, 4000]);
  });

  it("tells a failure that never reached the server from one that may have", () => {
    const withCode = (code: string) => Object.assign(new Error(code), { code });
    expect(neverReachedServer(refused())).toBe(true);
    expect(neverReachedServer(new TypeError("fetch failed", { cause: withCode("ENOTFOUND") }))).toBe(true);
    expect(neverReachedServer(new TypeError("fetch failed", { cause: withCode("EAI_AGAIN") }))).toBe(true);
    expect(neverReachedServer(withCode("ECONNREFUSED"))).toBe(true);
    // One try per address of the host name: refused on all of them.
    expect(
      neverReachedServer(
        new TypeError("fetch failed", {
          cause: new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]),
        }),
      ),
    ).toBe(true);
    expect(
      neverReachedServer(
        new TypeError("fetch failed", { cause: new AggregateError([withCode("ECONNREFUSED"), withCode("ETIMEDOUT")]) }),
      ),
    ).toBe(false);
    expect(neverReachedServer(reset())).toBe(false);
    expect(neverReachedServer(new TypeError("fetch failed", { cause: withCode("UND_ERR_SOCKET") }))).toBe(false);
    expect(neverReachedServer(new TypeError("fetch failed"))).toBe(false);
    expect(neverReachedServer("ECONNREFUSED")).toBe(false);
    expect(neverReachedServer(null)).toBe(false);
  });
});

describe("retries while a page renders stop within 1 s in total", () => {
  /** A client on a fake clock: each request takes `requestMs`, each pause its length; nothing really waits. */
  function clockedClient(responder: Responder, requestMs: number, options: Partial<WebstoreClientOptions> = {}) {
    let now = 0;
    const fake = fakeFetch(async (request, i) => {
      now += requestMs;
      return responder(request, i);
    });
    const sleeps: number[] = [];
    const client = createWebstoreClient({
      fetch: fake.fetch,
      baseUrl: BASE,
      webstoreId: STORE,
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
      ...options,
    });
    return { client, calls: fake.calls, sleeps, elapsed: () => now };
  }

  it("uses the page-render policy with serverRendering: short pauses, at most 1 s of retrying", async () => {
    expect(SERVER_RENDERING_RETRY).toEqual({ attempts: 3, pauseMs: 250, maxRetryMs: 1000 });
    const quick = clockedClient(() => apiError(503, "SERVER_UNAVAILABLE", "busy"), 10, { serverRendering: true });
    await expect(quick.client.getShopperAgentContext()).rejects.toMatchObject({ status: 503 });
    expect(quick.calls).toHaveLength(3);
    expect(quick.sleeps).toEqual([250, 250]);
    expect(quick.elapsed()).toBeLessThanOrEqual(1000);
  });

  it("makes no retry whose pause would end past the second, counting the time the failed requests took", async () => {
    const slow = clockedClient(() => apiError(503, "SERVER_UNAVAILABLE", "busy"), 400, { serverRendering: true });
    await expect(slow.client.getShopperAgentContext()).rejects.toMatchObject({ status: 503 });
    // 400 ms, pause to 650, 400 ms to 1050: a second pause would end past 1000 ms.
    expect(slow.calls).toHaveLength(2);
    expect(slow.sleeps).toEqual([250]);
  });

  it("bounds any policy by its maxRetryMs", async () => {
    const bounded = clockedClient(() => apiError(500, "UNKNOWN_EXCEPTION", "x"), 0, {
      retry: { attempts: 10, pauseMs: 400, maxRetryMs: 1000 },
    });
    await expect(bounded.client.getShopperAgentContext()).rejects.toMatchObject({ status: 500 });
    expect(bounded.calls).toHaveLength(3);
    expect(bounded.sleeps).toEqual([400, 400]);
  });

  it("keeps the spec's 3 attempts 4000 ms apart for callers that are not rendering a page", async () => {
    const api = clockedClient(() => apiError(503, "SERVER_UNAVAILABLE", "busy"), 10);
    await expect(api.client.getShopperAgentContext()).rejects.toMatchObject({ status: 503 });
    expect(api.calls).toHaveLength(3);
    expect(api.sleeps).toEqual([4000, 4000]);
  });

  it("still retries a refused write while rendering, within the same second", async () => {
    const page = clockedClient(
      sequence(
        () => {
          throw refused();
        },
        () => json({ cartItemId: "0a9" }, 201),
      ),
      5,
      { serverRendering: true },
    );
    await expect(page.client.addCartItem("current", { productId: "01t1", quantity: 1 })).resolves.toMatchObject({
      status: 201,
    });
    expect(page.calls).toHaveLength(2);
    expect(page.sleeps).toEqual([250]);
  });
});
