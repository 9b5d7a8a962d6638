import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { rebuildFullTextIndexes, withoutTriggers, type Db } from "../core/db.js";
import { invalidInput, notFound } from "../core/errors.js";
import { json, noContent } from "../core/http.js";
import type { Router } from "../core/router.js";
import type { Emu } from "../core/state.js";
import { isoDate } from "../core/clock.js";

/**
 * Saved states (emulator-only test controls, as Firebase's emulators export and import theirs): the store's data
 * under a name, kept in memory until the emulator stops, and loaded back in place of what the store holds. A state
 * is a SQLite database image (`db.serialize()`), so a state file (`--import`, `--export-on-exit`) is a database any
 * SQLite tool opens. Only the data: the virtual clock, fault rules, journal and settings are the test's controls
 * and stay as they are; a resource still processing (asyncPolls) is forgotten, as on a reset.
 */

/** A name a test gives a state: letters, digits, `-` and `_`, up to 64 (it is a path segment and a log word). */
const STATE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

interface SavedState {
  image: Buffer;
  savedAt: number;
}

/** The tables a state holds: every ordinary table but the migration log (the schema is the code's, not the state's). */
function dataTables(db: Db, schema = "main"): string[] {
  return (db.pragma(`${schema}.table_list`) as { schema: string; name: string; type: string }[])
    .filter(
      (t) =>
        t.schema === schema && t.type === "table" && t.name !== "schema_migrations" && !t.name.startsWith("sqlite_"),
    )
    .map((t) => t.name);
}

function migrationsOf(db: Db, schema: string): string {
  const rows = db.prepare(`SELECT name FROM ${schema}.schema_migrations ORDER BY name`).all() as { name: string }[];
  return rows.map((r) => r.name).join(",");
}

/**
 * Puts the rows of the database image `image` in place of the store's, in one transaction (the store is never seen
 * half loaded). The image is attached from a file: SQLite copies table to table (`INSERT … SELECT`) without a row
 * reaching JavaScript, which keeps a load of the demo store well under 200 ms. An image of another schema (a state
 * file from another version of the emulator) is refused before anything changes.
 */
export function loadImage(db: Db, image: Buffer): void {
  const dir = mkdtempSync(join(tmpdir(), "emulator-state-"));
  const file = join(dir, "state.db");
  writeFileSync(file, image);
  db.prepare("ATTACH DATABASE ? AS saved").run(file);
  try {
    if (migrationsOf(db, "saved") !== migrationsOf(db, "main"))
      throw invalidInput("The state was saved by another version of the emulator's database schema.");
    const tables = dataTables(db);
    db.pragma("foreign_keys = OFF");
    try {
      db.transaction(() => {
        // The full-text index's triggers would redo row by row what one rebuild does after.
        withoutTriggers(db, tables, () => {
          for (const t of tables) {
            db.exec(`DELETE FROM main."${t}"`);
            db.exec(`INSERT INTO main."${t}" SELECT * FROM saved."${t}"`);
          }
        });
        rebuildFullTextIndexes(db);
      })();
    } finally {
      db.pragma("foreign_keys = ON");
    }
  } finally {
    db.exec("DETACH DATABASE saved");
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Offsets of the file format's write and read versions in a database header: 1 rollback journal, 2 WAL. */
const FORMAT_VERSION_BYTES = [18, 19];

/**
 * The store's data as a database image (what a state holds, and what a state file is). A file store runs in WAL
 * mode and its image says so; an image marked WAL opens only next to a WAL file, which a buffer has not. Its pages
 * already hold every committed write, so it is marked a plain rollback-journal database.
 */
export function saveImage(db: Db): Buffer {
  const image = db.serialize();
  for (const at of FORMAT_VERSION_BYTES) image[at] = 1;
  return image;
}

/** A state file: a database image with the emulator's migration log, checked before anything is changed. */
export function readStateFile(file: string): Buffer {
  const image = readFileSync(file);
  // SQLite opens any bytes; only a read tells a database (of the emulator's) from something else.
  const db = new Database(image, { readonly: true });
  try {
    db.prepare("SELECT name FROM schema_migrations").all();
  } catch {
    throw new Error(`${file} is not a state the emulator exported.`);
  } finally {
    db.close();
  }
  return image;
}

export function writeStateFile(db: Db, file: string): void {
  writeFileSync(file, saveImage(db));
}

function stateName(raw: string | undefined): string {
  if (!raw || !STATE_NAME.test(raw))
    throw invalidInput("A state's name is 1 to 64 letters, digits, hyphens or underscores.");
  return raw;
}

/**
 * `POST /__emulator/states/{name}` saves the store's data under the name (201; saving again replaces it), `PUT`
 * loads it back (200), `GET /__emulator/states` lists them, `DELETE /__emulator/states/{name}` forgets one. Saved
 * states outlive a reset: saving, resetting and loading is their use.
 */
export function stateRoutes(r: Router, emu: Emu) {
  const states = new Map<string, SavedState>();
  const listing = (name: string, state: SavedState) => ({
    name,
    savedAt: isoDate(state.savedAt),
    bytes: state.image.length,
  });

  r.raw("GET", "/__emulator/states", () =>
    json({ states: [...states.entries()].map(([name, state]) => listing(name, state)) }),
  );
  r.raw("POST", "/__emulator/states/:name", (ctx) => {
    const name = stateName(ctx.params.name);
    const state = { image: saveImage(emu.db), savedAt: emu.clock.now() };
    states.set(name, state);
    return json(listing(name, state), 201);
  });
  r.raw("PUT", "/__emulator/states/:name", (ctx) => {
    const name = stateName(ctx.params.name);
    const state = states.get(name);
    if (!state) throw notFound(`No saved state named ${name}.`);
    const started = performance.now();
    loadImage(emu.db, state.image);
    emu.async.clear();
    return json({ ...listing(name, state), loadedInMs: Math.round(performance.now() - started) });
  });
  r.raw("DELETE", "/__emulator/states/:name", (ctx) => {
    const name = stateName(ctx.params.name);
    if (!states.delete(name)) throw notFound(`No saved state named ${name}.`);
    return noContent();
  });
}
