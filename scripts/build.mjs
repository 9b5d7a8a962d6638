// `npm run build`: the storefront (Remix's Vite plugin: build/server/index.js, build/client/) and the HTTP server
// compiled ahead of time (esbuild: server/serve.ts and what it imports → build/server.mjs), so `npm start` runs
// plain JavaScript with no TypeScript transform at startup. Packages stay external: node_modules is there at run time.
// Built-ins only at the top: esbuild is imported when the server is built, after ensureInstalled() has run (see
// ensure-install.mjs), so `npm run build` and `npm start` work on a fresh clone.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { ensureInstalled } from "./ensure-install.mjs";
import { BUILT_FROM_FILE, appBuild, appBuildDir } from "./app-build.mjs";

/**
 * Modules that find files next to themselves (the emulator's db/ and fixtures/, the server's build/) read
 * `import.meta.url`; bundled, that would be build/server.mjs for all of them. Each keeps its own source file's URL,
 * relative to the bundle, so the build still works when the checkout moves.
 */
const OUTFILE = "build/server.mjs";
const keepModuleUrls = {
  name: "keep-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\/server\/.*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const fromBundle = relative(dirname(resolve(OUTFILE)), args.path)
        .split("\\")
        .join("/");
      return {
        contents: source.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: "ts",
      };
    });
  },
};

export async function buildServer() {
  const { build } = await import("esbuild");
  await build({
    entryPoints: ["server/serve.ts"],
    outfile: OUTFILE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [keepModuleUrls],
  });
}

/**
 * What a build is made from: its sources, its config and the locked dependencies, and the environment the builds
 * read (BASE_PATH is built into the asset URLs). Tests, docs, fixtures and the emulator's data are not built.
 */
const BUILT_FROM = [
  "app",
  "server",
  "patches",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "scripts/app-build.mjs",
  "scripts/build.mjs",
  "scripts/vite-esm.mjs",
];

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => filesUnder(join(path, entry)));
}

/** A hash of every file the build is made from (content, not modification time: a checkout or a copy keeps it). */
export function sourcesFingerprint(root = ".", env = process.env) {
  const hash = createHash("sha256");
  hash.update(JSON.stringify([process.version, env.NODE_ENV ?? "", env.BASE_PATH ?? "", env.BUILD_DIR ?? ""]));
  for (const file of BUILT_FROM.flatMap((source) => filesUnder(join(root, source)))) {
    hash.update(`\0${relative(root, file)}\0`);
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

/**
 * `npm start`'s build: none when build/ was made from exactly these sources by a whole build (each later start
 * then serves in a few seconds), else buildAll(). `npm run build` always builds.
 */
export async function buildUnlessCurrent() {
  const fingerprint = sourcesFingerprint();
  const current =
    existsSync(BUILT_FROM_FILE) &&
    readFileSync(BUILT_FROM_FILE, "utf8") === fingerprint &&
    existsSync(OUTFILE) &&
    existsSync(`${appBuildDir()}/server/index.js`);
  if (current) {
    console.log("Build: build/ is from these sources, not building again (`npm run build` rebuilds)");
    return true;
  }
  console.log("Building the storefront...");
  return buildAll(fingerprint);
}

/**
 * Both at once: the server does not import the app build (it loads it when it starts), so neither waits. The
 * fingerprint of what was built is written only when both succeed; any build removes the one before it first.
 */
export async function buildAll(fingerprint = sourcesFingerprint()) {
  rmSync(BUILT_FROM_FILE, { force: true });
  const server = buildServer().then(
    () => true,
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      return false;
    },
  );
  const [app, compiled] = await Promise.all([appBuild(), server]);
  if (compiled) console.log("Server compiled: build/server.mjs");
  if (app && compiled) writeFileSync(BUILT_FROM_FILE, fingerprint);
  return app && compiled;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureInstalled();
  process.exit((await buildAll()) ? 0 : 1);
}
