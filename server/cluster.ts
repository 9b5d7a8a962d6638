/**
 * The production entry (`npm start` runs its compiled form, build/server.mjs): WEB_CONCURRENCY storefront workers
 * (default: one per core) with node:cluster, in the shape of a real deployment — N stateless storefront instances
 * (sessions live in cookies) behind a load balancer (the primary hands out connections), in front of ONE webstore
 * API. In emulator mode the primary is that API: it runs the emulator and serves it to the workers over loopback
 * HTTP (the transport the contract suite's `http` target checks). The workers still answer the API paths and the
 * test controls on the store's port, by passing them on.
 *
 * A test control that changes the store (POST/DELETE /__emulator/*) empties every worker's caches before it is
 * answered, whichever worker (or client of the loopback port) sent it: the next page, on any worker, sees the store
 * as it now is. With one worker (WEB_CONCURRENCY=1) everything runs in one process, the emulator in-process.
 */
import cluster, { type Worker } from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readConfig, type Config } from "./config.js";
import { asyncPollSettings, createEmulator, type Emulator } from "./emulator/index.js";
import { readyMessage, startServer, type EmulatorLike } from "./main.js";
import { sendWebResponse, toWebRequest } from "./node-http.js";
import { logEvent } from "./request-log.js";
import { clearWebstoreCaches } from "./webstore/index.js";
import { nodeFetch } from "./webstore/node-fetch.js";

/** Messages between the primary and its workers. */
type ClusterMessage =
  | { type: "webstore-caches:clear"; id: number; reset?: boolean }
  | { type: "webstore-caches:cleared"; id: number }
  | { type: "storefront:listening" };

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** WEB_CONCURRENCY: a whole number of workers ≥ 1; default, the number of cores. */
export function workerCount(env: Record<string, string | undefined> = process.env): number {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(
      `Invalid configuration:\n  WEB_CONCURRENCY: must be a whole number of workers from 1, not "${raw}"`,
    );
  return n;
}

function openEmulator(config: Config): Emulator {
  return createEmulator({
    dbFile: config.EMULATOR_DB === ":memory:" ? ":memory:" : resolve(ROOT, config.EMULATOR_DB),
    settings: {
      ...asyncPollSettings(config.EMULATOR_ASYNC_POLLS, config.EMULATOR_CHECKOUT_SECONDS),
      sessionSeconds: config.SESSION_SECONDS,
    },
    scale: config.DEMO_SCALE,
  });
}

/**
 * The emulator another process serves on `origin`, as the fetch function the storefront plugs in: every API call of a
 * worker crosses here, by the adapter's node:http transport (server/webstore/node-fetch.ts) sent to that origin.
 */
export function remoteEmulator(origin: string, seeding: Emulator["seeding"] = "kept"): EmulatorLike {
  return { seeding, fetch: nodeFetch({ origin }) };
}

/** A test control that changes the store: every storefront cache of API answers must be emptied before it answers. */
export const changesTheStore = (method: string | undefined, path: string) =>
  path.startsWith("/__emulator/") && method !== "GET" && method !== "HEAD";

/**
 * The primary's loopback port for the emulator. Store-changing test controls wait until every worker has emptied
 * its caches (or 2 s, for a worker that hangs) before they answer.
 */
async function serveEmulator(emulator: Emulator, clearWorkers: (reset: boolean) => Promise<void>) {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const answer = await emulator.fetch(await toWebRequest(req, `http://${req.headers.host ?? "127.0.0.1"}`));
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (changesTheStore(req.method, path)) await clearWorkers(path === "/__emulator/reset" && answer.ok);
      await sendWebResponse(res, answer);
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function broadcastClear(workers: () => Worker[]): (reset: boolean) => Promise<void> {
  let next = 0;
  return (reset) => {
    const id = ++next;
    const waits = workers()
      .filter((w) => w.isConnected())
      .map(
        (w) =>
          new Promise<void>((done) => {
            const timer = setTimeout(finish, 2_000);
            function finish() {
              clearTimeout(timer);
              w.off("message", onMessage);
              done();
            }
            function onMessage(m: ClusterMessage) {
              if (m?.type === "webstore-caches:cleared" && m.id === id) finish();
            }
            w.on("message", onMessage);
            w.send({ type: "webstore-caches:clear", id, reset } satisfies ClusterMessage);
          }),
      );
    return Promise.all(waits).then(() => undefined);
  };
}

async function runPrimary(config: Config, count: number) {
  const emulator = config.mode === "emulator" ? openEmulator(config) : null;
  // A worker whose process has exited can still be listed: node:cluster drops it once it has both exited and
  // disconnected, "the order between these two events cannot be determined in advance" (Node's cluster docs). Counted
  // as live, the last one to stop would keep the primary waiting for ever.
  const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
  const emulatorUrl = emulator ? await serveEmulator(emulator, broadcastClear(liveWorkers)) : null;
  let stopping = false;
  let listening = 0;

  const fork = () => {
    const worker = cluster.fork(
      emulatorUrl ? { STOREFRONT_EMULATOR_URL: emulatorUrl, STOREFRONT_EMULATOR_SEEDING: emulator!.seeding } : {},
    );
    worker.on("message", (m: ClusterMessage) => {
      if (m?.type === "storefront:listening" && ++listening === count) {
        console.log(
          `${readyMessage(config, `http://localhost:${config.PORT}`, emulator)}\nWorkers:          ${count} (WEB_CONCURRENCY)`,
        );
      }
    });
    return worker;
  };
  for (let i = 0; i < count; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (liveWorkers().length === 0) {
        emulator?.close();
        process.exit(0);
      }
      return;
    }
    // A worker that fails before it listens (port in use, no build) would fail again: stop, with its message.
    if (listening < count) {
      console.error(`A storefront worker stopped while starting (${signal ?? `exit ${code}`}).`);
      stopping = true;
      for (const w of liveWorkers()) w.kill();
      emulator?.close();
      process.exit(1);
    }
    console.error(`Storefront worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another.`);
    fork();
  });
  // The stop signal goes to each worker as it is: SIGTERM lets each finish what it is serving (runWorker). The
  // primary exits when the last one has (the exit handler above); the emulator lives until then.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      stopping = true;
      if (signal === "SIGTERM") logEvent("info", "SIGTERM: the workers finish the requests in flight, then stop");
      for (const w of liveWorkers()) w.process.kill(signal);
      if (liveWorkers().length === 0) process.exit(0);
    });
  }
}

/** SIGTERM: stop accepting, finish the requests in flight (bounded), exit. SIGINT (Ctrl-C): exit now. */
function stopOnSignals(shutdown: () => Promise<void>) {
  process.on("SIGINT", () => process.exit(0));
  process.once("SIGTERM", () => {
    logEvent("info", "SIGTERM: finishing the requests in flight, then stopping", { pid: process.pid });
    // Exit as a program does (exit handlers run: --cpu-prof writes its profile); SQLite's WAL needs no more.
    void shutdown().finally(() => process.exit(0));
  });
}

async function runWorker(config: Config) {
  const origin = process.env.STOREFRONT_EMULATOR_URL;
  const seeding = (process.env.STOREFRONT_EMULATOR_SEEDING as Emulator["seeding"] | undefined) ?? "kept";
  const { caches, shutdown, loginThrottle, limits } = await startServer(
    config,
    origin ? { emulator: remoteEmulator(origin, seeding) } : {},
  );
  stopOnSignals(shutdown);
  process.on("message", (m: ClusterMessage) => {
    if (m?.type !== "webstore-caches:clear") return;
    clearWebstoreCaches(caches, { lastGood: m.reset });
    // A reset forgets every worker's counts (failed sign-ins, the limits), not only the one that passed it on.
    const forgotten = m.reset ? Promise.all([loginThrottle.clear(), limits.clear()]) : Promise.resolve();
    void forgotten.finally(() =>
      process.send?.({ type: "webstore-caches:cleared", id: m.id } satisfies ClusterMessage),
    );
  });
  process.send?.({ type: "storefront:listening" } satisfies ClusterMessage);
}

export async function main() {
  const config = readConfig();
  const count = workerCount();
  if (cluster.isPrimary && count === 1) {
    const { url, emulator, shutdown } = await startServer(config);
    console.log(readyMessage(config, url, emulator));
    stopOnSignals(shutdown);
  } else if (cluster.isPrimary) {
    await runPrimary(config, count);
  } else {
    await runWorker(config);
  }
}
