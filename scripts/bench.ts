/**
 * `npm run bench` (after `npm run build`, which the npm script runs first): the storefront as shoppers reach it,
 * over loopback HTTP, next to a bare Remix page. Figures, not assertions: compare runs on the same machine, and
 * prefer the ratios, which are measured in the same run.
 *
 * 1. Every page (home, category, search, product, cart, a checkout step) at 20 connections — req/s, p50, p99 —
 *    against `node build/server.mjs` with one worker, and the same page's markup rendered from a constant by a bare
 *    Remix app built from the same dependencies (bench/bare). Each connection keeps its own session cookie, as a
 *    browser does (a request without one would mint a guest token every time).
 * 2. The same pages with two workers (WEB_CONCURRENCY=2): the ratio to one worker.
 * 3. A complete guest checkout through the HTML forms, no JavaScript: add to cart → shipping → delivery → payment →
 *    review → confirmation, redirects followed; the total time of its requests (loopback: the server's time).
 * 4. The emulator's place-order (POST checkouts/{id}/orders, in-process) next to a raw better-sqlite3 transaction
 *    doing the same writes, both on a file database as `npm start` uses.
 * 5. Peak memory (VmHWM) of every server process.
 *
 * Loopback only; every load run is bounded in time (BENCH_SECONDS, default 5, plus a 1 s warm-up) and connections
 * (BENCH_CONNECTIONS, default 20). Writes the figures to .cache/bench/latest.json and prints a Markdown table.
 */
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { createEmulator } from "../server/emulator/index.js";
import { payableCheckout, shopper } from "../tests/contract/checkout-helpers.js";
import type { Target } from "../tests/contract/targets.js";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, ".cache", "bench");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 20);
const PLACE_ORDERS = Number(process.env.BENCH_PLACE_ORDERS ?? 200);

mkdirSync(OUT, { recursive: true });
const log = (line: string) => process.stderr.write(`${line}\n`);

// ------------------------------------------------------------------------------------------------
// Processes

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

interface Running {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, output: () => string) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped: ${output()}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}: ${output()}`);
}

async function launch(args: string[], env: Record<string, string>, ready: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}${ready}`, child, () => output);
  return {
    origin,
    child,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The store under test: `node build/server.mjs` in production. BENCH_STORE_COMMAND (node's arguments) and
 * BENCH_STORE_NODE_ENV measure another build the same way, e.g. an older checkout's
 * `BENCH_STORE_COMMAND="--import tsx server/main.ts" BENCH_STORE_NODE_ENV=` (what `npm start` ran before).
 */
const STORE_COMMAND = process.env.BENCH_STORE_COMMAND?.split(" ").filter(Boolean) ?? ["build/server.mjs"];
const STORE_NODE_ENV = process.env.BENCH_STORE_NODE_ENV ?? "production";
const startStore = (workers: number) =>
  launch(
    STORE_COMMAND,
    {
      NODE_ENV: STORE_NODE_ENV,
      WEB_CONCURRENCY: String(workers),
      EMULATOR_DB: join(mkdtempSync(join(tmpdir(), "bench-store-")), "emulator.sqlite"),
    },
    "/healthz",
  );

/** The process and its descendants (the cluster's workers). */
function processTree(pid: number): number[] {
  const children = (() => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  })();
  return [pid, ...children.flatMap(processTree)];
}

/** Peak resident memory (VmHWM) of each process of the tree, in MiB. */
function peakMemory(pid: number): number[] {
  return processTree(pid).map((p) => {
    try {
      const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
      return Math.round(kb / 1024);
    } catch {
      return 0;
    }
  });
}

// ------------------------------------------------------------------------------------------------
// A browser without JavaScript: a cookie jar, redirects followed, forms read from the HTML and submitted.

interface Form {
  action: string | undefined;
  method: string | undefined;
  inputs: { tag: string; name: string; value?: string; type?: string; checked: boolean }[];
}

function formsOf(html: string): Form[] {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((m) => ({
    action: attr(m[1], "action")?.replaceAll("&amp;", "&"),
    method: attr(m[1], "method"),
    inputs: [...m[2].matchAll(/<(input|select|textarea|button)\b([^>]*)>/g)]
      .map((i) => ({
        tag: i[1],
        name: attr(i[2], "name") ?? "",
        value: attr(i[2], "value"),
        type: attr(i[2], "type"),
        checked: /\bchecked\b/.test(i[2]),
      }))
      .filter((i) => i.name),
  }));
}

/** What a shopper types into the checkout's forms, by field name. */
const TYPED: Record<string, string> = {
  email: "bench@demo.store",
  lastName: "Bench",
  firstName: "Ada",
  phone: "4155550100",
  shipToPhoneNumber: "4155550100",
  street: "1 Market St",
  city: "San Francisco",
  region: "CA",
  postalCode: "94105",
  country: "US",
  cardholderName: "Ada Bench",
  cardNumber: "4242424242424242",
  cvv: "123",
  expiryMonth: "12",
  expiryYear: "2030",
};

class Browser {
  cookie = "";
  /** Milliseconds of every request, first byte sent to last byte read. */
  times: number[] = [];
  constructor(readonly origin: string) {}

  async request(path: string, init: RequestInit = {}) {
    const started = performance.now();
    const res = await fetch(`${this.origin}${path}`, {
      redirect: "manual",
      ...init,
      headers: { cookie: this.cookie, "accept-encoding": "gzip", ...(init.headers as Record<string, string>) },
    });
    const text = await res.text();
    this.times.push(performance.now() - started);
    const set = res.headers.getSetCookie();
    if (set.length) this.cookie = set.map((c) => c.split(";")[0]).join("; ");
    return { status: res.status, location: res.headers.get("location"), text };
  }

  /** GET, following redirects and the refresh of a page that waits for the API (what a browser without JS does). */
  async visit(path: string) {
    let page = await this.request(path);
    for (let hops = 0; hops < 10; hops++) {
      if (page.location) {
        path = page.location;
        page = await this.request(path);
      } else if (page.status === 200 && /http-equiv="refresh"/.test(page.text)) {
        page = await this.request(path);
      } else break;
    }
    return { ...page, path };
  }

  /**
   * Submits the page's form with a button whose value matches `button` (or, with a `field`, the form with such a
   * field, by its unnamed submit button), filled in as a shopper would; follows the answer.
   */
  async submit(page: { text: string; path: string }, button: RegExp, field?: RegExp) {
    const form = formsOf(page.text).find(
      (f) =>
        f.method === "post" &&
        (field
          ? f.inputs.some((i) => field.test(i.name))
          : f.inputs.some((i) => i.tag === "button" && button.test(i.value ?? ""))),
    );
    if (!form) throw new Error(`no form with ${field ?? button} on ${page.path}`);
    const fields = new URLSearchParams();
    const seen = new Set<string>();
    for (const input of form.inputs) {
      if (input.tag === "button") continue;
      if (input.type === "checkbox" || input.type === "radio") {
        if (
          input.checked ||
          (input.type === "radio" &&
            !seen.has(input.name) &&
            !form.inputs.some((o) => o.name === input.name && o.checked))
        ) {
          fields.set(input.name, input.value ?? "on");
          seen.add(input.name);
        }
        continue;
      }
      fields.set(input.name, input.value || TYPED[input.name.split(".").pop()!] || "");
    }
    const pressed = form.inputs.find((i) => i.tag === "button" && button.test(i.value ?? ""));
    if (pressed) fields.set(pressed.name, pressed.value ?? "");
    const answer = await this.request(form.action ?? page.path, {
      method: "POST",
      body: fields.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    if (answer.status !== 303 || !answer.location) throw new Error(`${page.path}: ${button} answered ${answer.status}`);
    return this.visit(answer.location);
  }
}

/** A guest with one product in the cart; returns the browser and the product page. */
async function guestWithCart(origin: string, productPath: string) {
  const b = new Browser(origin);
  const product = await b.visit(productPath);
  await b.submit(product, /^add$/);
  return b;
}

async function guestAtShipping(origin: string, productPath: string) {
  const b = await guestWithCart(origin, productPath);
  const shipping = await b.visit("/checkout");
  if (!shipping.path.startsWith("/checkout/shipping")) throw new Error(`checkout began at ${shipping.path}`);
  return b;
}

async function completeCheckout(origin: string, productPath: string) {
  const b = new Browser(origin);
  const product = await b.visit(productPath);
  let page = await b.submit(product, /^add$/);
  page = await b.visit("/checkout");
  page = await b.submit(page, /^save$/); // shipping: contact and address
  page = await b.submit(page, /^$/, /deliveryMethodId$/); // delivery method
  page = await b.submit(page, /^pay$/); // card
  page = await b.submit(page, /^placeOrder$/); // review
  if (!page.path.startsWith("/checkout/confirmation/")) throw new Error(`the checkout ended at ${page.path}`);
  return { ms: b.times.reduce((a, t) => a + t, 0), requests: b.times.length };
}

// ------------------------------------------------------------------------------------------------
// Load

interface Row {
  page: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(page: string, url: string, cookies: string[]): Promise<Row> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      headers: { "accept-encoding": "gzip" },
      setupClient: (client) => {
        const index = next++;
        client.setHeaders({
          "accept-encoding": "gzip",
          ...(cookies.length ? { cookie: cookies[index % cookies.length] } : {}),
        });
      },
    });
  let next = 0;
  await run(1); // warm-up: caches, JIT
  next = 0;
  const result = await run(SECONDS);
  return {
    page,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** The body of a page without its scripts: what the bare page renders from a constant. */
function bodyMarkup(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";
  return body.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, "");
}

// ------------------------------------------------------------------------------------------------
// Place order: the emulator's transaction next to the same writes in raw better-sqlite3

async function placeOrderRates() {
  const dir = mkdtempSync(join(tmpdir(), "bench-orders-"));
  const emulator = createEmulator({ dbFile: join(dir, "emulator.sqlite") });
  const target: Target = {
    name: "in-process",
    emulator,
    baseUrl: "http://emulator.local",
    fetch: (r) => emulator.fetch(r),
    close: async () => emulator.close(),
  };
  const catalog = JSON.parse(readFileSync(join(ROOT, "fixtures", "catalog.json"), "utf8"));
  type FixtureProduct = {
    id: string;
    productClass?: string;
    sellingModels?: unknown[];
    unitPrice?: unknown;
    stock?: number;
    sku: string;
  };
  const plain: string[] = (catalog.products as FixtureProduct[])
    .filter(
      (p) =>
        p.productClass === "Simple" &&
        !p.sellingModels?.length &&
        p.unitPrice &&
        (p.stock ?? 0) > 50 &&
        !/^(ERR|LAST)/.test(p.sku),
    )
    .map((p) => p.id);
  const ready: { s: Awaited<ReturnType<typeof shopper>>; checkoutId: string }[] = [];
  for (let i = 0; i < PLACE_ORDERS; i++) {
    const s = await shopper(target);
    ready.push({ s, checkoutId: await payableCheckout(s, [[plain[i % plain.length], 1]]) });
  }
  let emulatorMs = 0;
  for (const { s, checkoutId } of ready) {
    const started = performance.now();
    const placed = await s.call("POST", `checkouts/${checkoutId}/orders`);
    emulatorMs += performance.now() - started;
    if (placed.status !== 201) throw new Error(`place: ${placed.status} ${JSON.stringify(placed.body)}`);
  }
  emulator.close();

  // The same writes (db/005_orders.sql) on the same file, as one raw transaction each: stock taken, the order with
  // its delivery group, two lines (product and delivery charge) and its payment, the reservation released, cart
  // closed, checkout marked placed.
  const db = new Database(join(dir, "emulator.sqlite"));
  // The emulator's own settings (server/emulator/core/db.ts).
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  const order = db.prepare("SELECT * FROM order_summaries ORDER BY rowid DESC LIMIT 1").get() as Record<
    string,
    unknown
  >;
  const group = db.prepare("SELECT * FROM order_delivery_groups WHERE order_summary_id = ?").get(order.id) as Record<
    string,
    unknown
  >;
  const items = db.prepare("SELECT * FROM order_items WHERE order_summary_id = ?").all(order.id) as Record<
    string,
    unknown
  >[];
  const payment = db.prepare("SELECT * FROM order_payments WHERE order_summary_id = ?").get(order.id) as Record<
    string,
    unknown
  >;
  const insert = (table: string, row: Record<string, unknown>) =>
    db.prepare(
      `INSERT INTO ${table}(${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
        .map((k) => `@${k}`)
        .join(", ")})`,
    );
  const insertOrder = insert("order_summaries", order);
  const insertGroup = insert("order_delivery_groups", group);
  const insertItem = insert("order_items", items[0]);
  const insertPayment = insert("order_payments", payment);
  const takeStock = db.prepare("UPDATE inventory SET on_hand = on_hand - ? WHERE product_id = ?");
  const release = db.prepare("DELETE FROM inventory_reservations WHERE cart_id = ?");
  const closeCart = db.prepare("UPDATE carts SET status = 'Closed', updated_at = ? WHERE id = ?");
  const placeCheckout = db.prepare(
    "UPDATE checkouts SET status = 'Placed', order_reference_number = ?, last_activity_at = ? WHERE id = ?",
  );
  const place = db.transaction((n: number) => {
    const id = `1OsBENCH${String(n).padStart(7, "0")}`;
    const groupId = `0agBENCH${String(n).padStart(7, "0")}`;
    takeStock.run(0, items[0].product_id);
    insertOrder.run({
      ...order,
      id,
      order_number: String(50_000_000 + n),
      reference_number: `REF-BENCH-${n}`,
      checkout_id: `2z9BENCH${n}`,
    });
    insertGroup.run({ ...group, id: groupId, order_summary_id: id });
    items.forEach((item, i) =>
      insertItem.run({ ...item, id: `10uB${n}x${i}`, order_summary_id: id, order_delivery_group_id: groupId }),
    );
    insertPayment.run({ ...payment, id: `0aPB${n}`, order_summary_id: id });
    release.run(order.cart_id);
    closeCart.run(new Date().toISOString(), order.cart_id);
    placeCheckout.run(String(50_000_000 + n), new Date().toISOString(), order.checkout_id);
  });
  const started = performance.now();
  for (let n = 0; n < PLACE_ORDERS; n++) place(n);
  const rawMs = performance.now() - started;
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    orders: PLACE_ORDERS,
    emulatorPerSecond: Math.round((PLACE_ORDERS / emulatorMs) * 1000),
    rawPerSecond: Math.round((PLACE_ORDERS / rawMs) * 1000),
    writesPerOrder: 6 + items.length + 1,
  };
}

// ------------------------------------------------------------------------------------------------

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const machine = {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadBefore: loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
    at: new Date().toISOString(),
  };
  log(
    `bench: ${machine.cores} × ${machine.cpu}, load ${machine.loadBefore}; ${CONNECTIONS} connections, ${SECONDS} s a run`,
  );

  log("bench: building the bare Remix page (bench/bare)");
  const built = spawnSync("npx", ["remix", "build", "bench/bare"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`bare build failed: ${built.stderr}`);

  // The three servers run side by side (idle ones cost nothing) and each page is measured on the three back to back,
  // so a ratio compares runs a few seconds apart, not phases minutes apart on a machine others share.
  const one = await startStore(1);
  const two = await startStore(2);
  const home = await new Browser(one.origin).visit("/");
  const category = /href="(\/category\/[^"]+)"/.exec(home.text)?.[1];
  const product = /href="(\/product\/[^"]+)"/.exec(home.text)?.[1];
  if (!category || !product) throw new Error("the home page links no category or product");
  const PAGES: { page: string; path: string; session: (origin: string) => Promise<Browser> }[] = [
    { page: "home", path: "/", session: newGuest },
    { page: "category", path: category, session: newGuest },
    { page: "search", path: "/search?q=coffee", session: newGuest },
    { page: "product", path: product, session: newGuest },
    { page: "cart (empty)", path: "/cart", session: newGuest },
    { page: "cart (1 line)", path: "/cart", session: (o) => guestWithCart(o, product) },
    { page: "checkout: shipping", path: "/checkout/shipping", session: (o) => guestAtShipping(o, product) },
  ];
  async function newGuest(origin: string) {
    const b = new Browser(origin);
    await b.visit("/");
    return b;
  }
  const sessions = async (origin: string, p: (typeof PAGES)[number]) => {
    const browsers = [];
    for (let i = 0; i < CONNECTIONS; i++) browsers.push(await p.session(origin));
    return browsers;
  };

  // Each page's markup (what the bare page renders) and sessions on both stores.
  const markup: Record<string, string> = {};
  const cookies: { one: string[]; two: string[] }[] = [];
  for (const [i, p] of PAGES.entries()) {
    const onOne = await sessions(one.origin, p);
    const page = await onOne[0].request(p.path);
    if (page.status !== 200) throw new Error(`${p.page}: ${p.path} answered ${page.status}`);
    markup[`/bench/${i}`] = bodyMarkup(page.text);
    cookies.push({ one: onOne.map((b) => b.cookie), two: (await sessions(two.origin, p)).map((b) => b.cookie) });
  }
  const markupFile = join(OUT, "bare-markup.json");
  writeFileSync(markupFile, JSON.stringify(markup));
  const bare = await launch(
    ["bench/bare/server.mjs"],
    { BARE_MARKUP: markupFile, BARE_BUILD_DIR: join(OUT, "bare") },
    "/bench/0",
  );

  const oneWorker: Row[] = [];
  const bareRows: Row[] = [];
  const twoWorkers: Row[] = [];
  for (const [i, p] of PAGES.entries()) {
    log(`bench: ${p.page}: 1 worker, bare page, 2 workers`);
    oneWorker.push(await load(p.page, `${one.origin}${p.path}`, cookies[i].one));
    bareRows.push(await load(`bare ${p.page}`, `${bare.origin}/bench/${i}`, []));
    twoWorkers.push(await load(p.page, `${two.origin}${p.path}`, cookies[i].two));
  }

  log(`bench: ${CHECKOUTS} guest checkouts through the forms (1 worker)`);
  const checkouts = [];
  for (let i = 0; i < CHECKOUTS; i++) checkouts.push(await completeCheckout(one.origin, product));
  const memoryOne = peakMemory(one.child.pid!);
  const memoryTwo = peakMemory(two.child.pid!);
  const memoryBare = peakMemory(bare.child.pid!);
  await Promise.all([one.stop(), two.stop(), bare.stop()]);

  log(`bench: ${PLACE_ORDERS} place-order transactions, emulator and raw`);
  const placeOrder = await placeOrderRates();

  const results = {
    machine: {
      ...machine,
      loadAfter: loadavg()
        .map((l) => l.toFixed(2))
        .join(" "),
    },
    connections: CONNECTIONS,
    seconds: SECONDS,
    pages: PAGES.map((p, i) => ({
      page: p.page,
      path: p.path,
      oneWorker: oneWorker[i],
      bare: bareRows[i],
      ratioToBare: +(oneWorker[i].rps / bareRows[i].rps).toFixed(2),
      twoWorkers: twoWorkers[i],
      ratioTwoToOne: +(twoWorkers[i].rps / oneWorker[i].rps).toFixed(2),
    })),
    checkout: {
      runs: checkouts.length,
      requests: checkouts[0].requests,
      medianMs: Math.round(median(checkouts.map((c) => c.ms))),
      minMs: Math.round(Math.min(...checkouts.map((c) => c.ms))),
    },
    placeOrder: { ...placeOrder, ratio: +(placeOrder.emulatorPerSecond / placeOrder.rawPerSecond).toFixed(2) },
    peakMemoryMiB: {
      oneWorker: memoryOne,
      twoWorkers: memoryTwo,
      bare: memoryBare,
      bench: Math.round(process.memoryUsage().rss / 2 ** 20),
    },
  };
  writeFileSync(join(OUT, "latest.json"), JSON.stringify(results, null, 2));

  const lines = [
    `Machine: ${machine.cores} × ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}; load average ${machine.loadBefore} before, ${results.machine.loadAfter} after (${machine.at}).`,
    `${CONNECTIONS} connections, ${SECONDS} s a run after 1 s of warm-up; one session cookie per connection.`,
    "",
    "| page | req/s | p50 ms | p99 ms | bare Remix req/s | bare p99 ms | ratio to bare | 2 workers req/s | 2 workers p99 ms | 2 ÷ 1 worker |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...results.pages.map(
      (r) =>
        `| ${r.page} | ${r.oneWorker.rps} | ${r.oneWorker.p50} | ${r.oneWorker.p99} | ${r.bare.rps} | ${r.bare.p99} | ${r.ratioToBare} | ${r.twoWorkers.rps} | ${r.twoWorkers.p99} | ${r.ratioTwoToOne} |` +
        (r.oneWorker.errors + r.twoWorkers.errors + r.bare.errors
          ? ` ⚠ ${r.oneWorker.errors + r.twoWorkers.errors + r.bare.errors} errors`
          : ""),
    ),
    "",
    `Guest checkout through the forms, no JavaScript (1 worker): ${results.checkout.requests} requests, ${results.checkout.medianMs} ms in total (median of ${results.checkout.runs}; best ${results.checkout.minMs} ms).`,
    `Place order: emulator ${results.placeOrder.emulatorPerSecond}/s, raw better-sqlite3 transaction with the same ${results.placeOrder.writesPerOrder} writes ${results.placeOrder.rawPerSecond}/s (ratio ${results.placeOrder.ratio}).`,
    `Peak memory (MiB): 1 worker ${memoryOne.join(" + ")}; 2 workers ${memoryTwo.join(" + ")} (primary with the emulator, then the workers); bare page ${memoryBare.join(" + ")}; benchmark ${results.peakMemoryMiB.bench}.`,
  ];
  console.log(lines.join("\n"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
