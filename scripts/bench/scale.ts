import { copyFileSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { createEmulator } from "../../server/emulator/index.js";
import { CART_ITEMS_PAGE_SIZE } from "../../server/webstore/limits.js";
import {
  BULK_BUYER,
  MANAGER_BUYER,
  LARGE_STORE_SIZE,
  XL_STORE_SIZE,
  generateBulkCart,
  generateCategories,
  generateProduct,
} from "../../server/emulator/large-store/index.js";
import {
  Browser,
  CHECKOUT_STEPS,
  atCheckoutStep,
  guestAtShipping,
  guestWithCart,
  signedIn,
  type CheckoutStep,
} from "./browser.js";
import {
  CONNECTIONS,
  OUT,
  ROOT,
  SECONDS,
  SHOPPER_USER_AGENT,
  SKIP_GOALS,
  describeMachine,
  log,
  pageWanted,
} from "./config.js";
import { bodyMarkup, load, type LoadOptions, type Row } from "./load.js";
import { openLoop, type OpenLoopRow } from "./open-loop.js";
import { buildBare, cpuSeconds, launch, peakMemory, startStore, type Running } from "./processes.js";

/**
 * `npm run bench -- --scale=large` (or BENCH_SCALE=large, or DEMO_SCALE=large): the store at the demo's size and at
 * a merchant's (DEMO_SCALE=large: 100,000 products, bulk@demo.store's 5,000 orders and 500-line cart), one worker
 * each, every page measured on both back to back, with the ratio; each page's CPU milliseconds per request (cores
 * used × 1000 ÷ req/s) next to a bare Remix page rendering the same markup. `--scale=xl`: the same pages, the
 * second store at Salesforce's ceilings (DEMO_SCALE=xl: 1,000,000 products, 50,000 orders, a 2,000-line cart).
 *
 * The large store's database is seeded once into .cache/bench/large-store.sqlite (again only when the fixtures or the
 * generator change) and copied for each run, so every run starts from the same data: adds to the cart don't pile up
 * from one run to the next. The xl store is the prepared file every xl store is copied from (.cache/xl-store).
 */

/** The generated store the second column measures. */
export type BenchScale = "large" | "xl";

const SIZES = { large: LARGE_STORE_SIZE, xl: XL_STORE_SIZE };
/** The deep history page measured: about a fifth of the way into bulk@demo.store's (10 orders a page). */
const HISTORY_PAGE = { large: 100, xl: 1_000 };

/** A page as the load generator asks for it on one store. */
interface Side {
  path: string;
  /** One browser per connection: its session cookie. */
  session: (origin: string) => Promise<Browser>;
  options?: LoadOptions;
}

interface ScaleRow {
  page: string;
  demo: Side | null;
  large: Side | null;
}

/** The demo product with the most units (Paper Filters #02, 400): a 1-line cart takes every add of a run. */
const DEEP_STOCK_PRODUCT = "/product/01tDM0000000022";
const ADD_FORM = "intent=add&quantity=1";
const ONE_PAGE_CART = `cart (${CART_ITEMS_PAGE_SIZE} lines: one page)`;
const ONE_PAGE_REVIEW = `checkout: review, ${CART_ITEMS_PAGE_SIZE} lines (one page)`;
/** How many distinct search terms each store gets: more than a run asks at the demo's speed. */
const TERMS = 20_000;
/** Words every generated description has ("part of the … range", "notes of …"): no search on their own. */
const STOP_WORDS = new Set(["notes", "part", "range", "from", "with", "this", "that", "collection", "pack", "case"]);

/**
 * Search terms no run has asked before (each once; they cycle only past TERMS): two words of one product's name and
 * description, so each finds that product at least, and whatever else has both words. Round robin over the
 * products, a different pair each round.
 */
export function distinctTerms(texts: readonly string[], wanted = TERMS): string[] {
  // Every pair of each text's words, starting at a different pair for each text.
  const pairs = texts.map((text, k) => {
    const words = [...new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? [])].filter((w) => !STOP_WORDS.has(w));
    const all: string[] = [];
    for (let i = 0; i < words.length; i++)
      for (let j = i + 1; j < words.length; j++) all.push(`${words[i]} ${words[j]}`);
    const start = all.length ? (k * 7919) % all.length : 0;
    return [...all.slice(start), ...all.slice(0, start)];
  });
  const seen = new Set<string>();
  const terms: string[] = [];
  const longest = Math.max(0, ...pairs.map((p) => p.length));
  for (let round = 0; round < longest && terms.length < wanted; round++) {
    for (const list of pairs) {
      const term = list[round];
      if (term === undefined || seen.has(term)) continue;
      seen.add(term);
      terms.push(term);
      if (terms.length >= wanted) break;
    }
  }
  return terms;
}

/** The demo catalog's texts (fixtures/catalog.json), and the generated catalog's (its products, spread out). */
function catalogTexts(scale: BenchScale) {
  const size = SIZES[scale];
  const fixture = JSON.parse(readFileSync(join(ROOT, "fixtures", "catalog.json"), "utf8")) as {
    products: { name: string; description: string }[];
  };
  const demo = fixture.products.map((p) => `${p.name} ${p.description}`);
  const { leaves } = generateCategories();
  const large: string[] = [];
  for (let k = 0; k < TERMS; k++) {
    const p = generateProduct(size.seed, leaves, 1 + ((k * 7919) % size.products));
    large.push(`${p.name} ${p.description}`);
  }
  return { demo, large };
}

/** The generated store's database, seeded once (or reused), and a fresh copy of it for this run. */
export function largeDatabase(scale: BenchScale): string {
  const run = join(OUT, `${scale}-run.sqlite`);
  const started = performance.now();
  if (scale === "xl") {
    // A copy of the prepared store, prepared first when there is none (minutes: docs/demo-contract.md).
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${run}${suffix}`, { force: true });
    createEmulator({ dbFile: run, scale }).close();
    log(`bench: xl store copied in ${Math.round(performance.now() - started)} ms (${statSync(run).size} bytes)`);
    return run;
  }
  const pristine = join(OUT, "large-store.sqlite");
  const emulator = createEmulator({ dbFile: pristine, scale });
  const seeding = emulator.seeding;
  // Closing checkpoints the write-ahead log into the file, so the file alone is the whole store.
  emulator.close();
  log(
    `bench: large store ${seeding === "kept" ? "reused" : `${seeding} in ${Math.round(performance.now() - started)} ms`} (${pristine})`,
  );
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${run}${suffix}`, { force: true });
  copyFileSync(pristine, run);
  return run;
}

async function newGuest(origin: string) {
  const b = new Browser(origin);
  await b.visit("/");
  return b;
}

/** The path of the history's page `n` (1-based), by following its Next links as a shopper would. */
async function historyPage(origin: string, username: string, n: number): Promise<string> {
  const b = await signedIn(origin, username);
  let path = "/OrderSummary/OrderSummary/Default";
  for (let page = 1; page < n; page++) {
    const html = (await b.request(path)).text;
    const link = /<a\b[^>]*\brel="next"[^>]*>/.exec(html)?.[0];
    const next = link ? (/\bhref="([^"]+)"/.exec(link)?.[1] ?? null) : null;
    if (!next) throw new Error(`${username}'s order history has no page ${page + 1}`);
    path = next.replaceAll("&amp;", "&");
  }
  return path;
}

/**
 * A quick order of as many pasted lines as the long cart holds (2,000 at xl: 20 batch calls of 100), by a new guest:
 * milliseconds from the form's POST to the cart page shown, the store otherwise idle.
 */
async function timeQuickOrder(origin: string, size: (typeof SIZES)[BenchScale]) {
  const skus = addableSkus(size, size.bulkCartLines);
  const { ms } = await guestWithLines(origin, skus);
  return { lines: skus.length, ms };
}

/**
 * The first `count` generated products a shopper can add: in stock (at least `minStock`: every connection's cart
 * takes one), not a variation family's parent.
 */
function addableSkus(size: (typeof SIZES)[BenchScale], count: number, minStock = 1) {
  const { leaves } = generateCategories();
  const skus: string[] = [];
  for (let n = 1; skus.length < count && n <= size.products; n++) {
    const p = generateProduct(size.seed, leaves, n);
    if (p.stock >= minStock && !p.family) skus.push(p.sku);
  }
  return skus;
}

/**
 * A new guest whose cart holds one of each SKU, pasted into the quick order form (batch calls of 100 lines), and the
 * milliseconds from the form's POST to the cart page shown.
 */
async function guestWithLines(origin: string, skus: string[]) {
  const b = await newGuest(origin);
  await b.visit("/quick-order");
  const started = performance.now();
  const answer = await b.request("/quick-order", {
    method: "POST",
    body: new URLSearchParams({
      intent: "order",
      rows: "5",
      list: skus.map((sku) => `${sku}\t1`).join("\n"),
    }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
  });
  if (answer.status !== 303 || !answer.location) throw new Error(`the quick order answered ${answer.status}`);
  const cart = await b.visit(answer.location);
  const ms = Math.round(performance.now() - started);
  const added = new RegExp(`Added ${skus.length.toLocaleString("en-US")} lines|Added ${skus.length} lines`).test(
    cart.text,
  );
  if (!added) throw new Error(`the cart after the quick order does not say all ${skus.length} lines were added`);
  return { browser: b, ms };
}

/** How many pages of lines bulk@demo.store's checkout review has ("Page 1 of N"), walked to once. */
async function lastReviewPage(origin: string): Promise<number> {
  const b = await atCheckoutStep(await signedIn(origin, BULK_BUYER.username), "review");
  // React separates a text's parts with empty comments: "Page <!-- -->1<!-- --> of <!-- -->80".
  const text = (await b.request("/checkout/review")).text.replaceAll("<!-- -->", "");
  const pages = /Page 1 of (\d+)/.exec(text)?.[1];
  if (!pages) throw new Error("bulk@demo.store's checkout review shows no pages");
  return Number(pages);
}

/**
 * Waits until the store has answered what a run (or its warm-up) left it: requests slower than a run (a search of
 * 20,000 hits takes seconds on the large store) are still queued when the load generator stops, and would be counted
 * against the timed run or the next page. The store answers in order, so its health check answers once they are done.
 */
async function settled(store: Running) {
  const res = await fetch(`${store.origin}/healthz`, { signal: AbortSignal.timeout(120_000) });
  await res.arrayBuffer();
}

/** A load run, and (when nothing answered within it) the same page asked one request at a time. */
type MeasuredRow = Row & { oneAtATime?: { requests: number; medianMs: number; cpuMsPerRequest: number | null } };

const SEQUENTIAL_REQUESTS = 5;

/** The page asked SEQUENTIAL_REQUESTS times in a row (each a new path when the page has one per request). */
async function oneAtATime(store: Running, side: Side, cookie: string) {
  const times: number[] = [];
  const cpuBefore = cpuSeconds(store.child.pid!);
  for (let k = 0; k < SEQUENTIAL_REQUESTS; k++) {
    // Paths past any the runs asked (a run asks far fewer than TERMS).
    const path = side.options?.pathOf?.(TERMS + 1_000 + k) ?? side.path;
    const started = performance.now();
    const res = await fetch(`${store.origin}${path}`, {
      method: side.options?.form !== undefined ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie,
        "accept-encoding": "gzip",
        "user-agent": SHOPPER_USER_AGENT,
        ...(side.options?.form !== undefined
          ? { "content-type": "application/x-www-form-urlencoded", origin: store.origin }
          : {}),
      },
      body: side.options?.form,
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  const cpuAfter = cpuSeconds(store.child.pid!);
  times.sort((a, b) => a - b);
  return {
    requests: SEQUENTIAL_REQUESTS,
    medianMs: Math.round(times[Math.floor(times.length / 2)]),
    cpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null
        ? Math.round(((cpuAfter - cpuBefore) * 1000) / SEQUENTIAL_REQUESTS)
        : null,
  };
}

const cpuMsPerRequest = (row: MeasuredRow) =>
  row.oneAtATime
    ? row.oneAtATime.cpuMsPerRequest
    : row.cpu && row.rps
      ? +((row.cpu.server * 1000) / row.rps).toFixed(2)
      : null;

export async function scaleBench(scale: BenchScale = "large") {
  const size = SIZES[scale];
  const machine = describeMachine();
  log(
    `bench (scale ${scale}): ${machine.cores} × ${machine.cpu}, load ${machine.loadBefore}; ${CONNECTIONS} connections, ${SECONDS} s a run`,
  );
  buildBare();
  const texts = catalogTexts(scale);
  const terms = { demo: distinctTerms(texts.demo), large: distinctTerms(texts.large) };
  log(`bench: ${terms.demo.length} search terms for the demo store, ${terms.large.length} for the ${scale} one`);
  const runFile = largeDatabase(scale);

  const demo = await startStore(1);
  const large = await startStore(1, { DEMO_SCALE: scale, EMULATOR_DB: runFile });
  const home = await new Browser(demo.origin).visit("/");
  const category = /href="(\/category\/[^"]+)"/.exec(home.text)?.[1];
  const product = /href="(\/product\/[^"]+)"/.exec(home.text)?.[1];
  if (!category || !product) throw new Error("the home page links no category or product");
  const { leaves } = generateCategories();
  const bulkCart = generateBulkCart(size.seed, leaves, size).map((l) => `/product/${l.product.id}`);
  const bulk = (origin: string) => signedIn(origin, BULK_BUYER.username);
  const deepPage = await historyPage(large.origin, BULK_BUYER.username, HISTORY_PAGE[scale]);
  const cartLines = size.bulkCartLines.toLocaleString("en-US");
  const pageSkus = addableSkus(size, CART_ITEMS_PAGE_SIZE, 4 * CONNECTIONS);

  // Every checkout step with the long cart (its pages show a page of lines, the review paged), next to a guest's
  // 1-line cart at the same step on the demo store; each connection's session walked there through the forms.
  const guestAt = (step: CheckoutStep) => async (o: string) => atCheckoutStep(await guestWithCart(o, product), step);
  const bulkAt = (step: CheckoutStep) => async (o: string) => atCheckoutStep(await bulk(o), step);
  // Walked to only when its row runs; asked with the row's name but for the page number, which only the walk tells
  // (asked with less, a BENCH_PAGES word such as "lines" ran the row on page 1).
  const lastReview = pageWanted(`checkout: review, last page of ${cartLines} lines (demo: 1 line)`)
    ? await lastReviewPage(large.origin)
    : 1;

  const same = (side: Side): Pick<ScaleRow, "demo" | "large"> => ({ demo: side, large: side });
  const searchOnce = (list: string[]): LoadOptions => ({
    pathOf: (n) => `/search?q=${encodeURIComponent(list[n % list.length])}`,
  });
  const ALL_ROWS: ScaleRow[] = [
    { page: "home", ...same({ path: "/", session: newGuest }) },
    { page: "category", ...same({ path: category, session: newGuest }) },
    { page: "search", ...same({ path: "/search?q=coffee", session: newGuest }) },
    { page: "product", ...same({ path: product, session: newGuest }) },
    { page: "cart (empty)", ...same({ path: "/cart", session: newGuest }) },
    { page: "cart (1 line)", ...same({ path: "/cart", session: (o) => guestWithCart(o, product) }) },
    {
      page: "checkout: shipping",
      ...same({ path: "/checkout/shipping", session: (o) => guestAtShipping(o, product) }),
    },
    {
      page: "search, a new term each request",
      demo: { path: "/search", session: newGuest, options: searchOnce(terms.demo) },
      large: { path: "/search", session: newGuest, options: searchOnce(terms.large) },
    },
    {
      // At the large scale, page 50 first, then 51, 52 …: each request a page the catalog cache has not seen (Coffee:
      // 28,000 products, 12 a page; pages up to the search window's 5,000 results). The demo's Coffee has two pages:
      // its page 50 is a page past the last, a 15 KB page without a product (the large store's page 50 is 32 KB with
      // 12), so the demo side is the same category's first page, full, as a shopper sees it (cached: the comparison
      // is, if anything, against the large store).
      page: "category, page 50 on (demo: its page 1)",
      demo: { path: category, session: newGuest },
      large: { path: category, session: newGuest, options: { pathOf: (n) => `${category}?page=${50 + (n % 200)}` } },
    },
    // The long cart's pages show one page of lines (CART_ITEMS_PAGE_SIZE), so what its size may cost is measured
    // against a cart of one full page on the same store: a 1-line cart renders 1 line where these render 25.
    {
      page: ONE_PAGE_CART,
      demo: null,
      large: { path: "/cart", session: async (o) => (await guestWithLines(o, pageSkus)).browser },
    },
    { page: `cart (${cartLines} lines)`, demo: null, large: { path: "/cart", session: bulk } },
    {
      page: "order history, page 1 (demo: buyer@demo.store)",
      demo: { path: "/OrderSummary/OrderSummary/Default", session: (o) => signedIn(o, "buyer@demo.store") },
      large: { path: "/OrderSummary/OrderSummary/Default", session: bulk },
    },
    {
      page: `order history, page ${HISTORY_PAGE[scale].toLocaleString("en-US")}`,
      demo: null,
      large: { path: deepPage, session: bulk },
    },
    {
      page: ONE_PAGE_REVIEW,
      demo: null,
      large: {
        path: "/checkout/review",
        session: async (o) => atCheckoutStep((await guestWithLines(o, pageSkus)).browser, "review"),
      },
    },
    ...CHECKOUT_STEPS.map((step): ScaleRow => ({
      page: `checkout: ${step}, ${cartLines} lines (demo: 1 line)`,
      demo: { path: `/checkout/${step}`, session: guestAt(step) },
      large: { path: `/checkout/${step}`, session: bulkAt(step) },
    })),
    {
      page: `checkout: review, last page (${lastReview}) of ${cartLines} lines (demo: 1 line)`,
      demo: { path: "/checkout/review", session: guestAt("review") },
      large: { path: `/checkout/review?page=${lastReview}`, session: bulkAt("review") },
    },
    {
      // The switcher pages its accounts (20 a page) and finds them with a GET form: the demo's b2b buyer has 4.
      page: `account switcher (${size.managedAccounts} accounts; demo: b2b@demo.store's 4)`,
      demo: { path: "/account", session: (o) => signedIn(o, "b2b@demo.store") },
      large: { path: "/account", session: (o) => signedIn(o, MANAGER_BUYER.username, MANAGER_BUYER.password) },
    },
    {
      page: `account switcher, found by city (${size.managedAccounts} accounts; demo: 4)`,
      demo: { path: "/account?accounts=Chicago", session: (o) => signedIn(o, "b2b@demo.store") },
      large: {
        path: "/account?accounts=Seattle",
        session: (o) => signedIn(o, MANAGER_BUYER.username, MANAGER_BUYER.password),
      },
    },
    // The adds come last: adding to bulk@demo.store's cart changes the cart its checkout rows' sessions walked, and
    // the checkout then starts again (a GET of a step answers 303), so a checkout row after them measures redirects.
    {
      page: "add to a 1-line cart",
      ...same({
        path: DEEP_STOCK_PRODUCT,
        session: (o) => guestWithCart(o, DEEP_STOCK_PRODUCT),
        options: { form: ADD_FORM, expectStatus: 303 },
      }),
    },
    {
      // One more unit of one of its lines each time (a different line each request), so the cart keeps its lines.
      page: `add to the ${cartLines}-line cart`,
      demo: null,
      large: {
        path: bulkCart[0],
        session: bulk,
        options: { form: ADD_FORM, expectStatus: 303, pathOf: (n) => bulkCart[n % bulkCart.length] },
      },
    },
  ];
  const ROWS = ALL_ROWS.filter((row) => pageWanted(row.page));

  // Sessions on both stores, and each page's markup for the bare page (the large store's: the longer one).
  const cookies: { demo: string[]; large: string[] }[] = [];
  const markup: Record<string, string> = {};
  const sessionsOf = async (origin: string, side: Side | null) => {
    if (!side) return [];
    const browsers: Browser[] = [];
    for (let i = 0; i < CONNECTIONS; i++) browsers.push(await side.session(origin));
    return browsers;
  };
  for (const [i, row] of ROWS.entries()) {
    log(`bench: sessions for ${row.page}`);
    const onDemo = await sessionsOf(demo.origin, row.demo);
    const onLarge = await sessionsOf(large.origin, row.large);
    const sample = row.large ? { b: onLarge[0], side: row.large } : { b: onDemo[0], side: row.demo! };
    const samplePath = sample.side.options?.pathOf?.(TERMS - 1) ?? sample.side.path;
    const page = await sample.b.request(samplePath);
    if (page.status !== 200) throw new Error(`${row.page}: ${samplePath} answered ${page.status}`);
    markup[`/bench/${i}`] = bodyMarkup(page.text);
    cookies.push({ demo: onDemo.map((b) => b.cookie), large: onLarge.map((b) => b.cookie) });
  }
  const markupFile = join(OUT, "bare-markup-scale.json");
  writeFileSync(markupFile, JSON.stringify(markup));
  const bare = await launch(
    ["bench/bare/server.mjs"],
    { BARE_MARKUP: markupFile, BARE_BUILD_DIR: join(OUT, "bare") },
    "/bench/0",
  );

  const measured: {
    page: string;
    demo: MeasuredRow | null;
    large: MeasuredRow | null;
    bare: Row;
    halfLoad: { demo: OpenLoopRow | null; large: OpenLoopRow | null };
  }[] = [];
  // Latency as shoppers feel it (issue #23 item 6): the page offered at half the rate it reached, at a fixed rate with
  // evenly spaced arrivals (bench/open-loop.ts: autocannon's fixed rate sends each second's requests in a burst).
  const atHalf = async (
    store: Running,
    side: Side | null,
    measuredRow: MeasuredRow | null,
    sessionCookies: string[],
  ) => {
    if (SKIP_GOALS || !side || !measuredRow?.rps) return null;
    const row = await openLoop(`${side.path} at ½ capacity`, `${store.origin}${side.path}`, sessionCookies, {
      ...side.options,
      rate: Math.max(1, Math.round(measuredRow.rps / 2)),
      seconds: SECONDS,
      warmUpSeconds: 1,
      serverPid: store.child.pid,
    });
    await settled(store);
    return row;
  };
  const run = async (store: Running, side: Side | null, label: string, sessionCookies: string[]) => {
    if (!side) return null;
    const row: MeasuredRow = await load(label, `${store.origin}${side.path}`, sessionCookies, store.child.pid, {
      ...side.options,
      settle: () => settled(store),
    });
    await settled(store);
    // Nothing answered within the run: every connection's page took longer than the run, with the others' in
    // between. One at a time instead, each request alone on the store: its time and CPU.
    if (row.rps === 0) row.oneAtATime = await oneAtATime(store, side, sessionCookies[0] ?? "");
    return row;
  };
  for (const [i, row] of ROWS.entries()) {
    log(`bench: ${row.page}: demo, ${scale}, bare page`);
    const onDemo = await run(demo, row.demo, row.page, cookies[i].demo);
    const onLarge = await run(large, row.large, row.page, cookies[i].large);
    const onBare = await load(`bare ${row.page}`, `${bare.origin}/bench/${i}`, [], bare.child.pid);
    const halfLoad = {
      demo: await atHalf(demo, row.demo, onDemo, cookies[i].demo),
      large: await atHalf(large, row.large, onLarge, cookies[i].large),
    };
    measured.push({ page: row.page, demo: onDemo, large: onLarge, bare: onBare, halfLoad });
  }
  const quickOrder = pageWanted("quick order") ? await timeQuickOrder(large.origin, size) : null;
  const memory = { demo: peakMemory(demo.child.pid!), large: peakMemory(large.child.pid!) };
  await Promise.all([demo.stop(), large.stop(), bare.stop()]);

  const results = {
    machine: {
      ...machine,
      loadAfter: loadavg()
        .map((l) => l.toFixed(2))
        .join(" "),
    },
    connections: CONNECTIONS,
    seconds: SECONDS,
    scale,
    large: size,
    pages: measured.map((m) => ({
      ...m,
      cpuMsPerRequest: {
        demo: m.demo && cpuMsPerRequest(m.demo),
        large: m.large && cpuMsPerRequest(m.large),
        bare: cpuMsPerRequest(m.bare),
      },
    })),
    quickOrder,
    peakMemoryMiB: memory,
  };
  writeFileSync(
    join(OUT, scale === "large" ? "latest-scale.json" : `latest-scale-${scale}.json`),
    JSON.stringify(results, null, 2),
  );

  const cell = (value: number | null | undefined) => (value === null || value === undefined ? "—" : String(value));
  const ratio = (a: number | null | undefined, b: number | null | undefined) => (a && b ? (a / b).toFixed(2) : "—");
  const rate = (row: MeasuredRow | null) =>
    row?.oneAtATime ? `0 (one at a time: ${row.oneAtATime.medianMs} ms each)` : cell(row?.rps);
  const cpuOf = (page: string) => results.pages.find((p) => p.page === page)?.cpuMsPerRequest.large;
  const errors = (m: (typeof measured)[number]) => (m.demo?.errors ?? 0) + (m.large?.errors ?? 0) + m.bare.errors;
  const lines = [
    `Machine: ${machine.cores} × ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}; load average ${machine.loadBefore} before, ${results.machine.loadAfter} after (${machine.at}).`,
    `${CONNECTIONS} connections, ${SECONDS} s a run after 1 s of warm-up, one worker per store; demo = the fixtures (fixtures/catalog.json), ${scale} = DEMO_SCALE=${scale} (${size.products.toLocaleString("en-US")} products more).`,
    `CPU ms/req: the server's CPU (all its threads) per request, cores used × 1000 ÷ req/s; ${scale} ÷ demo: the same page's CPU per request at the ${scale} scale over the demo's.`,
    `Where no request answered within a run, the page was asked ${SEQUENTIAL_REQUESTS} times one at a time: the median time and the CPU per request of those.`,
    "",
    `| page | demo req/s | demo p50 ms | demo p99 ms | demo CPU ms/req | ${scale} req/s | ${scale} p50 ms | ${scale} p99 ms | ${scale} CPU ms/req | ${scale} ÷ demo | bare CPU ms/req |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...results.pages.map(
      (p) =>
        `| ${p.page} | ${rate(p.demo)} | ${cell(p.demo?.p50)} | ${cell(p.demo?.p99)} | ${cell(p.cpuMsPerRequest.demo)} | ${rate(p.large)} | ${cell(p.large?.p50)} | ${cell(p.large?.p99)} | ${cell(p.cpuMsPerRequest.large)} | ${ratio(p.cpuMsPerRequest.large, p.cpuMsPerRequest.demo)} | ${cell(p.cpuMsPerRequest.bare)} |` +
        (errors(p) ? ` ⚠ ${errors(p)} errors` : ""),
    ),
    "",
    ...(SKIP_GOALS
      ? []
      : [
          `Latency at half each page's capacity, offered at a fixed rate (goal: p99 ≤ 3 × p50 and ≤ 40 ms at both scales), the event loop's delay during it (how late a timer sampled every 5 ms ran, in the store with the emulator in process and in the load generator: a stall shows as a sample about as long; the share of the run the store's event loop was running; and the share of the run the store's event loop waited for a core the machine's other processes held), and the CPU per request over the bare page's (here the emulator runs in the store's process, so its work is counted as the store's: the goal, a shopping page ≤ 2× and a checkout step ≤ 3×, is measured by \`npm run bench\`'s goals table, whose stores call the API as a service of its own):`,
          "",
          `| page | demo ½ capacity req/s | p50 / p99 ms | loop delay p99 / max ms: store · load generator; store's loop busy; store waiting for a core | ${scale} ½ capacity req/s | p50 / p99 ms | loop delay p99 / max ms: store · load generator; store's loop busy; store waiting for a core | demo CPU ÷ bare | ${scale} CPU ÷ bare |`,
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
          ...results.pages.map((p) => {
            const half = (row: Row | null) => (row ? `${cell(row.p50)} / ${cell(row.p99)}` : "—");
            const loop = (row: OpenLoopRow | null) => {
              if (!row) return "—";
              const pair = (d: { p99: number; max: number } | null) => (d ? `${d.p99} / ${d.max}` : "–");
              const wait = row.runQueueWait === null ? "–" : `${Math.round(row.runQueueWait * 100)} %`;
              const busy = row.loopDelay.server ? `${Math.round(row.loopDelay.server.utilization * 100)} %` : "–";
              return `${pair(row.loopDelay.server)} · ${pair(row.loopDelay.generator)}; ${busy}; ${wait}`;
            };
            return `| ${p.page} | ${cell(p.halfLoad.demo?.rps)} | ${half(p.halfLoad.demo)} | ${loop(p.halfLoad.demo)} | ${cell(p.halfLoad.large?.rps)} | ${half(p.halfLoad.large)} | ${loop(p.halfLoad.large)} | ${ratio(p.cpuMsPerRequest.demo, p.cpuMsPerRequest.bare)} | ${ratio(p.cpuMsPerRequest.large, p.cpuMsPerRequest.bare)} |`;
          }),
          "",
        ]),
    `Add to the ${cartLines}-line cart ÷ add to a 1-line cart (${scale} store, CPU per request): ${ratio(cpuOf(`add to the ${cartLines}-line cart`), cpuOf("add to a 1-line cart"))}.`,
    `The ${cartLines}-line cart's page ÷ a ${CART_ITEMS_PAGE_SIZE}-line cart's (one full page of lines each; ${scale} store, CPU per request): ${ratio(cpuOf(`cart (${cartLines} lines)`), cpuOf(ONE_PAGE_CART))}; its checkout review ÷ the ${CART_ITEMS_PAGE_SIZE}-line cart's: ${ratio(cpuOf(`checkout: review, ${cartLines} lines (demo: 1 line)`), cpuOf(ONE_PAGE_REVIEW))}.`,
    ...(quickOrder
      ? [
          `Quick order of ${quickOrder.lines.toLocaleString("en-US")} pasted lines (a new guest on the ${scale} store; one batch call per 100 lines): ${(quickOrder.ms / 1000).toFixed(1)} s from the POST to the cart page shown.`,
        ]
      : []),
    `Peak memory (MiB): demo store ${memory.demo.join(" + ")}; ${scale} store ${memory.large.join(" + ")} (ratio ${ratio(memory.large[0], memory.demo[0])}).`,
  ];
  console.log(lines.join("\n"));
}
