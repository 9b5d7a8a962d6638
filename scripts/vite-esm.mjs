// Vite's ESM Node API for the whole process: imported (after ensureInstalled()), it loads Vite's ESM build and puts it
// where `require("vite")` finds Vite, so a CommonJS module that requires Vite gets the same ESM build and Vite's
// deprecated CommonJS entry (vite/index.cjs, which prints "The CJS build of Vite's Node API is deprecated") is never
// loaded. The one such module in the build is vite-node 3's server, which Remix's Vite plugin requires to load
// app/routes.ts and which reads only `version` from Vite. It can go with the plugin, when the store moves to React
// Router 7.
import { createRequire, Module } from "node:module";

const vite = await import("vite");
const require = createRequire(import.meta.url);
const commonJsEntry = require.resolve("vite");
if (!require.cache[commonJsEntry]) {
  const entry = new Module(commonJsEntry);
  entry.filename = commonJsEntry;
  entry.loaded = true;
  entry.exports = vite;
  require.cache[commonJsEntry] = entry;
}

export default vite;
