// `npm run build`: the storefront (Remix's Vite plugin: build/server/index.js, build/client/) and the HTTP server
// compiled ahead of time (esbuild: server/serve.ts and what it imports → build/server.mjs), so `npm start` runs
// plain JavaScript with no TypeScript transform at startup. Packages stay external: node_modules is there at run time.
// Built-ins only at the top: esbuild is imported when the server is built, after ensureInstalled() has run (see
// ensure-install.mjs), so `npm run build` and `npm start` work on a fresh clone.
import { readFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { ensureInstalled } from "./ensure-install.mjs";
import { appBuild } from "./app-build.mjs";

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

/** Both at once: the server does not import the app build (it loads it when it starts), so neither waits. */
export async function buildAll() {
  const server = buildServer().then(
    () => true,
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      return false;
    },
  );
  const [app, compiled] = await Promise.all([appBuild(), server]);
  if (compiled) console.log("Server compiled: build/server.mjs");
  return app && compiled;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureInstalled();
  process.exit((await buildAll()) ? 0 : 1);
}
