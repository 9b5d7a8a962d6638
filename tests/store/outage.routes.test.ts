/**
 * The outage drill (README, "When the org is down"): every API call answering 503 SERVICE_UNAVAILABLE, or no answer
 * in time, through the whole store. Every page type answers the store's own 503 page (Retry-After) or the catalog's
 * last good copy with its notice, never a 500; the cart is intact afterwards; the store recovers by itself once the
 * circuit breaker's cool-off has passed (a clock the test moves, server/webstore/breaker.ts), with no restart.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { configureBreakers, breakerState, resetBreakers } from "../../server/webstore/index.js";
import { BUYER, useStore, type Answer, type Visitor } from "../support/routes";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const CATEGORY = "/category/coffee/0ZGDM0000000CFE";
const TROUBLE = "The store is having trouble right now";
const STALE_NOTICE = "Prices and stock will be confirmed at checkout.";
const COOL_OFF_MS = 30_000;
const ORG_DOWN = { path: "/services/data/*", status: 503, errorCode: "SERVICE_UNAVAILABLE", times: 0 };

const store = useStore();
let now = Date.parse("2026-11-27T09:00:00Z");

beforeAll(() => {
  // The breaker's cool-off runs on a clock the test moves; a short time limit keeps the slow-org drill quick.
  configureBreakers({ now: () => now, coolOffMs: COOL_OFF_MS, failureThreshold: 5, readTimeoutMs: 400 });
});
afterEach(async () => {
  await store.control("DELETE", "/__emulator/faults");
  await store.reset();
});
afterAll(() => resetBreakers());

/** A page that kept its promise during an outage: the store's own 503 page, or the catalog's last good copy. */
function expectHonest(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).not.toBe(500);
  if (answer.status === 503) {
    expect(answer.text, what).toContain(TROUBLE);
    expect(answer.text, what).toContain("Your cart is safe; try again in a minute.");
    expect(Number(answer.headers.get("Retry-After")), `${what}: Retry-After`).toBeGreaterThan(0);
    expect(/<title>([^<]*)<\/title>/.exec(answer.html)?.[1], `${what}: title`).toMatch(/^The store is having trouble/);
  } else {
    expect(answer.status, what).toBe(200);
  }
}

async function shopperWithACart(): Promise<Visitor> {
  const buyer = await store.signedIn(BUYER);
  const added = await buyer.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "2" });
  expect(added.status).toBe(303);
  return buyer;
}

describe("The org is down (every API call answers 503)", () => {
  test("catalog pages already shown are served stale with the notice; the others answer the store's 503", async () => {
    const buyer = await shopperWithACart();
    const guest = store.visitor();
    // Pages the store has shown (their answers are in its catalog cache).
    for (const path of [`/product/${COFFEE.id}`, CATEGORY, "/search?q=mug", "/"]) {
      const shown = await guest.load(path);
      expect(shown.status, path).toBe(200);
      expect(shown.text).not.toContain(STALE_NOTICE);
    }
    const cartBefore = await buyer.load("/cart");
    expect(cartBefore.cartCount).toBe(2);

    expect((await store.control("POST", "/__emulator/faults", ORG_DOWN)).status).toBe(201);

    for (const path of [`/product/${COFFEE.id}`, CATEGORY, "/search?q=mug"]) {
      const stale = await guest.load(path);
      expect(stale.status, path).toBe(200);
      expect(stale.text, path).toContain(STALE_NOTICE);
    }
    const product = await guest.load(`/product/${COFFEE.id}`);
    expect(product.text).toContain(COFFEE.name);

    // Never shown: nothing to serve stale.
    expectHonest(await guest.load("/search?q=never-searched"), "an unseen search");
    expectHonest(await guest.load("/product/01tDM0000000002"), "an unseen product");
    // The home page was shown: its categories and featured products from the last good copy.
    const home = await guest.load("/");
    expect(home.status).toBe(200);
    expect(home.text).toContain(STALE_NOTICE);
    expect(home.text).not.toContain("not available right now");
    // The lookup form asks the API nothing until it is sent.
    expect((await guest.load("/OrderLookup")).status).toBe(200);
    for (const path of ["/cart", "/checkout", "/account", "/account/addresses", "/wishlist"]) {
      const answer = await buyer.load(path, { follow: true });
      expectHonest(answer, path);
      expect(answer.status, path).toBe(503);
    }
    // Carts, checkout and orders are never served stale: the cart page is the store's 503.
    const cart = await buyer.load("/cart");
    expect(cart.status).toBe(503);
    expect(cart.text).toContain(TROUBLE);
    expect(cart.text).not.toContain(COFFEE.name);
    // The same, as a hydrated page's router asks for the data.
    const cartData = await buyer.data("/cart");
    expect(cartData.status).toBe(503);
  });

  test("a form posted during the outage keeps what was typed and says why", async () => {
    const guest = store.visitor();
    expect((await guest.load("/OrderLookup")).status).toBe(200);
    expect((await store.control("POST", "/__emulator/faults", ORG_DOWN)).status).toBe(201);
    const answer = await guest.submit("/OrderLookup", {
      orderNumber: "00000101",
      email: "buyer@demo.store",
      postalCode: "94105",
    });
    // The lookup form again, as typed, with the reason (its own words for an unavailable lookup).
    expect([200, 503]).toContain(answer.status);
    expect(answer.field("orderNumber")).toBe("00000101");
    expect(answer.field("email")).toBe("buyer@demo.store");
    expect(answer.toasts.length + answer.alerts.length).toBeGreaterThan(0);

    // Add to cart from a hydrated page: the action's answer (data, not a 500) carries the quantity typed and why.
    const added = await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "3" }, { js: true });
    expect(added.status).not.toBe(500);
    expect(added.data).toMatchObject({ data: { ok: false, quantity: "3" } });
    expect((added.data as { data: { error: string } }).data.error).toMatch(/Try again/);
    // Without JavaScript: back to the product page (303) with the quantity typed, as on any failed add.
    const plain = await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "3" });
    expect(plain.status).toBe(303);
    expect(plain.location).toBe(`/product/${COFFEE.id}?quantity=3`);
  });

  test("the breaker fails fast while open, and the store recovers after its cool-off without a restart", async () => {
    const buyer = await shopperWithACart();
    expect((await store.control("POST", "/__emulator/faults", ORG_DOWN)).status).toBe(201);
    // Enough failing pages to open the breaker.
    for (let i = 0; i < 3; i++) expectHonest(await buyer.load("/cart"), "cart while down");
    expect(breakerState().ok).toBe(false);
    expect(breakerState().hosts.find((h) => h.state === "open")).toBeDefined();
    // A load balancer hears of it: the instance is not ready while its breaker is open.
    const notReady = await fetch(`${store.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ checks: { "webstore circuit": { ok: false } } });

    // The org is back, but the breaker is still open: pages fail at once, without calling the API.
    await store.control("DELETE", "/__emulator/faults");
    await store.control("DELETE", "/__emulator/journal");
    expectHonest(await buyer.load("/cart"), "cart in the cool-off");
    expect(await store.apiReads()).toEqual([]);

    // Past the cool-off a probe goes through, the breaker closes, and the cart is as it was.
    now += COOL_OFF_MS;
    const cart = await buyer.load("/cart");
    expect(cart.status).toBe(200);
    expect(cart.text).toContain(COFFEE.name);
    expect(cart.cartCount).toBe(2);
    expect(breakerState().ok).toBe(true);
    expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
  });
});

describe("The org is slow (every catalog read takes 10 s)", () => {
  test("pages answer within the per-call time limit: stale, or the store's 503", async () => {
    const guest = store.visitor();
    expect((await guest.load(`/product/${COFFEE.id}`)).status).toBe(200);
    await store.control("POST", "/__emulator/faults", { path: "*/products/*", latencyMs: 10_000, times: 0 });

    const started = Date.now();
    const shown = await guest.load(`/product/${COFFEE.id}`);
    const unseen = await guest.load("/product/01tDM0000000002");
    // Far below the org's 10 s: each page gave up on the call at its time limit (400 ms here).
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(STALE_NOTICE);
    expectHonest(unseen, "an unseen product");
  });
});
