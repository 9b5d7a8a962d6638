import { XL_STORE_SIZE, generateBulkCart, generateCategories } from "../../server/emulator/large-store/index.js";
import { Browser, guestWithCart, signedIn } from "./browser.js";
import { cpuSeconds } from "./processes.js";

/**
 * `npx tsx scripts/bench/cart-pages.ts <origin> <pid> [<origin> <pid> …] [views]`: the cart page's CPU per view by the
 * size of the cart (issue 41: the 2,000-line cart page ≤ 1.5× a 1-line cart's), on running DEMO_SCALE=xl stores of
 * one worker each (`WEB_CONCURRENCY=1 DEMO_SCALE=xl EMULATOR_DB=… node build/server.mjs`; two stores: two builds
 * side by side). Four shoppers a store: a guest with 1 line, a signed-in buyer with 1 line and one with 25 (a full
 * page), and bulk@demo.store's 2,000 lines. Each views /cart `views` times (300), in rounds taking turns with the
 * others, so a busy machine's drift is shared; the CPU is the server's own (/proc, all its threads), as
 * the bench reads it (processes.ts cpuSeconds). The carts are made on the first run and kept in the store.
 */

const args = process.argv.slice(2);
const VIEWS = args.length % 2 === 1 ? Number(args.pop()) : 300;
const ROUNDS = 10;
const stores: { origin: string; pid: number }[] = [];
for (let i = 0; i < args.length; i += 2) stores.push({ origin: args[i], pid: Number(args[i + 1]) });
if (stores.length === 0) throw new Error("usage: cart-pages.ts <origin> <pid> [<origin> <pid> …] [views]");

/** The product with the most units in the demo catalog (Paper Filters #02). */
const ONE_LINE_PRODUCT = "/product/01tDM0000000022";
/** A buyer's full page of lines: products of bulk@demo.store's cart, all in stock. */
const PAGE_LINES = 25;

function cpu(pid: number): number {
  const seconds = cpuSeconds(pid);
  if (seconds === null) throw new Error(`no process ${pid}`);
  return seconds;
}

/** A signed-in buyer whose cart holds `lines` lines (added through the product pages when it is empty). */
async function buyerWithLines(origin: string, username: string, lines: number): Promise<Browser> {
  const b = await signedIn(origin, username);
  if (/store-cart__lines/.test((await b.request("/cart")).text)) return b;
  const paths =
    lines === 1
      ? [ONE_LINE_PRODUCT]
      : generateBulkCart(XL_STORE_SIZE.seed, generateCategories().leaves, XL_STORE_SIZE)
          .slice(0, lines)
          .map((l) => `/product/${l.product.id}`);
  for (const path of paths) await b.submit(await b.visit(path), /^add$/);
  return b;
}

const SHOPPERS: [string, (origin: string) => Promise<Browser>][] = [
  ["guest, 1 line", (o) => guestWithCart(o, ONE_LINE_PRODUCT)],
  ["signed in, 1 line", (o) => buyerWithLines(o, "shopper0002@demo.store", 1)],
  [`signed in, ${PAGE_LINES} lines`, (o) => buyerWithLines(o, "shopper0003@demo.store", PAGE_LINES)],
  ["bulk@demo.store, 2,000 lines", (o) => signedIn(o, "bulk@demo.store")],
];

interface Run {
  store: number;
  shopper: string;
  browser: Browser;
  bytes: number;
  seconds: number;
  views: number;
}

const runs: Run[] = [];
for (const [index, store] of stores.entries())
  for (const [shopper, start] of SHOPPERS) {
    const browser = await start(store.origin);
    const page = await browser.request("/cart");
    // Warm-up: the first views read what later ones find kept.
    for (let i = 0; i < 30; i++) await browser.request("/cart");
    runs.push({ store: index, shopper, browser, bytes: page.text.length, seconds: 0, views: 0 });
  }

const perRound = Math.ceil(VIEWS / ROUNDS);
for (let round = 0; round < ROUNDS; round++)
  for (const run of runs) {
    const pid = stores[run.store].pid;
    const before = cpu(pid);
    for (let i = 0; i < perRound; i++) {
      const page = await run.browser.request("/cart");
      if (page.status !== 200) throw new Error(`${run.shopper}: /cart answered ${page.status}`);
    }
    run.seconds += cpu(pid) - before;
    run.views += perRound;
  }

const msPerView = (run: Run) => (run.seconds * 1000) / run.views;
console.log("| store | cart | HTML bytes | CPU ms per view | ÷ guest, 1 line | ÷ signed in, 1 line |");
console.log("|---|---|---:|---:|---:|---:|");
for (const [index, store] of stores.entries()) {
  const own = runs.filter((r) => r.store === index);
  const [guest, buyer] = own.map(msPerView);
  for (const run of own)
    console.log(
      `| ${store.origin} | ${run.shopper} | ${run.bytes} | ${msPerView(run).toFixed(2)} | ${(msPerView(run) / guest).toFixed(2)} | ${(msPerView(run) / buyer).toFixed(2)} |`,
    );
}
