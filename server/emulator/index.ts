import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createAdmin, redactHeaders } from "./admin/admin.js";
import { consoleRoutes } from "./admin/console/index.js";
import { stateRoutes } from "./admin/states.js";
import { authRoutes, createAuthenticator, seedIdentity } from "./identity/auth.js";
import { createClock, isoDate, type Clock } from "./core/clock.js";
import { contextRoutes, seedContext } from "./core/context.js";
import { isEmpty, openDatabase, truncateAll, type Db } from "./core/db.js";
import { createIdGenerator } from "./core/ids.js";
import { Router, type RouteListing } from "./core/router.js";
import { AsyncTracker, DEFAULT_SETTINGS, type Emu, type EmulatorModule, type EmulatorSettings } from "./core/state.js";
import { createStoreBasics, recordSeededFingerprint, seededFingerprint } from "./core/store.js";
import { modules as resourceModules } from "./modules.js";
import { scaleFingerprint, seedLargeStore, sizeOf, type DemoScale } from "./large-store/index.js";
import { largeStoreRoutes } from "./large-store/routes.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export interface EmulatorOptions {
  /** SQLite file; ":memory:" (the default) gives a private, throw-away store. */
  dbFile?: string;
  fixturesDir?: string;
  migrationsDir?: string;
  clock?: Clock;
  settings?: Partial<EmulatorSettings>;
  /**
   * "demo" (the default): the fixtures alone. "large": the fixtures and a generated merchant-sized store next to them
   * (DEMO_SCALE=large, server/emulator/large-store). A size: a generated store of that size (tests).
   */
  scale?: DemoScale;
}

export interface Emulator {
  /** The whole API as a fetch function: the in-process target of the webstore client. */
  fetch(req: Request): Promise<Response>;
  /** Back to the fixtures: data, clock, faults, journal, async state. */
  reset(): void;
  clock: Clock;
  settings: EmulatorSettings;
  db: Db;
  /**
   * What opening did to the data: seeded an empty database, kept it, or seeded it again because fixtures/ (or the
   * scale) changed.
   */
  seeding: "seeded" | "kept" | "reseeded";
  /** The routes it serves, with the API versions of each webstore route (for `npm run census`). */
  routes(): RouteListing[];
  close(): void;
}

/** A fingerprint of every fixture file's name and content. */
export function fixturesFingerprint(dir: string): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".json")) continue;
    hash
      .update(name)
      .update("\0")
      .update(readFileSync(join(dir, name)))
      .update("\0");
  }
  return hash.digest("hex");
}

/**
 * What a database is seeded from: the fixtures' fingerprint, and the generated store's description when there is one
 * (a demo-scale database keeps the fixtures' fingerprint alone, as before scales existed). Another scale, another
 * fingerprint: switching DEMO_SCALE seeds the database again.
 */
export function seedFingerprint(fixturesDir: string, scale: string): string {
  const fixtures = fixturesFingerprint(fixturesDir);
  return scale ? createHash("sha256").update(fixtures).update("\0").update(scale).digest("hex") : fixtures;
}

const coreModules: EmulatorModule[] = [
  { name: "context", routes: contextRoutes, seed: seedContext },
  { name: "auth", routes: authRoutes, seed: seedIdentity },
];

/**
 * The settings of EMULATOR_ASYNC_POLLS and EMULATOR_CHECKOUT_SECONDS: unset, an org's defaults (carts ready at once,
 * a checkout's calculation over by the next call); polls set, that many reads of every changed resource, checkouts
 * included; seconds set, a checkout calculates that long on the virtual clock (slow, for tests and demos).
 */
export function asyncPollSettings(polls: number | undefined, checkoutSeconds?: number): Partial<EmulatorSettings> {
  return {
    ...(polls === undefined ? {} : { asyncPolls: polls, checkoutPolls: polls }),
    ...(checkoutSeconds === undefined ? {} : { checkoutSeconds }),
  };
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const db = openDatabase(options.dbFile ?? ":memory:", options.migrationsDir ?? join(ROOT, "db"));
  const clock = options.clock ?? createClock();
  const settings: EmulatorSettings = { ...DEFAULT_SETTINGS, ...options.settings };
  const emu: Emu = {
    db,
    clock,
    ids: createIdGenerator(db),
    settings,
    async: new AsyncTracker(clock, () => ({ polls: settings.asyncPolls, seconds: settings.asyncSeconds })),
    fixturesDir: options.fixturesDir ?? join(ROOT, "fixtures"),
    store: createStoreBasics(db),
  };
  const modules = [...coreModules, ...resourceModules];
  const largeStore = sizeOf(options.scale);
  const fingerprint = seedFingerprint(emu.fixturesDir, scaleFingerprint(largeStore));
  const seed = () =>
    db.transaction(() => {
      modules.forEach((m) => m.seed?.(emu));
      // The generated store after every module's fixtures: it adds to them, and reset brings back the same scale.
      if (largeStore) seedLargeStore(emu, largeStore);
      recordSeededFingerprint(db, fingerprint);
    })();
  let seeding: Emulator["seeding"] = "kept";
  if (isEmpty(db)) {
    seed();
    seeding = "seeded";
  } else if (seededFingerprint(db) !== fingerprint) {
    // The demo contract (handles docs and tests rely on) lives in fixtures/: a store seeded from older fixtures
    // would lack it (and one seeded at another scale is another store). Shopper data made since is dropped with the old seed; the server says so when it starts.
    truncateAll(db);
    seed();
    seeding = "reseeded";
  }

  const admin = createAdmin();
  const router = new Router();
  const reset = () => {
    truncateAll(db);
    seed();
    clock.reset();
    emu.async.clear();
    admin.clearAll();
    Object.assign(settings, DEFAULT_SETTINGS, options.settings);
  };
  admin.routes(router, emu, reset);
  const states = stateRoutes(router, emu);
  consoleRoutes(router, { emu, admin, states });
  largeStoreRoutes(router, emu);
  for (const m of modules) m.routes(router, emu);
  const authenticate = createAuthenticator(emu);

  return {
    async fetch(req) {
      const url = new URL(req.url);
      // Read before the handler, which gets the same URL object (parsed once per request).
      const { pathname, search } = url;
      const started = performance.now();
      const isAdmin = pathname.startsWith("/__emulator/");
      const rule = isAdmin ? null : admin.takeFault(req.method, pathname);
      const { res, processedStatus } = await admin.answer(rule, () => router.handle(req, emu, authenticate, url));
      if (!isAdmin) {
        admin.record({
          at: isoDate(clock.now()),
          method: req.method,
          path: pathname,
          query: search,
          status: res.status,
          durationMs: Math.round(performance.now() - started),
          fault: rule?.id ?? null,
          processedStatus,
          highScale: req.headers.get("x-highscale") === "true",
          requestId: req.headers.get("x-request-id"),
          headers: redactHeaders(req.headers),
        });
      }
      return res;
    },
    reset,
    clock,
    settings,
    db,
    seeding,
    routes: () => router.list(),
    close: () => db.close(),
  };
}
