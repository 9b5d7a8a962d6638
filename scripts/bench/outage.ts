/**
 * `npm run bench:outage`: the product page at 20 connections while the org is down (every `/services/data/*` call
 * answering 503 SERVICE_UNAVAILABLE, the emulator's fault rule), on this build and, when BENCH_BEFORE_DIR names the
 * checkout of an older build (built: `node scripts/build.mjs` there), on that one, in alternating rounds.
 *
 * Two product pages: one the store showed before the outage (this build serves its last good copy, 200 with the
 * notice) and one it never showed (this build's 503 page); an older build answered both with a 500 after a second of
 * retries. Per run: requests per second, p50/p99, the answers' statuses, and the server's CPU milliseconds per answer
 * (the machine may be shared: compare the ratios, measured in the same run).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { Browser } from "./browser.js";
import { CONNECTIONS, OUT, ROOT, SECONDS, log } from "./config.js";
import { cpuSeconds, freePort } from "./processes.js";

const SHOWN = "01tDM0000000001";
const NEVER_SHOWN = "01tDM0000000002";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ORG_DOWN = { path: "/services/data/*", status: 503, errorCode: "SERVICE_UNAVAILABLE", times: 0 };

interface Store {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

async function startStore(dir: string): Promise<Store> {
  const port = await freePort();
  const child = spawn(process.execPath, ["build/server.mjs"], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      WEB_CONCURRENCY: "1",
      DEMO_SCALE: "demo",
      EMULATOR_DB: join(mkdtempSync(join(tmpdir(), "bench-outage-")), "emulator.sqlite"),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (d) => (output = (output + d).slice(-4000)));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the store in ${dir} stopped: ${output}`);
    const up = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error(`no answer from ${origin}: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    pid: child.pid!,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

interface Run {
  build: string;
  page: string;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  cpuMsPerAnswer: number | null;
}

async function measure(build: string, store: Store, page: string, path: string, cookies: string[]): Promise<Run> {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: `${store.origin}${path}`,
      connections: CONNECTIONS,
      duration,
      headers: { "accept-encoding": "gzip" },
      setupClient: (client) =>
        client.setHeaders({ "accept-encoding": "gzip", cookie: cookies[next++ % cookies.length] }),
    });
  await run(1);
  const before = cpuSeconds(store.pid);
  const result = await run(SECONDS);
  const after = cpuSeconds(store.pid);
  const answers = result.requests.total;
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats as Record<string, { count: number }>).map(([s, { count }]) => [s, count]),
  );
  return {
    build,
    page,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    cpuMsPerAnswer:
      before !== null && after !== null && answers > 0 ? +(((after - before) * 1000) / answers).toFixed(2) : null,
  };
}

/** A store whose org is down, with `CONNECTIONS` guests that saw the shown product before it went down. */
async function storeWithOrgDown(dir: string): Promise<{ store: Store; cookies: string[] }> {
  const store = await startStore(dir);
  const cookies: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const guest = new Browser(store.origin);
    const page = await guest.visit(`/product/${SHOWN}`);
    if (page.status !== 200) throw new Error(`/product/${SHOWN} answered ${page.status}`);
    cookies.push(guest.cookie);
  }
  const fault = await fetch(`${store.origin}/__emulator/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ORG_DOWN),
  });
  if (fault.status !== 201) throw new Error(`the fault rule answered ${fault.status}`);
  return { store, cookies };
}

async function main() {
  const builds: { name: string; dir: string }[] = [{ name: "this build", dir: ROOT }];
  if (process.env.BENCH_BEFORE_DIR) builds.unshift({ name: "before", dir: resolve(process.env.BENCH_BEFORE_DIR) });
  const runs: Run[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const build of builds) {
      log(`bench:outage: round ${round}, ${build.name} (${build.dir})`);
      const { store, cookies } = await storeWithOrgDown(build.dir);
      try {
        runs.push(await measure(build.name, store, "product shown before", `/product/${SHOWN}`, cookies));
        runs.push(await measure(build.name, store, "product never shown", `/product/${NEVER_SHOWN}`, cookies));
      } finally {
        await store.stop();
      }
    }
  }
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, "outage.json"), JSON.stringify(runs, null, 2));
  const lines = [
    `Org down (every /services/data/* call 503), product page, ${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} alternating rounds.`,
    "",
    "| build | page | req/s | p50 ms | p99 ms | statuses | server CPU ms/answer |",
    "|---|---|---:|---:|---:|---|---:|",
    ...runs.map(
      (r) =>
        `| ${r.build} | ${r.page} | ${r.rps} | ${r.p50} | ${r.p99} | ${Object.entries(r.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(" ")} | ${r.cpuMsPerAnswer ?? "n/a"} |`,
    ),
  ];
  if (builds.length === 2) {
    lines.push("");
    for (const page of ["product shown before", "product never shown"]) {
      const avg = (build: string, key: "rps" | "cpuMsPerAnswer") => {
        const xs = runs.filter((r) => r.build === build && r.page === page).map((r) => Number(r[key] ?? NaN));
        return xs.reduce((a, b) => a + b, 0) / xs.length;
      };
      lines.push(
        `${page}: ${(avg("this build", "rps") / avg("before", "rps")).toFixed(1)}× the request rate of the build before, ` +
          `${(avg("before", "cpuMsPerAnswer") / avg("this build", "cpuMsPerAnswer")).toFixed(1)}× less server CPU an answer.`,
      );
    }
  }
  console.log(lines.join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
