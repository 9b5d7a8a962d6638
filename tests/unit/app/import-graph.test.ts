/**
 * The layout rules of app/ (decision 016), read from the import declarations of every module (TypeScript's parser;
 * `import type` counts: a type ties two files together for a reader as much as a value does):
 * - no circle of more than 2 files: no group of 3 or more files that all reach each other through imports;
 * - the shop core (app/shop/**) imports no domain;
 * - no domain imports the composition (app/shop.server.ts): a domain is given the core and the named siblings it
 *   needs, never the whole shop;
 * - nothing under app/components or app/lib imports a route or root.tsx.
 * Dynamic `import()` (a form's schema loaded on first use) is not an edge: it runs after every module has loaded.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../..");
const APP = join(ROOT, "app");

/** The shopper-facing domains: each has its handler (app/handlers/<domain>.server.ts and app/handlers/<domain>/). */
const DOMAINS = ["cart", "catalog", "checkout", "identity", "orders", "wishlists"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The app file an import names, or null when it names a package or a file outside app/. */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  const stem = base.replace(/\.js$/, "");
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile())
      return candidate.startsWith(`${APP}/`) ? candidate : null;
  }
  throw new Error(`${relative(ROOT, from)} imports "${specifier}", which names no file`);
}

/** Every app file's static imports and re-exports of other app files (paths relative to the repository). */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(APP)) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
    const edges = new Set<string>();
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      if (specifier === null) continue;
      const target = resolveImport(file, specifier);
      if (target) edges.add(relative(ROOT, target));
    }
    graph.set(relative(ROOT, file), edges);
  }
  return graph;
}

/** The groups of files that all reach each other (strongly connected components, Tarjan's), largest first. */
function circles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups.sort((a, b) => b.length - a.length);
}

const isDomain = (file: string) =>
  DOMAINS.some(
    (domain) =>
      file === `app/handlers/${domain}.server.ts` ||
      file.startsWith(`app/handlers/${domain}/`) ||
      file.startsWith(`app/${domain}/`),
  );
const isCore = (file: string) => file.startsWith("app/shop/");
const isRouteOrRoot = (file: string) => file.startsWith("app/routes/") || file === "app/root.tsx";
const isSharedUi = (file: string) => file.startsWith("app/components/") || file.startsWith("app/lib/");

/** The imports from files `from` accepts to files `to` accepts, as "from -> to". */
function edgesWhere(graph: Map<string, Set<string>>, from: (f: string) => boolean, to: (f: string) => boolean) {
  return [...graph].flatMap(([file, targets]) =>
    from(file) ? [...targets].filter(to).map((target) => `${file} -> ${target}`) : [],
  );
}

describe("the import graph of app/", () => {
  const graph = importGraph();

  it("reads every module of app/, the shop core and the composition included", () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.has("app/shop.server.ts")).toBe(true);
    expect(graph.has("app/shop/core.server.ts")).toBe(true);
    // The reader finds the edges it must: the composition imports each domain's factory.
    const composition = [...graph.get("app/shop.server.ts")!];
    for (const domain of DOMAINS) expect(composition, domain).toContain(`app/handlers/${domain}.server.ts`);
  });

  it("has no circle of more than 2 files", () => {
    const large = circles(graph).filter((group) => group.length > 2);
    expect(large, large.map((group) => `${group.length} files: ${group.join(", ")}`).join("\n")).toEqual([]);
  });

  it("keeps the shop core free of every domain", () => {
    expect(edgesWhere(graph, isCore, isDomain)).toEqual([]);
  });

  it("lets no domain import the composition (app/shop.server.ts)", () => {
    expect(edgesWhere(graph, isDomain, (target) => target === "app/shop.server.ts")).toEqual([]);
  });

  it("lets nothing under app/components or app/lib import a route or root.tsx", () => {
    expect(edgesWhere(graph, isSharedUi, isRouteOrRoot)).toEqual([]);
  });
});
