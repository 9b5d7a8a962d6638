import type { AddressInfo } from "node:net";
import { readConfig } from "../../server/config.js";
import { createEmulator } from "../../server/emulator/index.js";
import { BULK_BUYER } from "../../server/emulator/large-store/index.js";
import { startServer } from "../../server/main.js";
import { SHOPPER_USER_AGENT } from "./config.js";

/**
 * `tsx scripts/bench/cart-add-store.ts [adds]` (after `npm run build`): what "Add to cart" costs the store as a
 * browser without JavaScript sends it (POST the product page's form, 303), on a 1-line cart (a guest's) and on
 * bulk@demo.store's 500-line cart (a small generated store), alternately: this process's CPU time (the storefront and
 * its in-process emulator) around each request, median and mean, and the ratio (issue 23's goal: ≤ 1.5).
 */

const ADDS = Math.min(390, Number(process.argv[2] ?? 200));
const FILTERS = "01tDM0000000022"; // Paper Filters #02: 400 in stock, enough for every add of a run

const emulator = createEmulator({
  scale: { products: 2_000, buyers: 0, bulkOrders: 0, bulkCartLines: 500, seed: 23 },
});
const config = readConfig({ EMULATOR_DB: ":memory:", PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production" });
const { server } = await startServer(config, { emulator });
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** One browser: its cookies, form posts with the page's Origin (the CSRF guard's), redirects not followed. */
function browser() {
  const cookies = new Map<string, string>();
  return async (method: string, path: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = { Accept: "text/html", "User-Agent": SHOPPER_USER_AGENT };
    if (cookies.size) headers.Cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers.Origin = origin;
    }
    const res = await fetch(`${origin}${path}`, {
      method,
      headers,
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    await res.text();
    return res.status;
  };
}

const guest = browser();
const bulk = browser();
const add = { intent: "add", quantity: "1" };
if ((await bulk("POST", "/login", { username: BULK_BUYER.username, password: BULK_BUYER.password })) !== 303)
  throw new Error("bulk@demo.store could not sign in");
for (const b of [guest, bulk]) {
  const status = await b("POST", `/product/${FILTERS}`, add);
  if (status !== 303) throw new Error(`Add to cart answered ${status}`);
}

const cpuMs = async (f: () => Promise<unknown>) => {
  const before = process.cpuUsage();
  await f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};
const short: number[] = [];
const long: number[] = [];
for (let i = 0; i < ADDS; i++) {
  short.push(await cpuMs(() => guest("POST", `/product/${FILTERS}`, add)));
  long.push(await cpuMs(() => bulk("POST", `/product/${FILTERS}`, add)));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const [s, l] = [median(short), median(long)];
console.log(`Add to cart (POST, 303), 1-line cart:   median ${s.toFixed(3)} ms CPU (mean ${mean(short).toFixed(3)})`);
console.log(`Add to cart (POST, 303), 501-line cart: median ${l.toFixed(3)} ms CPU (mean ${mean(long).toFixed(3)})`);
console.log(`ratio: ${(l / s).toFixed(2)}× (goal ≤ 1.5×)`);
server.closeAllConnections();
server.close();
emulator.close();
