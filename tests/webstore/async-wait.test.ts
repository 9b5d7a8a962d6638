import { describe, expect, it } from "vitest";
import { json, sequence, testClient } from "./fake-fetch.js";
import {
  ASYNC_MAX_ATTEMPTS,
  ASYNC_MAX_WAIT_MESSAGE,
  SSR_NO_POLLING,
  type WebstoreError,
  asyncWaitDelay,
  isProcessing,
  isWebstoreError,
  waitForReady,
} from "../../server/webstore/index.js";

const recordingSleep = () => {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (ms: number) => void sleeps.push(ms) };
};

describe("asyncWaitDelay (the LWR checkout's loadCheckoutRetryDelayMs, spec §4)", () => {
  it("is immediate for tries 0-4, adds 100 ms per step for 5-8, then 750 ms doubled each try: 1.5 s to 48 s", () => {
    const delays = Array.from({ length: ASYNC_MAX_ATTEMPTS }, (_, attempt) => asyncWaitDelay(attempt));
    expect(delays).toEqual([0, 0, 0, 0, 0, 100, 200, 300, 400, 1500, 3000, 6000, 12000, 24000, 48000]);
    expect(ASYNC_MAX_ATTEMPTS).toBe(15);
  });
});

describe("waitForReady", () => {
  it("returns the first answer that is no longer processing, pausing on the schedule", async () => {
    const { sleeps, sleep } = recordingSleep();
    let loads = 0;
    const result = await waitForReady(async () => ({ processing: ++loads < 7, loads }), { sleep });
    expect(result).toEqual({ processing: false, loads: 7 });
    expect(sleeps).toEqual([100, 200]);
  });

  it('stops after 15 loads (14 re-reads) with "async maximum wait exceeded" and keeps the last answer', async () => {
    const { sleeps, sleep } = recordingSleep();
    let loads = 0;
    const error = await waitForReady(async () => ({ processing: true, load: ++loads }), { sleep }).catch((e) => e);
    expect(isWebstoreError(error)).toBe(true);
    expect((error as WebstoreError).message).toBe(ASYNC_MAX_WAIT_MESSAGE);
    expect((error as WebstoreError).detail).toEqual({ processing: true, load: 15 });
    expect(loads).toBe(15);
    expect(sleeps).toEqual([100, 200, 300, 400, 1500, 3000, 6000, 12000, 24000, 48000]);
  });

  it("never polls when server rendering: a ready answer is returned, a processing one throws SSR_NO_POLLING", async () => {
    const { sleeps, sleep } = recordingSleep();
    await expect(waitForReady(async () => ({ processing: false }), { sleep, serverRendering: true })).resolves.toEqual({
      processing: false,
    });
    let loads = 0;
    const error = await waitForReady(async () => ({ processing: ++loads > 0 }), { sleep, serverRendering: true }).catch(
      (e) => e,
    );
    expect(error).toMatchObject({ name: "WebstoreError", code: SSR_NO_POLLING, detail: { processing: true } });
    expect(loads).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("lets a client shrink the schedule", async () => {
    const { client, calls, sleeps } = testClient(() => json({ cartId: "0a6" }, 202), {
      asyncWait: { maxAttempts: 3, delayMs: () => 1 },
    });
    await expect(client.waitForReady(() => client.getCart("0a6"))).rejects.toThrow(ASYNC_MAX_WAIT_MESSAGE);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1, 1, 1]);
  });
});

describe("processing answers", () => {
  it("are recognised by 202, or by asyncOperationStatus Processing on the body or its cart summary", () => {
    expect(isProcessing(202, null)).toBe(true);
    expect(isProcessing(200, { asyncOperationStatus: "Processing" })).toBe(true);
    expect(isProcessing(200, { cartSummary: { asyncOperationStatus: "Processing" } })).toBe(true);
  });

  it("are not confused with finished ones", () => {
    expect(isProcessing(200, { asyncOperationStatus: "Completed" })).toBe(false);
    expect(isProcessing(201, { cartSummary: { asyncOperationStatus: "Errored" } })).toBe(false);
    expect(isProcessing(204, null)).toBe(false);
  });

  it("are polled by the client until the cart is ready", async () => {
    const { client, calls, sleeps } = testClient(
      sequence(
        () => json({ cartId: "0a6", asyncOperationStatus: "Processing" }, 202),
        () => json({ cartId: "0a6", asyncOperationStatus: "Processing" }),
        () => json({ cartId: "0a6", asyncOperationStatus: "Completed", grandTotalAmount: "23.00" }),
      ),
    );
    const ready = await client.waitForReady(() => client.getCart("current"));
    expect(ready).toEqual({
      status: 200,
      processing: false,
      data: { cartId: "0a6", asyncOperationStatus: "Completed", grandTotalAmount: "23.00" },
    });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([]);
  });

  it("make a server-rendering client throw SSR_NO_POLLING after one load", async () => {
    const { client, calls } = testClient(() => json({ checkoutId: "2z9A" }, 202), { serverRendering: true });
    await expect(client.waitForReady(() => client.getCheckout())).rejects.toMatchObject({ code: SSR_NO_POLLING });
    expect(calls).toHaveLength(1);
  });
});
