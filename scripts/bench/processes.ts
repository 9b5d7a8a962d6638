import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./config.js";

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

export async function launch(args: string[], env: Record<string, string>, ready: string): Promise<Running> {
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
export const startStore = (workers: number) =>
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
