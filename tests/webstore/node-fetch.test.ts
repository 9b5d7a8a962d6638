/**
 * The adapter's network transport (server/webstore/node-fetch.ts) against a real loopback server: what the adapter
 * relied on the platform fetch for, an API client sees the same.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { neverReachedServer } from "../../server/webstore/retry.js";
import { nodeFetch } from "../../server/webstore/node-fetch.js";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

const routes: Record<string, Handler> = {
  "/echo": (req, body, res) => {
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Set-Cookie", ["a=1", "b=2"]);
    res.end(JSON.stringify({ method: req.method, path: req.url, headers: req.headers, body }));
  },
  "/moved": (_req, _body, res) => {
    res.writeHead(302, { Location: "/echo?from=moved" });
    res.end();
  },
  "/see-other": (_req, _body, res) => {
    res.writeHead(303, { Location: "/echo?from=see-other" });
    res.end();
  },
  "/temporary": (_req, _body, res) => {
    res.writeHead(307, { Location: "/echo?from=temporary" });
    res.end();
  },
  "/elsewhere": (req, _body, res) => {
    // The same server under another name (localhost, not 127.0.0.1): another origin to the client.
    res.writeHead(302, { Location: `http://localhost:${(req.socket.localPort ?? 0).toString()}/echo?from=elsewhere` });
    res.end();
  },
  "/loop": (_req, _body, res) => {
    res.writeHead(302, { Location: "/loop" });
    res.end();
  },
  "/gzipped": (_req, _body, res) => {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
    res.end(gzipSync(JSON.stringify({ products: ["mug", "kettle"] })));
  },
  "/none": (_req, _body, res) => {
    res.writeHead(204);
    res.end();
  },
  "/slow": () => {
    // Never answers: the caller's abort is what ends the call.
    slowArrived();
  },
};

let slowArrived = () => {};
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const route = routes[new URL(req.url!, "http://x").pathname];
      if (route) route(req, Buffer.concat(chunks).toString(), res);
      else {
        res.writeHead(404, { "Content-Type": "application/json" });
        res.end(JSON.stringify([{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }]));
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe("the adapter's network transport", () => {
  const fetch = nodeFetch();

  it("sends the method, path, headers and body, and gives back the status, headers and JSON", async () => {
    const res = await fetch(
      new Request(`${origin}/echo?q=mug`, {
        method: "POST",
        headers: { Authorization: "Bearer t", "Content-Type": "application/json" },
        body: JSON.stringify({ quantity: 2 }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    const seen = (await res.json()) as { method: string; path: string; headers: Record<string, string>; body: string };
    expect(seen).toMatchObject({ method: "POST", path: "/echo?q=mug", body: '{"quantity":2}' });
    expect(seen.headers).toMatchObject({ authorization: "Bearer t", "content-length": "14" });
    expect(seen.headers["accept-encoding"]).toMatch(/gzip/);
  });

  it("passes an API error on as it came", async () => {
    const res = await fetch(new Request(`${origin}/services/data/v65.0/nowhere`));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual([{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }]);
  });

  it("decodes a compressed answer", async () => {
    const res = await fetch(new Request(`${origin}/gzipped`));
    expect(await res.json()).toEqual({ products: ["mug", "kettle"] });
    expect(res.headers.get("content-encoding")).toBeNull();
  });

  it("gives a 204 without a body", async () => {
    const res = await fetch(new Request(`${origin}/none`, { method: "DELETE" }));
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
  });

  it("follows redirects as fetch does, and leaves them when the request says manual", async () => {
    const followed = await fetch(new Request(`${origin}/moved`));
    expect(await followed.json()).toMatchObject({ method: "GET", path: "/echo?from=moved" });
    // A 303 turns a POST into a GET without its body; a 307 repeats the POST with it.
    const seeOther = await fetch(new Request(`${origin}/see-other`, { method: "POST", body: "x=1" }));
    expect(await seeOther.json()).toMatchObject({ method: "GET", path: "/echo?from=see-other", body: "" });
    const temporary = await fetch(new Request(`${origin}/temporary`, { method: "POST", body: "x=1" }));
    expect(await temporary.json()).toMatchObject({ method: "POST", path: "/echo?from=temporary", body: "x=1" });
    const manual = await fetch(new Request(`${origin}/moved`, { redirect: "manual" }));
    expect(manual.status).toBe(302);
    expect(manual.headers.get("location")).toBe("/echo?from=moved");
    await expect(fetch(new Request(`${origin}/loop`))).rejects.toThrow(/Too many redirects/);
  });

  it("keeps the bearer token on a redirect to the same origin and drops it on one to another", async () => {
    const same = await fetch(new Request(`${origin}/moved`, { headers: { Authorization: "Bearer t" } }));
    expect(((await same.json()) as { headers: Record<string, string> }).headers.authorization).toBe("Bearer t");
    const other = await fetch(new Request(`${origin}/elsewhere`, { headers: { Authorization: "Bearer t" } }));
    const seen = (await other.json()) as { path: string; headers: Record<string, string> };
    expect(seen.path).toBe("/echo?from=elsewhere");
    expect(seen.headers.authorization).toBeUndefined();
  });

  it("sends every request to the origin it is given, whatever the request's URL names, and follows no redirect", async () => {
    const toOrigin = nodeFetch({ origin });
    const res = await toOrigin(new Request("http://emulator.local/echo?via=origin"));
    expect(await res.json()).toMatchObject({ path: "/echo?via=origin" });
    const moved = await toOrigin(new Request("http://emulator.local/moved"));
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/echo?from=moved");
  });

  it("rejects as an AbortError when the signal beside the request aborts mid-call", async () => {
    const controller = new AbortController();
    const arrived = new Promise<void>((done) => (slowArrived = done));
    const call = fetch(new Request(`${origin}/slow`), { signal: controller.signal });
    await arrived;
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });

  it("fails a call to a port nobody listens on with Node's error, which tells the retries it was never sent", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const failure = await fetch(new Request(`http://127.0.0.1:${port}/echo`, { method: "POST", body: "{}" })).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: "ECONNREFUSED" });
    expect(neverReachedServer(failure)).toBe(true);
  });
});
