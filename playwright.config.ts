import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";

/**
 * Browser tests run in the system's Chromium (Debian's package): Playwright's own browser download cannot
 * reach the internet here. Falls back to a Playwright-installed browser when there is no system one.
 */
function systemChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

const PORT = Number(process.env.E2E_PORT ?? 3100);
const executablePath = systemChromium();

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
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "js-on", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "js-off", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node --import tsx server/main.ts",
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), EMULATOR_DB: ":memory:", NODE_ENV: "production", HOST: "127.0.0.1" },
  },
});
