/**
 * docs/spec-calls.md is what scripts/spec-calls.mjs writes from the code: which screen makes each of the spec's 59
 * calls, at which versions. A change to the adapter or to a caller that changes the answer fails here until the
 * file is written again (`node scripts/spec-calls.mjs`).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const generated = () => execFileSync(process.execPath, ["scripts/spec-calls.mjs", "--print"], { encoding: "utf8" });

describe("docs/spec-calls.md", () => {
  it("is the generator's output for the code as it is", () => {
    expect(readFileSync("docs/spec-calls.md", "utf8")).toBe(generated());
  });

  it("accounts for all 59 calls: each made by a screen at v65.0 or not made with a written reason", () => {
    const text = generated();
    const rows = text.split("\n").filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE|GET\/POST) `/.test(line));
    expect(rows).toHaveLength(59);
    for (const row of rows)
      expect(row).toMatch(/\| (\*\*made\*\*|not made: (?!no screen calls it \(no reason written\)).+) \|$/);
    const made = rows.filter((row) => row.endsWith("| **made** |")).length;
    expect(text).toContain(`**Made by a screen at v65.0: ${made} of 59.**`);
  });
});
