import { mkdirSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join, resolve } from "node:path";

// The benchmark's settings (the environment's BENCH_* variables) and where it writes its figures.

export const ROOT = resolve(import.meta.dirname, "..", "..");
export const OUT = join(ROOT, ".cache", "bench");
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * The tail's rounds (issue #41): BENCH_TAIL_SECONDS long each (BENCH_SECONDS by default), BENCH_TAIL_ROUNDS a side (3).
 * A 5 s round holds a few hundred requests, so its p99 is its few slowest and one stall decides it; 60 s rounds, two
 * a side (`BENCH_TAIL_SECONDS=60 BENCH_TAIL_ROUNDS=2`), make each side's p99 its fiftieth-odd slowest of thousands.
 */
export const TAIL_SECONDS = Number(process.env.BENCH_TAIL_SECONDS ?? SECONDS);
export const TAIL_ROUNDS = Number(process.env.BENCH_TAIL_ROUNDS ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
export const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 20);
export const PLACE_ORDERS = Number(process.env.BENCH_PLACE_ORDERS ?? 200);
/** BENCH_GOALS=0 leaves out the runs at half each page's capacity (issue #23's latency goal): a shorter bench. */
export const SKIP_GOALS = process.env.BENCH_GOALS === "0";
/**
 * BENCH_PAGES: only the pages whose name contains one of these comma-separated words (e.g. "category,cart"): a part
 * of a run, to measure one change. All pages by default.
 */
const PAGES = process.env.BENCH_PAGES?.split(",")
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
export const pageWanted = (name: string) => !PAGES?.length || PAGES.some((w) => name.toLowerCase().includes(w));
/** Orders each side places first, untimed (see bench/place-order.ts). */
export const PLACE_ORDERS_WARM_UP = Number(process.env.BENCH_PLACE_ORDERS_WARM_UP ?? 50);

mkdirSync(OUT, { recursive: true });
export { SHOPPER_USER_AGENT } from "./user-agent.mjs";

export const log = (line: string) => process.stderr.write(`${line}\n`);

/** The machine a run measured on, and how busy it was when the run began. */
export function describeMachine() {
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadBefore: loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
    at: new Date().toISOString(),
  };
}
