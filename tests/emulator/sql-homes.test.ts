import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Where the emulator's SQL lives (docs/emulator.md, "Where the SQL lives"): a resource folder's statements are
 * named functions in its `store.ts`, and the handlers call those. Outside a `store.ts`, only the seeders (bulk
 * loads in one transaction) and `core/db.ts` (migrations, pragmas, the statement cache) prepare or run SQL.
 */

const ROOT = fileURLToPath(new URL("../../server/emulator/", import.meta.url));

/** Files that may prepare or run SQL although they are not a `store.ts`, each with the reason. */
const EXCEPTIONS: Record<string, string> = {
  "core/db.ts":
    "the database itself: migrations, pragmas, truncation, transactions, the statement cache and saved states' images",
  "catalog/seed.ts": "the demo catalog's bulk load, one transaction at seeding",
  "checkout/seed.ts": "the delivery methods' and tax rates' bulk load, one transaction at seeding",
  "orders/seed.ts": "the demo orders' bulk load, one transaction at seeding",
  "large-store/seed.ts": "the generated store's bulk load, one transaction at seeding",
  "large-store/prepare.ts":
    "the xl store's preparation progress, written in each batch's transaction so a stopped preparation resumes",
  "admin/console/data.ts":
    "the console's read-only views across every resource's tables (a table and its columns come from RESOURCES), and the two edits a demo may make: stock and price",
};

/** A statement prepared, or SQL run, on a database: `.prepare(` (or `.prepare<T>(`) on anything, `.exec(` on a `db`. */
const SQL_CALL = /\.\s*prepare\s*(?:<[^()]*?>)?\s*\(|\bdb\s*\.\s*exec\s*\(/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

function sqlCallsByFile(): Map<string, number> {
  const calls = new Map<string, number>();
  for (const file of sourceFiles(ROOT)) {
    const count = readFileSync(file, "utf8").match(SQL_CALL)?.length ?? 0;
    if (count > 0) calls.set(relative(ROOT, file).split("\\").join("/"), count);
  }
  return calls;
}

describe("the emulator's SQL lives in each resource's store.ts", () => {
  it("finds the SQL calls it is looking for", () => {
    // The check can see what it forbids: the stores and core/db.ts do prepare statements.
    const calls = sqlCallsByFile();
    expect(calls.get("core/db.ts")).toBeGreaterThan(0);
    expect(calls.get("carts/store.ts")).toBeGreaterThan(0);
    expect("x.prepare('SELECT 1')".match(SQL_CALL)).toHaveLength(1);
    expect("emu.db.prepare<unknown[]>(sql).all()".match(SQL_CALL)).toHaveLength(1);
    expect("emu.db\n  .exec('DELETE FROM t')".match(SQL_CALL)).toHaveLength(1);
    expect("/^v(\\d+)$/.exec(segment)".match(SQL_CALL)).toBeNull();
  });

  it("no file outside a store.ts prepares or runs SQL, but the documented exceptions", () => {
    const offenders = [...sqlCallsByFile()]
      .filter(([file]) => !file.endsWith("/store.ts") && !(file in EXCEPTIONS))
      .map(([file, count]) => `${file} (${count})`);
    expect(offenders, "move these statements into the folder's store.ts").toEqual([]);
  });

  it("lists no exception that has no SQL left", () => {
    const calls = sqlCallsByFile();
    const stale = Object.keys(EXCEPTIONS).filter((file) => !calls.has(file));
    expect(stale).toEqual([]);
  });
});
