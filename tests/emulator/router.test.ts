import { describe, expect, it } from "vitest";
import { json } from "../../server/emulator/core/http.js";
import { Router, parseApiVersion } from "../../server/emulator/core/router.js";
import type { Emu } from "../../server/emulator/core/state.js";

/**
 * Resources exist at the API versions their Salesforce pages document: the router answers a request at another
 * version as a real org does, 404 NOT_FOUND with the standard body.
 */

const STORE = "0ZE000000000001";
const emu = { store: { webstoreExists: (id: string) => id === STORE } } as unknown as Emu;
const NOT_FOUND = [{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }];

function router() {
  const r = new Router();
  const echo = (name: string) => (ctx: { apiVersion: number; params: Record<string, string> }) =>
    json({ name, version: ctx.apiVersion, params: ctx.params });
  r.webstore("GET", "carts/:cartStateOrId", { since: 49 }, echo("cart"));
  r.webstore("GET", "carts/compact-summary", { since: 64 }, echo("compact"));
  r.webstore("POST", "checkouts/:id/coupons", { since: 61, until: 62 }, echo("checkout coupons"));
  r.webstore("DELETE", "checkouts/:id/coupons", { since: 63 }, echo("a later method"));
  r.webstore("GET", "application-context", echo("everywhere"));
  return r;
}

async function call(method: string, version: string, path: string, store = STORE) {
  const res = await router().handle(
    new Request(`http://x/services/data/${version}/commerce/webstores/${store}/${path}`, { method }),
    emu,
    () => ({ user: null, uvid: null }),
  );
  return { status: res.status, body: await res.json() };
}

describe("versioned routes", () => {
  it("reads the version from the path", () => {
    expect(parseApiVersion("v62.0")).toBe(62);
    expect(parseApiVersion("v65.0")).toBe(65);
    for (const bad of ["v66.0", "v48.0", "62.0", "v62", "v62.1", "latest"]) expect(parseApiVersion(bad)).toBeNull();
  });

  it("answers a resource inside its range, with the request's version on the context", async () => {
    expect(await call("POST", "v61.0", "checkouts/2z9A/coupons")).toEqual({
      status: 200,
      body: { name: "checkout coupons", version: 61, params: expect.objectContaining({ id: "2z9A" }) },
    });
    expect((await call("POST", "v62.0", "checkouts/2z9A/coupons")).status).toBe(200);
    expect((await call("GET", "v64.0", "carts/compact-summary")).body.name).toBe("compact");
    expect((await call("GET", "v49.0", "application-context")).body.version).toBe(49);
  });

  it("answers 404 NOT_FOUND before and after the range", async () => {
    for (const version of ["v60.0", "v63.0", "v65.0"]) {
      expect(await call("POST", version, "checkouts/2z9A/coupons")).toEqual({ status: 404, body: NOT_FOUND });
    }
  });

  it("does not let a literal resource outside its range fall through to a parameter route", async () => {
    // At v62 "compact-summary" is no resource, and not a cart id either.
    expect(await call("GET", "v62.0", "carts/compact-summary")).toEqual({ status: 404, body: NOT_FOUND });
    expect((await call("GET", "v62.0", "carts/current")).body.name).toBe("cart");
  });

  it("names only the methods that exist at the version in a 405", async () => {
    const at62 = await call("PUT", "v62.0", "checkouts/2z9A/coupons");
    expect(at62.status).toBe(405);
    expect(at62.body[0].message).toMatch(/Allowed are POST$/);
    const at65 = await call("PUT", "v65.0", "checkouts/2z9A/coupons");
    expect(at65.body[0].message).toMatch(/Allowed are DELETE$/);
    expect((await call("PUT", "v60.0", "checkouts/2z9A/coupons")).status).toBe(404);
  });

  it("answers an unknown version 404 NOT_FOUND and an unknown webstore at a served version WEBSTORE_NOT_FOUND", async () => {
    expect(await call("GET", "v66.0", "application-context")).toEqual({ status: 404, body: NOT_FOUND });
    expect(await call("GET", "v62x", "application-context")).toEqual({ status: 404, body: NOT_FOUND });
    expect((await call("GET", "v62.0", "application-context", "0ZE000000000009")).body[0].errorCode).toBe(
      "WEBSTORE_NOT_FOUND",
    );
  });
});
