/**
 * The layout rules of app/ and server/ (decision 016), read from the import declarations of every module
 * (TypeScript's parser; `import type` counts: a type ties two files together for a reader as much as a value does):
 * - no circle at all: no two files that reach each other through imports, in app/ or server/;
 * - the kit (app/components) and app/lib sit below every slice: they import none;
 * - no module under server/ imports a .tsx file (the host and the emulator render nothing);
 * - no app/ file imports a host file (server/main.ts, server/remix-handler.ts, server/cluster.ts): the host loads
 *   the app, not the other way round;
 * - nothing in app/ or server/webstore imports server/emulator (the adapter speaks to it only over its API);
 * - app/ reaches server/ only through server/webstore's index;
 * - the shop core (app/shop/**) imports no domain, not even a type, and no file augments the core's modules
 *   (`declare module` naming one): the core's types are its own, so it compiles without any slice (each slice
 *   declares its session keys; the composition joins them);
 * - no domain imports the composition (app/shop.server.ts): a domain is given the core and the named siblings it
 *   needs, never the whole shop;
 * - nothing under app/components, app/lib or a slice's ui/, model/ or forms/ imports a route or root.tsx, and
 *   nothing a slice's ui/, model/ or forms/ holds imports a server module (they are loaded in the browser);
 * - a slice (app/<domain>/) reaches another slice's server side (its face or server/) only by `import type`: values
 *   come as its factory's named siblings;
 * - a route file names at most one server module, the composition spelt `~/shop.server` (decision 018; the rule
 *   began with the classic compiler's stand-ins, one per spelling, and stays for the layering);
 * - checkout's files are one tree (app/checkout/) plus its thin route files;
 * - one import style: `~/` names another folder of app/, `./` only the file's own folder (files outside app/, the
 *   adapter's, are named by their relative path: they have no alias).
 * Rules that today's code does not meet yet list what still breaks them, each with its reason; such a list may only
 * shrink (an entry that no longer breaks the rule fails the test until it is removed).
 * Dynamic `import()` (a form's schema loaded on first use) is not an edge: it runs after every module has loaded.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const APP = join(ROOT, "app");
const SERVER = join(ROOT, "server");

/**
 * The domains the composition wires: each is a slice, app/<domain>/ with its face app/<domain>/<domain>.server.ts
 * (decision 018). The locale is the root page's rather than a shopper's domain, but it is wired and ruled the same way.
 */
const DOMAINS = ["cart", "catalog", "checkout", "account", "orders", "wishlists", "locale", "seo", "agent"];
const SLICE_PARTS = ["ui", "model", "forms"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The app or server file an import names, or null when it names a package or a file outside app/ and server/. */
function resolveImport(from: string, importSpecifier: string): string | null {
  // A query asks Vite for something of the file (`?url`: a stylesheet's URL): the file is the same.
  const specifier = importSpecifier.replace(/\?.*$/, "");
  let base: string;
  if (specifier.startsWith("~/")) base = join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  const stem = base.replace(/\.js$/, "");
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile())
      return candidate.startsWith(`${APP}/`) || candidate.startsWith(`${SERVER}/`) ? candidate : null;
  }
  throw new Error(`${relative(ROOT, from)} imports "${specifier}", which names no file`);
}

/** True when a declaration brings in only types (`import type`, or every named binding marked `type`). */
function typeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return true;
    const clause = statement.exportClause;
    return (
      !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = statement.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

interface ImportEdge {
  /** The imported app file, relative to the repository. */
  target: string;
  /** As written in the source. */
  specifier: string;
  /** False when the declaration brings in only types (erased from the build). */
  value: boolean;
}

const edgesOf = new Map<string, ImportEdge[]>();

/** Every `declare module "…"` (a module augmentation), as "file -> augmented file" (a package: as written). */
const augmentations: string[] = [];

/** Every app and server file's static imports and re-exports of other such files (paths relative to the repository). */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of [...sourceFiles(APP), ...sourceFiles(SERVER)]) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
    const edges: ImportEdge[] = [];
    for (const statement of source.statements) {
      if (ts.isModuleDeclaration(statement) && ts.isStringLiteral(statement.name)) {
        const augmented = resolveImport(file, statement.name.text);
        const name = augmented ? relative(ROOT, augmented) : statement.name.text;
        augmentations.push(`${relative(ROOT, file)} -> ${name}`);
        continue;
      }
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
      const specifier =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      if (specifier === null) continue;
      const target = resolveImport(file, specifier);
      if (target) edges.push({ target: relative(ROOT, target), specifier, value: !typeOnly(statement) });
    }
    edgesOf.set(relative(ROOT, file), edges);
    graph.set(relative(ROOT, file), new Set(edges.map((edge) => edge.target)));
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

const isApp = (file: string) => file.startsWith("app/");
/** The kit and the shared helpers every slice builds on. */
const isKitOrLib = (file: string) => file.startsWith("app/components/") || file.startsWith("app/lib/");
/** The host's own files: they start the server and load the app, never the other way round. */
const HOST_FILES = ["server/main.ts", "server/remix-handler.ts", "server/cluster.ts"];

/** A domain's face. */
const faceOf = (domain: string) => `app/${domain}/${domain}.server.ts`;

/** The domain a file belongs to, or null. */
const domainOf = (file: string) => DOMAINS.find((domain) => file.startsWith(`app/${domain}/`)) ?? null;
const isDomain = (file: string) => domainOf(file) !== null;
const isCore = (file: string) => file.startsWith("app/shop/");
const isRouteOrRoot = (file: string) => file.startsWith("app/routes/") || file === "app/root.tsx";
/** A slice's browser-side parts: app/<domain>/{ui,model,forms}/. */
const isSliceClientPart = (file: string) =>
  DOMAINS.some((domain) => SLICE_PARTS.some((part) => file.startsWith(`app/${domain}/${part}/`)));
const isSharedUi = (file: string) =>
  file.startsWith("app/components/") || file.startsWith("app/lib/") || isSliceClientPart(file);
const isServerModule = (file: string) => /\.server\.tsx?$/.test(file);
/** A slice's server side: its face and every other server module or file of its server/ folder. */
const isServerSide = (file: string) => {
  const domain = domainOf(file);
  return domain !== null && !isSliceClientPart(file) && (isServerModule(file) || file.includes("/server/"));
};
/** A route module: a file right under app/routes, or a folder route's route.tsx. */
const isRouteModule = (file: string) =>
  /^app\/routes\/[^/]+\.tsx?$/.test(file) || /^app\/routes\/[^/]+\/route\.tsx?$/.test(file);

/** The imports from files `from` accepts to files `to` accepts, as "from -> to". */
function edgesWhere(graph: Map<string, Set<string>>, from: (f: string) => boolean, to: (f: string) => boolean) {
  return [...graph].flatMap(([file, targets]) =>
    from(file) ? [...targets].filter(to).map((target) => `${file} -> ${target}`) : [],
  );
}

describe("the import graph of app/ and server/", () => {
  const graph = importGraph();

  it("reads every module of app/, the shop core and the composition included", () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.has("app/shop.server.ts")).toBe(true);
    expect(graph.has("app/shop/core.server.ts")).toBe(true);
    // The reader finds the edges it must: the composition imports each domain's factory.
    const composition = [...graph.get("app/shop.server.ts")!];
    for (const domain of DOMAINS) expect(composition, domain).toContain(faceOf(domain));
  });

  it("reads every module of server/, the emulator's core and the adapter included", () => {
    expect([...graph.get("server/emulator/core/context.ts")!].length).toBeGreaterThan(0);
    expect(graph.get("server/webstore/index.ts")).toContain("server/webstore/client.ts");
  });

  it("has no circle at all", () => {
    const found = circles(graph);
    expect(found, found.map((group) => `${group.length} files: ${group.join(", ")}`).join("\n")).toEqual([]);
  });

  it("keeps the kit (app/components) and app/lib below every slice", () => {
    const reaches = edgesWhere(graph, isKitOrLib, isDomain);
    expect(reaches.filter((reach) => !KIT_REACHES_TODAY.has(reach))).toEqual([]);
    expect(
      [...KIT_REACHES_TODAY].filter((reach) => !reaches.includes(reach)),
      "fixed: remove from the list",
    ).toEqual([]);
  });

  it("lets no module under server/ import a .tsx file", () => {
    // app/'s *.server.ts files may: a slice's server side renders its forms' fields and the entry renders the page.
    expect(
      edgesWhere(
        graph,
        (file) => file.startsWith("server/"),
        (target) => target.endsWith(".tsx"),
      ),
    ).toEqual([]);
  });

  it("lets no app/ file import a host file (server/main.ts, server/remix-handler.ts, server/cluster.ts)", () => {
    expect(edgesWhere(graph, isApp, (target) => HOST_FILES.includes(target))).toEqual([]);
  });

  it("lets nothing in app/ or server/webstore import server/emulator", () => {
    const isEmulator = (file: string) => file.startsWith("server/emulator/");
    expect(edgesWhere(graph, (file) => isApp(file) || file.startsWith("server/webstore/"), isEmulator)).toEqual([]);
  });

  it("lets app/ reach server/ only through server/webstore's index", () => {
    const reaches = edgesWhere(
      graph,
      isApp,
      (target) => target.startsWith("server/") && target !== "server/webstore/index.ts",
    );
    expect(reaches.filter((reach) => !SERVER_REACHES_TODAY.has(reach))).toEqual([]);
    expect(
      [...SERVER_REACHES_TODAY].filter((reach) => !reaches.includes(reach)),
      "fixed: remove from the list",
    ).toEqual([]);
  });

  it("keeps the shop core free of every domain, types included", () => {
    // The graph holds `import type` edges as well as value ones: a type of a slice's is as much a tie.
    expect(edgesWhere(graph, isCore, isDomain)).toEqual([]);
  });

  it("lets no file augment the shop core's modules (the core's types are its own)", () => {
    // The reader finds augmentations: the host's load context augments Remix's (a package's module, allowed).
    expect(augmentations).toContain("server/load-context.ts -> @remix-run/server-runtime");
    expect(augmentations.filter((augmentation) => isCore(augmentation.split(" -> ")[1]!))).toEqual([]);
  });

  it("lets no domain import the composition (app/shop.server.ts)", () => {
    expect(edgesWhere(graph, isDomain, (target) => target === "app/shop.server.ts")).toEqual([]);
  });

  it("lets nothing under app/components or app/lib import a route or root.tsx", () => {
    expect(edgesWhere(graph, isSharedUi, isRouteOrRoot)).toEqual([]);
  });

  it("names another folder of app/ by ~/, and only its own folder by ./ (one import style)", () => {
    const strays = [...edgesOf].flatMap(([file, edges]) =>
      edges
        .filter(
          (edge) =>
            isApp(file) &&
            isApp(edge.target) &&
            edge.specifier.startsWith(".") &&
            dirname(edge.target) !== dirname(file),
        )
        .map((edge) => `${file}: "${edge.specifier}"`),
    );
    expect(strays).toEqual([]);
  });

  it("lets nothing a slice's ui/, model/ or forms/ holds import a server module", () => {
    expect(edgesWhere(graph, isSliceClientPart, isServerModule)).toEqual([]);
  });

  it("lets a slice reach another slice's server side only by `import type`", () => {
    const crossings = [...edgesOf].flatMap(([file, edges]) =>
      edges
        .filter(
          (edge) =>
            edge.value && isDomain(file) && isServerSide(edge.target) && domainOf(edge.target) !== domainOf(file),
        )
        .map((edge) => `${file} -> ${edge.target}`),
    );
    expect(crossings.filter((crossing) => !CROSSINGS_TODAY.has(crossing))).toEqual([]);
    expect(
      [...CROSSINGS_TODAY].filter((crossing) => !crossings.includes(crossing)),
      "fixed: remove from the list",
    ).toEqual([]);
  });

  it("lets a route file name at most one server module: the composition, spelt ~/shop.server", () => {
    const broken = [...edgesOf]
      .filter(([file]) => isRouteModule(file))
      .flatMap(([file, edges]) => {
        const named = [...new Set(edges.filter((e) => e.value && isServerModule(e.target)).map((e) => e.specifier))];
        const fine = SHOPLESS_ROUTES.has(file) ? named.length <= 1 : named.every((s) => s === "~/shop.server");
        return fine ? [] : [`${file}: ${named.join(", ")}`];
      });
    const names = broken.map((line) => line.split(":")[0]);
    expect(broken.filter((line) => !ROUTES_TODAY.has(line.split(":")[0]))).toEqual([]);
    expect(
      [...ROUTES_TODAY].filter((file) => !names.includes(file)),
      "fixed: remove from the list",
    ).toEqual([]);
  });

  it("keeps checkout's files in one tree (app/checkout/) and its thin route files", () => {
    const strays = [...graph.keys()].filter(
      (file) =>
        file.startsWith("app/handlers/checkout") ||
        file.startsWith("app/lib/checkout/") ||
        file.startsWith("app/components/checkout/") ||
        /^app\/routes\/(checkout|pay\.)[^/]*\//.test(file),
    );
    expect(strays.filter((file) => !CHECKOUT_STRAYS_TODAY.has(file))).toEqual([]);
    expect(
      [...CHECKOUT_STRAYS_TODAY].filter((file) => !strays.includes(file)),
      "moved: remove from the list",
    ).toEqual([]);
  });
});

/**
 * The API's limits are defined once, in server/webstore/limits.ts (issue #24: the quantity limit was written in five
 * places, the coupon length in two). Read from the code, not the comments: a numeric literal or a constant declared
 * with one elsewhere in app/ or server/webstore/ that restates a limit breaks the rule.
 */
describe("the API's limits", () => {
  const LIMITS = "server/webstore/limits.ts";
  const sources = [...sourceFiles(APP), ...sourceFiles(join(ROOT, "server/webstore"))];
  /** Each limit's value, and the names a constant restating it would have. */
  const RESTATED: { value: number; named: RegExp }[] = [
    { value: 1, named: /QUANTITY(?!.*LENGTH)/ },
    { value: 100_000_000, named: /./ },
    { value: 100, named: /COUPON/ },
    { value: 25, named: /CART.*PAGE_SIZE/ },
  ];

  it("declares each limit in server/webstore/limits.ts and nowhere else", () => {
    const restated: string[] = [];
    for (const file of sources) {
      const name = relative(ROOT, file);
      if (name === LIMITS) continue;
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const at = (node: ts.Node) => `${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const visit = (node: ts.Node) => {
        // The largest quantity is a number no other rule of the API uses: any literal of it restates the limit.
        if (ts.isNumericLiteral(node) && Number(node.text) === 100_000_000) restated.push(`${at(node)}: 100000000`);
        else if (
          ts.isVariableDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          node.initializer &&
          ts.isNumericLiteral(node.initializer)
        ) {
          const value = Number(node.initializer.text);
          const id = node.name.text;
          if (RESTATED.some((limit) => limit.value === value && limit.value !== 100_000_000 && limit.named.test(id)))
            restated.push(`${at(node)}: ${id} = ${value}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(restated).toEqual([]);
  });

  it("keeps server/webstore/limits.ts free of imports, so the browser's build inlines its numbers", () => {
    const source = ts.createSourceFile(LIMITS, readFileSync(join(ROOT, LIMITS), "utf8"), ts.ScriptTarget.Latest);
    const declarations = source.statements.filter((s) => ts.isImportDeclaration(s) || ts.isExportDeclaration(s));
    expect(declarations).toEqual([]);
    // And the reader above finds what it must: the limits are there to be restated.
    expect(source.text).toMatch(/QUANTITY_MAX = 100_000_000;/);
  });
});

/**
 * Routes with no shop: the one server module they may name is their own (the gallery's; the consent banner's form,
 * which only sets its cookie and must not open a shopper's session to do so).
 */
const SHOPLESS_ROUTES = new Set(["app/routes/gallery.tsx", "app/routes/cookie-consent.tsx"]);

/*
 * What breaks the rules above today, each to go when its slice is built (issue #24, decision 018). Reason for all:
 * the route's server code (parsing, a second handler import, a re-export of parseWithZod) has not moved into its
 * slice yet.
 */
const ROUTES_TODAY = new Set<string>([]);

const CROSSINGS_TODAY = new Set<string>([]);

const CHECKOUT_STRAYS_TODAY = new Set<string>([]);

/*
 * The kit reaching into a slice today. Reason: the store's shared page pieces (header, line picture) read the cart's
 * count and the catalog's product view, and the gallery's server module the locale's consent cookie; each goes when
 * the piece moves into its slice or the view it reads moves down into app/lib.
 */
const KIT_REACHES_TODAY = new Set<string>([
  "app/components/gallery/gallery.server.ts -> app/locale/consent.server.ts",
  "app/components/store/Header.tsx -> app/cart/model/count.ts",
  "app/components/store/LineProduct.tsx -> app/catalog/model/product.ts",
  "app/components/store/LineProduct.tsx -> app/catalog/model/variations.ts",
  "app/components/store/ProductPicture.tsx -> app/catalog/model/product.ts",
]);

/*
 * app/ reaching past server/webstore's index today, two kinds:
 * - files the browser loads (a slice's model/ and ui/, the kit, app/lib, a route) take the API's limits and a few
 *   pure rules from the adapter's leaf modules, so the browser's build carries those numbers and functions alone,
 *   not the client the index also exports;
 * - the shop core and the account's face take the host's request scope, load context, login throttle and limits
 *   (server/limits.ts: their table and the words for a wait), which the host (server/) shares with the app: they go when those move under server/webstore or into app/.
 */
const SERVER_REACHES_TODAY = new Set<string>([
  "app/cart/model/count.ts -> server/webstore/limits.ts",
  "app/cart/model/coupon.ts -> server/webstore/limits.ts",
  "app/cart/model/quantity.ts -> server/webstore/limits.ts",
  "app/cart/model/quick-order.ts -> server/webstore/limits.ts",
  "app/cart/model/saved-carts.ts -> server/webstore/limits.ts",
  "app/cart/ui/CartCoupons.tsx -> server/webstore/limits.ts",
  "app/cart/ui/CartLine.tsx -> server/webstore/limits.ts",
  "app/catalog/model/product.ts -> server/webstore/limits.ts",
  "app/checkout/model/shipments.ts -> server/webstore/api/delivery-groups.ts",
  "app/checkout/ui/CouponSection.tsx -> server/webstore/limits.ts",
  "app/components/QuantityInput.tsx -> server/webstore/limits.ts",
  "app/components/useProcessingRefresh.ts -> server/webstore/async-wait.ts",
  "app/lib/validation/index.ts -> server/webstore/limits.ts",
  "app/routes/product.$.tsx -> server/webstore/limits.ts",
  "app/wishlists/model/index.ts -> server/webstore/api/wishlists.ts",
  "app/account/account.server.ts -> server/limits.ts",
  "app/account/account.server.ts -> server/login-throttle.ts",
  "app/shop/core.server.ts -> server/load-context.ts",
  "app/shop/core.server.ts -> server/request-scope.ts",
  "app/shop/limits.server.ts -> server/limits.ts",
  "app/shop/tokens.server.ts -> server/load-context.ts",
]);
