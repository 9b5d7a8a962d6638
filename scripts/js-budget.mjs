// The JavaScript budget: what a browser downloads to run each page, from the build's manifest (build/client), as
// gzip. A page's JavaScript is the entry with its imports, the root route's module with its imports, and the page
// route's module with its imports, each file counted once. Files loaded later are not: the session validator a
// signed-in page fetches once hydrated, a form's schema (with zod) when the shopper first reaches the form
// (components/useZodForm.ts), a picker's panel when it is opened. Gzip level 6, as the server compresses; 1 KB =
// 1024 bytes, the unit of the figures in issue #9. Budgets: the shopping pages ≤ 100 KB, every other page ≤ 120 KB.
// The emulator's console (/__emulator/, docs/console.md) has its own line and budget (≤ 15 KB): its one script is
// served by the emulator, not the build, and no store page may load it.
// `npm test` runs this after the build.
//
//   node scripts/js-budget.mjs          prints every page's total; exit 1 when one is over its budget
//   node scripts/js-budget.mjs --files  also lists each page's files
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

/** The browser's files; the manifest names them by URL, `${publicPath}assets/…` (publicPath: vite.config.ts's base). */
const CLIENT = "build/client";
const SHOPPING = {
  "routes/_index": "home",
  "routes/category.$": "category",
  "routes/search": "search",
  "routes/product.$": "product",
  "routes/cart": "cart",
};
const KB = 1024;
export const BUDGETS = { shopping: 100 * KB, other: 120 * KB, console: 15 * KB };
/** The console's script, as the emulator serves it at /__emulator/console.js. */
export const CONSOLE_SCRIPT = "server/emulator/admin/console/assets/console.js";

/** The console's line: its one script, gzipped as the store's files are. */
export function measureConsole(file = CONSOLE_SCRIPT) {
  const bytes = gzipSync(readFileSync(file), { level: 6 }).length;
  return { id: "console", name: "emulator console (/__emulator/)", bytes, budget: BUDGETS.console, files: [file] };
}

export function readManifest(clientDir = CLIENT) {
  const dir = join(clientDir, "assets");
  const file = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no manifest in ${dir}: run npm run build`);
  const sandbox = { window: {} };
  runInNewContext(readFileSync(join(dir, file), "utf8"), sandbox);
  return sandbox.window.__remixManifest;
}

const gzipSizes = new Map();
/** A manifest URL's file: the URL below the build's publicPath is the file's path below the client folder. */
const fileOf = (clientDir, url) => join(clientDir, url.slice(url.indexOf("/assets/")));
function gzipSize(clientDir, url) {
  if (!gzipSizes.has(url)) gzipSizes.set(url, gzipSync(readFileSync(fileOf(clientDir, url)), { level: 6 }).length);
  return gzipSizes.get(url);
}

/** Routes that render a page (a default export in the server build); the others are resource routes. */
async function pageRoutes(serverBuild) {
  const build = await import(pathToFileURL(resolve(serverBuild)).href);
  return new Set(
    Object.entries(build.routes)
      .filter(([, r]) => typeof r.module.default === "function")
      .map(([id]) => id),
  );
}

/** Every page route below the root, with its files and gzip total. */
export async function measure(clientDir = CLIENT, serverBuild = "build/server/index.js") {
  const manifest = readManifest(clientDir);
  const isPage = await pageRoutes(serverBuild);
  const chain = (id) => (id ? [...chain(manifest.routes[id].parentId), id] : []);
  const pages = [];
  for (const id of Object.keys(manifest.routes)) {
    if (id === "root" || !isPage.has(id)) continue;
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of chain(id))
      for (const f of [manifest.routes[r].module, ...(manifest.routes[r].imports ?? [])]) files.add(f);
    const bytes = [...files].reduce((sum, f) => sum + gzipSize(clientDir, f), 0);
    const budget = id in SHOPPING ? BUDGETS.shopping : BUDGETS.other;
    const name = SHOPPING[id] ?? id.replace(/^routes\//, "");
    pages.push({ id, name, bytes, budget, files: [...files] });
  }
  return pages.sort((a, b) => b.bytes - a.bytes);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = await measure();
  const kb = (n) => (n / KB).toFixed(1);
  let failed = 0;
  for (const p of [...pages, measureConsole()]) {
    const state = p.bytes <= p.budget ? "ok  " : "FAIL";
    if (state === "FAIL") failed++;
    console.log(`${state} ${kb(p.bytes).padStart(6)} KB of ${kb(p.budget)}  ${p.name}`);
    if (process.argv.includes("--files") && p.id !== "console")
      for (const f of p.files) console.log(`         ${kb(gzipSize(CLIENT, f)).padStart(6)}  ${f}`);
  }
  // The shop's entry points never belong in a browser file (app/shop.server.ts says how a loader calls them). Remix's
  // Vite plugin takes a route's loader and action out of the browser's build and refuses a `.server` module left in
  // it; this also catches the shop's names reaching a browser file some other way.
  const loaded = [...new Set(pages.flatMap((p) => p.files))].map((f) => [f, readFileSync(fileOf(CLIENT, f), "utf8")]);
  const leaks = loaded.filter(([, code]) => /\b(withShop|getShop)\b/.test(code));
  for (const [f] of leaks)
    console.log(`FAIL  ${f}: calls the server-only shop (a loader or action left at the top level)`);
  // zod (some 16 KB with Conform's adapter) loads with a form's schema, when the form is first used. A page that
  // names a schema module, or parseWithZod, itself (even for its action only) brings it back into its bundle: the
  // action takes them from a server module instead (see app/account/forms/account-forms.server.ts).
  const zod = loaded.filter(([, code]) => code.includes("ZodError"));
  for (const [f] of zod)
    console.log(`FAIL  ${f}: carries zod at page load (import the schema from a server module, or load it lazily)`);
  // The console's script is the emulator's: a store page that names it would load it for every shopper.
  const consoleLoads = loaded.filter(([, code]) => code.includes("/__emulator/console"));
  for (const [f] of consoleLoads) console.log(`FAIL  ${f}: a store file loads the emulator console's script`);
  failed += leaks.length + zod.length + consoleLoads.length;
  console.log(
    failed
      ? `js-budget: ${failed} page(s) over budget, or files calling server code or carrying zod`
      : `js-budget: all ${pages.length} pages and the console within budget`,
  );
  process.exit(failed ? 1 : 0);
}
