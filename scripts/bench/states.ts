/**
 * `npx tsx scripts/bench/states.ts`: how long loading a saved state takes (PUT
 * /__emulator/states/{name}, docs/test-controls.md), the figure issue 39 holds to 200 ms at the demo's scale. The
 * emulator runs in this process as `npm start` runs it (the demo store in memory); the state is the store as
 * seeded, saved once, then loaded LOADS times. Each load is timed twice: the whole request, and the emulator's own
 * `loadedInMs` (the database's work). Prints the median and the slowest of each.
 */
import { createEmulator, type Emulator } from "../../server/emulator/index.js";

const LOADS = Number(process.env.LOADS ?? 20);
const STATE = "bench-state";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function control(emulator: Emulator, method: string, path: string) {
  const answer = await emulator.fetch(new Request(`http://emulator.local${path}`, { method }));
  const body = await answer.json();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(body)}`);
  return body;
}

async function measure(label: string, emulator: Emulator) {
  const saved = await control(emulator, "POST", `/__emulator/states/${STATE}`);
  const request: number[] = [];
  const database: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const started = performance.now();
    const loaded = await control(emulator, "PUT", `/__emulator/states/${STATE}`);
    request.push(performance.now() - started);
    database.push(loaded.loadedInMs);
  }
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `${label}: a state of ${(saved.bytes / 1024 / 1024).toFixed(1)} MB, ${LOADS} loads: ` +
      `request median ${ms(median(request))} (slowest ${ms(Math.max(...request))}), ` +
      `loadedInMs median ${ms(median(database))} (slowest ${ms(Math.max(...database))})`,
  );
}

const demo = createEmulator({ scale: "demo" });
await measure("demo store (in memory)", demo);
demo.close();
