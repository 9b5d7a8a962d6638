/**
 * Benchmark of the emulator as the storefront uses it, in-process (no socket): prints requests per second,
 * latency percentiles and memory. Figures, not assertions: compare runs on the same machine.
 *   npm run bench            (BENCH_SCALE=2 doubles every loop)
 */
import { createEmulator } from "../server/emulator/index.js";
import { api, startTarget } from "../tests/contract/targets.js";
import { PRODUCTS, payableCheckout, shopper } from "../tests/contract/checkout-helpers.js";

import { readFileSync } from "node:fs";

const scale = Number(process.env.BENCH_SCALE ?? 1);
// Plain, priced, stocked products of the demo catalog (no demo-error SKUs, no subscriptions).
const catalog = JSON.parse(readFileSync(new URL("../fixtures/catalog.json", import.meta.url), "utf8"));
const plain: string[] = catalog.products
  .filter((p: any) => p.productClass === "Simple" && !p.sellingModels?.length && p.unitPrice && p.stock > 50 && !/^(ERR|LAST)/.test(p.sku))
  .map((p: any) => p.id);
const nth = (i: number) => plain[i % plain.length];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(name: string, runs: number, fn: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const row = {
    scenario: name,
    runs,
    "ops/s": Math.round((runs / total) * 1000),
    "p50 ms": percentile(times, 50).toFixed(2),
    "p95 ms": percentile(times, 95).toFixed(2),
    "max ms": times[times.length - 1].toFixed(2),
  };
  console.log(JSON.stringify(row));
  return row;
}

const seedStart = performance.now();
createEmulator().close();
console.log(JSON.stringify({ scenario: "create + migrate + seed an in-memory store", ms: Math.round(performance.now() - seedStart) }));

const target = await startTarget("in-process");
const call = api(target);
const rows = [];
rows.push(await measure("GET application-context", 2000 * scale, () => call("GET", "application-context")));
rows.push(await measure("GET search/products?searchTerm=coffee", 500 * scale, () => call("GET", "search/products?searchTerm=coffee&pageSize=20")));
rows.push(await measure("GET products/{id}", 1000 * scale, () => call("GET", `products/${PRODUCTS.coffee}`)));
const guest = await shopper(target);
rows.push(
  await measure("POST cart-items (one guest cart, growing)", 300 * scale, (i) =>
    guest.call("POST", "carts/active/cart-items", { productId: nth(i), quantity: "1", type: "Product" }),
  ),
);
rows.push(await measure(`GET cart-items (${Math.min(plain.length, 300 * scale)} lines, promotions + coupons)`, 500 * scale, () => guest.call("GET", "carts/active/cart-items?includePromotions=true&includeCoupons=true")));
rows.push(
  await measure("full guest checkout: add, start, address, contact, pay, place", 100 * scale, async (i) => {
    const s = await shopper(target);
    // One unit of a different product each time, so the fixtures' stock lasts for any BENCH_SCALE.
    const checkoutId = await payableCheckout(s, [[nth(i), 1]]);
    const placed = await s.call("POST", `checkouts/${checkoutId}/orders`);
    if (placed.status !== 201) throw new Error(`place: ${placed.status} ${JSON.stringify(placed.body)}`);
  }),
);
const mem = process.memoryUsage();
console.log(JSON.stringify({ scenario: "memory after the run", "rss MiB": (mem.rss / 2 ** 20).toFixed(1), "heap MiB": (mem.heapUsed / 2 ** 20).toFixed(1) }));
await target.close();
