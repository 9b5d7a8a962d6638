/**
 * docs/emulator-census.md is what `npm run census -- --write` writes from scripts/census/documented.ts and the
 * emulator's routes. The emulator serves each documented webstore resource at its page's versions or says why not,
 * and serves nothing under the webstore path that is neither documented nor explained.
 */
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { LATEST_VERSION } from "../../server/emulator/core/router.js";
import { createEmulator } from "../../server/emulator/index.js";
import { EMULATOR_ONLY, NOT_SERVED, pairKey } from "../../scripts/census/documented.js";
import {
  census,
  censusMarkdown,
  expectedVersions,
  liveAtLatest,
  sectionOf,
  versionsText,
} from "../../scripts/census/table.js";

const emulator = createEmulator();
afterAll(() => emulator.close());
const result = census(emulator.routes());
const describePair = (method: string, path: string) => `${method} ${path}`;

describe("docs/emulator-census.md", () => {
  it("is the generator's output for the routes and census data as they are", () => {
    expect(sectionOf(readFileSync("docs/emulator-census.md", "utf8"))).toBe(censusMarkdown(result));
  });

  it("serves every pair documented at v65.0 at exactly its page's versions, or writes why it doesn't", () => {
    const wrong = result.documented
      .filter((row) => liveAtLatest(row.pair))
      .flatMap(({ pair, served, reason }) => {
        const expected = expectedVersions(pair)!;
        if (!served) return reason ? [] : [`${describePair(pair.method, pair.path)}: not served, no reason`];
        const same =
          served.since === expected.since && (served.until ?? LATEST_VERSION) === (expected.until ?? LATEST_VERSION);
        return same
          ? []
          : [`${describePair(pair.method, pair.path)}: served ${versionsText(served)}, page ${versionsText(expected)}`];
      });
    expect(wrong).toEqual([]);
  });

  it("serves a removed resource only at its documented versions", () => {
    const wrong = result.documented
      .filter((row) => row.served && !liveAtLatest(row.pair))
      .filter(({ pair, served }) => {
        const expected = expectedVersions(pair);
        return !expected || served!.since !== expected.since || served!.until !== expected.until;
      })
      .map(({ pair }) => describePair(pair.method, pair.path));
    expect(wrong).toEqual([]);
  });

  it("keeps a not-served reason only for a pair that is not served", () => {
    const served = new Set(result.documented.filter((r) => r.served).map((r) => pairKey(r.pair.method, r.pair.path)));
    const documented = new Set(result.documented.map((r) => pairKey(r.pair.method, r.pair.path)));
    expect(Object.keys(NOT_SERVED).filter((key) => served.has(key) || !documented.has(key))).toEqual([]);
  });

  it("serves no webstore route that is neither documented nor explained as emulator-only", () => {
    expect(
      result.extras.filter((row) => !row.reason).map((row) => describePair(row.route.method, row.route.path)),
    ).toEqual([]);
    const extras = new Set(result.extras.map((row) => pairKey(row.route.method, row.route.path)));
    expect(Object.keys(EMULATOR_ONLY).filter((key) => !extras.has(key))).toEqual([]);
  });

  it("serves the documented resources it lists outside the webstore path", () => {
    expect(result.others.filter((row) => !row.served).map((row) => row.resource.path)).toEqual([]);
  });
});
