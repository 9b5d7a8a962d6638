// Installs dependencies when node_modules is missing or older than the lockfile, so `npm start` and
// `npm test` work on a fresh clone with nothing but Node and npm.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

export function ensureInstalled() {
  const marker = "node_modules/.package-lock.json";
  const stale = !existsSync(marker) || statSync("package-lock.json").mtimeMs > statSync(marker).mtimeMs;
  if (!stale) return;
  console.log("Installing dependencies (first run compiles better-sqlite3; this can take a few minutes)...");
  // `npm install`, not `npm ci`: npm 11 writes lockfiles without the other platforms' optional packages
  // (rollup, esbuild) and `npm ci` then refuses them as out of sync; install still honours the locked versions.
  execSync("npm install --no-audit --no-fund", { stdio: "inherit" });
}
