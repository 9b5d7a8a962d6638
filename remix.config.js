/**
 * BASE_PATH (e.g. /shop) is built in: the browser build's URLs (`publicPath`) live under it, and the server, started
 * with the same BASE_PATH, gives Remix's router that basename (server/main.ts). BUILD_DIR puts a build somewhere
 * other than build/ + public/build/, so a build for another base path can sit next to the main one (the e2e store
 * under /shop uses .cache/build-shop).
 */
const basePath = (process.env.BASE_PATH ?? "").trim().replace(/^\/+|\/+$/g, "");
const buildDir = (process.env.BUILD_DIR ?? "").trim().replace(/\/+$/, "") || "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  publicPath: basePath ? `/${basePath}/build/` : "/build/",
  serverBuildPath: `${buildDir}/index.js`,
  assetsBuildDirectory: buildDir === "build" ? "public/build" : `${buildDir}/public/build`,
  // server/webstore is TypeScript outside app/: the classic compiler bundles it into the server build.
  watchPaths: ["server/webstore/**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
