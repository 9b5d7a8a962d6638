/**
 * The route tests drive the compiled Remix build in build/, as server/main.ts serves it (no BASE_PATH, the default
 * BUILD_DIR). Before they run, that build is made when it is missing, older than what it is built from (app/,
 * server/webstore/, the Remix config), or made for a base path (`BASE_PATH=/shop npm run build`), so a test never
 * passes or fails against yesterday's code. Only the app's Vite build (a few seconds): the compiled server
 * (build/server.mjs) is not needed, the tests import server/main.ts itself.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BUILD = join(ROOT, "build", "server", "index.js");
const SOURCES = ["app", "server/webstore", "vite.config.ts", "package.json"];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Why build/ must be made again, or null when it is the app as it is now, for the store at the site's root. */
export function staleBuild(): string | null {
  if (!existsSync(BUILD)) return "build/server/index.js is missing";
  const built = statSync(BUILD).mtimeMs;
  if (SOURCES.some((source) => existsSync(join(ROOT, source)) && newestChange(join(ROOT, source)) > built))
    return "build/server/index.js is older than app/";
  if (!readFileSync(BUILD, "utf8").includes('publicPath = "/build/"')) return "build/ was made for a BASE_PATH";
  return null;
}

export default async function setup() {
  const reason = staleBuild();
  if (!reason) return;
  console.log(`route tests: building the Remix app (${reason})`);
  const { appBuild } = await import("../../scripts/app-build.mjs");
  // A production build for the site's root into build/, as `npm run build` makes it (vitest sets NODE_ENV=test, and
  // a shell's BASE_PATH or BUILD_DIR would build another store): the same app `npm start` would serve.
  const env = { ...process.env, NODE_ENV: "production", BASE_PATH: "", BUILD_DIR: "" };
  if (!(await appBuild({ env }))) throw new Error("the app build failed: the route tests need build/server/index.js");
}
