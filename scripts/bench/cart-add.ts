import { createEmulator } from "../../server/emulator/index.js";
import { BULK_BUYER } from "../../server/emulator/large-store/index.js";
import { buyerAuthorization, guestAuthorization } from "../../tests/support/identity.js";

/**
 * `tsx scripts/bench/cart-add.ts [adds] [lines]`: what adding a line costs the emulator on a 1-line cart and on a
 * long cart (bulk@demo.store's, 500 lines by default), straight through the emulator's fetch (no storefront, no
 * socket). Each round adds one unit of a product already on the cart to both carts, alternately, and reads this
 * process's CPU time around each call; prints the median CPU milliseconds of each and their ratio (issue 23's goal:
 * ≤ 1.5). Then the same for the reads a page makes after it: the cart's summary and the cart page's first 25 lines.
 */

// At most 398: each cart adds one unit a round of a product with 400 in stock.
const ADDS = Math.min(398, Number(process.argv[2] ?? 300));
const LINES = Number(process.argv[3] ?? 500);
const BASE = "http://emulator.local";
const API = `${BASE}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001`;
const FILTERS = "01tDM0000000022"; // Paper Filters #02: 400 in stock, enough for every add of a run

const emulator = createEmulator({
  scale: { products: Math.max(2_000, LINES * 4), buyers: 0, bulkOrders: 0, bulkCartLines: LINES, seed: 23 },
});
const fetch = (r: Request) => emulator.fetch(r);

async function call(auth: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await emulator.fetch(
    new Request(`${API}/${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const bulk = await buyerAuthorization(fetch, BASE, BULK_BUYER.username, BULK_BUYER.password);
const guest = await guestAuthorization(fetch, BASE);
const longCart = await call(bulk, "GET", "carts/current");
const add = { productId: FILTERS, quantity: "1", type: "Product" };
await call(guest, "POST", "carts/current/cart-items", add);
await call(bulk, "POST", "carts/current/cart-items", add);
const shortCart = await call(guest, "GET", "carts/current");
const longLines = (await call(bulk, "GET", "carts/current")).totalProductLineItemCount;
console.log(`carts: ${shortCart.totalProductLineItemCount} line(s) and ${longLines} lines (${longCart.cartId})`);

const cpuMs = async (f: () => Promise<unknown>) => {
  const before = process.cpuUsage();
  await f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};
const short: number[] = [];
const long: number[] = [];
for (let i = 0; i < ADDS; i++) {
  short.push(await cpuMs(() => call(guest, "POST", "carts/current/cart-items", add)));
  long.push(await cpuMs(() => call(bulk, "POST", "carts/current/cart-items", add)));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
function report(what: string, short: number[], long: number[]) {
  const [s, l] = [median(short), median(long)];
  console.log(`${what}, 1-line cart:   median ${s.toFixed(3)} ms CPU (mean ${mean(short).toFixed(3)})`);
  console.log(`${what}, ${longLines}-line cart: median ${l.toFixed(3)} ms CPU (mean ${mean(long).toFixed(3)})`);
  console.log(`${what}: ratio ${(l / s).toFixed(2)}×`);
}
report("add a unit (POST cart-items)", short, long);

// The reads a page makes of the cart after an add: the header's summary, the cart page's first 25 lines.
for (const [what, path] of [
  ["summary (GET carts/current)", "carts/current"],
  ["cart page (GET cart-items, 25 lines)", "carts/current/cart-items?pageSize=25&includePromotions=true"],
] as const) {
  const [s, l]: number[][] = [[], []];
  for (let i = 0; i < Math.min(ADDS, 100); i++) {
    s.push(await cpuMs(() => call(guest, "GET", path)));
    l.push(await cpuMs(() => call(bulk, "GET", path)));
  }
  report(what, s, l);
}
emulator.close();
