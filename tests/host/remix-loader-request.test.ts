/**
 * The loaders' request (patches/@remix-run+server-runtime+2.17.5.patch): Remix gives a loader the request as it came
 * when there is no `index` or `_routes` parameter to strip, and a copy without them when there is. A copy is a new
 * undici Request registered for finalization, which keeps it and all it reaches until a mark-compact.
 */
import { describe, expect, it } from "vitest";
// Remix's internal module: the function the patch changes.
import { callRouteLoader } from "@remix-run/server-runtime/dist/data.js";

async function requestSeenBy(sent: Request): Promise<Request> {
  let seen: Request | undefined;
  await callRouteLoader({
    loader: ({ request }) => {
      seen = request;
      return null;
    },
    loadContext: {} as never, // the probe's loader reads none
    params: {},
    request: sent,
    routeId: "routes/probe",
    singleFetch: true,
  });
  return seen!;
}

describe("a loader's request", () => {
  it("is the request as it came when there is nothing to strip", async () => {
    const sent = new Request("http://store.test/category/coffee?page=2", { signal: new AbortController().signal });
    expect(await requestSeenBy(sent)).toBe(sent);
  });

  it("still loses the index and _routes parameters Remix strips, keeping the others", async () => {
    const sent = new Request("http://store.test/cart?index&_routes=routes%2Fcart&page=2");
    const seen = await requestSeenBy(sent);
    expect(seen).not.toBe(sent);
    expect(seen.url).toBe("http://store.test/cart?page=2");
  });
});
