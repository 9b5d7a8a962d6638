// Builds the storefront with Remix's Vite plugin (vite.config.ts): the browser's files, then the server build,
// through Vite's ESM Node API. `appBuild()` runs the build in a process of its own, so the environment it is given
// (BASE_PATH, BUILD_DIR, NODE_ENV), which vite.config.ts reads when it is loaded, is that build's alone.
// Built-ins only at the top: vite is imported after ensureInstalled() (see ensure-install.mjs).
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { ensureInstalled } from "./ensure-install.mjs";

const SELF = fileURLToPath(import.meta.url);

/** Resolves to whether the build succeeded (what went wrong is printed). */
export function appBuild(options = {}) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [SELF], { stdio: "inherit", env: options.env ?? process.env });
    child.on("error", () => done(false));
    child.on("exit", (code) => done(code === 0));
  });
}

/** Where the app's build goes: BUILD_DIR, else build/ (vite.config.ts reads it the same way). */
export function appBuildDir(env = process.env) {
  return (env.BUILD_DIR ?? "").trim().replace(/\/+$/, "") || "build";
}

/**
 * The fingerprint of the sources build/ was made from (scripts/build.mjs writes it after a whole build). Any app
 * build removes it: what build/ held is then no longer what `npm start` may serve without building.
 */
export const BUILT_FROM_FILE = "build/.built-from";

async function build() {
  // Through ./vite-esm.mjs: Remix's plugin requires Vite too, and gets this ESM build (that file says why).
  const { build: viteBuild } = (await import("./vite-esm.mjs")).default;
  const buildDir = appBuildDir();
  // Only the app's two folders: build/ also holds the compiled server (build/server.mjs), made after this.
  await Promise.all(["client", "server"].map((dir) => rm(`${buildDir}/${dir}`, { recursive: true, force: true })));
  await rm(BUILT_FROM_FILE, { force: true });
  // Vite lists every file it writes; a build only says what went wrong, and where it is.
  const started = performance.now();
  await viteBuild({ logLevel: "warn", build: { ssr: false } });
  const client = performance.now();
  await viteBuild({ logLevel: "warn", build: { ssr: true } });
  if (process.env.BUILD_TIMES)
    console.log(`client ${Math.round(client - started)} ms, server ${Math.round(performance.now() - client)} ms`);
  console.log(`Storefront built: ${buildDir}/server/index.js, ${buildDir}/client/`);
}

if (process.argv[1] === SELF) {
  ensureInstalled();
  try {
    await build();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
