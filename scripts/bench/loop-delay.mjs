/**
 * Loaded into a server only by the bench (`node --import scripts/bench/loop-delay.mjs …`, with
 * BENCH_LOOP_DELAY_DIR set): the event loop's delay, so that a latency tail can be told apart from stalls of the
 * process. Nothing in the store's own code knows of it.
 *
 * perf_hooks' monitorEventLoopDelay samples how late a timer fires: a synchronous stretch of 60 ms shows as a sample
 * of about 60 ms, and every request due during it waits it out. On SIGUSR2 the process writes what it recorded since
 * the last SIGUSR2 (or since it started) to BENCH_LOOP_DELAY_DIR/<pid>.json and starts afresh, so the bench signals
 * once before a timed run and once after it. The cluster's workers inherit it with the primary's command line
 * (cluster.fork passes process.execArgv on).
 */
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

const dir = process.env.BENCH_LOOP_DELAY_DIR;
if (dir) {
  // 5 ms between samples: stalls of a few milliseconds up show, and the sampling timer costs little.
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let utilization = performance.eventLoopUtilization();
  const ms = (ns) => +(ns / 1e6).toFixed(2);
  process.on("SIGUSR2", () => {
    const used = performance.eventLoopUtilization(utilization);
    // The sampling interval is part of every sample: what is left over it is the delay.
    const late = (ns) => +Math.max(0, ms(ns) - 5).toFixed(2);
    const figures = {
      pid: process.pid,
      samples: delay.count,
      p50: late(delay.percentile(50)),
      p99: late(delay.percentile(99)),
      max: late(delay.max),
      // Samples 20 ms or more late: each is one stall at least that long.
      stallsOver20ms: delay.count ? Math.round(delay.count * (1 - percentileRank(delay, 25e6))) : 0,
      utilization: +used.utilization.toFixed(3),
    };
    const file = join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    renameSync(`${file}.tmp`, file);
    delay.reset();
    utilization = performance.eventLoopUtilization();
  });
}

/** The share of samples at or below `ns` (from the histogram's percentile map). */
function percentileRank(histogram, ns) {
  let rank = 0;
  for (const [percentile, value] of histogram.percentiles) if (value <= ns) rank = percentile / 100;
  return rank;
}
