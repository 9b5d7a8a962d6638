/**
 * The storefront's build: Remix's Vite plugin (decision 019). BASE_PATH (e.g. /shop) is built in: the browser's
 * script URLs (Vite's `base`, which the server build exports as `publicPath`) live under it, and the router's
 * `basename` is it; the server, started with the same BASE_PATH, checks the build against it (server/main.ts).
 * BUILD_DIR puts a build somewhere other than build/, so a build for another base path can sit next to the main one
 * (the e2e store under /shop uses .cache/build-shop). Either way the server build is BUILD_DIR/server/index.js and
 * the browser's files are BUILD_DIR/client/, served under `${BASE_PATH}/build/`.
 */
import { vitePlugin as remix } from "@remix-run/dev";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const basePath = (process.env.BASE_PATH ?? "").trim().replace(/^\/+|\/+$/g, "");
const buildDirectory = (process.env.BUILD_DIR ?? "").trim().replace(/\/+$/, "") || "build";

/**
 * The framework (React, React DOM, React Router, Remix's browser runtime) in one file with the entry: every page
 * loads all of it, and one file compresses better than the dozen Rollup would otherwise split it into by which
 * route first names each module (a route alone using `<ScrollRestoration>` would carry that module and its own
 * copy of the licence header). Packages a page loads on its own (Conform, zod) are left out of it.
 */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[^/]+|turbo-stream)\//;

export default defineConfig(({ isSsrBuild }) => ({
  base: basePath ? `/${basePath}/build/` : "/build/",
  // public/ is served by the server itself (server/main.ts), not copied into the build.
  publicDir: false,
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    // What loads later (a form's schema on first use, decision 010; a picker's panel) is fetched when it is asked
    // for, as with the classic compiler: no preload list in every page's code for it.
    modulePreload: false,
    // The budget (scripts/js-budget.mjs) measures what matters; gzipping every file again to list it is build time.
    reportCompressedSize: false,
    rollupOptions: {
      output: {
        // The server build is one file, as Node loads it once: what the browser loads later is there from the start.
        inlineDynamicImports: isSsrBuild,
        manualChunks: isSsrBuild
          ? undefined
          : (id) => (FRAMEWORK.test(id) || id.includes("vite/preload-helper") ? "entry.client" : undefined),
      },
      onwarn(warning, warn) {
        // A resource route (api.session, locale, logout, cookie-consent) has nothing for the browser: its chunk is
        // empty, as it should be.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  plugins: [
    remix({
      buildDirectory,
      basename: basePath ? `/${basePath}` : "/",
      // Every v3 flag of Remix 2.17, so the move to React Router 7 is one step; the routes are app/routes.ts's.
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        v3_routeConfig: true,
      },
    }),
  ],
}));
