/**
 * Saved states (server/emulator/admin/states.ts, emulator-only test controls): the store's data saved under a name,
 * put back by loading it, whatever happened to the store in between (a reset included).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.js";
import { parseStateFlags, startEmulatorService, type StateFiles } from "../../server/emulator-service.js";
import { TARGET_NAMES, api, startTarget, type Target } from "./targets.js";
import { P, add, expectError, newCart, shopper } from "./carts-helpers.js";
import { useTarget } from "./use-target.js";
import { useSavedState } from "../support/saved-state.js";

describe.each(TARGET_NAMES)("saved states (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });

  it("a state saved with a cart, loaded after a reset, brings the cart back exactly; the list names it", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    expect((await add(guest, cartId, P.frenchPress, "2")).status).toBe(201);
    expect((await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "SAVE10" })).status).toBe(201);
    const before = await guest("GET", `carts/${cartId}/cart-items?includeCoupons=true`);
    expect(before.status).toBe(200);

    const saved = await call("POST", "/__emulator/states/with-cart");
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: "with-cart", savedAt: expect.any(String) });
    expect((await call("GET", "/__emulator/states")).body.states.map((s: { name: string }) => s.name)).toEqual([
      "with-cart",
    ]);

    await call("POST", "/__emulator/reset");
    expect((await guest("GET", `carts/${cartId}/cart-items`)).status).not.toBe(200);
    // A reset forgets the store's data, not the states saved from it.
    expect((await call("GET", "/__emulator/states")).body.states).toHaveLength(1);

    const loaded = await call("PUT", "/__emulator/states/with-cart");
    expect(loaded.status).toBe(200);
    const after = await guest("GET", `carts/${cartId}/cart-items?includeCoupons=true`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);

    // The store goes on from the state: an edit after the load is an edit of the loaded cart.
    expect((await add(guest, cartId, P.tamper)).status).toBe(201);
    expect((await guest("GET", `carts/${cartId}`)).body.totalProductCount).toBe("3.0");

    expect((await call("DELETE", "/__emulator/states/with-cart")).status).toBe(204);
    expectError(await call("PUT", "/__emulator/states/with-cart"), 404, "NOT_FOUND");
  });

  it("loading a state no one saved is 404 NOT_FOUND; a name that is not one is 400 INVALID_API_INPUT", async () => {
    expectError(
      await call("PUT", "/__emulator/states/never-saved"),
      404,
      "NOT_FOUND",
      "No saved state named never-saved.",
    );
    for (const bad of ["has.dot", "has%20space", "x".repeat(65)]) {
      expectError(await call("POST", `/__emulator/states/${bad}`), 400, "INVALID_API_INPUT");
      expectError(await call("PUT", `/__emulator/states/${bad}`), 400, "INVALID_API_INPUT");
    }
    const names = (await call("GET", "/__emulator/states")).body.states.map((s: { name: string }) => s.name);
    expect(names).not.toContain("has.dot");
  });
});

/**
 * A suite that starts each test from a named state (tests/support/saved-state.ts), after useTarget's reset: the
 * guest's cart made once in the suite's beforeAll is there for every test, as saved, whatever the test before did.
 */
describe.each(TARGET_NAMES)("a suite on a saved state (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  const guest = shopper(target);
  let cartId = "";
  useSavedState("contract-guest-cart", {
    controls: () => call,
    async build() {
      cartId = await newCart(guest);
      expect((await add(guest, cartId, P.frenchPress, "2")).status).toBe(201);
    },
  });
  const lines = async () =>
    (await guest("GET", `carts/${cartId}/cart-items`)).body.cartItems.map(
      (line: { cartItem: { productId: string; quantity: string } }) => [
        line.cartItem.productId,
        line.cartItem.quantity,
      ],
    );

  it("a test finds the state's cart, though the store was reset after it was saved", async () => {
    expect(await lines()).toEqual([[P.frenchPress, "2.0"]]);
    // Left in the cart for the next test, which must not find it.
    expect((await add(guest, cartId, P.tamper)).status).toBe(201);
    expect(await lines()).toHaveLength(2);
  });

  it("the next test finds the cart as saved, not as the last test left it", async () => {
    expect(await lines()).toEqual([[P.frenchPress, "2.0"]]);
  });
});

/**
 * How tests on different states stay apart: states belong to an emulator, and every test file starts its own
 * (an in-process emulator on its own in-memory database, or its own service), so a test loads its state into its
 * own store. Two stores here, each with a state of the same name and a different cart, loaded and read at once.
 */
describe("two tests on different saved states, at once", () => {
  const stores: Target[] = [];
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
  });

  it("each loads its own state and sees its own cart only, never the other's", async () => {
    stores.push(await startTarget("in-process"), await startTarget("in-process"));
    const prepared = await Promise.all(
      stores.map(async (store, i) => {
        const guest = shopper(store);
        const cartId = await newCart(guest);
        expect((await add(guest, cartId, i === 0 ? P.frenchPress : P.tamper, String(i + 1))).status).toBe(201);
        expect((await api(store)("POST", "/__emulator/states/the-test")).status).toBe(201);
        await api(store)("POST", "/__emulator/reset");
        return { store, guest, cartId };
      }),
    );
    const seen = await Promise.all(
      prepared.map(async ({ store, guest, cartId }) => {
        expect((await api(store)("PUT", "/__emulator/states/the-test")).status).toBe(200);
        const items = await guest("GET", `carts/${cartId}/cart-items`);
        expect(items.status).toBe(200);
        return items.body.cartItems.map((line: { cartItem: { productId: string; quantity: string } }) => [
          line.cartItem.productId,
          line.cartItem.quantity,
        ]);
      }),
    );
    expect(seen).toEqual([[[P.frenchPress, "1.0"]], [[P.tamper, "2.0"]]]);
    // The stores number their records alike (the same seed), so the two carts may share an id: what keeps them apart
    // is the database. A change in one after the load is not seen in the other.
    const [first, second] = prepared;
    expect((await add(first.guest, first.cartId, P.dinerMug)).status).toBe(201);
    expect((await first.guest("GET", `carts/${first.cartId}`)).body.totalProductCount).toBe("2.0");
    expect((await second.guest("GET", `carts/${second.cartId}`)).body.totalProductCount).toBe("2.0");
    const secondLines = (await second.guest("GET", `carts/${second.cartId}/cart-items`)).body.cartItems;
    expect(secondLines.map((line: { cartItem: { productId: string } }) => line.cartItem.productId)).toEqual([P.tamper]);
  });
});

describe("state files (npm run emulator -- --import FILE --export-on-exit FILE)", () => {
  const dir = mkdtempSync(join(tmpdir(), "states-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = readConfig({
    NODE_ENV: "test",
    EMULATOR_DB: ":memory:",
    EMULATOR_PORT: "0",
    EMULATOR_HOST: "127.0.0.1",
  });

  /** `npm run emulator` with these files, as a contract target over HTTP. */
  async function service(files: StateFiles): Promise<Target> {
    const started = await startEmulatorService(config, files);
    return {
      name: "http",
      emulator: started.emulator,
      baseUrl: started.url,
      fetch: (r) => fetch(r),
      close: started.close,
    };
  }

  it("a service started from the file another one exported on exit has its cart, exactly", async () => {
    const file = join(dir, "with-cart.db");
    const first = await service(parseStateFlags(["--export-on-exit", file]));
    const guest = shopper(first);
    const cartId = await newCart(guest);
    expect((await add(guest, cartId, P.frenchPress, "2")).status).toBe(201);
    const before = (await guest("GET", `carts/${cartId}/cart-items`)).body;
    await first.close();

    const second = await service(parseStateFlags(["--import", file]));
    try {
      // The same guest (the guest token is the state's too) reads the same cart.
      const after = await api(second)("GET", `carts/${cartId}/cart-items`, undefined, await guest.authHeaders());
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it("refuses a file that is not a state, and flags it doesn't take, before anything starts", async () => {
    const notAState = join(dir, "not-a-state.db");
    writeFileSync(notAState, "hello");
    await expect(service({ importFile: notAState })).rejects.toThrow(
      "not-a-state.db is not a state the emulator exported.",
    );
    await expect(service({ importFile: join(dir, "missing.db") })).rejects.toThrow(/ENOENT/);
    expect(() => parseStateFlags(["--imports", "x"])).toThrow("Unknown argument --imports");
    expect(() => parseStateFlags(["--import"])).toThrow("--import needs a file");
    expect(() => parseStateFlags(["--export-on-exit"])).toThrow("--export-on-exit needs a file");
    expect(parseStateFlags(["--import", "a.db", "--export-on-exit"])).toEqual({
      importFile: "a.db",
      exportOnExit: "a.db",
    });
  });
});
