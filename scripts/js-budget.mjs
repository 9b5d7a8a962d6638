// The JavaScript budget: what a browser downloads to run each page, from the build's manifest (public/build), as
// gzip. A page's JavaScript is the entry with its imports, the root route's module with its imports, and the page
// route's module with its imports, each file counted once (files loaded later, like the session validator a
// signed-in page fetches once hydrated, are not). Gzip level 6, as the server compresses; 1 KB = 1024 bytes, the
// unit of the figures in issue #9. Budgets: the shopping pages ≤ 100 KB, every other page ≤ 120 KB.
//
// Pages still over their budget are listed in OVER_BUDGET with the size they may not grow past (a ratchet): they
// fail when they grow, and the list is to shrink to nothing. `npm test` runs this after the build.
//
//   node scripts/js-budget.mjs          prints every page's total; exit 1 when one is over its budget (or ceiling)
//   node scripts/js-budget.mjs --files  also lists each page's files
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

const PUBLIC = "public";
const SHOPPING = {
  "routes/_index": "home",
  "routes/category.$": "category",
  "routes/search": "search",
  "routes/product.$": "product",
  "routes/cart": "cart",
};
const KB = 1024;
export const BUDGETS = { shopping: 100 * KB, other: 120 * KB };

/**
 * Pages over budget today, with the most they may weigh: the pages whose forms validate in the browser with Conform
 * and zod. Those two weigh about 28 KB together, and with the framework's 84 KB (React, React DOM, Remix) and the
 * root's 6 KB, no page that uses them fits 120 KB. Getting there needs a lighter validator in the browser (zod's mini
 * build, which @conform-to/zod's v4 adapter does not use yet).
 */
export const OVER_BUDGET = {
  gallery: 136.5 * KB,
  "checkout.payment": 134 * KB,
  "checkout.shipping": 132 * KB,
  "checkout.delivery": 130.5 * KB,
  "account_.addresses_.$addressId": 128 * KB,
  "account_.addresses_.new": 127.5 * KB,
  "wishlist_.$wishlistId": 126.5 * KB,
  wishlist: 126.5 * KB,
  OrderLookup: 124.5 * KB,
  "OrderLookup_.$recordId": 124.5 * KB,
  login: 122 * KB,
};

export function readManifest(publicDir = PUBLIC) {
  const dir = join(publicDir, "build");
  const file = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no manifest in ${dir}: run npm run build`);
  const sandbox = { window: {} };
  runInNewContext(readFileSync(join(dir, file), "utf8"), sandbox);
  return sandbox.window.__remixManifest;
}

const gzipSizes = new Map();
function gzipSize(publicDir, url) {
  if (!gzipSizes.has(url)) gzipSizes.set(url, gzipSync(readFileSync(join(publicDir, url)), { level: 6 }).length);
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
export async function measure(publicDir = PUBLIC, serverBuild = "build/index.js") {
  const manifest = readManifest(publicDir);
  const isPage = await pageRoutes(serverBuild);
  const chain = (id) => (id ? [...chain(manifest.routes[id].parentId), id] : []);
  const pages = [];
  for (const id of Object.keys(manifest.routes)) {
    if (id === "root" || !isPage.has(id)) continue;
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of chain(id))
      for (const f of [manifest.routes[r].module, ...(manifest.routes[r].imports ?? [])]) files.add(f);
    const bytes = [...files].reduce((sum, f) => sum + gzipSize(publicDir, f), 0);
    const budget = id in SHOPPING ? BUDGETS.shopping : BUDGETS.other;
    const name = SHOPPING[id] ?? id.replace(/^routes\//, "");
    pages.push({ id, name, bytes, budget, ceiling: Math.max(budget, OVER_BUDGET[name] ?? 0), files: [...files] });
  }
  return pages.sort((a, b) => b.bytes - a.bytes);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = await measure();
  const kb = (n) => (n / KB).toFixed(1);
  let failed = 0;
  let known = 0;
  for (const p of pages) {
    const state = p.bytes <= p.budget ? "ok  " : p.bytes <= p.ceiling ? "over" : "FAIL";
    if (state === "FAIL") failed++;
    if (state === "over") known++;
    const ceiling = p.ceiling > p.budget ? ` (over budget, may not pass ${kb(p.ceiling)})` : "";
    console.log(`${state} ${kb(p.bytes).padStart(6)} KB of ${kb(p.budget)}  ${p.name}${ceiling}`);
    if (process.argv.includes("--files"))
      for (const f of p.files) console.log(`         ${kb(gzipSize(PUBLIC, f)).padStart(6)}  ${f}`);
  }
  // A loader wrapped at a route module's top level (`export const loader = withShop(...)`) stays in the browser's
  // bundle, calling the server module's empty stand-in as the page loads: the page never hydrates. The shop's
  // entry points never belong in a browser file (app/handlers/shop.server.ts says how a loader calls them).
  const leaks = [...new Set(pages.flatMap((p) => p.files))].filter((f) =>
    /\b(withShop|getShop)\b/.test(readFileSync(join(PUBLIC, f), "utf8")),
  );
  for (const f of leaks)
    console.log(`FAIL  ${f}: calls the server-only shop (a loader or action left at the top level)`);
  failed += leaks.length;
  console.log(
    failed
      ? `js-budget: ${failed} page(s) over budget or calling server code`
      : `js-budget: ${pages.length - known} of ${pages.length} pages within budget; ${known} over it and not growing (OVER_BUDGET)`,
  );
  process.exit(failed ? 1 : 0);
}
