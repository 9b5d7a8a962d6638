import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findBrowser } from "../browser.mjs";
import { log } from "./config.js";

// Lighthouse (mobile, its default: a mid-range phone on a slow 4G network, simulated) on a page of the store: the
// performance and SEO scores, the median of a few runs (a run's score moves by a point or two between runs).

export interface LighthouseRow {
  page: string;
  performance: number;
  seo: number;
  runs: number[];
}

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// Lighthouse is fetched by npx when the benchmark runs (the store doesn't depend on it): a pinned major.
const LIGHTHOUSE = "lighthouse@12";

function median(xs: number[]) {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** Null when there is no browser or Lighthouse can't be fetched: the benchmark says so and goes on. */
export function lighthouse(page: string, url: string): LighthouseRow | null {
  const browser = findBrowser();
  if (!browser) {
    log(`bench: Lighthouse skipped: no Chromium (node scripts/browser.mjs installs one)`);
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-lighthouse-"));
  const scores: { performance: number; seo: number }[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const report = join(dir, `${i}.json`);
      const run = spawnSync(
        "npx",
        [
          "--yes",
          LIGHTHOUSE,
          url,
          "--quiet",
          "--only-categories=performance,seo",
          "--output=json",
          `--output-path=${report}`,
          // The flags this machine's network wants (README, Tests) and a headless browser as root.
          "--chrome-flags=--headless=new --no-sandbox --disable-background-networking --disable-component-update --disable-sync",
        ],
        { env: { ...process.env, CHROME_PATH: browser.path }, encoding: "utf8", timeout: 180_000 },
      );
      if (run.status !== 0) {
        log(`bench: Lighthouse skipped: ${(run.stderr || run.error?.message || "").trim().split("\n").pop()}`);
        return null;
      }
      const categories = JSON.parse(readFileSync(report, "utf8")).categories;
      scores.push({
        performance: Math.round(categories.performance.score * 100),
        seo: Math.round(categories.seo.score * 100),
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    page,
    performance: median(scores.map((s) => s.performance)),
    seo: median(scores.map((s) => s.seo)),
    runs: scores.map((s) => s.performance),
  };
}
