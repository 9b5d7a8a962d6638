import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm start` builds with Vite's ESM API (scripts/app-build.mjs through scripts/vite-esm.mjs): loading vite.config.ts
 * loads Remix's plugin, whose vite-node requires Vite, and that must not load Vite's deprecated CommonJS entry and
 * print its warning on every start.
 */
const ROOT = resolve(import.meta.dirname, "../..");

function loadViteConfig(through: string) {
  const env = { ...process.env };
  delete env.VITE_CJS_IGNORE_WARNING;
  const script = `const vite = (await import(${JSON.stringify(through)})).default ?? (await import(${JSON.stringify(through)}));
const loaded = await vite.loadConfigFromFile({ command: "build", mode: "production" });
console.log("plugins: " + String(loaded.config.plugins.flat().length));`;
  const res = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

describe("the build's Vite", () => {
  it("loads vite.config.ts and Remix's plugin without Vite's CJS deprecation warning", () => {
    const { status, output } = loadViteConfig("./scripts/vite-esm.mjs");
    expect(output).toMatch(/plugins: [1-9]/);
    expect(output).not.toContain("The CJS build of Vite's Node API is deprecated");
    expect(status).toBe(0);
  }, 60_000);

  it("would print it with Vite imported plainly (what scripts/vite-esm.mjs is for)", () => {
    const { output } = loadViteConfig("vite");
    expect(output).toContain("The CJS build of Vite's Node API is deprecated");
  }, 60_000);
});
