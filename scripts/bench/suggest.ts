/**
 * `node scripts/build.mjs && npx tsx scripts/bench/suggest.ts [--scale=demo]`: what the header's type-ahead costs the
 * server, in CPU milliseconds per suggestion (GET /api/suggest?q=, app/routes/api.suggest.tsx), at DEMO_SCALE=large
 * (100,000 products; the bench's database, .cache/bench/large-store.sqlite, seeded once) unless told the demo's.
 * Issue 37's goal: ≤ 20 ms each.
 *
 * The store is `node build/server.mjs` with one worker, the emulator in its process, as `npm start` runs it. One guest
 * types: each term is asked once, one at a time, and what it cost is the CPU time the server's threads used while it
 * was answered (/proc/…/schedstat, to the nanosecond). The terms are what a shopper's typing sends for broad words
 * of the catalog ("cof", "coff", …, "coffee"; "mug"): thousands of matches each, never asked before in the run, so
 * no cache answers them. Then every term again: what a term already asked costs (the adapter's cache). Linux only.
 */
import { Browser } from "./browser.js";
import { largeDatabase } from "./scale.js";
import { cpuMilliseconds, startStore } from "./processes.js";

/** Broad words of the catalog, typed letter by letter from the third (the box suggests nothing before). */
const WORDS = ["coffee", "mug", "espresso", "ceramic", "grinder", "kettle", "filter", "stoneware", "roast", "blend"];
/** Other words, asked first to warm the server (its JIT, its caches of the store's settings) without being timed. */
const WARM_WORDS = ["organic", "colombia", "glass", "porcelain", "decaf"];
const MIN_TYPED = 3;

const typed = (words: string[]) =>
  words.flatMap((w) => [...w].slice(MIN_TYPED - 1).map((_, k) => w.slice(0, MIN_TYPED + k)));

const scale = process.argv.find((a) => a.startsWith("--scale="))?.slice("--scale=".length) ?? "large";
if (scale !== "large" && scale !== "demo") throw new Error(`--scale must be demo or large, not ${scale}`);

const store = await startStore(
  1,
  scale === "large" ? { DEMO_SCALE: "large", EMULATOR_DB: largeDatabase("large") } : {},
);
try {
  const pid = store.child.pid!;
  const guest = new Browser(store.origin);
  await guest.visit("/");

  async function ask(term: string) {
    const before = cpuMilliseconds(pid);
    const answer = await guest.request(`/api/suggest?q=${encodeURIComponent(term)}`);
    const after = cpuMilliseconds(pid);
    if (answer.status !== 200) throw new Error(`/api/suggest?q=${term} answered ${answer.status}: ${answer.text}`);
    const products = (JSON.parse(answer.text) as { products: unknown[] }).products.length;
    return { term, cpuMs: after! - before!, products };
  }

  for (const term of typed(WARM_WORDS)) await ask(term);
  const terms = typed(WORDS);
  const first = [];
  for (const term of terms) first.push(await ask(term));
  const again = [];
  for (const term of terms) again.push(await ask(term));

  const summary = (rows: { cpuMs: number }[]) => {
    const ms = rows.map((r) => r.cpuMs).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
    const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
    return `median ${at(0.5).toFixed(1)}, mean ${mean.toFixed(1)}, p90 ${at(0.9).toFixed(1)}, max ${ms.at(-1)!.toFixed(1)} ms`;
  };
  console.log(`type-ahead at DEMO_SCALE=${scale}, CPU ms of the server per suggestion (${terms.length} terms)`);
  console.log(`  first ask of each term: ${summary(first)}`);
  console.log(`  asked again (cached):   ${summary(again)}`);
  const slowest = [...first].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 5);
  console.log(`  slowest first asks: ${slowest.map((r) => `"${r.term}" ${r.cpuMs.toFixed(1)}`).join(", ")} ms`);
  for (const row of first.filter((r) => WORDS.includes(r.term) || r.term.length === MIN_TYPED))
    console.log(`  "${row.term}": ${row.cpuMs.toFixed(1)} ms (${row.products} products suggested)`);
} finally {
  await store.stop();
}
