import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm run doctor` as a command: its exit code and its lines. The checks themselves, against the emulator switched
 * into each misconfiguration, are tests/contract/doctor.test.ts's.
 */
const ROOT = resolve(import.meta.dirname, "../..");

function doctor(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(WEBSTORE_|SESSION_SECRET$|EMULATOR_)/.test(key)),
  );
  const res = spawnSync(process.execPath, ["scripts/doctor.mjs"], {
    cwd: ROOT,
    env: { ...clean, ...env } as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

describe("npm run doctor", () => {
  it("passes on the demo store (no WEBSTORE_SITE_URL): every line ✓, exit 0", () => {
    const { status, output } = doctor({});
    expect(output).toContain("checking the demo store's emulator");
    const lines = output.split("\n").filter((line) => /^[✓✗–] /.test(line));
    expect(lines.length).toBeGreaterThanOrEqual(10);
    expect(lines.every((line) => line.startsWith("✓ "))).toBe(true);
    expect(status).toBe(0);
  });

  it("stops with one ✗ line naming the missing variables of a real org, exit 1, nothing contacted", () => {
    const { status, output } = doctor({ WEBSTORE_SITE_URL: "https://example.invalid/store", WEBSTORE_ID: "0ZE1" });
    expect(output.trim().split("\n")).toEqual([
      "✗ Invalid configuration: WEBSTORE_COMMUNITY_ID, WEBSTORE_CLIENT_ID, WEBSTORE_CLIENT_SECRET, WEBSTORE_REDIRECT_URI, SESSION_SECRET are required when WEBSTORE_SITE_URL points at a real org (README: Pointing it at a real org).",
    ]);
    expect(status).toBe(1);
  });

  it("exits 1 with the ✗ line when the org can't be reached", () => {
    const { status, output } = doctor({
      WEBSTORE_SITE_URL: "http://127.0.0.1:9/store",
      WEBSTORE_ID: "0ZE000000000001",
      WEBSTORE_COMMUNITY_ID: "0DB000000000001",
      WEBSTORE_CLIENT_ID: "id",
      WEBSTORE_CLIENT_SECRET: "secret",
      WEBSTORE_REDIRECT_URI: "https://shop.example/callback",
      SESSION_SECRET: "a-secret-of-sixteen-or-more",
    });
    expect(output).toMatch(/^✗ Site http:\/\/127\.0\.0\.1:9\/store is reachable — .*check WEBSTORE_SITE_URL/m);
    expect(status).toBe(1);
  });
});
