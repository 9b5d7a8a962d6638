// `npm test`: everything a release needs, in order — typecheck, lint, unit, contract, build, the JavaScript budget, e2e
// (JS on and off), then the fault drill (several instances behind nginx, sharing Redis and the emulator service).
// Ends with one "N passed, N failed" line that sums every runner. Before e2e it finds a browser, or installs one
// (scripts/browser.mjs); when it can get none, e2e is reported as not run and the run fails.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureBrowser } from "./browser.mjs";
import { ensureInstalled } from "./ensure-install.mjs";
import { ensureServices } from "./services.mjs";

ensureInstalled();
const out = ".cache/test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
let notRun;

function run(name, cmd, args, reportFile, read, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(" ")}`);
  const res = spawnSync(cmd, args, {
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1", ...env },
  });
  if (reportFile && existsSync(reportFile)) {
    const counts = read(JSON.parse(readFileSync(reportFile, "utf8")));
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  if (res.status !== 0) failedSteps.push(name);
  return res.status === 0;
}

const vitestCounts = (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
});
const playwrightCounts = (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
  skipped: r.stats.skipped,
});

const steps = [
  () => run("typecheck", "npx", ["tsc", "--noEmit"]),
  () => run("lint", "npm", ["run", "--silent", "lint"]),
  () =>
    run(
      "unit",
      "npx",
      [
        "vitest",
        "run",
        "--project",
        "unit",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${out}/unit.json`,
      ],
      `${out}/unit.json`,
      vitestCounts,
    ),
  () =>
    run(
      "contract",
      "npx",
      [
        "vitest",
        "run",
        "--project",
        "contract",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${out}/contract.json`,
      ],
      `${out}/contract.json`,
      vitestCounts,
    ),
  () => run("build", "node", ["scripts/build.mjs"]),
  () => run("js-budget", "node", ["scripts/js-budget.mjs"]),
  () => {
    console.log("\n=== e2e browser");
    const browser = ensureBrowser();
    if (!browser.ok) {
      // Never a pass without the browser tests: the step fails, with the one line that says how to fix it.
      console.log(browser.message);
      notRun = browser.message;
      failedSteps.push("e2e (not run)");
      return false;
    }
    console.log(`e2e: browser ${browser.path} (${browser.source})`);
    // Handed over as CHROMIUM_PATH so playwright.config.ts's findBrowser() takes exactly this one.
    return run("e2e", "npx", ["playwright", "test"], `${out}/e2e.json`, playwrightCounts, {
      CHROMIUM_PATH: browser.path,
    });
  },
  () => {
    // The drill needs redis-server and nginx (found, or installed as the browser is: scripts/services.mjs); without
    // them it is not run and the run fails, with the one line that says how to fix it.
    console.log("\n=== drill services");
    const services = ensureServices();
    if (!services.ok) {
      console.log(services.message);
      notRun = [notRun, services.message].filter(Boolean).join("\n");
      failedSteps.push("drill (not run)");
      return false;
    }
    console.log(`drill: redis-server ${services.redis}, nginx ${services.nginx}`);
    const browser = ensureBrowser();
    if (!browser.ok) return false;
    return run(
      "drill",
      "npx",
      ["playwright", "test", "--config", "playwright.drill.config.ts"],
      `${out}/drill.json`,
      playwrightCounts,
      { CHROMIUM_PATH: browser.path },
    );
  },
];
for (const step of steps) {
  // A failed build makes e2e meaningless; the other steps still run so one run shows every failure.
  if (failedSteps.includes("build")) break;
  step();
}

console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(", ")}` : "All steps passed."}`);
if (notRun) console.log(notRun);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
