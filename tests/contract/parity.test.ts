/**
 * `npm run parity` end to end: a recording of the org-safe suite made against the emulator over HTTP, checked
 * against the same emulator (every endpoint at parity: the recorder is deterministic) and against one whose
 * category listing a fault rule answers 404 (the check names that endpoint and that status, and nothing else).
 * The recorder's pieces, and that a recording holds no values, are tests/scripts/parity.test.ts's.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import { serveFetch } from "../../server/node-http.js";
import { compileTrustProxy } from "../../server/proxy.js";
import type { Recording } from "../../scripts/parity/shape.js";

const ROOT = resolve(import.meta.dirname, "../..");
const CATEGORIES = "GET /services/data/{apiVersion}/commerce/webstores/{webstoreId}/product-categories/children";

function parity(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["scripts/parity.mjs", ...args], { cwd: ROOT });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("close", (code) => done({ code: code ?? 1, output }));
  });
}

async function servedEmulator() {
  const emulator: Emulator = createEmulator();
  const served = await serveFetch((r) => emulator.fetch(r), 0, { trustProxy: compileTrustProxy("loopback") });
  return {
    url: served.url,
    close: async () => {
      await served.close();
      emulator.close();
    },
  };
}

/** The report's endpoint lines (✓ / ✗) and what it says under them. */
const reportOf = (output: string) => output.slice(output.indexOf("\nparity of "));

describe("npm run parity", () => {
  let dir: string;
  let same: Awaited<ReturnType<typeof servedEmulator>>;
  let changed: Awaited<ReturnType<typeof servedEmulator>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "parity-proof-"));
    [same, changed] = await Promise.all([servedEmulator(), servedEmulator()]);
  });
  afterAll(async () => {
    await Promise.all([same?.close(), changed?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("records the emulator over HTTP, then checks it unchanged (all at parity) and with one status changed (that one named)", async () => {
    const file = join(dir, "recording.json");
    const recorded = await parity(["record", `--url=${same.url}`, `--out=${file}`]);
    expect(recorded.output).toMatch(/recorded \d+ requests to \d+ endpoints of the emulator at http:\/\/127\.0\.0\.1/);
    expect(recorded.code).toBe(0);
    const recording = JSON.parse(readFileSync(file, "utf8")) as Recording;
    expect(recording).toMatchObject({ format: "webstore-parity/1", target: "emulator", apiVersion: "65.0" });
    // Every case of the org-safe suite ran and passed, but the reset case, which needs the integration app's
    // credentials (an org owner's WEBSTORE_INTEGRATION_* variables) that a recording by URL is not given.
    const statuses = recording.tests.map((t) => t.status);
    expect(statuses.filter((s) => s !== "passed")).toEqual(["skipped"]);
    expect(statuses.filter((s) => s === "passed")).toHaveLength(5);
    const endpoints = new Set(recording.requests.map((r) => `${r.method} ${r.path}`));
    expect(endpoints).toContain(CATEGORIES);
    expect(endpoints).toContain("POST /services/oauth2/token");

    // The first emulator as it was (its failed sign-in forgotten); the second answers its category listing 404.
    await fetch(`${same.url}/__emulator/reset`, { method: "POST" });
    const fault = await fetch(`${changed.url}/__emulator/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ method: "GET", path: "*/product-categories/children", status: 404, times: 0 }),
    });
    expect(fault.status).toBe(201);
    const [unchanged, faulted] = await Promise.all([
      parity(["check", file, `--url=${same.url}`]),
      parity(["check", file, `--url=${changed.url}`]),
    ]);

    const atParity = reportOf(unchanged.output).split("\n");
    expect(atParity.filter((line) => line.startsWith("✗ "))).toEqual([]);
    expect(atParity.filter((line) => line.startsWith("✓ "))).toHaveLength(endpoints.size);
    expect(atParity).toContain(`${endpoints.size} of ${endpoints.size} endpoints at parity`);
    expect(unchanged.code).toBe(0);

    const report = reportOf(faulted.output).split("\n");
    const differing = report.filter((line) => line.startsWith("✗ ") || line.startsWith("    "));
    expect(differing).toHaveLength(2);
    expect(differing[0]).toMatch(
      /^✗ GET +\/services\/data\/\{apiVersion\}\/commerce\/webstores\/\{webstoreId\}\/product-categories\/children +200 → 404$/,
    );
    expect(differing[1]).toBe("    status: recorded 200, emulator 404");
    expect(report).toContain(`${endpoints.size - 1} of ${endpoints.size} endpoints at parity`);
    expect(faulted.code).toBe(1);
  }, 180_000);
});
