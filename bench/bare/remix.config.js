/**
 * The benchmark's bare Remix page (scripts/bench.ts): the storefront's dependencies and compiler, one layout and one
 * page that renders a page's markup from a constant. Built into .cache/bench/bare by the benchmark.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  appDirectory: "app",
  assetsBuildDirectory: "../../.cache/bench/bare/public/build",
  serverBuildPath: "../../.cache/bench/bare/build/index.js",
  publicPath: "/build/",
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
