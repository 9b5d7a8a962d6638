// `node scripts/bench-cpu.mjs <checkout> <checkout> …`: CPU milliseconds per request of the listing pages (home as
// the control, a category, a search, both with two facets and a price range) of two or more built checkouts
// (`node scripts/build.mjs` in each), side by side. A figure that holds on a shared machine, where req/s does not:
// each checkout's `build/server.mjs` runs with one worker (the emulator in-process, as `npm start`), and what a page
// costs is the CPU time its server's threads used (/proc/<pid>/task/*/schedstat, in nanoseconds) over its requests.
// The servers take turns in slices of SLICE requests, so the machine's swings of load fall on all of them alike.
// `<checkout>@NAME=value,…` adds environment variables (e.g. two processes of one build: `dir@RUN=2`).
// ROUNDS (default 4) × REQUESTS (default 400) a page and server, 4 at a time, after WARM (300) requests a page.
// `SHOPPER_PAGES=1` (run with `npx tsx scripts/bench-cpu.mjs …`, since it drives the bench's form-reading browser)
// adds the pages a shopper's own session changes: a product page, the cart with a line, and the checkout's shipping
// step, each with a session of its own made through the HTML forms. `AGENT_PAGES=1` adds the markdown views agents
// read (`.md` after a category's and a product's path) next to their HTML pages; one checkout is then enough.
// `PAGES=product,cart` keeps only the pages whose names start with one of those words (more rounds of fewer pages).
// Linux only (it reads /proc).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { SHOPPER_USER_AGENT } from "./bench/user-agent.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 4);
const REQUESTS = Number(process.env.REQUESTS ?? 400);
const WARM = Number(process.env.WARM ?? 300);
const SLICE = Number(process.env.SLICE ?? 50);
const CONCURRENCY = 4;

const checkouts = process.argv.slice(2);
if (checkouts.length < (process.env.AGENT_PAGES === "1" ? 1 : 2)) {
  console.error("usage: node scripts/bench-cpu.mjs <built checkout> <built checkout> [...] (e.g. an older worktree)");
  process.exit(2);
}

// The filtered URLs of `npm run bench`; a build without filters serves them unfiltered.
const FILTERS = "f.Custom.Brand__c=Northside+Roasting&f.Custom.Roast__c=Medium&min=10&max=30";
const pagesOf = (category) => [
  ["home", "/"],
  ["category", category],
  ["category, filtered", `${category}?${FILTERS}`],
  ["search", "/search?q=coffee"],
  ["search, filtered", `/search?q=coffee&${FILTERS}`],
  // A search whose results the demo catalog's growth left alone (the same 8 products before and after issue 22).
  ["search “mug”", "/search?q=mug"],
  [
    "search “mug”, filtered",
    "/search?q=mug&f.Custom.Brand__c=Clay+%26+Kiln&f.Custom.Material__c=Stoneware&min=10&max=20",
  ],
];

const freePort = () =>
  new Promise((done) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

function processTree(pid) {
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  } catch {
    // gone
  }
  return [pid, ...children.map(Number).flatMap(processTree)];
}

/** On-CPU milliseconds so far of every thread of the process and its children. */
function cpuMs(pid) {
  let ns = 0;
  for (const p of processTree(pid)) {
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        ns += Number(readFileSync(`/proc/${p}/task/${task}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // the thread ended
      }
    }
  }
  return ns / 1e6;
}

async function startServer(spec) {
  const [dir, extra = ""] = spec.split("@");
  const env = Object.fromEntries(
    extra
      .split(",")
      .filter(Boolean)
      .map((pair) => pair.split("=")),
  );
  const port = await freePort();
  const child = spawn(process.execPath, ["build/server.mjs"], {
    cwd: resolve(dir),
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      WEB_CONCURRENCY: "1",
      EMULATOR_DB: join(mkdtempSync(join(tmpdir(), "bench-cpu-")), "emulator.sqlite"),
      DEMO_SCALE: "demo",
      // The shopper sessions' addresses (bench/browser.ts) come as a proxy on this machine sends them.
      TRUST_PROXY: "loopback",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 600) throw new Error(`${spec}: the server did not start`);
    try {
      const res = await fetch(`${origin}/healthz`, { headers: { "user-agent": SHOPPER_USER_AGENT } });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // One session, as a browser keeps it (a request without a cookie would mint a guest token every time).
  const home = await fetch(`${origin}/`, { headers: { "user-agent": SHOPPER_USER_AGENT } });
  const cookie = home.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const category = /href="(\/category\/[^"]+)"/.exec(await home.text())?.[1];
  if (!category) throw new Error(`${spec}: the home page links no category`);
  const name = `${basename(resolve(dir))}${extra ? ` ${extra}` : ""}`;
  const pages = pagesOf(category);
  const productPath = async () => {
    const categoryPage = await (
      await fetch(`${origin}${category}`, { headers: { cookie, "user-agent": SHOPPER_USER_AGENT } })
    ).text();
    const product = /href="(\/product\/[^"]+)"/.exec(categoryPage)?.[1];
    if (!product) throw new Error(`${spec}: the category page links no product`);
    return product;
  };
  if (process.env.SHOPPER_PAGES === "1") {
    const { guestAtShipping, guestWithCart } = await import("./bench/browser.ts");
    const product = await productPath();
    pages.push(
      ["product", product],
      ["cart (1 line)", "/cart", (await guestWithCart(origin, product)).cookie],
      ["checkout: shipping", "/checkout/shipping", (await guestAtShipping(origin, product)).cookie],
    );
  }
  if (process.env.AGENT_PAGES === "1") {
    const product = await productPath();
    if (!pages.some(([page]) => page === "product")) pages.push(["product", product]);
    pages.push(["category, markdown", `${category}.md`], ["product, markdown", `${product}.md`]);
  }
  return { name, child, origin, cookie, pages };
}

/** A page's own session (the cart's, the checkout's), else the server's browsing one. */
const cookieOf = (server, path) => server.pages.find(([, p]) => p === path)?.[2] ?? server.cookie;

async function get(server, path) {
  const res = await fetch(`${server.origin}${path}`, {
    headers: { cookie: cookieOf(server, path), "accept-encoding": "gzip", "user-agent": SHOPPER_USER_AGENT },
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${server.name} ${path}: ${res.status}`);
  return body;
}

async function load(server, path, count) {
  let sent = 0;
  const worker = async () => {
    while (sent++ < count) await get(server, path);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

const servers = [];
for (const spec of checkouts) servers.push(await startServer(spec));
const wanted = (process.env.PAGES ?? "")
  .split(",")
  .map((w) => w.trim())
  .filter(Boolean);
const pageNames = servers[0].pages
  .map(([page]) => page)
  .filter((page) => wanted.length === 0 || wanted.some((w) => page.startsWith(w)));
if (pageNames.length === 0) {
  for (const server of servers) server.child.kill("SIGTERM");
  throw new Error(`PAGES=${process.env.PAGES}: no page named so (${servers[0].pages.map(([p]) => p).join(", ")})`);
}
const pathOf = (server, page) => server.pages.find(([p]) => p === page)[1];

const bytes = new Map();
for (const server of servers)
  for (const page of pageNames) bytes.set(`${server.name}|${page}`, (await get(server, pathOf(server, page))).length);
for (const server of servers) for (const page of pageNames) await load(server, pathOf(server, page), WARM);

/** CPU ms per request, by server and page, one figure a round. */
const rounds = new Map();
for (let round = 0; round < ROUNDS; round++) {
  for (const page of pageNames) {
    const used = new Map(servers.map((s) => [s.name, 0]));
    for (let slice = 0; slice < REQUESTS / SLICE; slice++) {
      for (const server of slice % 2 ? [...servers].reverse() : servers) {
        const path = pathOf(server, page);
        await load(server, path, 5);
        const before = cpuMs(server.child.pid);
        await load(server, path, SLICE);
        used.set(server.name, used.get(server.name) + cpuMs(server.child.pid) - before);
      }
    }
    for (const server of servers) {
      const key = `${server.name}|${page}`;
      rounds.set(key, [...(rounds.get(key) ?? []), used.get(server.name) / REQUESTS]);
    }
  }
  console.error(`round ${round + 1} of ${ROUNDS}`);
}
for (const server of servers) server.child.kill("SIGTERM");

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const first = servers[0].name;
console.log(
  `CPU ms a request, mean of ${ROUNDS} rounds of ${REQUESTS} requests (${CONCURRENCY} at a time), and the ratio to ${first}; HTML bytes`,
);
console.log(`| page | ${servers.map((s) => `${s.name}: ms | ratio | bytes`).join(" | ")} |`);
console.log(`|---|${servers.map(() => "---:|---:|---:").join("|")}|`);
for (const page of pageNames) {
  const base = mean(rounds.get(`${first}|${page}`));
  const cells = servers.map((s) => {
    const ms = mean(rounds.get(`${s.name}|${page}`));
    return `${ms.toFixed(2)} | ${(ms / base).toFixed(2)} | ${bytes.get(`${s.name}|${page}`)}`;
  });
  console.log(`| ${page} | ${cells.join(" | ")} |`);
}
console.log(
  `\nrounds: ${JSON.stringify(Object.fromEntries([...rounds].map(([k, v]) => [k, v.map((x) => Number(x.toFixed(2)))])))}`,
);
