import { Agent, request } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { cpuSeconds, loopDelay, machineCpu, mainThreadWaits, worstLoopDelay, type LoopDelay } from "./processes.js";
import type { LoadOptions, Row } from "./load.js";
import { SHOPPER_USER_AGENT } from "./config.js";

/**
 * An open-loop load: request n is due at start + n / rate, evenly spaced, whether or not earlier answers have come
 * back, and its latency runs from when it was due to its answer's last byte — what a shopper arriving then would
 * wait, queueing included.
 *
 * Why not autocannon's `overallRate`: each of its connections sends its whole share of a second back to back when the
 * second starts and then idles, so "half the capacity" arrives as a burst at full capacity for half a second, and it
 * then adds synthetic latencies at a 1 ms interval for every answer (its coordinated-omission correction takes
 * 1 ÷ rate per second as milliseconds). Its p50 and p99 at a "fixed rate" measure the burst, not the store.
 */
export interface OpenLoopOptions extends Pick<LoadOptions, "form" | "expectStatus" | "pathOf"> {
  /** Requests per second, over the whole run. */
  rate: number;
  seconds: number;
  /** Untimed, at the same rate, before the timed run: caches, JIT. */
  warmUpSeconds?: number;
  /** The server's process (its workers included), whose CPU the row reports. */
  serverPid?: number;
  /** More processes whose CPU the row reports beside the server's: an API service the server calls. */
  otherPids?: number[];
  /** Where the timed run's latencies (ms) are added too: runs taken in turns, pooled for one tail. */
  pool?: number[];
}

export interface OpenLoopRow extends Row {
  /** CPU seconds per second of the processes in `otherPids` (an API service), or null. */
  otherCpu: number | null;
  /**
   * The event loop's delay during the timed run (scripts/bench/loop-delay.mjs): the server's worst process, the
   * other processes' (the API service), and the load generator's own (a late generator sends late, and its requests
   * are timed from when they were due). Null where not recorded.
   */
  loopDelay: {
    server: Omit<LoopDelay, "pid" | "samples"> | null;
    other: Omit<LoopDelay, "pid" | "samples"> | null;
    generator: { p99: number; max: number };
  };
  /**
   * The share of the run the server's event loop (its busiest-waiting process's main thread) spent ready to run but
   * waiting for a core the machine's other processes held: stalls that are the machine's, not the store's. Null
   * without /proc.
   */
  runQueueWait: number | null;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

export async function openLoop(
  page: string,
  url: string,
  cookies: string[],
  options: OpenLoopOptions,
): Promise<OpenLoopRow> {
  // Enough sockets that a request never waits for one: waiting is the server's to cause, not the generator's.
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(url);
  const form = options.form;
  let sent = 0;
  const send = (due: number, latencies: number[] | null, errors: { n: number }) =>
    new Promise<void>((done) => {
      const n = sent++;
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: form === undefined ? "GET" : "POST",
          path: options.pathOf ? options.pathOf(n) : target.pathname + target.search,
          headers: {
            "accept-encoding": "gzip",
            "user-agent": SHOPPER_USER_AGENT,
            ...(form === undefined
              ? {}
              : { "content-type": "application/x-www-form-urlencoded", origin: target.origin }),
            ...(cookies.length ? { cookie: cookies[n % cookies.length] } : {}),
          },
        },
        (res) => {
          res.on("data", () => {});
          res.on("end", () => {
            const status = res.statusCode ?? 0;
            if (options.expectStatus === undefined ? status < 200 || status >= 300 : status !== options.expectStatus)
              errors.n++;
            latencies?.push(performance.now() - due);
            done();
          });
        },
      );
      req.on("error", () => {
        errors.n++;
        done();
      });
      req.end(form);
    });

  const run = async (seconds: number, latencies: number[] | null, errors: { n: number }) => {
    const total = Math.max(1, Math.round(options.rate * seconds));
    const interval = 1000 / options.rate;
    const start = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let n = 0; n < total;) {
      const now = performance.now();
      // Every request due by now goes out now (timers fire late under load; the schedule, not the timer, decides).
      while (n < total && start + n * interval <= now) inFlight.push(send(start + n++ * interval, latencies, errors));
      if (n < total) await new Promise((r) => setTimeout(r, Math.max(0, start + n * interval - performance.now())));
    }
    await Promise.all(inFlight);
    return (performance.now() - start) / 1000;
  };

  if (options.warmUpSeconds) await run(options.warmUpSeconds, null, { n: 0 });
  const cpuOf = (pids: number[]) => {
    let sum = 0;
    for (const pid of pids) {
      const seconds = cpuSeconds(pid);
      if (seconds === null) return null;
      sum += seconds;
    }
    return sum;
  };
  const delays = async () => ({
    server: options.serverPid ? await loopDelay(options.serverPid) : null,
    other: options.otherPids?.length
      ? (await Promise.all(options.otherPids.map((pid) => loopDelay(pid)))).flatMap((d) => d ?? [])
      : null,
  });
  await delays(); // from now on
  const generatorDelay = monitorEventLoopDelay({ resolution: 5 });
  generatorDelay.enable();
  const waitsBefore = options.serverPid ? mainThreadWaits(options.serverPid) : null;
  const before = {
    server: options.serverPid ? cpuSeconds(options.serverPid) : null,
    other: options.otherPids?.length ? cpuOf(options.otherPids) : null,
    self: process.cpuUsage(),
    machine: machineCpu(),
  };
  const latencies: number[] = [];
  const errors = { n: 0 };
  const seconds = await run(options.seconds, latencies, errors);
  options.pool?.push(...latencies);
  const after = {
    server: options.serverPid ? cpuSeconds(options.serverPid) : null,
    other: options.otherPids?.length ? cpuOf(options.otherPids) : null,
    self: process.cpuUsage(before.self),
    machine: machineCpu(),
  };
  generatorDelay.disable();
  const waitsAfter = options.serverPid ? mainThreadWaits(options.serverPid) : null;
  const during = await delays();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (n: number) => +n.toFixed(2);
  return {
    page,
    rps: Math.round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    errors: errors.n,
    cpu:
      after.server !== null && before.server !== null && after.machine && before.machine
        ? {
            server: round((after.server - before.server) / seconds),
            generator: round((after.self.user + after.self.system) / 1e6 / seconds),
            machineIdle: round(
              (after.machine.idle - before.machine.idle) /
                (after.machine.idle - before.machine.idle + after.machine.busy - before.machine.busy),
            ),
          }
        : null,
    otherCpu: after.other !== null && before.other !== null ? round((after.other - before.other) / seconds) : null,
    runQueueWait:
      waitsBefore && waitsAfter
        ? round(Math.max(...[...waitsAfter].map(([p, ms]) => ms - (waitsBefore.get(p) ?? ms))) / (seconds * 1000))
        : null,
    loopDelay: {
      server: worstLoopDelay(during.server),
      other: worstLoopDelay(during.other),
      // Beyond the 5 ms sampling interval, as the servers' (loop-delay.mjs).
      generator: {
        p99: round(Math.max(0, generatorDelay.percentile(99) / 1e6 - 5)),
        max: round(Math.max(0, generatorDelay.max / 1e6 - 5)),
      },
    },
  };
}
