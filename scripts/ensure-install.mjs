// Installs dependencies when node_modules is missing or older than the lockfile, so `npm start` and
// `npm test` work on a fresh clone with nothing but Node and npm.
//
// This module and every module an entry script imports statically must use Node's built-ins only: ES module
// imports are resolved before the entry's first line runs, so a package imported at the top of an entry script
// fails with ERR_MODULE_NOT_FOUND before this install can happen. Entry scripts import packages (and the modules
// that import packages) with a dynamic `import()` after ensureInstalled(). tests/scripts/entry-imports.test.ts
// holds every npm script's entry to that.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

/**
 * `toStderr`: for an entry whose stdout is a protocol (the MCP server's stdio), what the install says goes to stderr.
 */
export function ensureInstalled({ toStderr = false } = {}) {
  const say = toStderr ? console.error : console.log;
  const marker = "node_modules/.package-lock.json";
  const stale = !existsSync(marker) || statSync("package-lock.json").mtimeMs > statSync(marker).mtimeMs;
  if (!stale) return;
  say("Installing dependencies (first run compiles better-sqlite3; this can take a few minutes)...");
  try {
    // `npm install`, not `npm ci`: npm 11 writes lockfiles without the other platforms' optional packages
    // (rollup, esbuild) and `npm ci` then refuses them as out of sync; install still honours the locked versions.
    // `--include=dev` because the build needs its devDependencies (Vite, Remix's compiler) and this install can run
    // under NODE_ENV=production (a production build, or the route tests' build after a pull changed the lockfile),
    // where npm would otherwise leave them out and remove the ones installed.
    execSync("npm install --no-audit --no-fund --include=dev", {
      stdio: ["inherit", toStderr ? 2 : "inherit", "inherit"],
    });
  } catch {
    console.error("npm install failed (its output is above); fix what it reports and run the command again.");
    process.exit(1);
  }
}
