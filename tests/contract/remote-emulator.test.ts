/**
 * The storefront workers of `npm start` (server/cluster.ts) reach the one emulator through `remoteEmulator`: the
 * same API over loopback HTTP, passed on unchanged — statuses, bodies, redirects left unfollowed, writes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { changesTheStore, remoteEmulator, workerCount } from "../../server/cluster.js";
import { readConfig } from "../../server/config.js";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import { startServer } from "../../server/main.js";
import { serveFetch } from "../../server/node-http.js";
import { createWebstoreCaches, createWebstoreClient } from "../../server/webstore/index.js";
import { DEMO_CLIENT } from "../support/identity.js";
import { API, WEBSTORE_ID } from "./targets.js";

describe("the emulator as the cluster's workers reach it", () => {
  let emulator: Emulator;
  let served: Awaited<ReturnType<typeof serveFetch>>;
  let remote: ReturnType<typeof remoteEmulator>;

  beforeAll(async () => {
    emulator = createEmulator();
    served = await serveFetch((r) => emulator.fetch(r));
    remote = remoteEmulator(served.url);
  });
  afterAll(async () => {
    await served.close();
    emulator.close();
  });

  it("serves the storefront's client: a guest token, a cart, a line added and read back", async () => {
    const options = {
      fetch: remote.fetch,
      baseUrl: "http://emulator.local",
      webstoreId: WEBSTORE_ID,
      oauth: DEMO_CLIENT,
      caches: createWebstoreCaches(),
    };
    const tokens = await createWebstoreClient(options).guestLogin("5c8e8f9e-1d2b-4c3a-9f00-000000000001");
    const client = createWebstoreClient({ ...options, accessToken: tokens.accessToken });
    const cart = await client.createCart();
    const cartId = cart.data.cartId!;
    await client.addCartItem(cartId, {
      productId: (await client.searchProducts({ searchTerm: "mug" })).productsPage!.products![0].id!,
      quantity: 2,
    });
    const summary = await client.getCartCompactSummary(cartId);
    expect(Number(summary.totalProductCount)).toBe(2);
  });

  it("passes the API's errors and a 302 on as they are, without following it", async () => {
    // Without a token the API refuses any data path before it looks for it (401), and that error comes through.
    const missing = await remote.fetch(new Request(`http://emulator.local${API}/no-such-resource`));
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual([expect.objectContaining({ errorCode: "INVALID_SESSION_ID" })]);
    const authorize = await remote.fetch(
      new Request("http://emulator.local/services/oauth2/authorize", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Auth-Request-Type": "guest",
          "Uvid-Hint": "UVID 5c8e8f9e-1d2b-4c3a-9f00-000000000002",
        },
        body: new URLSearchParams({
          response_type: "code_credentials",
          client_id: DEMO_CLIENT.clientId,
          redirect_uri: DEMO_CLIENT.redirectUri,
        }).toString(),
        redirect: "manual",
      }),
    );
    expect(authorize.status).toBe(302);
    expect(authorize.headers.get("location")).toMatch(/^https:\/\/demo\.store\/oauth\/callback\?code=/);
  });

  it("gives up a call whose request is aborted, as the platform fetch does (AbortError)", async () => {
    const controller = new AbortController();
    controller.abort();
    const call = remote.fetch(
      new Request(`http://emulator.local${API}/products/01tDM0000000001`, { signal: controller.signal }),
    );
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });

  it("gives up a call whose signal, given beside the request as the adapter gives it, is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const call = remote.fetch(new Request(`http://emulator.local${API}/products/01tDM0000000001`), {
      signal: controller.signal,
    });
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });

  it("passes the API's redirect on from the store's port to the store's client, unfollowed", async () => {
    // A worker of `npm start`: the storefront's server with the primary's emulator as its API (server/cluster.ts).
    const config = readConfig({ PORT: "0", HOST: "127.0.0.1", EMULATOR_DB: ":memory:", NODE_ENV: "production" });
    const worker = await startServer(config, { handler: (_req, res) => void res.end(), emulator: remote });
    try {
      const { port } = worker.server.address() as AddressInfo;
      const authorize = await fetch(`http://127.0.0.1:${port}/services/oauth2/authorize`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Auth-Request-Type": "guest",
          "Uvid-Hint": "UVID 5c8e8f9e-1d2b-4c3a-9f00-000000000003",
        },
        body: new URLSearchParams({
          response_type: "code_credentials",
          client_id: DEMO_CLIENT.clientId,
          redirect_uri: DEMO_CLIENT.redirectUri,
        }),
        redirect: "manual",
      });
      expect(authorize.status).toBe(302);
      expect(authorize.headers.get("location")).toMatch(/^https:\/\/demo\.store\/oauth\/callback\?code=/);
    } finally {
      worker.server.closeAllConnections();
      await new Promise((done) => worker.server.close(done));
    }
  });

  it("reaches the test controls: a reset answers through it", async () => {
    const reset = await remote.fetch(new Request("http://localhost:3000/__emulator/reset", { method: "POST" }));
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ reset: true });
  });
});

describe("cluster settings", () => {
  it("reads WEB_CONCURRENCY as a whole number of workers, the number of cores when unset", () => {
    expect(workerCount({ WEB_CONCURRENCY: "3" })).toBe(3);
    expect(workerCount({})).toBeGreaterThanOrEqual(1);
    expect(() => workerCount({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => workerCount({ WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("empties the workers' caches for test controls that change the store, not for reads", () => {
    expect(changesTheStore("POST", "/__emulator/reset")).toBe(true);
    expect(changesTheStore("DELETE", "/__emulator/faults")).toBe(true);
    expect(changesTheStore("GET", "/__emulator/journal")).toBe(false);
    expect(changesTheStore("POST", `${API}/carts`)).toBe(false);
  });
});
