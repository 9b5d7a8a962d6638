/**
 * The HTTP server's own layers (server/main.ts), over a real socket: the CSRF and body guards in front of the
 * storefront, the security headers, TRUST_PROXY, the emulator's mount (loopback-only test controls, the client
 * address its limits key on, body limits). The Remix build is replaced by a stub that reports what reached it,
 * so these run before `npm run build`; the same server with the real build is e2e's (tests/e2e/security.spec.ts).
 */
import type { RequestHandler } from "express";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.js";
import { startServer } from "../../server/main.js";
import { guestAuthorization } from "../support/identity.js";

const API = "/services/data/v65.0/commerce/webstores/0ZEDEMO00000001";
const EVIL = "https://evil.example";
const FORM = "application/x-www-form-urlencoded";

/** Each request's and response's prototypes as the HTTP server made them (a test's own listener records them). */
const atBirth = new WeakMap<object, [object, object]>();
const prototypes = (req: object, res: object): [object, object] => [
  Object.getPrototypeOf(req) as object,
  Object.getPrototypeOf(res) as object,
];

/** Reports what reached it: the storefront's stand-in. */
const stub: RequestHandler = (req, res) => {
  const born = atBirth.get(req);
  const now = prototypes(req, res);
  res.json({
    prototypesAsBorn: born ? born[0] === now[0] && born[1] === now[1] : null,
    reached: true,
    method: req.method,
    path: req.path,
    ip: req.ip,
    protocol: req.protocol,
    nonce: res.locals.cspNonce,
  });
};

type Started = Awaited<ReturnType<typeof startServer>> & { base: string; close(): Promise<void> };

async function start(env: Record<string, string> = {}): Promise<Started> {
  const config = readConfig({ PORT: "0", HOST: "127.0.0.1", EMULATOR_DB: ":memory:", NODE_ENV: "production", ...env });
  const started = await startServer(config, { handler: stub });
  const { port } = started.server.address() as AddressInfo;
  return {
    ...started,
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        started.server.closeAllConnections();
        started.server.close(() => resolve());
        // The server started its own emulator (no `emulator` option here): it is closable.
        (started.emulator as { close?: () => void } | null)?.close?.();
      }),
  };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json(): any;
}

/**
 * One request with exactly the headers given (fetch would add its own, Origin among them): what curl, a proxy or
 * a browser on another site sends.
 */
function send(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    // As browsers and curl do: a body's length is declared, unless the test asks for a chunked one.
    if (options.body !== undefined && !headers["Transfer-Encoding"])
      headers["Content-Length"] = String(Buffer.byteLength(options.body));
    const req = httpRequest(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) });
      });
    });
    // The server may answer (and close) before a large body is all sent: the answer is what counts.
    req.on("error", (err) => (req.writableEnded ? undefined : reject(err)));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("the storefront's guards (default configuration)", () => {
  let server: Started;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  const post = (path: string, headers: Record<string, string>, body = form({ intent: "x" })) =>
    send(server.base, "POST", path, { headers: { "Content-Type": FORM, ...headers }, body });

  it.each([
    ["a document", "/cart"],
    ["a Remix ?_data= request", "/cart?_data=routes%2Fcart"],
    ["a single-fetch .data request", "/cart.data?_routes=routes%2Fcart"],
    ["the logout resource route", "/logout"],
    ["the session keep-alive", "/api/session"],
    ["the cookie consent", "/cookie-consent"],
    ["the LWR logout path", "/webruntime/logout"],
  ])("refuses a cross-site POST to %s with 403 and a plain explanation", async (_what, path) => {
    const answer = await post(path, { Origin: EVIL });
    expect(answer.status).toBe(403);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    expect(answer.text).toMatch(/^Forbidden: the request came from https:\/\/evil\.example\./);
    expect(answer.text).not.toContain("reached");
  });

  it("makes its requests and responses with express's prototypes, so express's own setup changes none (docs/performance.md, \"What a request leaves behind\")", async () => {
    const record = (req: object, res: object) => atBirth.set(req, prototypes(req, res));
    server.server.prependListener("request", record);
    try {
      const answer = await send(server.base, "GET", "/cart");
      expect(answer.json()).toMatchObject({ reached: true, prototypesAsBorn: true, ip: "127.0.0.1" });
    } finally {
      server.server.off("request", record);
    }
  });

  it("refuses PUT, PATCH and DELETE from another site too, and a POST whose only signal is Sec-Fetch-Site or Referer", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(
        (await send(server.base, method, "/cart", { headers: { Origin: EVIL, "Content-Type": FORM }, body: "a=1" }))
          .status,
      ).toBe(403);
    }
    expect((await post("/cart", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post("/cart", { "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    expect((await post("/cart", { Referer: `${EVIL}/page` })).status).toBe(403);
    expect((await post("/cart", { Origin: "null" })).status).toBe(403);
  });

  it("lets the store's own POSTs through: same Origin, same-origin fetch metadata, or no browser at all", async () => {
    const signals: Record<string, string>[] = [
      { Origin: server.base },
      { "Sec-Fetch-Site": "same-origin" },
      { Referer: `${server.base}/cart` },
      {},
    ];
    for (const headers of signals) {
      const answer = await post("/cart?_data=routes%2Fcart", headers);
      expect(answer.status).toBe(200);
      expect(answer.json()).toMatchObject({ reached: true, method: "POST" });
    }
  });

  it("leaves reads alone, whatever their origin", async () => {
    const answer = await send(server.base, "GET", "/cart", {
      headers: { Origin: EVIL, "Sec-Fetch-Site": "cross-site" },
    });
    expect(answer.json()).toMatchObject({ reached: true, method: "GET" });
  });

  it("refuses a body that is not a form with 415 and says which types the store takes", async () => {
    const json = await post(
      "/cart",
      { Origin: server.base, "Content-Type": "application/json" },
      JSON.stringify({ intent: "x" }),
    );
    expect(json.status).toBe(415);
    expect(json.text).toBe(
      "Unsupported Media Type: the store's forms send application/x-www-form-urlencoded or multipart/form-data; this request sent application/json.\n",
    );
    expect((await post("/login", { Origin: server.base, "Content-Type": "text/plain" }, "username=a")).status).toBe(
      415,
    );
    const none = await send(server.base, "POST", "/logout", { headers: { Origin: server.base } });
    expect(none.status).toBe(415);
    expect(none.text).toContain("this request sent no content type");
    // A multipart form passes.
    const multipart = await post(
      "/cart",
      { Origin: server.base, "Content-Type": "multipart/form-data; boundary=b" },
      '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx\r\n--b--\r\n',
    );
    expect(multipart.status).toBe(200);
  });

  it("refuses a form over 1 MB with 413, and a body of undeclared length with 411", async () => {
    const big = await post("/cart", { Origin: server.base }, `intent=${"a".repeat(2 * 1024 * 1024)}`);
    expect(big.status).toBe(413);
    expect(big.text).toBe("Payload Too Large: a form may send at most 1 MB.\n");
    const chunked = await post("/cart", { Origin: server.base, "Transfer-Encoding": "chunked" }, "intent=x");
    expect(chunked.status).toBe(411);
    // Just under the limit is a form like any other.
    expect((await post("/cart", { Origin: server.base }, `intent=${"a".repeat(1024 * 1024 - 7)}`)).status).toBe(200);
  });

  it("puts the security headers on every response, with a fresh nonce the app receives", async () => {
    const first = await send(server.base, "GET", "/");
    const second = await send(server.base, "GET", "/");
    const nonce = first.json().nonce as string;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.json().nonce).not.toBe(nonce);
    const csp = first.headers["content-security-policy"] as string;
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "permissions-policy": "camera=(), microphone=(), geolocation=(), usb=(), payment=(self)",
    });
    // Plain HTTP: no HSTS (a browser ignores it there, and a demo on localhost must not pin itself to HTTPS).
    expect(first.headers["strict-transport-security"]).toBeUndefined();
    expect(first.headers["server-timing"]).toBeUndefined();
    // Static files and the emulator's API answers carry them as well.
    const api = await send(server.base, "GET", `${API}/application-context`);
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
    expect(api.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("believes no X-Forwarded-* header without TRUST_PROXY", async () => {
    const answer = await send(server.base, "GET", "/", {
      headers: { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https" },
    });
    expect(answer.json()).toMatchObject({ ip: "127.0.0.1", protocol: "http" });
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
  });

  it("answers the emulator's test controls from this machine only, and refuses other sites' browsers", async () => {
    expect((await send(server.base, "GET", "/__emulator/journal")).status).toBe(200);
    const remote = await send(server.base, "GET", "/__emulator/journal", {
      headers: { "X-Forwarded-For": "203.0.113.9" },
    });
    expect(remote.status).toBe(403);
    expect(remote.json()).toEqual([
      {
        errorCode: "INSUFFICIENT_ACCESS",
        message: "The emulator's test controls answer only on this machine (EMULATOR_CONTROLS=public opens them).",
      },
    ]);
    expect(
      (
        await send(server.base, "POST", "/__emulator/reset", {
          headers: { "X-Forwarded-For": "198.51.100.1, 127.0.0.1" },
        })
      ).status,
    ).toBe(403);
    // A page on another site, open in a browser on this machine, can't reset the store either.
    expect(
      (
        await send(server.base, "POST", "/__emulator/reset", {
          headers: { Origin: EVIL, "Content-Type": "text/plain" },
          body: "{}",
        })
      ).status,
    ).toBe(403);
    expect((await send(server.base, "POST", "/__emulator/reset")).status).toBe(200);
  });

  it("keys the emulator's lookup limit on the connection, not on an X-Forwarded-For the caller wrote", async () => {
    const auth = await guestAuthorization((r) => fetch(r), server.base);
    const lookup = (n: number, forwardedFor: string) =>
      send(server.base, "POST", `${API}/order-summaries/actions/lookup`, {
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-For": forwardedFor,
          Authorization: auth.authorization,
        },
        body: JSON.stringify({
          orderSummaryIdOrRefNumber: `000910${String(n).padStart(2, "0")}`,
          verification: { email: "wrong@demo.store" },
        }),
      });
    // Ten failures, each claiming another address: all the same client (this connection's address).
    for (let i = 0; i < 10; i++) expect((await lookup(i, `203.0.113.${i}`)).status).toBe(404);
    expect((await lookup(10, "203.0.113.200")).status).toBe(429);
  });

  it("refuses an API body over 5 MB with 413 in the API's error format", async () => {
    const answer = await send(server.base, "POST", "/__emulator/faults", {
      headers: { "Content-Type": "application/json" },
      body: Buffer.alloc(6 * 1024 * 1024, 0x20),
    });
    expect(answer.status).toBe(413);
    expect(answer.json()).toEqual([
      { errorCode: "REQUEST_ENTITY_TOO_LARGE", message: "The request body exceeds the limit of 5 MB." },
    ]);
  });

  it("sends the storefront's own calls to the emulator in-process with the shopper's address the server determined", async () => {
    await send(server.base, "POST", "/__emulator/reset");
    const guest = async (address: string) => {
      const context = server.loadContext(address);
      const token = (await context.webstore({}).guestLogin(crypto.randomUUID())).accessToken;
      return context.webstore({ accessToken: token });
    };
    const lookup = (client: Awaited<ReturnType<typeof guest>>, n: number) =>
      client
        .lookupOrder({
          orderSummaryIdOrRefNumber: `000920${String(n).padStart(2, "0")}`,
          verification: { email: "wrong@demo.store" },
        })
        .then(
          () => 200,
          (error: { status?: number }) => error.status,
        );
    const first = await guest("198.51.100.7");
    for (let i = 0; i < 10; i++) expect(await lookup(first, i)).toBe(404);
    expect(await lookup(first, 10)).toBe(429);
    // Another shopper (another address, as req.ip gives it) is not limited by the first one's failures.
    expect(await lookup(await guest("198.51.100.8"), 11)).toBe(404);
  });
});

describe("behind a trusted proxy (TRUST_PROXY=loopback)", () => {
  let server: Started;
  beforeAll(async () => {
    server = await start({ TRUST_PROXY: "loopback" });
  });
  afterAll(() => server.close());

  it("takes the client's address and protocol from the proxy: HSTS over HTTPS, and the https origin is the store's", async () => {
    const answer = await send(server.base, "GET", "/", {
      headers: { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https" },
    });
    expect(answer.json()).toMatchObject({ ip: "203.0.113.9", protocol: "https" });
    expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(answer.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    const httpsOrigin = server.base.replace("http:", "https:");
    const post = (origin: string) =>
      send(server.base, "POST", "/cart", {
        headers: { Origin: origin, "X-Forwarded-Proto": "https", "Content-Type": FORM },
        body: "a=1",
      });
    expect((await post(httpsOrigin)).status).toBe(200);
    expect((await post(server.base)).status).toBe(403);
  });

  it("still answers the test controls only to this machine: a forwarded remote client is refused", async () => {
    expect(
      (await send(server.base, "GET", "/__emulator/journal", { headers: { "X-Forwarded-For": "203.0.113.9" } })).status,
    ).toBe(403);
    expect((await send(server.base, "GET", "/__emulator/journal")).status).toBe(200);
  });

  it("keys the emulator's lookup limit on the address the proxy forwarded", async () => {
    const auth = await guestAuthorization((r) => fetch(r), server.base);
    const lookup = (n: number, forwardedFor: string) =>
      send(server.base, "POST", `${API}/order-summaries/actions/lookup`, {
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-For": forwardedFor,
          Authorization: auth.authorization,
        },
        body: JSON.stringify({
          orderSummaryIdOrRefNumber: `000930${String(n).padStart(2, "0")}`,
          verification: { email: "wrong@demo.store" },
        }),
      });
    for (let i = 0; i < 10; i++) expect((await lookup(i, "203.0.113.50")).status).toBe(404);
    expect((await lookup(10, "203.0.113.50")).status).toBe(429);
    expect((await lookup(11, "203.0.113.51")).status).toBe(404);
  });
});

describe("EMULATOR_CONTROLS=public", () => {
  let server: Started;
  beforeAll(async () => {
    server = await start({ EMULATOR_CONTROLS: "public" });
  });
  afterAll(() => server.close());

  it("opens the test controls to any address", async () => {
    expect(
      (await send(server.base, "GET", "/__emulator/journal", { headers: { "X-Forwarded-For": "203.0.113.9" } })).status,
    ).toBe(200);
  });
});

describe("a store under a base path (BASE_PATH=/shop)", () => {
  let server: Started;
  beforeAll(async () => {
    server = await start({ BASE_PATH: "/shop" });
  });
  afterAll(() => server.close());

  it("sends the site root to the store's home, and answers nothing of the store's outside /shop", async () => {
    const root = await send(server.base, "GET", "/");
    expect(root.status).toBe(302);
    expect(root.headers.location).toBe("/shop/");
    for (const path of ["/cart", "/shopping", "/build/entry.client.js", "/images/products/x.svg"]) {
      const outside = await send(server.base, "GET", path);
      expect(outside.status, path).toBe(404);
      expect(outside.text, path).toBe("Not Found: the store is at /shop/\n");
    }
  });

  it("hands the store's paths to Remix as they were asked for (its router strips the base path)", async () => {
    for (const path of ["/shop", "/shop/", "/shop/cart", "/shop.data"]) {
      const page = await send(server.base, "GET", path);
      expect(page.status, path).toBe(200);
      expect(page.json(), path).toMatchObject({ reached: true, path });
    }
  });

  it("keeps the API, its test controls and the health check at the root", async () => {
    expect((await send(server.base, "GET", "/healthz")).status).toBe(200);
    expect((await send(server.base, "GET", `${API}/application-context`)).status).toBe(401);
    expect((await send(server.base, "GET", "/__emulator/journal")).status).toBe(200);
    expect((await send(server.base, "GET", `/shop${API}/application-context`)).json()).toMatchObject({ reached: true });
  });

  it("guards the store's forms under the base path as at the root", async () => {
    const forged = await send(server.base, "POST", "/shop/cart", {
      headers: { Origin: EVIL, "Content-Type": FORM },
      body: form({ intent: "x" }),
    });
    expect(forged.status).toBe(403);
    const own = await send(server.base, "POST", "/shop/cart", {
      headers: { Origin: server.base, "Content-Type": FORM },
      body: form({ intent: "x" }),
    });
    expect(own.json()).toMatchObject({ reached: true, method: "POST", path: "/shop/cart" });
  });
});
