// The browser the e2e tests run in: one finding logic for `npm test` (which also installs one when there is
// none) and playwright.config.ts (which only finds), so the browser found is the browser used.
//
//   node scripts/browser.mjs          find one, else install one the way this machine allows; prints its path
//   node scripts/browser.mjs --find   find only
//
// Every dependency on the machine (files, platform, user, running commands, output) is a parameter, so
// tests/scripts/browser.test.ts drives each branch with fakes and never touches the network.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

/** Where Debian, Ubuntu and Google install a Chromium. */
export const SYSTEM_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/**
 * @typedef {{ path: string, source: string }} Browser  source: "CHROMIUM_PATH", "system" or "playwright"
 * @typedef {{ status: number | null, output: string }} RunResult
 * @typedef {(cmd: string, args: string[], env?: Record<string, string>) => RunResult} Runner
 * @typedef {{
 *   env?: Record<string, string | undefined>,
 *   exists?: (path: string) => boolean,
 *   playwrightPath?: () => string | undefined,
 * }} FindDeps
 * @typedef {FindDeps & {
 *   platform?: string,
 *   uid?: number,
 *   run?: Runner,
 *   log?: (line: string) => void,
 * }} EnsureDeps
 * @typedef {(Browser & { ok: true, installedWith?: string }) | { ok: false, message: string }} EnsureResult
 */

/** The Chromium Playwright itself would launch (`npx playwright install chromium` puts it there). */
function defaultPlaywrightPath() {
  try {
    // Required lazily: `npm test` loads this module before it knows node_modules is installed.
    return createRequire(import.meta.url)("@playwright/test").chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** @type {Runner} */
function defaultRun(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, {
    encoding: "utf8",
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
    timeout: 15 * 60_000,
    shell: process.platform === "win32",
  });
  // stderr first: that is where apt-get and Playwright say why they failed.
  return {
    status: res.status,
    output: `${res.error ? `Error: ${res.error.message}\n` : ""}${res.stderr ?? ""}${res.stdout ?? ""}`,
  };
}

/**
 * A Chromium that is there: `CHROMIUM_PATH` when set (and then only it: a wrong setting is reported, not
 * quietly replaced by another browser), else the system's, else the one Playwright installed.
 * @param {FindDeps} [deps]
 * @returns {Browser | undefined}
 */
export function findBrowser({ env = process.env, exists = existsSync, playwrightPath = defaultPlaywrightPath } = {}) {
  if (env.CHROMIUM_PATH)
    return exists(env.CHROMIUM_PATH) ? { path: env.CHROMIUM_PATH, source: "CHROMIUM_PATH" } : undefined;
  const system = SYSTEM_BROWSERS.find((p) => exists(p));
  if (system) return { path: system, source: "system" };
  const playwright = playwrightPath();
  if (playwright && exists(playwright)) return { path: playwright, source: "playwright" };
  return undefined;
}

/** Why a command failed, in one line: its first error line (apt-get's "E: …", an "Error: …"), else its last line. */
function reason(output) {
  const lines = output
    // eslint-disable-next-line no-control-regex -- terminal colour codes
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.find((l) => /^(E:|Error\b|error\b|npm error)/i.test(l)) ?? lines.at(-1) ?? "no output";
}

/**
 * `findBrowser`, and when there is none, gets one: Debian's `chromium` package when running as root with
 * apt-get (it brings the libraries Chromium needs, which Playwright's download does not), else Playwright's
 * download (`npx playwright install chromium`), which needs the internet. Says in one line what it is doing.
 * `E2E_BROWSER_INSTALL=0` turns installing off. Never throws: `{ ok: false, message }` is the one line that
 * says the e2e step is not run and how to fix it.
 * @param {EnsureDeps} [deps]
 * @returns {EnsureResult}
 */
export function ensureBrowser(deps = {}) {
  const {
    env = process.env,
    exists = existsSync,
    platform = process.platform,
    uid = process.getuid?.(),
    run = defaultRun,
    log = (line) => console.log(line),
  } = deps;
  const found = findBrowser(deps);
  if (found) return { ok: true, ...found };

  if (env.CHROMIUM_PATH) {
    return {
      ok: false,
      message: `e2e: not run — CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist; point it at a Chromium or unset it`,
    };
  }
  const fix =
    platform === "linux"
      ? "install Chromium (apt-get install chromium) or set CHROMIUM_PATH"
      : "install Playwright's Chromium (npx playwright install chromium) or set CHROMIUM_PATH";
  if (env.E2E_BROWSER_INSTALL === "0") {
    return { ok: false, message: `e2e: not run — no browser found and E2E_BROWSER_INSTALL=0; ${fix}` };
  }

  /** @type {{ name: string, doing: string, steps: [string, string[], Record<string, string>?][] }[]} */
  const ways = [];
  if (platform === "linux" && uid === 0 && exists("/usr/bin/apt-get")) {
    const apt = { DEBIAN_FRONTEND: "noninteractive" };
    ways.push({
      name: "apt-get",
      doing: "installing Debian's chromium (apt-get update && apt-get install -y chromium)",
      steps: [
        ["apt-get", ["update", "-qq"], apt],
        ["apt-get", ["install", "-y", "-qq", "chromium"], apt],
      ],
    });
  }
  ways.push({
    name: "npx playwright install",
    doing: "downloading Playwright's Chromium (npx playwright install chromium)",
    steps: [["npx", ["playwright", "install", "chromium"]]],
  });

  const tried = [];
  for (const way of ways) {
    log(`e2e: no browser found; ${way.doing}...`);
    // Stops at the first failing command (apt-get install after a failed update would only fail again).
    let failed = false;
    for (const [cmd, args, stepEnv] of way.steps) {
      const res = run(cmd, args, stepEnv);
      if (res.status === 0) continue;
      log(`e2e: ${cmd} ${args.join(" ")} failed: ${reason(res.output)}`);
      failed = true;
      break;
    }
    if (failed) {
      tried.push(way.name);
      continue;
    }
    const installed = findBrowser(deps);
    if (installed) {
      log(`e2e: installed ${installed.path}`);
      return { ok: true, ...installed, installedWith: way.name };
    }
    log(`e2e: ${way.name} succeeded but left no browser where one is looked for`);
    tried.push(way.name);
  }
  return { ok: false, message: `e2e: not run — no browser found (${tried.join(", then ")} failed); ${fix}` };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes("--find")) {
    const found = findBrowser();
    console.log(found ? `${found.path} (${found.source})` : "no browser found");
    process.exit(found ? 0 : 1);
  }
  const result = ensureBrowser();
  console.log(result.ok ? `${result.path} (${result.source})` : result.message);
  process.exit(result.ok ? 0 : 1);
}
