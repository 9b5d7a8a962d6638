import { defineConfig, devices } from "@playwright/test";
import { findBrowser } from "./scripts/browser.mjs";

/**
 * The fault drill (tests/drill/): the topology of deploy/ — Redis, the emulator service, three storefront instances,
 * nginx — started by each worker on free ports, in the browser the e2e tests use. `npm test` runs it after e2e, once
 * scripts/services.mjs has found (or installed) redis-server and nginx. Needs the build (`npm run build`).
 */
const browser = findBrowser();
if (!browser) {
  throw new Error("drill: no browser found; run `node scripts/browser.mjs` (or `npm test`) to install one");
}

export default defineConfig({
  testDir: "tests/drill",
  // Each worker's topology is shared by its tests, which stop and restart its parts: one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: ".cache/test-results/drill.json" }]],
  use: {
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: browser.path,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    // Checkouts with JavaScript on and off; the operations (throttle, kill, rolling restart, Redis lost) once.
    { name: "drill-js-on", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    {
      name: "drill-js-off",
      testMatch: /(checkout|reference)\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
    },
  ],
});
