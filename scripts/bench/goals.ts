import { TAIL_ROUNDS, TAIL_SECONDS } from "./config.js";
import type { Row } from "./load.js";
import { percentile, type OpenLoopRow } from "./open-loop.js";

/**
 * Issue #9's goals as issue #23 restated them for a machine whose cores the load generator shares: figures the
 * demo run prints next to each goal (nothing here fails a run).
 * - CPU per request: each page's server CPU milliseconds per request (cores used × 1000 ÷ req/s) over the bare
 *   Remix page's — a shopping page ≤ 2×, a checkout step ≤ 3×;
 * - two workers cost ≤ 10 % more CPU per request than one, measured at the same load per worker: two workers offered
 *   a rate against one worker offered half of it (at the same offered rate, each of two workers is half as busy as
 *   one, and a process's CPU per request rises as its load falls: that is shown beside it, not marked);
 * - latency at half the page's measured capacity (a fixed offered rate, open loop): p99 ≤ 3 × p50 and ≤ 40 ms; shown
 *   also at the rate where the store's event loop is about half busy;
 * - issue #41's measure of the tail on a machine the store shares with its API and the load generator: the store's
 *   p99 ÷ the bare page's p99, both offered the same rate in the same run, ≤ 1.5×.
 * - a first visit (no cookie) within 10 % of the same page with a session cookie, and 0 token calls to the
 *   emulator's identity endpoints for 100 anonymous page views.
 */

export const GOALS = {
  shoppingToBare: 2,
  checkoutToBare: 3,
  twoWorkersOverOne: 1.1,
  p99OverP50: 3,
  p99Ms: 40,
  p99OverBareP99: 1.5,
  firstVisitOverReturning: 1.1,
  anonymousTokenCalls: 0,
};

/** CPU milliseconds the server spent per request in a run; null without /proc or without answers. */
export const cpuMsPerRequest = (row: Row) =>
  row.cpu && row.rps ? +((row.cpu.server * 1000) / row.rps).toFixed(2) : null;

/** The tail's runs: the store and the bare page offered one rate in turns, and each side's latencies pooled. */
export interface TailRuns {
  rate: number;
  /** Whether the store and the bare page ran on a core of their own (bench.ts, pinCores). */
  pinned: boolean;
  store: OpenLoopRow[];
  bare: OpenLoopRow[];
  pooled: { store: number[]; bare: number[] };
}

const ratio = (a: number | null, b: number | null) => (a !== null && b !== null && b > 0 ? +(a / b).toFixed(2) : null);
const mark = (ok: boolean | null) => (ok === null ? "–" : ok ? "✓" : "✗");
/** ✓ when a measured ratio is within its goal, ✗ when not, – when it was not measured. */
const within = (value: number | null, goal: number) => mark(value === null ? null : value <= goal);

export interface PageGoals {
  page: string;
  checkout: boolean;
  /** The page's capacity with one worker (closed loop, saturated) and the fixed rate offered: half of it. */
  capacity: number;
  rate: number;
  /**
   * CPU ms per request at that rate: the store (one worker, two workers), the API service behind it, the bare page;
   * and one worker at half the rate (`share`: what each of two workers serves).
   */
  cpuMs: { one: number | null; two: number | null; share: number | null; api: number | null; bare: number | null };
  toBare: number | null;
  /** Two workers ÷ one worker at the same offered rate (each of the two half as busy). */
  twoOverOne: number | null;
  /** Two workers ÷ one worker offered half the rate: the same load per worker, the goal's measure. */
  twoOverOneSameLoad: number | null;
  /** One worker's p99 ÷ the bare page's p99 over the tail's rounds (`tail`). */
  tailToBare: number | null;
  /**
   * The tail's runs: the rate both were offered (where the store's loop is about half busy), each side's p99 over
   * all its rounds' requests, and each round's own p99 (how much one run's tail swings).
   */
  tail: {
    rate: number;
    pinned: boolean;
    requests: number;
    storeP99: number;
    bareP99: number;
    storeRounds: number[];
    bareRounds: number[];
    /**
     * Each store round's event-loop delay, its longest and its stalls of 20 ms or more, in the store's worst process
     * and in the API service: which of the two a slow round waited for. Null where not recorded.
     */
    storeRoundLoops: { store: { max: number; stalls: number } | null; api: number | null }[];
  };
  /** Latency with one worker at that rate, queueing included (bench/open-loop.ts). */
  one: OpenLoopRow;
  two: OpenLoopRow;
  bare: OpenLoopRow;
  /** One worker offered the rate at which its event loop is about half busy (null when it was at half or less). */
  halfBusy: OpenLoopRow | null;
}

const meanCpuMs = (rows: OpenLoopRow[]) => {
  const each = rows.map(cpuMsPerRequest);
  return each.length && each.every((n) => n !== null)
    ? +((each as number[]).reduce((a, b) => a + b, 0) / each.length).toFixed(2)
    : null;
};

export function pageGoals(
  page: string,
  checkout: boolean,
  capacity: number,
  runs: {
    one: OpenLoopRow;
    two: OpenLoopRow[];
    share: OpenLoopRow[];
    bare: OpenLoopRow;
    halfBusy: OpenLoopRow | null;
    tail: TailRuns;
  },
): PageGoals {
  const p99Of = (latencies: number[]) =>
    +percentile(
      [...latencies].sort((a, b) => a - b),
      99,
    ).toFixed(2);
  const tail = {
    rate: runs.tail.rate,
    pinned: runs.tail.pinned,
    requests: runs.tail.pooled.store.length,
    storeP99: p99Of(runs.tail.pooled.store),
    bareP99: p99Of(runs.tail.pooled.bare),
    storeRounds: runs.tail.store.map((r) => r.p99),
    bareRounds: runs.tail.bare.map((r) => r.p99),
    storeRoundLoops: runs.tail.store.map((r) => ({
      store: r.loopDelay.server ? { max: r.loopDelay.server.max, stalls: r.loopDelay.server.stallsOver20ms } : null,
      api: r.loopDelay.other?.max ?? null,
    })),
  };
  const cpuMs = {
    one: cpuMsPerRequest(runs.one),
    two: meanCpuMs(runs.two),
    share: meanCpuMs(runs.share),
    api: runs.one.otherCpu !== null && runs.one.rps ? +((runs.one.otherCpu * 1000) / runs.one.rps).toFixed(2) : null,
    bare: cpuMsPerRequest(runs.bare),
  };
  return {
    page,
    checkout,
    capacity,
    rate: runs.one.rps,
    cpuMs,
    toBare: ratio(cpuMs.one, cpuMs.bare),
    twoOverOne: ratio(cpuMs.two, cpuMs.one),
    twoOverOneSameLoad: ratio(cpuMs.two, cpuMs.share),
    tailToBare: ratio(tail.storeP99, tail.bareP99),
    tail,
    one: runs.one,
    two: runs.two[0],
    bare: runs.bare,
    halfBusy: runs.halfBusy,
  };
}

/**
 * Token calls the emulator's identity endpoints answered for `views` page views without a cookie (a new visitor each
 * time, as a crawler or a link from an ad), read from the emulator's request journal.
 */
export async function anonymousTokenCalls(origin: string, paths: string[], views = 100): Promise<number> {
  const tokenCalls = async () => {
    const res = await fetch(`${origin}/__emulator/journal?path=${encodeURIComponent("/oauth2/")}`);
    if (!res.ok) throw new Error(`journal: ${res.status}`);
    return ((await res.json()) as { entries: { seq: number }[] }).entries;
  };
  const before = await tokenCalls();
  const since = before.at(-1)?.seq ?? 0;
  for (let i = 0; i < views; i++) {
    const res = await fetch(`${origin}${paths[i % paths.length]}`, { redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`anonymous view of ${paths[i % paths.length]}: ${res.status}`);
  }
  return (await tokenCalls()).filter((e) => e.seq > since).length;
}

export interface FirstVisit {
  page: string;
  withCookie: Row;
  withoutCookie: Row;
  ratio: number | null;
  tokenCalls: number;
  views: number;
}

/** The event loop's delay during an open-loop run, p99 / max ms: the server's worst process · the API's · the generator's. */
export function loopCells(row: OpenLoopRow): string {
  const pair = (d: { p99: number; max: number } | null) => (d ? `${d.p99} / ${d.max}` : "–");
  return `${pair(row.loopDelay.server)} · ${pair(row.loopDelay.other)} · ${pair(row.loopDelay.generator)}`;
}

export function goalLines(pages: PageGoals[], first: FirstVisit): string[] {
  const cell = (n: number | null | undefined) => (n === null || n === undefined ? "–" : String(n));
  const unpinned = pages.filter((p) => !p.tail.pinned).map((p) => p.page);
  const pinning = unpinned.length ? `unpinned, taskset failing: ${unpinned.join(", ")}` : "taskset";
  return [
    `Goals (issue #23 item 6). Each page is offered at half its measured capacity (one worker, saturated), at a fixed rate with evenly spaced arrivals (bench/open-loop.ts), to the store with one worker and with two, both calling the emulator as a separate API service over HTTP as they would call an org (so the store's CPU is the store's own; the API's is shown beside it), and to the bare page. CPU ms/req = the server's CPU seconds × 1000 ÷ requests answered. Goals: a shopping page ≤ ${GOALS.shoppingToBare}× the bare page's CPU per request, a checkout step ≤ ${GOALS.checkoutToBare}×; 2 workers ≤ ${GOALS.twoWorkersOverOne}× one worker's at the same load per worker (two workers offered the rate, one worker offered half of it; each measured twice in turns and averaged), with the ratio at the same offered rate beside it, where each of the two is half as busy as the one and pays what a less busy process pays per request; latency (from when a request was due to its last byte) p99 ≤ ${GOALS.p99OverP50} × p50 and ≤ ${GOALS.p99Ms} ms, and again at the rate where the store's event loop is about half busy (offered rate × 0.5 ÷ the loop's busy share at half capacity). Loop delay: how late the event loop ran a timer during the one-worker run (scripts/bench/loop-delay.mjs, sampled every 5 ms), in the store's worst process, the API service and the load generator: a stall of the store's shows as a sample about as long as the stall, and every request due during it waits it out; the store's loop busy: the share of the run its event loop was running (at half capacity measured closed loop, often well over half: 20 connections reach that capacity with several requests a turn of the loop); stalls ≥ 20 ms counts the store's samples that late. Waiting for a core: the share of the run the store's event loop was ready to run but the machine's other processes held the cores (/proc schedstat): stalls that are the machine's, not the store's.`,
    "",
    `The tail beside the bare page's (issue #41): the store's p99 ÷ the bare page's p99, both offered the same rate, where the store's event loop is about half busy (half the page's capacity where it is half busy or less there), in ${TAIL_ROUNDS} rounds of ${TAIL_SECONDS} s a side, taken in turns on a core of their own, the API service and the load generator on the other (${pinning}), each side's p99 over all its rounds' requests (≤ ${GOALS.p99OverBareP99}): ${pages.map((p) => `${p.page} ${cell(p.tailToBare)} ${within(p.tailToBare, GOALS.p99OverBareP99)}`).join(", ")}.`,
    "",
    "| page | offered req/s | requests a side | store p99 ms | bare p99 ms | ÷ bare | store p99 by round | bare p99 by round | store's round: loop delay max ms / stalls ≥ 20 ms · the API's loop delay max ms |",
    "|---|---:|---:|---:|---:|---:|---|---|---|",
    ...pages.map(
      (p) =>
        `| ${p.page} | ${p.tail.rate} | ${p.tail.requests} | ${p.tail.storeP99} | ${p.tail.bareP99} | ${cell(p.tailToBare)} ${within(p.tailToBare, GOALS.p99OverBareP99)} | ${p.tail.storeRounds.join(" · ")} | ${p.tail.bareRounds.join(" · ")} | ${p.tail.storeRoundLoops.map((l) => `${l.store ? `${l.store.max} / ${l.store.stalls}` : "–"} · ${cell(l.api)}`).join("; ")} |`,
    ),
    "",
    `| page | capacity req/s | offered req/s | store CPU ms/req | API CPU ms/req | bare CPU ms/req | ÷ bare (goal) | 2 workers CPU ms/req | 2 ÷ 1, same rate | 1 worker at half the rate, CPU ms/req | 2 ÷ 1, same load per worker (≤ ${GOALS.twoWorkersOverOne}) | p50 ms | p99 ms (≤ ${GOALS.p99Ms}) | p99 ÷ p50 (≤ ${GOALS.p99OverP50}) | the tail ÷ bare (the table above; ≤ ${GOALS.p99OverBareP99}) | loop delay p99 / max ms: store · API · load generator | store's loop busy / stalls ≥ 20 ms | store waiting for a core | loop half busy: offered req/s, busy, p50 / p99 ms | 2 workers p50 / p99 ms | bare p50 / p99 ms, loop delay max |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...pages.map((p) => {
      const goal = p.checkout ? GOALS.checkoutToBare : GOALS.shoppingToBare;
      const h = p.one;
      const tail = h.p50 > 0 ? +(h.p99 / h.p50).toFixed(1) : null;
      // Marked apart: the absolute tail is the measure docs/performance.md argues for; the ratio is the issue's.
      const tailOk = h.p99 <= GOALS.p99Ms;
      const ratioOk = tail !== null && tail <= GOALS.p99OverP50;
      const errors = p.one.errors + p.two.errors + (p.halfBusy?.errors ?? 0);
      const half = p.halfBusy;
      const halfCell = half
        ? `${half.rps}, ${half.loopDelay.server ? `${Math.round(half.loopDelay.server.utilization * 100)} %` : "–"}, ${half.p50} / ${half.p99} ${mark(half.p99 <= GOALS.p99Ms)}`
        : "– (half busy or less already)";
      return (
        `| ${p.page} | ${p.capacity} | ${p.rate} | ${cell(p.cpuMs.one)} | ${cell(p.cpuMs.api)} | ${cell(p.cpuMs.bare)} | ${cell(p.toBare)} ${within(p.toBare, goal)} (≤ ${goal}) | ${cell(p.cpuMs.two)} | ${cell(p.twoOverOne)} | ${cell(p.cpuMs.share)} | ${cell(p.twoOverOneSameLoad)} ${within(p.twoOverOneSameLoad, GOALS.twoWorkersOverOne)} | ${h.p50} | ${h.p99} ${mark(tailOk)} | ${cell(tail)} ${mark(ratioOk)} | ${cell(p.tailToBare)} ${within(p.tailToBare, GOALS.p99OverBareP99)} | ${loopCells(h)} | ${h.loopDelay.server ? `${Math.round(h.loopDelay.server.utilization * 100)} % / ${h.loopDelay.server.stallsOver20ms}` : "–"} | ${h.runQueueWait === null ? "–" : `${Math.round(h.runQueueWait * 100)} %`} | ${halfCell} | ${p.two.p50} / ${p.two.p99} | ${p.bare.p50} / ${p.bare.p99}, ${cell(p.bare.loopDelay.server?.max)} |` +
        (errors ? ` ⚠ ${errors} errors` : "")
      );
    }),
    "",
    `First visit (${first.page}, no cookie: a new visitor every request) ${cell(cpuMsPerRequest(first.withoutCookie))} CPU ms/req (${first.withoutCookie.rps} req/s) vs with a session cookie ${cell(cpuMsPerRequest(first.withCookie))} (${first.withCookie.rps} req/s): ${cell(first.ratio)}× ${within(first.ratio, GOALS.firstVisitOverReturning)} (goal ≤ ${GOALS.firstVisitOverReturning}×). Token calls for ${first.views} anonymous page views: ${first.tokenCalls} ${mark(first.tokenCalls === GOALS.anonymousTokenCalls)} (goal 0).`,
  ];
}
