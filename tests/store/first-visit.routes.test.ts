/**
 * A visitor who has done nothing of their own (browsing, searching, reading products) is served with the server's
 * browsing identity: no UVID or guest token of their own, no session cookie. Their identity is made when they first
 * act (add to a cart), and a crawler's page views never make one. Counted in the emulator's identity journal
 * (/services/oauth2/…).
 */
import { beforeEach, describe, expect, test } from "vitest";
import { useStore } from "../support/routes";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const BROWSING = ["/", "/search?q=mug", `/product/${COFFEE.id}`, "/category/0ZGDM0000000CFE", "/cart", "/en-GB/"];

const store = useStore();
beforeEach(() => store.control("DELETE", "/__emulator/journal"));

async function identityCalls(): Promise<string[]> {
  const answer = await store.control("GET", "/__emulator/journal");
  const { entries } = (await answer.json()) as { entries: { method: string; path: string }[] };
  return entries.filter((e) => e.path.startsWith("/services/oauth2/")).map((e) => `${e.method} ${e.path}`);
}

describe("A first visit", () => {
  test("the server makes its browsing identity once; then 100 page views by new visitors make no identity call", async () => {
    expect((await store.visitor({ "User-Agent": CHROME }).load("/")).status).toBe(200);
    expect(await identityCalls()).toEqual(["POST /services/oauth2/authorize", "POST /services/oauth2/token"]);
    await store.control("DELETE", "/__emulator/journal");
    for (let i = 0; i < 100; i++) {
      const visitor = store.visitor({ "User-Agent": CHROME });
      const page = await visitor.load(BROWSING[i % BROWSING.length]);
      expect(page.status, BROWSING[i % BROWSING.length]).toBe(200);
      expect(visitor.hasCookie("__store")).toBe(false);
    }
    expect(await identityCalls()).toEqual([]);
  });

  test("the visitor's identity is made when they first add to a cart, once, and kept", async () => {
    const shopper = store.visitor({ "User-Agent": CHROME });
    expect((await shopper.load(`/product/${COFFEE.id}`)).status).toBe(200);
    const added = await shopper.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "2" });
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/product/${COFFEE.id}`);
    expect(shopper.hasCookie("__store")).toBe(true);
    expect(await identityCalls()).toEqual(["POST /services/oauth2/authorize", "POST /services/oauth2/token"]);

    const cart = await shopper.load("/cart");
    expect(cart.text).toContain(COFFEE.name);
    expect(cart.cartCount).toBe(2);
    await shopper.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" });
    expect((await identityCalls()).length).toBe(2);
  });

  test("a crawler's page views never make one", async () => {
    const crawler = store.visitor({ "User-Agent": GOOGLEBOT });
    for (const path of BROWSING) expect((await crawler.load(path)).status, path).toBe(200);
    expect((await crawler.load("/pay/0a6EM0000000001")).status).toBe(404);
    expect(crawler.hasCookie("__store")).toBe(false);
    expect(await identityCalls()).toEqual([]);
  });
});
