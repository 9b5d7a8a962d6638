/**
 * A page's data stream (patches/turbo-stream+2.4.1.patch, patches/@remix-run+server-runtime+2.17.5.patch): Remix sets a
 * timeout on encoding a page's data for the browser, and cleared it only when the request's signal aborted, which a
 * response sent in full never does. Every page left its timer, and the encoder it reaches, for about 5 s.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
// Remix's internal module: the function the patch changes.
import { encodeViaTurboStream } from "@remix-run/server-runtime/dist/single-fetch.js";
import { ServerMode } from "@remix-run/server-runtime/dist/mode.js";

async function readAll(stream: ReadableStream<Uint8Array>) {
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
    text += decoder.decode(chunk, { stream: true });
  return text;
}

afterEach(() => vi.useRealTimers());

describe("encoding a page's data", () => {
  it("leaves no timer behind once every value is written", async () => {
    vi.useFakeTimers();
    const request = new AbortController(); // never aborted, as a page answered in full
    const stream = encodeViaTurboStream({ cart: { lines: 1 } }, request.signal, undefined, ServerMode.Production);
    expect(await readAll(stream)).toContain("lines");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("still keeps the timeout while a deferred value is pending, and aborts it when it passes", async () => {
    vi.useFakeTimers();
    const request = new AbortController();
    const never = new Promise(() => {});
    const stream = encodeViaTurboStream({ later: never }, request.signal, 50, ServerMode.Production);
    const text = readAll(stream);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(50);
    // The deferred value is answered as an error (sanitized in production), and nothing is left pending.
    expect(await text).toMatch(/\nE\d+:/);
    expect(vi.getTimerCount()).toBe(0);
  });
});
