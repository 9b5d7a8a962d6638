import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, log } from "./config.js";

// The servers under test: launched on a free loopback port, waited for, stopped; their peak memory.

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

export interface Running {
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

/**
 * Every server the bench starts carries scripts/bench/loop-delay.mjs (`--import`, so the cluster's workers inherit
 * it): the event loop's delay, read per run by `loopDelay`. The store's own code knows nothing of it.
 */
const LOOP_DELAY_DIR = mkdtempSync(join(tmpdir(), "bench-loop-delay-"));
const LOOP_DELAY_PRELOAD = ["--import", pathToFileURL(join(ROOT, "scripts", "bench", "loop-delay.mjs")).href];

/** The event loop's delay in one process over a run (scripts/bench/loop-delay.mjs), in ms beyond the sampling interval. */
export interface LoopDelay {
  pid: number;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /** Samples 20 ms or more late: stalls at least that long. */
  stallsOver20ms: number;
  /** The share of the run the event loop was busy. */
  utilization: number;
}

/**
 * What each process of the server's tree (its workers included) recorded since the last call: the bench calls it
 * once before a timed run (to start afresh) and once after. Null where a process did not answer (no preload, no
 * /proc, a command of BENCH_STORE_COMMAND's that drops it).
 */
export async function loopDelay(pid: number): Promise<LoopDelay[] | null> {
  // Only the processes started with the preload (a cluster worker's command line repeats it): SIGUSR2's default
  // action would end any other, a helper process a server started, say.
  const pids = processTree(pid).filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, "utf8").includes("loop-delay.mjs");
    } catch {
      return false;
    }
  });
  if (!pids.length) return null;
  const files = pids.map((p) => join(LOOP_DELAY_DIR, `${p}.json`));
  for (const file of files) rmSync(file, { force: true });
  try {
    for (const p of pids) process.kill(p, "SIGUSR2");
  } catch {
    return null;
  }
  // Written from the process's event loop: as late as its stall, if it is in one.
  for (let i = 0; i < 250 && !files.every((f) => existsSync(f)); i++) await new Promise((r) => setTimeout(r, 20));
  if (!files.every((f) => existsSync(f))) return null;
  return files.map((f) => JSON.parse(readFileSync(f, "utf8")) as LoopDelay);
}

/** The worst process's figures of a tree's (the busiest worker's, as a shopper routed to it would feel). */
export function worstLoopDelay(delays: LoopDelay[] | null): Omit<LoopDelay, "pid" | "samples"> | null {
  if (!delays?.length) return null;
  return {
    p50: Math.max(...delays.map((d) => d.p50)),
    p99: Math.max(...delays.map((d) => d.p99)),
    max: Math.max(...delays.map((d) => d.max)),
    stallsOver20ms: delays.reduce((sum, d) => sum + d.stallsOver20ms, 0),
    utilization: Math.max(...delays.map((d) => d.utilization)),
  };
}

/**
 * Every server the bench started and not yet stopped: a run that fails half-way (a page answering an error) stops
 * them as it exits, instead of leaving them serving, and counting, beside the next run.
 */
const launched = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of launched) child.kill("SIGTERM");
});

/** `port`: where the server listens (PORT unless `env` names another variable for it); a free one by default. */
export async function launch(
  args: string[],
  env: Record<string, string>,
  ready: string,
  port?: number,
): Promise<Running> {
  port ??= await freePort();
  const child = spawn(process.execPath, [...LOOP_DELAY_PRELOAD, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BENCH_LOOP_DELAY_DIR: LOOP_DELAY_DIR,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  launched.add(child);
  child.once("exit", () => launched.delete(child));
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
export const startStore = (workers: number, env: Record<string, string> = {}) =>
  launch(
    STORE_COMMAND,
    {
      NODE_ENV: STORE_NODE_ENV,
      WEB_CONCURRENCY: String(workers),
      EMULATOR_DB: join(mkdtempSync(join(tmpdir(), "bench-store-")), "emulator.sqlite"),
      // The demo store unless told otherwise: a DEMO_SCALE in the bench's own environment picks its run (bench.ts).
      DEMO_SCALE: "demo",
      // The bench's shoppers come through a proxy on this machine, each from an address of its own (bench/browser.ts),
      // as a store's shoppers do: the store's limits on carts an address makes (docs/limits.md) count them apart.
      TRUST_PROXY: "loopback",
      ...env,
    },
    "/healthz",
  );

/**
 * The emulator as a service of its own (`npm run emulator`'s server) on a free port, with its own database: the API a
 * store started with `remoteApiEnv` calls over HTTP, as it would call an org, so the store's CPU is its own.
 */
export async function startApiService(): Promise<Running> {
  const port = await freePort();
  return launch(
    ["--import", "tsx", "server/emulator-service.ts"],
    {
      EMULATOR_PORT: String(port),
      EMULATOR_HOST: "127.0.0.1",
      EMULATOR_DB: join(mkdtempSync(join(tmpdir(), "bench-api-")), "emulator.sqlite"),
      DEMO_SCALE: "demo",
    },
    "/healthz",
    port,
  );
}

/** A store's settings to use the API service at `origin` as its org (the demo store's ids, as deploy/ sets them). */
export const remoteApiEnv = (origin: string): Record<string, string> => ({
  WEBSTORE_SITE_URL: origin,
  WEBSTORE_ID: "0ZEDEMO00000001",
  WEBSTORE_COMMUNITY_ID: "0DBDM0000000001",
  WEBSTORE_CLIENT_ID: "demo-storefront",
  WEBSTORE_CLIENT_SECRET: "demo-storefront-secret",
  WEBSTORE_REDIRECT_URI: "https://demo.store/oauth/callback",
  WEBSTORE_INVENTORY_LOCATION_GROUP_ID: "0ghDM0000000001",
  SESSION_SECRET: "bench-session-secret-not-for-production",
});

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
export function peakMemory(pid: number): number[] {
  return processTree(pid).map((p) => {
    try {
      const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
      return Math.round(kb / 1024);
    } catch {
      return 0;
    }
  });
}

// The kernel's clock ticks per second, in which /proc reports CPU time (100 on every Linux seen; asked once).
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const asked = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim());
    ticksPerSecond = Number.isFinite(asked) && asked > 0 ? asked : 100;
  }
  return ticksPerSecond;
}

/**
 * CPU seconds (user + system) the process and its descendants have used so far, or null where there is no /proc.
 * A worker's libuv threads (compression) and V8's helper threads (GC) count: one process can use more than a core.
 */
export function cpuSeconds(pid: number): number | null {
  const each = cpuSecondsEach(pid);
  return each && each.reduce((sum, p) => sum + p.seconds, 0);
}

/**
 * CPU seconds so far of each process of the tree (the server first, then its workers, in the tree's order): where a
 * cluster's CPU goes, the primary (with the emulator) against its workers. Null where there is no /proc.
 */
export function cpuSecondsEach(pid: number): { pid: number; seconds: number }[] | null {
  const each = [];
  for (const p of processTree(pid)) {
    try {
      // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 12th and 13th.
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      each.push({ pid: p, seconds: (Number(fields[11]) + Number(fields[12])) / clockTicks() });
    } catch {
      if (p === pid) return null;
    }
  }
  return each;
}

/**
 * On-CPU milliseconds so far of every thread of the process tree, to the nanosecond (/proc/<pid>/task/<tid>/schedstat;
 * /proc/<pid>/stat counts in ticks of 10 ms): what a few requests cost, asked one at a time. Null where there is no
 * /proc.
 */
export function cpuMilliseconds(pid: number): number | null {
  let ns = 0;
  for (const p of processTree(pid)) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      if (p === pid) return null;
      continue;
    }
    for (const task of tasks) {
      try {
        ns += Number(readFileSync(`/proc/${p}/task/${task}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // The thread ended.
      }
    }
  }
  return ns / 1e6;
}

/**
 * Milliseconds each process of the tree's main thread (its event loop) has waited so far for a core while it was
 * ready to run (/proc/<pid>/task/<pid>/schedstat's second field): a stall of the event loop that is the machine's
 * (other processes on the cores), not the process's own work. Null where there is no /proc.
 */
export function mainThreadWaits(pid: number): Map<number, number> | null {
  const waits = new Map<number, number>();
  for (const p of processTree(pid)) {
    try {
      waits.set(p, Number(readFileSync(`/proc/${p}/task/${p}/schedstat`, "utf8").split(" ")[1]) / 1e6);
    } catch {
      if (p === pid) return null;
    }
  }
  return waits;
}

/**
 * Pins every thread of each process tree to `cores` (taskset's list: "0", "1"), or back to all the machine's cores
 * with null; `{ children: false }` pins the processes alone (the bench itself, whose children are the servers). False
 * where it cannot (one core, no taskset): the runs then go on unpinned, and say so.
 */
export function pinCores(pids: number[], cores: string | null, { children = true } = {}): boolean {
  // cpus(), not availableParallelism(): the latter counts the cores this process is pinned to.
  const count = cpus().length;
  if (count < 2) return false;
  for (const pid of pids) {
    for (const p of children ? processTree(pid) : [pid]) {
      const pinned = spawnSync("taskset", ["-a", "-p", "-c", cores ?? `0-${count - 1}`, String(p)], {
        stdio: "ignore",
      });
      if (pinned.status !== 0) return false;
    }
  }
  return true;
}

/** The machine's CPU time so far, busy and idle, in clock ticks (all cores together); null where there is no /proc. */
export function machineCpu(): { busy: number; idle: number } | null {
  try {
    const [, ...counts] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: idle time is idle + iowait.
    const idle = counts[3] + (counts[4] ?? 0);
    const busy = counts.slice(0, 8).reduce((a, b) => a + b, 0) - idle;
    return { busy, idle };
  } catch {
    return null;
  }
}

/** Builds the bare Remix page (bench/bare) the pages are compared with. */
export function buildBare() {
  log("bench: building the bare Remix page (bench/bare)");
  const built = spawnSync("npx", ["remix", "build", "bench/bare"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`bare build failed: ${built.stderr}`);
}
