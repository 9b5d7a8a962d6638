import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { guestAuthorization } from "../support/identity.js";
import { createEmulator, fixturesFingerprint } from "../../server/emulator/index.js";

/**
 * A developer's demo database lives in a file across `npm start`s. Their carts survive a restart; a database
 * seeded from older fixtures is seeded again, so the demo contract the README promises always holds.
 */

const API = "http://emulator.local/services/data/v65.0/commerce/webstores/0ZEDEMO00000001";
const FIXTURES = resolve(__dirname, "../../fixtures");

let dir: string;
let dbFile: string;
let fixturesDir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-seed-"));
  dbFile = join(dir, "store.sqlite");
  fixturesDir = join(dir, "fixtures");
  cpSync(FIXTURES, fixturesDir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface GuestCart {
  cartId: string;
  /** The guest's UVID: a guest sees only the carts of their own UVID, whatever guest token carries it. */
  uvid: string;
}

type Emulator = ReturnType<typeof createEmulator>;
const SITE = "http://emulator.local";

async function createGuestCart(emulator: Emulator): Promise<GuestCart> {
  const uvid = randomUUID();
  const auth = await guestAuthorization((r) => emulator.fetch(r), SITE, uvid);
  const res = await emulator.fetch(
    new Request(`${API}/carts`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json", ...auth },
    }),
  );
  expect(res.status).toBe(201);
  return { cartId: ((await res.json()) as { cartId: string }).cartId, uvid };
}

/** Read with a guest token minted now, as a storefront does after a restart. */
async function cartStatus(emulator: Emulator, cart: GuestCart): Promise<number> {
  const auth = await guestAuthorization((r) => emulator.fetch(r), SITE, cart.uvid);
  return (await emulator.fetch(new Request(`${API}/carts/${cart.cartId}`, { headers: auth }))).status;
}

describe("seeding a file database", () => {
  it("seeds an empty database, then keeps its data on the next start", async () => {
    const first = createEmulator({ dbFile, fixturesDir });
    expect(first.seeding).toBe("seeded");
    const cart = await createGuestCart(first);
    first.close();

    const second = createEmulator({ dbFile, fixturesDir });
    expect(second.seeding).toBe("kept");
    expect(await cartStatus(second, cart)).toBe(200);
    second.close();
  });

  it("seeds again when fixtures/ changed since, and the new fixture data is there", async () => {
    const first = createEmulator({ dbFile, fixturesDir });
    const cart = await createGuestCart(first);
    first.close();

    const webstoreFile = join(fixturesDir, "webstore.json");
    const webstore = JSON.parse(readFileSync(webstoreFile, "utf8"));
    webstore.name = "Renamed Demo Store";
    writeFileSync(webstoreFile, JSON.stringify(webstore));

    const second = createEmulator({ dbFile, fixturesDir });
    expect(second.seeding).toBe("reseeded");
    expect(await cartStatus(second, cart)).toBe(404);
    const row = second.db.prepare("SELECT name FROM webstores").get() as { name: string };
    expect(row.name).toBe("Renamed Demo Store");
    second.close();
  });

  it("fingerprints content, not timestamps", () => {
    const before = fixturesFingerprint(fixturesDir);
    const file = join(fixturesDir, "catalog.json");
    writeFileSync(file, readFileSync(file));
    expect(fixturesFingerprint(fixturesDir)).toBe(before);
    writeFileSync(file, readFileSync(file, "utf8") + "\n");
    expect(fixturesFingerprint(fixturesDir)).not.toBe(before);
  });
});
