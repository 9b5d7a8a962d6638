import { createHash } from "node:crypto";
import { constants, copyFileSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createAdmin, redactHeaders } from "./admin/admin.js";
import { consoleRoutes } from "./admin/console/index.js";
import { stateRoutes } from "./admin/states.js";
import { authRoutes, createAuthenticator, seedIdentity } from "./identity/auth.js";
import { createClock, isoDate, type Clock } from "./core/clock.js";
import { contextRoutes, seedContext } from "./core/context.js";
import { isEmpty, loadDatabaseFile, openDatabase, truncateAll, type Db } from "./core/db.js";
import { createIdGenerator } from "./core/ids.js";
import { Router, type RouteListing } from "./core/router.js";
import { AsyncTracker, DEFAULT_SETTINGS, type Emu, type EmulatorModule, type EmulatorSettings } from "./core/state.js";
import { createStoreBasics, recordSeededFingerprint, seededFingerprint } from "./core/store.js";
import { modules as resourceModules } from "./modules.js";
import {
  preparedStore,
  scaleFingerprint,
  seedLargeStore,
  sizeOf,
  type DemoScale,
  type PrepareOptions,
} from "./large-store/index.js";
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
   * (DEMO_SCALE=large, server/emulator/large-store). "xl": the same at Salesforce's ceilings, a million products,
   * copied from a prepared file (needs a file database). A size: a generated store of that size (tests).
   */
  scale?: DemoScale;
  /**
   * Seed the generated store through a prepared file in `dir` (large-store/prepare.ts), as "xl" does in
   * .cache/xl-store: the store is copied from it, and a reset loads it again. Tests set it for a small size.
   */
  prepared?: Pick<PrepareOptions, "dir" | "batch" | "onProgress">;
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
  const dbFile = options.dbFile ?? ":memory:";
  const migrationsDir = options.migrationsDir ?? join(ROOT, "db");
  const clock = options.clock ?? createClock();
  const settings: EmulatorSettings = { ...DEFAULT_SETTINGS, ...options.settings };
  const fixturesDir = options.fixturesDir ?? join(ROOT, "fixtures");
  const emuOf = (db: Db): Emu => ({
    db,
    clock,
    ids: createIdGenerator(db),
    settings,
    async: new AsyncTracker(clock, () => ({ polls: settings.asyncPolls, seconds: settings.asyncSeconds })),
    fixturesDir,
    store: createStoreBasics(db),
  });
  const modules = [...coreModules, ...resourceModules];
  const largeStore = sizeOf(options.scale);
  const fingerprint = seedFingerprint(fixturesDir, scaleFingerprint(largeStore));
  const seedFixtures = (emu: Emu) => modules.forEach((m) => m.seed?.(emu));

  const preparedDir = options.prepared?.dir ?? (options.scale === "xl" ? join(ROOT, ".cache", "xl-store") : null);
  const prepared =
    largeStore && preparedDir
      ? () =>
          preparedStore({
            ...options.prepared,
            dir: preparedDir,
            size: largeStore,
            fingerprint,
            migrationsDir,
            emuOf,
            seedFixtures,
          }).file
      : null;
  if (prepared && dbFile === ":memory:")
    throw new Error(
      "A prepared store (DEMO_SCALE=xl) needs a database file (EMULATOR_DB): the store is a copy of the prepared file.",
    );

  let db = openDatabase(dbFile, migrationsDir);
  const seeding: Emulator["seeding"] = isEmpty(db)
    ? "seeded"
    : seededFingerprint(db) !== fingerprint
      ? "reseeded"
      : "kept";
  if (prepared && seeding !== "kept") {
    // The prepared file is the whole store: a copy of it replaces the database (a copy-on-write clone where the file
    // system has them), instead of seeding a million products again.
    db.close();
    const source = prepared();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbFile}${suffix}`, { force: true });
    copyFileSync(source, dbFile, constants.COPYFILE_FICLONE);
    db = openDatabase(dbFile, migrationsDir);
  }
  const emu = emuOf(db);
  const seed = () =>
    db.transaction(() => {
      seedFixtures(emu);
      // The generated store after every module's fixtures: it adds to them, and reset brings back the same scale.
      if (largeStore) seedLargeStore(emu, largeStore);
      recordSeededFingerprint(db, fingerprint);
    })();
  if (!prepared && seeding === "seeded") seed();
  else if (!prepared && seeding === "reseeded") {
    // The demo contract (handles docs and tests rely on) lives in fixtures/: a store seeded from older fixtures
    // would lack it (and one seeded at another scale is another store). Shopper data made since is dropped with the old seed; the server says so when it starts.
    truncateAll(db);
    seed();
  }

  const admin = createAdmin();
  const router = new Router();
  const reset = () => {
    // Seeding a prepared store again would take minutes: its file's rows are copied in instead.
    if (prepared) loadDatabaseFile(db, prepared(), "The prepared store has another schema.");
    else {
      truncateAll(db);
      seed();
    }
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
