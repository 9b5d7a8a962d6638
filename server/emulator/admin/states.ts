import { readFileSync, writeFileSync } from "node:fs";
import { assertEmulatorImage, loadImage, saveImage, type Db } from "../core/db.js";
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

/** A state file, checked to be one before anything is changed. */
export function readStateFile(file: string): Buffer {
  const image = readFileSync(file);
  assertEmulatorImage(image, file);
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
  const saved = {
    list: () => [...states.entries()].map(([name, state]) => listing(name, state)),
    save(raw: string | undefined) {
      const name = stateName(raw);
      const state = { image: saveImage(emu.db), savedAt: emu.clock.now() };
      states.set(name, state);
      return listing(name, state);
    },
    /** Keeps a state file's image under a name (the console's upload), checked to be one first. */
    put(raw: string | undefined, image: Buffer) {
      const name = stateName(raw);
      assertEmulatorImage(image, `The file for ${name}`);
      const state = { image, savedAt: emu.clock.now() };
      states.set(name, state);
      return listing(name, state);
    },
    load(raw: string | undefined) {
      const name = stateName(raw);
      const state = states.get(name);
      if (!state) throw notFound(`No saved state named ${name}.`);
      const started = performance.now();
      loadImage(emu.db, state.image);
      emu.async.clear();
      return { ...listing(name, state), loadedInMs: Math.round(performance.now() - started) };
    },
    /** The state's database image (a state file), or null when none has the name. */
    image: (raw: string | undefined) => states.get(stateName(raw))?.image ?? null,
    remove(raw: string | undefined) {
      const name = stateName(raw);
      if (!states.delete(name)) throw notFound(`No saved state named ${name}.`);
    },
  };

  r.raw("GET", "/__emulator/states", () => json({ states: saved.list() }));
  r.raw("POST", "/__emulator/states/:name", (ctx) => json(saved.save(ctx.params.name), 201));
  r.raw("PUT", "/__emulator/states/:name", (ctx) => json(saved.load(ctx.params.name)));
  r.raw("DELETE", "/__emulator/states/:name", (ctx) => {
    saved.remove(ctx.params.name);
    return noContent();
  });
  return saved;
}

/** The saved states, as the console and the routes use them. */
export type SavedStates = ReturnType<typeof stateRoutes>;
