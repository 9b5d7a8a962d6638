import { defineConfig, devices } from "@playwright/test";
import { findBrowser } from "./scripts/browser.mjs";

/**
 * Browser tests run in the Chromium scripts/browser.mjs finds (CHROMIUM_PATH, else the system's, else
 * Playwright's): the same one `npm test` checked for, or installed, before this step.
 */
const browser = findBrowser();
if (!browser) {
  throw new Error(
    process.env.CHROMIUM_PATH
      ? `e2e: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist; point it at a Chromium or unset it`
      : "e2e: no browser found; run `node scripts/browser.mjs` (or `npm test`) to install one, or set CHROMIUM_PATH",
  );
}

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** A second store with two workers (tests/e2e/cluster.spec.ts), on the next port. */
const CLUSTER_PORT = PORT + 1;
/**
 * A third store under a base path (tests/e2e/base-path.spec.ts), on the port after. A build is made for one base
 * path, so this store has its own, built for /shop into .cache/build-shop next to the main one (build/).
 */
const BASE_PATH_PORT = PORT + 2;
/**
 * DEMO_SCALE=large runs the specs against the merchant-sized store (README: A merchant-sized store), each server
 * seeding its own in memory: given only when set, so the servers read it as `npm start` does. Seeding takes longer.
 */
const SCALE: Record<string, string> = process.env.DEMO_SCALE ? { DEMO_SCALE: process.env.DEMO_SCALE } : {};
const SEEDING_MS = process.env.DEMO_SCALE === "large" ? 120_000 : 0;

export default defineConfig({
  testDir: "tests/e2e",
  // One store is shared by every test: run serially so a reset or a buyer's cart never races another test.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: ".cache/test-results/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: browser.path,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "js-on", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "js-off", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
  webServer: [
    {
      // The compiled server `npm start` runs (npm test builds it first; after changing server/, `npm run build`).
      command: "node build/server.mjs",
      url: `http://localhost:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000 + SEEDING_MS,
      env: {
        PORT: String(PORT),
        EMULATOR_DB: ":memory:",
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        WEB_CONCURRENCY: "1",
        // The outage drill (outage.spec.ts) waits out the circuit breaker's cool-off: 2 s here, not the default 30 s.
        WEBSTORE_BREAKER_COOLOFF_MS: "2000",
        ...SCALE,
      },
    },
    {
      command: "node build/server.mjs",
      url: `http://localhost:${CLUSTER_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000 + SEEDING_MS,
      env: {
        PORT: String(CLUSTER_PORT),
        EMULATOR_DB: ":memory:",
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        WEB_CONCURRENCY: "2",
        ...SCALE,
      },
    },
    {
      // The app built for BASE_PATH=/shop (a few seconds), then the same compiled server serving it.
      command: "node scripts/app-build.mjs && node build/server.mjs",
      url: `http://localhost:${BASE_PATH_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000 + SEEDING_MS,
      env: {
        PORT: String(BASE_PATH_PORT),
        BASE_PATH: "/shop",
        BUILD_DIR: ".cache/build-shop",
        EMULATOR_DB: ":memory:",
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        WEB_CONCURRENCY: "1",
        ...SCALE,
      },
    },
  ],
});
