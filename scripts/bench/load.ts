import autocannon from "autocannon";
import { CONNECTIONS, SECONDS, SHOPPER_USER_AGENT } from "./config.js";
import { cpuSeconds, cpuSecondsEach, machineCpu } from "./processes.js";

// Load: a page under autocannon's connections, one session cookie each; the markup the bare page renders.

export interface Row {
  page: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * Cores the server used during the timed run (its CPU seconds over the run's seconds, its workers included), the
   * cores this process used generating the load, and the share of the machine's CPU left idle: two workers can only
   * outrun one with cores to spare. Null where there is no /proc.
   */
  cpu: { server: number; generator: number; machineIdle: number } | null;
  /**
   * CPU milliseconds per answered request of each of the server's processes (the server's own first, then its
   * workers): a cluster's primary, which serves the workers' API calls, against each worker. Null where there is no
   * /proc.
   */
  cpuMsPerRequest?: number[] | null;
  /**
   * With `steady`: the server's CPU ms per request in each slice of the warm-up, first to last: what the page cost a
   * process that had not served it yet, down to what it costs once warm. Null where there is no /proc.
   */
  warmUp?: number[] | null;
}

/** A request other than a GET of `url`: a form post, or a path that changes on every request. */
export interface LoadOptions {
  method?: "GET" | "POST";
  /** A form's body (application/x-www-form-urlencoded), sent with the store's own Origin as a browser does. */
  form?: string;
  /** The status every answer should have (a form post's 303); others count as errors. Default: any 2xx. */
  expectStatus?: number;
  /**
   * The path of the n-th request of the run, warm-up included (n counts across connections): e.g. a search term
   * not asked before, so no cache can answer it.
   */
  pathOf?: (n: number) => string;
  /**
   * A fixed offered load, requests per second over all connections (autocannon's overallRate): latency at a given
   * load rather than at saturation. A connection waits for its answer before its next request, so this is open loop
   * only while answers come back well within the connections' share of a second (20 connections at ≤ 1,000 req/s).
   */
  rate?: number;
  /** Awaited after the warm-up: until the server has answered what the warm-up left queued. */
  settle?: () => Promise<void>;
  /**
   * Warm up until the server's CPU per request stops falling (warmUntilSteady), not for 1 s: a store process that
   * has not served a page yet costs up to twice what it costs once its code is compiled for it, and gets there over
   * tens of seconds of load (two workers, each seeing half the requests, slower than one); the bare page, with far
   * less code, sooner. With 1 s, a comparison of the two measured the store's warm-up more than the store.
   */
  steady?: boolean;
}

/** Seconds of load the steady warm-up gives a page at least and at most (BENCH_WARM_UP_SECONDS: the most). */
export const WARM_UP_MIN_SECONDS = 20;
export const WARM_UP_SECONDS = Math.max(WARM_UP_MIN_SECONDS, Number(process.env.BENCH_WARM_UP_SECONDS ?? 60));
export const WARM_UP_SLICE_SECONDS = 5;

/**
 * Runs slices of load until the server's CPU per request stops falling: at least WARM_UP_MIN_SECONDS (a store's cost
 * falls in steps, with plateaus of several seconds between them, as its code is compiled again for what it serves),
 * then until two slices in a row are each no more than 5 % below the cheapest before them (one such slice is often
 * a plateau or noise: two workers' cart page kept falling for 50 s), or WARM_UP_SECONDS in all. Answers each slice's
 * CPU ms per request.
 */
async function warmUntilSteady(
  run: (seconds: number) => Promise<autocannon.Result>,
  serverPid: number | undefined,
): Promise<number[] | null> {
  const cpu = () => cpuSeconds(serverPid!);
  if (!serverPid || cpu() === null) {
    await run(WARM_UP_MIN_SECONDS);
    return null;
  }
  const slices: number[] = [];
  let flat = 0;
  for (let spent = 0; spent < WARM_UP_SECONDS; spent += WARM_UP_SLICE_SECONDS) {
    const before = cpu()!;
    const result = await run(WARM_UP_SLICE_SECONDS);
    const ms = result.requests.total > 0 ? ((cpu()! - before) * 1000) / result.requests.total : 0;
    const cheapest = Math.min(...slices);
    slices.push(+ms.toFixed(2));
    flat = ms >= cheapest * 0.95 ? flat + 1 : 0;
    if (spent + WARM_UP_SLICE_SECONDS >= WARM_UP_MIN_SECONDS && flat >= 2) break;
  }
  return slices;
}

/** `serverPid`: the server's process, whose CPU (its workers' included) the row reports. */
export async function load(
  page: string,
  url: string,
  cookies: string[],
  serverPid?: number,
  options: LoadOptions = {},
): Promise<Row> {
  const origin = new URL(url).origin;
  const form = options.form !== undefined;
  const baseHeaders: Record<string, string> = {
    "accept-encoding": "gzip",
    "user-agent": SHOPPER_USER_AGENT,
    ...(form ? { "content-type": "application/x-www-form-urlencoded", origin } : {}),
  };
  let requested = 0;
  const pathOf = options.pathOf;
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      method: options.method ?? (form ? "POST" : "GET"),
      ...(form ? { body: options.form } : {}),
      ...(options.rate ? { overallRate: options.rate } : {}),
      headers: baseHeaders,
      ...(pathOf ? { requests: [{ setupRequest: (request) => ({ ...request, path: pathOf(requested++) }) }] } : {}),
      setupClient: (client) => {
        const index = next++;
        client.setHeaders({
          ...baseHeaders,
          ...(cookies.length ? { cookie: cookies[index % cookies.length] } : {}),
        });
      },
    });
  let next = 0;
  // Warm-up: caches, JIT.
  const warmUp = options.steady ? await warmUntilSteady(run, serverPid) : (await run(1), undefined);
  await options.settle?.();
  next = 0;
  const before = {
    server: serverPid ? cpuSecondsEach(serverPid) : null,
    self: process.cpuUsage(),
    machine: machineCpu(),
  };
  const started = performance.now();
  const result = await run(SECONDS);
  const seconds = (performance.now() - started) / 1000;
  const after = serverPid ? cpuSecondsEach(serverPid) : null;
  const total = (each: { seconds: number }[] | null) => each && each.reduce((sum, p) => sum + p.seconds, 0);
  const server = total(after);
  const serverBefore = total(before.server);
  const self = process.cpuUsage(before.self);
  const machine = machineCpu();
  const round = (n: number) => +n.toFixed(2);
  return {
    page,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors:
      (options.expectStatus === undefined
        ? result.non2xx
        : Object.entries(result.statusCodeStats as Record<string, { count: number }>)
            .filter(([status]) => Number(status) !== options.expectStatus)
            .reduce((sum, [, s]) => sum + s.count, 0)) +
      result.errors +
      result.timeouts,
    cpu:
      server !== null && serverBefore !== null && machine && before.machine
        ? {
            server: round((server - serverBefore) / seconds),
            generator: round((self.user + self.system) / 1e6 / seconds),
            machineIdle: round(
              (machine.idle - before.machine.idle) /
                (machine.idle - before.machine.idle + machine.busy - before.machine.busy),
            ),
          }
        : null,
    // Processes present at both ends of the run (a worker restarted during it is left out).
    cpuMsPerRequest:
      after && before.server && result.requests.total > 0
        ? after.flatMap((p) => {
            const was = before.server!.find((b) => b.pid === p.pid);
            return was ? [round(((p.seconds - was.seconds) * 1000) / result.requests.total)] : [];
          })
        : null,
    ...(warmUp === undefined ? {} : { warmUp }),
  };
}

/** The body of a page without its scripts: what the bare page renders from a constant. */
export function bodyMarkup(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";
  return body.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, "");
}
