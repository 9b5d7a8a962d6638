/**
 * Reading the request is the route's (decision 018): a route reads its URL, search parameters and headers and gives
 * its slice's face plain values (a page number, a coupon code, a query, a path). So no file under a folder of app/
 * other than routes/, the shop core (shop/) and lib/ (whose request-paths.ts helpers routes call) reads
 * `request.url` or `request.headers`, or calls `requestPath(`, except the reads listed below with their reasons.
 * Read from TypeScript's parser, so a comment naming them is no read.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const APP = join(ROOT, "app");

/** The folders of app/ that may read the request: the routes, the shop core, and lib's request-path helpers. */
const READERS = new Set(["routes", "shop", "lib"]);

/**
 * Reads of the request outside them that are no slice's work, as "file: read", each with why. An entry that no
 * longer reads fails the test until it is removed: the list may only shrink.
 */
const ALLOWED: ReadonlyMap<string, string> = new Map([
  // The MCP endpoint is the /api/mcp route's handler, kept beside the agent's tools: it reads its own request (its
  // session header, the origin its payment links name) as a route does.
  ["app/agent/endpoint.server.ts: request.headers", "the MCP endpoint is a route's handler"],
  ["app/agent/endpoint.server.ts: request.url", "the MCP endpoint is a route's handler"],
  // The cookie consent banner's cookie: read and written as the core's session and toast cookies are (the Cookie
  // header, and the Secure flag from the request's protocol), by /cookie-consent, which opens no shop.
  ["app/locale/consent.server.ts: request.headers", "the consent cookie is read like the core's cookies"],
  ["app/locale/consent.server.ts: request.url", "the consent cookie's Secure flag, as the core's cookies"],
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** What a file reads of a request: `….request.url`, `request.headers`, a call of `requestPath`, as "file: read". */
function requestReads(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const reads = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && (node.name.text === "url" || node.name.text === "headers")) {
      const owner = node.expression;
      const ownerName = ts.isIdentifier(owner)
        ? owner.text
        : ts.isPropertyAccessExpression(owner)
          ? owner.name.text
          : null;
      if (ownerName === "request") reads.add(`request.${node.name.text}`);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "requestPath")
      reads.add("requestPath(");
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...reads].map((read) => `${file}: ${read}`);
}

function sliceFiles(): string[] {
  return readdirSync(APP)
    .filter((name) => !READERS.has(name) && statSync(join(APP, name)).isDirectory())
    .flatMap((name) => sourceFiles(join(APP, name)));
}

describe("reading the request is the route's", () => {
  const reads = sliceFiles().flatMap((path) => requestReads(relative(ROOT, path), readFileSync(path, "utf8")));

  it("no slice reads the request's URL or headers, or its store path, beyond the listed exceptions", () => {
    expect(reads.filter((read) => !ALLOWED.has(read))).toEqual([]);
  });

  it("every listed exception still reads (the list only shrinks)", () => {
    expect([...ALLOWED.keys()].filter((read) => !reads.includes(read))).toEqual([]);
  });

  it("finds a slice's reads through any owner, and not in comments", () => {
    const text = [
      "// new URL(shop.request.url) in a comment is no read",
      "const a = new URL(shop.request.url).searchParams;",
      "const b = request.headers.get('Accept');",
      "const c = requestPath(core.request, core.context);",
      "const d = shop.client.url;",
    ].join("\n");
    expect(requestReads("app/cart/x.server.ts", text).sort()).toEqual([
      "app/cart/x.server.ts: request.headers",
      "app/cart/x.server.ts: request.url",
      "app/cart/x.server.ts: requestPath(",
    ]);
  });
});
