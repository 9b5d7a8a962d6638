/**
 * What one storefront instance offers the load balancer and its operator (server/main.ts): /healthz and /readyz, a
 * request id answered and passed to the API, and a SIGTERM drain that lets the request in flight finish while new
 * connections are refused. The storefront is pointed at a stand-in API over HTTP, as at an org.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import type { RequestHandler } from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.js";
import { startServer } from "../../server/main.js";

/** The stand-in API: records every call's headers; its REST root answers `rootStatus`. */
let api: Server;
let apiUrl: string;
let rootStatus = 200;
const calls: { path: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    calls.push({ path: req.url ?? "", headers: req.headers });
    res.statusCode = req.url === "/services/data/" ? rootStatus : 200;
    res.setHeader("Content-Type", "application/json");
    res.end("{}");
  });
  await new Promise<void>((ok) => api.listen(0, "127.0.0.1", ok));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => api.close(() => ok())));

let release: () => void = () => {};
let entered: () => void = () => {};
let started: Awaited<ReturnType<typeof startServer>> | null = null;

afterEach(async () => {
  release();
  await started?.shutdown(0);
  started = null;
  rootStatus = 200;
});

async function start() {
  const handler: RequestHandler = async (req, res) => {
    if (req.path === "/slow") {
      entered();
      await new Promise<void>((resolve) => (release = resolve));
      return void res.send("finished");
    }
    // A page's API call, made as the app makes them: through the load context's client.
    const context = started!.loadContext(req.ip, undefined, undefined, res.locals.requestId as string);
    await context
      .webstore({})
      .getProduct("01tDM0000000001")
      .catch(() => undefined);
    res.send("page");
  };
  const config = readConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    REQUEST_LOG: "0",
    WEBSTORE_SITE_URL: apiUrl,
    WEBSTORE_ID: "0ZEDEMO00000001",
    WEBSTORE_COMMUNITY_ID: "0DBDM0000000001",
    SESSION_SECRET: "a-session-secret-for-these-tests",
    WEBSTORE_CLIENT_ID: "demo-storefront",
    WEBSTORE_CLIENT_SECRET: "demo-storefront-secret",
    WEBSTORE_REDIRECT_URI: "https://demo.store/oauth/callback",
  });
  started = await startServer(config, { handler });
  return `http://127.0.0.1:${(started.server.address() as AddressInfo).port}`;
}

const refusesConnections = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port), "127.0.0.1", () => {
      socket.end();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

describe("an instance behind a load balancer", () => {
  it("is alive at /healthz, and ready at /readyz only while the API answers", async () => {
    const url = await start();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ok: true,
      draining: false,
      checks: { api: { ok: true }, "webstore circuit": { ok: true } },
    });
    rootStatus = 503;
    const notReady = await fetch(`${url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ ok: false, checks: { api: { ok: false, detail: "answered 503" } } });
  });

  it("answers each request with its id and sends the same id with the API calls it makes", async () => {
    const url = await start();
    calls.length = 0;
    const page = await fetch(`${url}/product/01tDM0000000001`);
    const id = page.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const productCalls = calls.filter((c) => c.path.includes("/products/01tDM0000000001"));
    expect(productCalls.length).toBeGreaterThan(0);
    for (const call of productCalls) expect(call.headers["x-request-id"]).toBe(id);
    // A client can't choose its id (no proxy is trusted here).
    const chosen = await fetch(`${url}/product/01tDM0000000001`, { headers: { "X-Request-Id": "chosen-by-client" } });
    expect(chosen.headers.get("x-request-id")).not.toBe("chosen-by-client");
  });

  it("on SIGTERM's shutdown: refuses new connections, finishes the request in flight, then stops", async () => {
    const url = await start();
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const inFlight = fetch(`${url}/slow`);
    await inside;
    const stopped = started!.shutdown();
    expect(await refusesConnections(url)).toBe(true);
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("connection")).toBe("close");
    expect(await answer.text()).toBe("finished");
    await stopped;
    expect(started!.server.listening).toBe(false);
  });
});
