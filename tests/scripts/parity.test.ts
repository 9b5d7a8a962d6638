import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLIENT, DEMO_WEBSTORE_ID } from "../../server/config.js";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import { createWebstoreCaches, createWebstoreClient } from "../../server/webstore/index.js";
import { compare, formatParity } from "../../scripts/parity/compare.js";
import { recordingFetch } from "../../scripts/parity/record.js";
import { emulatorRoutes } from "../../scripts/parity/routes.js";
import { shapeOf, templatePath, type RecordedRequest } from "../../scripts/parity/shape.js";

/**
 * `npm run parity`'s recorder and comparison (scripts/parity/). The command end to end — a recording of the
 * emulator over HTTP, checked against it unchanged and with one behaviour changed — is tests/contract/parity.test.ts.
 */

describe("a recording's path templates", () => {
  const routes = emulatorRoutes();
  const api = "/services/data/v65.0/commerce/webstores/0ZE5e000000XyZ1";

  it("writes a path as the emulator's route pattern, its ids named as the route names them", () => {
    expect(templatePath(`${api}/carts/0a65e00000AbCdE`, routes, "GET")).toBe(
      "/services/data/{apiVersion}/commerce/webstores/{webstoreId}/carts/{cartStateOrId}",
    );
    // A literal segment beats a parameter, as in the emulator's router.
    expect(templatePath(`${api}/carts/current/cart-items`, routes, "GET")).toBe(
      "/services/data/{apiVersion}/commerce/webstores/{webstoreId}/carts/{cartStateOrId}/cart-items",
    );
    expect(templatePath("/services/oauth2/token", routes, "POST")).toBe("/services/oauth2/token");
  });

  it("drops the org's site prefix: the path within the site, from /services/ on", () => {
    expect(templatePath(`/store/vforcesite${api}/application-context`, routes, "GET")).toBe(
      "/services/data/{apiVersion}/commerce/webstores/{webstoreId}/application-context",
    );
    expect(templatePath("/store/s/some/page", routes, "GET", "/store")).toBe("/s/some/page");
  });

  it("replaces Salesforce ids, UUIDs, numbers and e-mail addresses in a path no route matches with {id}", () => {
    expect(
      templatePath(
        `${api}/not-a-route/0a65e00000AbCdEAAT/5c8e8f9e-1d2b-4c3a-9f00-000000000001/12345/jo@shop.example/plain`,
        routes,
        "GET",
      ),
    ).toBe("/services/data/v65.0/commerce/webstores/{id}/not-a-route/{id}/{id}/{id}/{id}/plain");
  });
});

describe("an answer's shape", () => {
  it("is its key paths and value types; array elements share one path; no value", () => {
    const shape = shapeOf({
      cartId: "0a6DM0000000001",
      total: 12.5,
      ok: true,
      none: null,
      items: [{ name: "Mug" }, { name: null, qty: 2 }],
      tags: [],
    });
    expect(shape).toEqual({
      $: "object",
      "$.cartId": "string",
      "$.items": "array",
      "$.items[]": "object",
      "$.items[].name": "null|string",
      "$.items[].qty": "number",
      "$.none": "null",
      "$.ok": "boolean",
      "$.tags": "array",
      "$.total": "number",
    });
    expect(JSON.stringify(shape)).not.toMatch(/0a6DM|Mug|12\.5/);
  });

  it("writes a key that is an id as {id}: a map keyed by product id leaves no id", () => {
    expect(shapeOf({ prices: { "01tDM0000000001": { amount: "1" } } })).toEqual({
      $: "object",
      "$.prices": "object",
      "$.prices.{id}": "object",
      "$.prices.{id}.amount": "string",
    });
  });
});

describe("parity of two recordings", () => {
  const request = (path: string, status: number, response: Record<string, string>): RecordedRequest => ({
    test: "t",
    method: "GET",
    path,
    query: [],
    headers: [],
    body: null,
    status,
    contentType: "application/json",
    location: null,
    response,
  });
  const org = [
    request("/a", 200, { $: "object", "$.id": "string", "$.name": "string", "$.total": "string" }),
    request("/a", 401, { $: "array", "$[]": "object" }),
    request("/b", 200, { $: "object" }),
    request("/c", 204, { $: "empty" }),
  ];

  it("names per endpoint the key paths missing, extra and of another type, for a status both answered", () => {
    const emulator = [
      request("/a", 200, { $: "object", "$.id": "string", "$.title": "string", "$.total": "number" }),
      request("/a", 401, { $: "array", "$[]": "object" }),
      request("/b", 200, { $: "object" }),
      request("/b", 200, { $: "object" }),
      request("/c", 204, { $: "empty" }),
    ];
    const [a, b, c] = compare(org, emulator);
    expect(a).toMatchObject({
      endpoint: "GET /a",
      recorded: [200, 401],
      checked: [200, 401],
      missing: [{ path: "$.name", type: "string" }],
      extra: [{ path: "$.title", type: "string" }],
      types: [{ path: "$.total", recorded: "string", checked: "number" }],
      atParity: false,
    });
    // Asked twice by the check, once by the recording: the same answers, at parity.
    expect([b.atParity, c.atParity]).toEqual([true, true]);
    expect(formatParity([a, b, c], { recorded: "org", checked: "emulator" })).toEqual([
      "✗ GET /a  200,401",
      "    missing: $.name (string)",
      "    extra: $.title (string)",
      "    type: $.total is string (org), number (emulator)",
      "✓ GET /b  200",
      "✓ GET /c  204",
      "",
      "2 of 3 endpoints at parity",
    ]);
  });

  it("compares the answers of statuses both gave; a status only one gave is the difference, and an endpoint never asked", () => {
    const emulator = [
      request("/a", 200, { $: "object", "$.id": "string", "$.name": "string", "$.total": "string" }),
      request("/a", 403, { $: "array", "$[]": "object" }),
      request("/b", 200, { $: "object" }),
      request("/d", 200, { $: "object" }),
    ];
    const lines = formatParity(compare(org, emulator));
    expect(lines.filter((line) => /^[✓✗]/.test(line))).toEqual([
      "✗ GET /a  200,401 → 200,403",
      "✓ GET /b  200",
      "✗ GET /c  204 → —",
      "✗ GET /d  — → 200",
    ]);
    expect(lines).toContain("    status: recorded 204, emulator — (the emulator was never asked)");
    expect(lines).toContain("    status: recorded —, emulator 200 (never asked when recorded)");
    expect(lines.at(-1)).toBe("1 of 4 endpoints at parity");
  });
});

describe("the recording transport", () => {
  let emulator: Emulator;
  let dir: string;
  beforeAll(() => {
    emulator = createEmulator();
    dir = mkdtempSync(join(tmpdir(), "parity-test-"));
  });
  afterAll(() => {
    emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes none of the requests' or answers' values: no e-mail, name, id, token, code or price", async () => {
    const file = join(dir, "requests.jsonl");
    const values = new Set<string>();
    const names = new Set<string>();
    const collect = (value: unknown) => {
      if (typeof value === "string") values.add(value);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === "object")
        for (const [key, child] of Object.entries(value)) {
          names.add(key);
          collect(child);
        }
    };
    const collectText = (text: string, type: string | null) => {
      if (!text) return;
      if (type?.startsWith("application/x-www-form-urlencoded"))
        for (const [key, value] of new URLSearchParams(text)) {
          names.add(key);
          values.add(value);
        }
      else
        try {
          collect(JSON.parse(text));
        } catch {
          values.add(text);
        }
    };
    // Between the recorder and the emulator: everything that went by, to look for in the file.
    const watched = async (req: Request) => {
      const url = new URL(req.url);
      url.pathname.split("/").forEach((segment) => values.add(decodeURIComponent(segment)));
      for (const [key, value] of url.searchParams) {
        names.add(key);
        values.add(value);
      }
      for (const header of ["authorization", "uvid-hint"]) values.add(req.headers.get(header) ?? "");
      collectText(await req.clone().text(), req.headers.get("content-type"));
      const res = await emulator.fetch(req);
      const location = res.headers.get("location");
      if (location) {
        values.add(location);
        for (const value of new URL(location).searchParams.values()) values.add(value);
      }
      collectText(await res.clone().text(), res.headers.get("content-type"));
      return res;
    };
    const options = {
      fetch: recordingFetch(watched, file, () => "a buyer shops"),
      baseUrl: "http://emulator.local",
      webstoreId: DEMO_WEBSTORE_ID,
      oauth: DEMO_CLIENT,
      caches: createWebstoreCaches(),
      sleep: async () => {},
    };
    const tokens = await createWebstoreClient(options).headlessLogin("buyer@demo.store", "demo-pass-1");
    const buyer = createWebstoreClient({ ...options, accessToken: tokens.accessToken });
    await buyer.getUserInfo();
    await buyer.getSessionContext();
    const found = await buyer.searchProducts({ searchTerm: "mug" });
    const cart = await buyer.ensureActiveCart();
    await buyer.addCartItem(cart.data.cartId!, { productId: found.productsPage!.products![0].id!, quantity: 2 });
    await buyer.getCartItems(cart.data.cartId!);
    await buyer.getAddresses();

    const recording = readFileSync(file, "utf8");
    const entries = recording
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as RecordedRequest);
    expect(entries.length).toBeGreaterThanOrEqual(8);
    // What the buyer is: their e-mail, their cart, their token — seen going by, and to be looked for in the file.
    for (const sample of [
      "buyer@demo.store",
      tokens.accessToken,
      cart.data.cartId!,
      found.productsPage!.products![0].id!,
    ])
      expect(values).toContain(sample);
    // The file's words: every text in it, its key paths and path templates cut at their separators.
    const atoms = new Set<string>();
    const parts = new Set<string>();
    const addAtoms = (value: unknown) => {
      if (typeof value === "string") {
        atoms.add(value);
        for (const part of value.split(/[/.[\]{}$?]+/)) {
          atoms.add(part);
          parts.add(part);
        }
      } else if (Array.isArray(value)) value.forEach(addAtoms);
      else if (value && typeof value === "object")
        for (const [key, child] of Object.entries(value)) {
          addAtoms(key);
          addAtoms(child);
        }
    };
    entries.forEach(addAtoms);
    // A value that is also a field's name, a path's literal word (the API's words, not the shopper's) or a type
    // can't be told apart from it; any other value must not be a word of the file, nor (long enough to be a
    // token, an id or an address) part of any other.
    const literals = emulatorRoutes().flatMap((r) => r.segments);
    const words = new Set([...names, ...literals, "string", "number", "boolean", "null", "object", "array", "empty"]);
    const others = [...parts].filter((a) => !words.has(a));
    const leaked = [...values].filter(
      (v) => v !== "" && !words.has(v) && (atoms.has(v) || (v.length >= 8 && others.some((a) => a.includes(v)))),
    );
    expect(leaked).toEqual([]);
  });
});
