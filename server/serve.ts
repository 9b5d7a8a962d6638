/**
 * `npm start`'s server, compiled to build/server.mjs by `npm run build` (see cluster.ts). Production unless told
 * otherwise: React and Remix pick their production builds from NODE_ENV when the app build is loaded.
 */
import { setFlagsFromString } from "node:v8";
import { main } from "./cluster.js";

process.env.NODE_ENV ||= "production";
growOldGeneration(process.env.STORE_HEAP_GROWING_PERCENT);

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

/**
 * How far V8 lets the old generation grow past what a mark-compact left live before the next one: by 100 % (twice the
 * live heap) unless STORE_HEAP_GROWING_PERCENT says otherwise; 0 leaves it to V8.
 *
 * V8 picks the factor from how fast it marks against how fast the program allocates. Its marking runs on helper
 * threads and counts as fast, so for the store it picked a small one: on the category page at its bench rate a
 * mark-compact came every 1.4 s (the old generation at 22–24 MB, 19 MB of it live), each followed by stretches of
 * 15–38 ms the event loop was blocked, the page's slowest requests. At 100 %: p99 92.7 and 101.6 → 68.6 and 29.3 ms
 * (docs/performance.md, "How often a mark-compact comes", which also has the shipping step, which it does not help).
 * Set here, in every store process (the primary and each worker run this file), because Node refuses the flag in
 * NODE_OPTIONS; V8 reads it each time it sizes the heap, so setting it at start acts as the command line's would.
 */
function growOldGeneration(setting: string | undefined): void {
  const percent = setting === undefined || setting.trim() === "" ? 100 : Number(setting);
  if (!Number.isInteger(percent) || percent < 0) {
    console.warn(
      `STORE_HEAP_GROWING_PERCENT=${setting} is not a whole number of percent (0 or more): V8's default kept.`,
    );
    return;
  }
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
