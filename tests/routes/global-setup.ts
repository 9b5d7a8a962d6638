/**
 * The route tests drive the compiled Remix build (build/index.js), as server/main.ts serves it. Before they run,
 * the build is made when it is missing or older than what it is built from (app/, server/webstore/, the Remix
 * config), so a test never passes or fails against yesterday's code. Only `remix build` (a few seconds): the
 * compiled server (build/server.mjs) is not needed, the tests import server/main.ts itself.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BUILD = join(ROOT, "build", "index.js");
const SOURCES = ["app", "server/webstore", "remix.config.js", "package.json"];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export async function buildIsStale(): Promise<boolean> {
  if (!existsSync(BUILD)) return true;
  const built = statSync(BUILD).mtimeMs;
  return SOURCES.some((source) => existsSync(join(ROOT, source)) && newestChange(join(ROOT, source)) > built);
}

export default async function setup() {
  if (!(await buildIsStale())) return;
  console.log("tests/routes: building the Remix app (build/index.js is missing or older than app/)");
  const { remixBuild } = await import("../../scripts/remix-build.mjs");
  // A production build, as `npm run build` makes it (vitest sets NODE_ENV=test): the same app `npm start` would serve.
  if (!remixBuild({ env: { ...process.env, NODE_ENV: "production" } })) throw new Error("remix build failed: the route tests need build/index.js");
}
