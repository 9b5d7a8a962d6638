#!/usr/bin/env node
/**
 * Writes docs/spec-calls.md from the code: for each of the 59 API calls the spec lists (its §7, "The calls it
 * makes"), the adapter method that sends it (server/webstore/api/*.ts, read for its method and path), the API
 * versions it is sent at (the method's `documentedAt` guards), the app files that call that method
 * (`client.<method>(` in app/) and the pages whose route modules reach those files by imports. A call counts as
 * "made by a screen at v65.0" when the app calls its method and the method sends it at 65.
 *
 * `node scripts/spec-calls.mjs` rewrites the file; `--check` only compares (exit 1 when it differs).
 * tests/docs/spec-calls.test.ts runs the comparison, so the committed file always says what the code does.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = "docs/spec-calls.md";
const VERSION = 65;

/**
 * The spec's calls (§7), in its order: its method and path (relative to the webstore), and the path the adapter
 * writes (template holes as `{}`). The two "Other" calls live outside the webstore path.
 */
export const SPEC_CALLS = [
  ["Context", "GET", "application-context", "application-context"],
  ["Context", "GET", "session-context", "session-context"],
  ["Context", "GET", "ai/configuration", "ai/configuration"],
  ["Context", "GET", "shopperAgent/context", "shopperAgent/context"],
  ["Context", "GET", "external-managed-accounts", "external-managed-accounts"],
  ["Context", "GET", "effective-accounts/{effectiveAccountId}", "effective-accounts/{}"],
  ["Carts", "PUT", "carts", "carts/active"],
  ["Carts", "GET", "carts/{cartId}/compact-summary", "carts/compact-summary"],
  ["Carts", "GET", "carts/{cartId}/cart-items", "carts/{}/cart-items"],
  ["Carts", "POST", "carts/{cartId}/cart-items", "carts/{}/cart-items"],
  ["Carts", "POST", "carts/{cartId}/cart-items/batch", "carts/{}/cart-items/batch"],
  ["Carts", "PATCH", "carts/{cartId}/cart-items/{itemId}", "carts/{}/cart-items/{}"],
  ["Carts", "DELETE", "carts/{cartId}/cart-items/{itemId}", "carts/{}/cart-items/{}"],
  ["Carts", "DELETE", "carts/{cartId}", "carts/{}"],
  ["Carts", "POST", "carts/{cartId}/cart-coupons", "carts/{}/cart-coupons"],
  ["Carts", "DELETE", "carts/{cartId}/cart-coupons/{couponId}", "carts/{}/cart-coupons/{}"],
  ["Carts", "PUT", "carts/{cartId}/inventory-reservations", "carts/{}/inventory-reservations"],
  ["Carts", "GET", "carts/{cartId}/products", "carts/{}/products"],
  ["Carts", "POST", "carts/{cartId}/actions/preserve", "carts/{}/actions/preserve"],
  ["Carts", "POST", "carts/{cartId}/actions/clone", "carts/{}/actions/clone"],
  ["Delivery groups", "GET", "carts/{cartId}/delivery-groups", "carts/{}/delivery-groups"],
  ["Delivery groups", "GET", "carts/{cartId}/delivery-groups/{id}", "carts/{}/delivery-groups/{}"],
  ["Delivery groups", "POST", "carts/{cartId}/delivery-groups", "carts/{}/delivery-groups"],
  ["Delivery groups", "PATCH", "carts/{cartId}/delivery-groups/{id}", "carts/{}/delivery-groups/{}"],
  ["Delivery groups", "DELETE", "carts/{cartId}/delivery-groups/{id}", "carts/{}/delivery-groups/{}"],
  [
    "Delivery groups",
    "POST",
    "carts/{cartId}/delivery-groups/actions/arrange-items",
    "carts/{}/delivery-groups/actions/arrange-items",
  ],
  ["Checkouts", "PUT", "checkouts", "checkouts"],
  ["Checkouts", "GET", "checkouts/{checkoutId}", "checkouts/{}"],
  ["Checkouts", "PATCH", "checkouts/{checkoutId}", "checkouts/{}"],
  ["Checkouts", "DELETE", "checkouts/{checkoutId}", "checkouts/{}"],
  ["Checkouts", "POST", "checkouts/{checkoutId}/coupons", "checkouts/{}/coupons"],
  ["Checkouts", "DELETE", "checkouts/{checkoutId}/coupons/{couponId}", "checkouts/{}/coupons/{}"],
  ["Checkouts", "POST", "checkouts/{checkoutId}/orders/actions", "checkouts/{}/orders/actions"],
  ["Checkouts", "POST", "checkouts/{checkoutId}/orders", "checkouts/{}/orders"],
  ["Checkouts", "POST", "checkouts/{checkoutId}/payments", "checkouts/{}/payments"],
  ["Addresses", "GET", "accounts/{accountId}/addresses", "accounts/{}/addresses"],
  ["Addresses", "POST", "accounts/{accountId}/addresses", "accounts/{}/addresses"],
  ["Addresses", "PATCH", "accounts/{accountId}/addresses/{addressId}", "accounts/{}/addresses/{}"],
  ["Wishlists", "GET", "wishlists", "wishlists"],
  ["Wishlists", "GET", "wishlists/{wishlistId}", "wishlists/{}"],
  ["Wishlists", "POST", "wishlists", "wishlists"],
  ["Wishlists", "PATCH", "wishlists/{wishlistId}", "wishlists/{}"],
  ["Wishlists", "DELETE", "wishlists/{wishlistId}", "wishlists/{}"],
  ["Wishlists", "POST", "wishlists/{wishlistId}/wishlist-items", "wishlists/{}/wishlist-items"],
  ["Wishlists", "DELETE", "wishlists/{wishlistId}/wishlist-items/{wishlistItemId}", "wishlists/{}/wishlist-items/{}"],
  [
    "Wishlists",
    "POST",
    "wishlists/{wishlistId}/actions/add-wishlist-to-cart",
    "wishlists/{}/actions/add-wishlist-to-cart",
  ],
  ["Orders", "GET", "order-summaries/{id}", "order-summaries/{}"],
  ["Orders", "GET", "order-summaries/{id}/delivery-groups", "order-summaries/{}/delivery-groups"],
  ["Orders", "GET", "order-summaries/{id}/items", "order-summaries/{}/items"],
  ["Orders", "GET", "order-summaries", "order-summaries"],
  ["Orders", "GET", "order-summaries/{id}/adjustments", "order-summaries/{}/adjustments"],
  ["Orders", "POST", "order-summaries/{id}/items/adjustments", "order-summaries/{}/items/adjustments"],
  ["Orders", "GET", "order-summaries/purchased-products", "order-summaries/purchased-products"],
  ["Orders", "POST", "order-summaries/actions/lookup", "order-summaries/actions/lookup"],
  ["Orders", "GET", "order-summaries/actions/lookup", "order-summaries/actions/lookup"],
  ["Orders", "POST", "order-summaries/actions/add-order-to-cart", "order-summaries/actions/add-order-to-cart"],
  ["Orders", "POST", "order-summaries/actions/authorize", "order-summaries/actions/authorize"],
  ["Other", "GET/POST", "/lwr/apex/v65.0/{class}/{method}", "lwr/apex/{}/{}/{}", "callApex"],
  [
    "Other",
    "GET",
    "/services/data/v65.0/connect/communities/{communityId}/seo/properties/{recordId}",
    "connect/communities/{}/seo/properties/{}",
  ],
].map(([group, method, path, adapterPath, sentBy]) => ({ group, method, path, adapterPath, sentBy }));

/**
 * Why a call no screen makes at v65.0 is not made. Kept here, beside the list: a reason shows only while no screen
 * makes the call, so a call taken into use drops its reason by itself.
 */
const REASONS = {
  "GET ai/configuration":
    'it configures Einstein activity tracking and recommendations; the storefront sends no activity events, and its one recommendation ("Frequently bought together", ai/recommendations) needs no configuration read',
  "GET shopperAgent/context":
    "the storefront has no shopper agent (copilot) UI to configure (decision 011: `shopperCopilotUIEnabled`)",
  "PUT carts/{cartId}/inventory-reservations":
    "documented for 58.0–63.0 only: at v65.0 the adapter reserves nothing and sends nothing (a real org answers 404)",
  "GET carts/{cartId}/products":
    "the cart page reads its lines with their product fields from cart-items (`productFields`), one call fewer",
  "POST carts/{cartId}/actions/preserve":
    "a guest's cart is kept by the guest session the storefront renews, and signing in merges it; nothing to preserve",
  "GET carts/{cartId}/delivery-groups/{id}":
    "the checkout's answer lists every delivery group with what the steps show; one group is never read alone",
  "DELETE checkouts/{checkoutId}":
    "sent by the adapter only inside PUT checkouts, to restart an expired (410) or unusable (422) checkout (spec §4)",
  "POST checkouts/{checkoutId}/coupons":
    "documented for 61.0–62.0 only: at v65.0 a coupon typed during checkout goes to the cart (POST cart-coupons)",
  "DELETE checkouts/{checkoutId}/coupons/{couponId}":
    "documented for 61.0–62.0 only: at v65.0 a coupon removed during checkout leaves the cart (DELETE cart-coupons)",
  "GET order-summaries/{id}":
    "the order page reads the order through POST order-summaries/actions/lookup, which answers the whole order",
  "GET order-summaries/{id}/delivery-groups": "the lookup's answer carries the order's delivery groups",
  "GET order-summaries/{id}/items": "the lookup's answer carries each delivery group's line items",
  "GET order-summaries/{id}/adjustments": "the lookup's answer carries the order's adjustments",
  "POST order-summaries/{id}/items/adjustments": "each line item of the lookup's answer carries its adjustments",
  "GET order-summaries/purchased-products":
    "no screen lists a buyer's purchased products; Buy again reorders a whole order (add-order-to-cart)",
  "GET order-summaries/actions/lookup":
    "needs an access token from actions/authorize; a guest is verified with the e-mail kept in the session instead (spec §6)",
  "POST order-summaries/actions/authorize":
    "needs the guest's phone number, which the lookup form doesn't ask for (spec §3: order number and e-mail)",
  "GET/POST /lwr/apex/v65.0/{class}/{method}":
    "`lookupForOrder` would be the site's own Apex class and the spec doesn't give its payload; the lookup form uses POST order-summaries/actions/lookup",
};

/**
 * Fields of the spec's inputs (§3) that no screen sends, each with its reason: shown while no file of app/ names the
 * field, so a field taken into use drops its reason by itself.
 */
const FIELDS_NOT_SENT = [
  {
    input: "Payment request (POST `checkouts/{checkoutId}/payments`)",
    field: "registrationAccountId",
    reason:
      "no Salesforce page documents it: the Checkout Payment Input pages from 55.0 to the current one list `billingAddress`, " +
      "`paymentToken`, `paymentsData` and `requestType` only " +
      "(https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_requests_checkout_payment_input.htm), " +
      "and the spec names the field without saying what it registers. No shopper's flow here registers an account while " +
      "paying (a guest registers on /register, before or after checkout), so there is nothing to send; the adapter's " +
      "input type keeps the field and the emulator takes it without keeping it (docs/emulator-checkout.md)",
  },
];

// ---------------------------------------------------------------------------------------------
// The adapter: which method sends which call, at which versions

const read = (file) => readFileSync(join(ROOT, file), "utf8");
const normalizePath = (template) => template.replace(/\$\{[^}]*\}/g, "{}").replace(/^\/+/, "");

/** Path helpers of the adapter, as the path they build (a request written `path: addressesPath(id)`). */
const PATH_HELPERS = { addressesPath: "accounts/{}/addresses" };
const expandHelpers = (line) =>
  Object.entries(PATH_HELPERS).reduce(
    (text, [helper, built]) =>
      text
        .replace(new RegExp(`\\$\\{${helper}\\([^)]*\\)\\}`, "g"), built)
        .replace(new RegExp(`path: ${helper}\\([^)]*\\)`, "g"), `path: "${built}"`),
    line,
  );

/** Version ranges as [from, to] (inclusive; Infinity open); `outside` is the complement of one range. */
const rangeText = ([from, to]) =>
  from === 0 && to === Infinity
    ? "every version"
    : from === 0
      ? `up to ${to}.0`
      : to === Infinity
        ? `${from}.0 and later`
        : `${from}.0–${to}.0`;
const inRange = (ranges, v) => ranges.some(([from, to]) => v >= from && v <= to);
const complement = ([from, to]) => [
  ...(from > 0 ? [[0, from - 1]] : []),
  ...(to !== Infinity ? [[to + 1, Infinity]] : []),
];

/**
 * Every request an adapter method sends: `{ file, name, method, path, ranges }`. A method is a line
 * `    [async ]name(` at the API object's depth; a request is a `path:` (a string or a path`` template) with the
 * `method:` beside it (GET when none). `documentedAt(core, a, b)` guards give the versions: a negated guard that
 * returns limits what follows; a guard opening a block limits what is inside it and excludes it from what follows;
 * a guard ending in `return` on its line limits that line's request and excludes it from what follows.
 */
/** Each adapter method's body, by name (what `adapterRequests` read): who delegates to whom. */
const BODIES = new Map();

export function adapterRequests() {
  const dir = "server/webstore/api";
  const requests = [];
  for (const entry of readdirSync(join(ROOT, dir)).sort()) {
    if (!entry.endsWith(".ts")) continue;
    const file = `${dir}/${entry}`;
    const lines = read(file).split("\n");
    let name = null;
    let guards = [];
    let depth = 0;
    for (const [index, line] of lines.entries()) {
      const start =
        /^ {4}(?:async )?(\w+)(?:<[^>]*>)?\(/.exec(line) ??
        /^ {4}(\w+): (?:async )?\(/.exec(line) ??
        /^ {2,4}const (\w+) = async \(/.exec(line);
      if (start && !/^\s*(if|for|while|switch|return)\b/.test(line.trim())) {
        name = start[1];
        guards = [];
        depth = 0;
      }
      if (!name) continue;
      BODIES.set(name, (BODIES.get(name) ?? "") + line + "\n");
      const guard = /(!?)documentedAt\(core, (\d+)(?:, (\d+))?\)/.exec(line);
      const here = [...expandHelpers(line).matchAll(/path: (?:path)?(?:`([^`]*)`|"([^"]*)")/g)];
      if (guard) {
        const range = [Number(guard[2]), guard[3] ? Number(guard[3]) : Infinity];
        if (guard[1] === "!") guards.push({ ranges: [range], until: -1 });
        else if (/\{\s*$/.test(line)) guards.push({ ranges: [range], until: depth, block: true, range });
        else if (/return/.test(line)) guards.push({ ranges: complement(range), until: -1, sameLine: range });
      }
      for (const match of here) {
        const method = requestMethod(lines, index);
        let ranges = [[0, Infinity]];
        for (const g of guards) {
          const r = g.sameLine && guard && line.includes("documentedAt") ? [g.sameLine] : g.ranges;
          ranges = intersect(ranges, r);
        }
        requests.push({ file, name, method, path: normalizePath(match[1] ?? match[2]), ranges });
      }
      depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
      // A guarded block closed: what follows is sent at the other versions.
      for (const g of guards)
        if (g.block && depth <= g.until) {
          g.block = false;
          g.ranges = complement(g.range);
          g.until = -1;
        }
    }
  }
  return requests;
}

/**
 * The `method:` of the request object holding the `path:` on line `index`: from the line opening the request
 * (`send(`, `sendAsync(`, `request(`) to the line closing it; GET when it names none.
 */
function requestMethod(lines, index) {
  let from = index;
  while (from > 0 && !/\b(send|sendAsync|request)(<[^>]*>)?\(|\.request\b/.test(lines[from])) from--;
  let to = index;
  while (to < lines.length - 1 && !/\}\)|\},\s*$/.test(lines[to])) to++;
  for (let i = from; i <= to; i++) {
    const m = /method: "(\w+)"/.exec(lines[i]);
    if (m) return m[1];
  }
  return "GET";
}

function intersect(a, b) {
  const out = [];
  for (const [f1, t1] of a)
    for (const [f2, t2] of b) {
      const from = Math.max(f1, f2);
      const to = Math.min(t1, t2);
      if (from <= to) out.push([from, to]);
    }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The app: who calls each method, and which pages reach the caller

function walk(dir) {
  const out = [];
  for (const entry of readdirSync(join(ROOT, dir)).sort()) {
    const path = `${dir}/${entry}`;
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...walk(path));
    else if (/\.(ts|tsx)$/.test(entry)) out.push(path);
  }
  return out;
}

const APP_FILES = walk("app");

function resolveImport(from, spec) {
  let base;
  if (spec.startsWith("~/")) base = `app/${spec.slice(2)}`;
  else if (spec.startsWith(".")) base = relative(ROOT, resolve(ROOT, dirname(from), spec));
  else return null;
  base = base.replace(/\.js$/, "");
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (APP_FILES.includes(candidate)) return candidate;
  return null;
}

/** Files importing each app file (static and dynamic imports, re-exports). */
function importers() {
  const by = new Map();
  for (const file of APP_FILES) {
    for (const m of read(file).matchAll(/(?:from|import\()\s*"([^"]+)"/g)) {
      const target = resolveImport(file, m[1]);
      if (!target) continue;
      if (!by.has(target)) by.set(target, new Set());
      by.get(target).add(file);
    }
  }
  return by;
}

/** Files every page reaches, whose importers say nothing of which screen calls: the shop, the root, the layout. */
const HUBS = new Set(["app/shop.server.ts", "app/shop/core.server.ts", "app/root.tsx"]);
const isRouteModule = (file) =>
  /^app\/routes\/[^/]+\.tsx?$/.test(file) || /^app\/routes\/[^/]+\/route\.tsx?$/.test(file);

/** A route module's URL: Remix's flat routes (`.` a slash, `$x` a param, `_` suffix/prefix layout-less). */
export function routeUrl(file) {
  const id = file.replace(/^app\/routes\//, "").replace(/(\/route)?\.tsx?$/, "");
  const segments = id
    .split(".")
    .filter((s) => !/^_[^_]/.test(s) || s === "_index")
    .map((s) => s.replace(/_$/, ""))
    .map((s) => (s === "_index" ? "" : s === "$" ? "*" : s.startsWith("$") ? `:${s.slice(1)}` : s))
    .filter((s) => s !== "");
  return `/${segments.join("/")}`;
}

/** Every file of a route (its module, and the files beside it in a route folder), as one text, by URL. */
function routeTexts() {
  const texts = new Map();
  for (const file of APP_FILES) {
    const folder = /^app\/routes\/([^/]+)\//.exec(file);
    const module = folder
      ? APP_FILES.find((f) => /\/route\.tsx?$/.test(f) && f.startsWith(`app/routes/${folder[1]}/`))
      : file;
    if (!module || !isRouteModule(module)) continue;
    const url = routeUrl(module);
    texts.set(url, (texts.get(url) ?? "") + read(file));
  }
  texts.set("every page (root)", read("app/root.tsx"));
  return texts;
}

/** Folders of app/ that are no part of the shop. */
const NOT_PARTS = new Set(["shop", "handlers", "lib", "components", "routes", "styles"]);

/**
 * The pages that make the calls of `file`: a route's own file is its page; a file of the shop's part `part`
 * (its slice app/<part>/…, or app/handlers/<part>.server.ts and app/handlers/<part>/… until it moves) is reached by
 * the pages that use `shop.<part>.`;
 * anything else by the pages whose route files import it.
 */
function pagesReaching(file, by, texts) {
  const own = [...texts.keys()].find((url) => url !== "every page (root)" && routeFileUrl(file) === url);
  if (own) return [own];
  if (file === "app/root.tsx") return ["every page (root)"];
  const part = /^app\/(?:handlers\/)?([a-z]+)(?:\.server\.ts|\/)/.exec(file)?.[1];
  if (part && !NOT_PARTS.has(part)) {
    const pages = [...texts.entries()].filter(([, text]) => text.includes(`shop.${part}.`)).map(([url]) => url);
    if (pages.length > 0) return pages.sort();
  }
  const pages = new Set();
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.shift();
    const url = routeFileUrl(current);
    if (url) pages.add(url);
    for (const importer of by.get(current) ?? []) {
      if (HUBS.has(importer) || seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return [...pages].sort();
}

/** The URL of the route a file belongs to (a route module, or a file in a route's folder), else null. */
function routeFileUrl(file) {
  if (isRouteModule(file)) return routeUrl(file);
  const folder = /^app\/routes\/([^/]+)\//.exec(file);
  if (!folder) return null;
  const module = APP_FILES.find((f) => f.startsWith(`app/routes/${folder[1]}/`) && /\/route\.tsx?$/.test(f));
  return module ? routeUrl(module) : null;
}

function directCallers(method) {
  // The receiver is a client: `client.`, `shop.client.`, `buyerClient.`, `buyer.`, or a client made on the spot
  // (`shop.clientWith({…}).`).
  const pattern = new RegExp(`(?:[cC]lient|\\bbuyer|\\))\\.${method}\\(`);
  return APP_FILES.filter((file) => pattern.test(read(file)));
}

/** The adapter methods that send a request through `method` (e.g. startCheckout's restart through deleteCheckout). */
function delegators(method) {
  const pattern = new RegExp(`(^|[^\\w.]|\\b(api|deps|this)\\.)${method}\\(`);
  return [...BODIES.entries()]
    .filter(([name, body]) => name !== method && pattern.test(body.split("\n").slice(1).join("\n")))
    .map(([name]) => name);
}

/** The app files calling `method`, directly or through an adapter method that uses it; and those methods. */
function callers(method) {
  const direct = directCallers(method);
  if (direct.length > 0) return { files: direct, via: [] };
  const via = delegators(method).filter((name) => directCallers(name).length > 0);
  return { files: [...new Set(via.flatMap(directCallers))].sort(), via };
}

// ---------------------------------------------------------------------------------------------
// The document

export function generate() {
  const requests = adapterRequests();
  const by = importers();
  const texts = routeTexts();
  const rows = SPEC_CALLS.map((call) => {
    const methods = call.method.split("/");
    const sent = requests.filter((r) => r.path === call.adapterPath && methods.includes(r.method));
    const adapter = [...new Set(sent.map((r) => r.name))];
    if (adapter.length === 0 && call.sentBy) adapter.push(call.sentBy);
    const ranges = sent.flatMap((r) => r.ranges);
    const found = adapter.map(callers);
    const calledBy = [...new Set(found.flatMap((c) => c.files))].sort();
    const via = [...new Set(found.flatMap((c) => c.via))];
    const pages = [...new Set(calledBy.flatMap((file) => pagesReaching(file, by, texts)))].sort();
    const madeAt65 = calledBy.length > 0 && (ranges.length === 0 || inRange(ranges, VERSION));
    return { call, adapter, via, ranges, calledBy, pages, madeAt65 };
  });
  const made = rows.filter((r) => r.madeAt65).length;
  const out = [];
  out.push("# The spec's 59 calls: which screen makes each, at which versions");
  out.push("");
  out.push(
    "Generated by `node scripts/spec-calls.mjs` from the code; tests/docs/spec-calls.test.ts fails when this file",
    "and the code disagree. Do not edit by hand: change the code (or the script's list of reasons) and run it again.",
    "",
    "For each call the spec lists (§7): the adapter method that sends it (`server/webstore/api/*.ts`), the versions",
    "it is sent at (the method's `documentedAt` guards), the app files that call the method (`client.<method>(`) and",
    "the pages that reach them: a route's own files are its page; a handler of a part of the shop",
    "(its slice `app/<part>/`, or `app/handlers/<part>.server.ts` and `app/handlers/<part>/` until it moves) is reached by the pages using `shop.<part>.`; any",
    "other file by the pages whose route files import it. Paths are relative to `/services/data/v65.0/commerce/webstores/{webstoreId}/`",
    "unless they start with `/`. What the emulator serves besides these calls is in docs/emulator*.md.",
    "",
    `**Made by a screen at v${VERSION}.0: ${made} of ${rows.length}.** ${rows.length - made} are not, each with its reason.`,
    "",
  );
  let group = null;
  for (const row of rows) {
    if (row.call.group !== group) {
      group = row.call.group;
      out.push(
        `## ${group}`,
        "",
        "| Call | Adapter method | Sent at | Called from | Pages | At v65.0 |",
        "|---|---|---|---|---|---|",
      );
    }
    const key = `${row.call.method} ${row.call.path}`;
    const versions =
      row.adapter.length === 0
        ? "—"
        : row.ranges.length === 0
          ? "every version"
          : [...new Set(row.ranges.map(rangeText))].join(", ");
    const from = row.calledBy.length === 0 ? "—" : row.calledBy.map((f) => `\`${f}\``).join(", ");
    const pages =
      row.pages.length === 0 && row.calledBy.length === 0 ? "—" : row.pages.map((p) => `\`${p}\``).join(", ") || "—";
    const status = row.madeAt65 ? "**made**" : `not made: ${REASONS[key] ?? "no screen calls it (no reason written)"}`;
    const adapter =
      row.adapter.map((m) => `\`${m}\``).join(", ") +
      (row.via.length ? ` (through ${row.via.map((m) => `\`${m}\``).join(", ")})` : "");
    out.push(`| ${row.call.method} \`${row.call.path}\` | ${adapter} | ${versions} | ${from} | ${pages} | ${status} |`);
  }
  const appText = walk("app")
    .map((file) => read(file))
    .join("\n");
  const unsent = FIELDS_NOT_SENT.filter((f) => !new RegExp(`\\b${f.field}\\b`).test(appText));
  if (unsent.length) {
    out.push("");
    out.push("## Fields of the spec's inputs that no screen sends");
    out.push("");
    out.push("| Input | Field | Why not |");
    out.push("|---|---|---|");
    for (const f of unsent) out.push(`| ${f.input} | \`${f.field}\` | ${f.reason} |`);
  }
  out.push("");
  return out.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = generate();
  const target = join(ROOT, OUT);
  if (process.argv.includes("--print")) {
    process.stdout.write(text);
    process.exit(0);
  }
  if (process.argv.includes("--check")) {
    const same = existsSync(target) && readFileSync(target, "utf8") === text;
    if (!same) console.error(`${OUT} is not what the code says: run node scripts/spec-calls.mjs`);
    process.exit(same ? 0 : 1);
  }
  writeFileSync(target, text);
  console.log(`${OUT}: ${text.split("\n").length} lines`);
}
