import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A newcomer's first command runs on a clone with no node_modules. Every npm script's entry must get as far as
 * installing (or, for `serve`, as far as saying there is no build) before it needs a package: a static import of a
 * package, anywhere in what the entry imports statically, fails with ERR_MODULE_NOT_FOUND before the entry's first
 * line runs. Each entry is run from a copy of scripts/ and the package files in a folder with no node_modules above
 * it, with an `npm` on the PATH that records its arguments and fails (so nothing is installed, and nothing after the
 * install step runs).
 */
const ROOT = resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };

/** The npm scripts whose command (or first command) is `node scripts/<entry>.mjs`. */
const entries = [
  ...new Set(
    Object.values(pkg.scripts)
      .map((command) => /^node (scripts\/[\w-]+\.mjs)\b/.exec(command)?.[1])
      .filter((entry): entry is string => entry !== undefined),
  ),
];

let dir: string;
let npmCalls: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fresh-clone-"));
  mkdirSync(join(dir, "scripts"));
  for (const file of readdirSync(join(ROOT, "scripts")).filter((f) => f.endsWith(".mjs")))
    copyFileSync(join(ROOT, "scripts", file), join(dir, "scripts", file));
  for (const file of ["package.json", "package-lock.json"]) copyFileSync(join(ROOT, file), join(dir, file));
  mkdirSync(join(dir, "bin"));
  npmCalls = join(dir, "npm-calls.txt");
  const npm = join(dir, "bin", "npm");
  writeFileSync(
    npm,
    `#!/bin/sh\necho "npm $*" >> "${npmCalls}"\necho "npm: not installing in this test" >&2\nexit 1\n`,
  );
  chmodSync(npm, 0o755);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runEntry(entry: string) {
  rmSync(npmCalls, { force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${join(dir, "bin")}:${process.env.PATH}` };
  delete env.NODE_PATH;
  delete env.NODE_OPTIONS;
  const res = spawnSync(process.execPath, [entry], { cwd: dir, env, encoding: "utf8", timeout: 20_000 });
  return {
    output: `${res.stdout}${res.stderr}`,
    npm: existsSync(npmCalls) ? readFileSync(npmCalls, "utf8") : "",
  };
}

describe("npm scripts on a clone with no node_modules", () => {
  it("finds the entries to check (start, build, dev, test, serve)", () => {
    expect(entries).toEqual(
      expect.arrayContaining([
        "scripts/start.mjs",
        "scripts/build.mjs",
        "scripts/dev.mjs",
        "scripts/test.mjs",
        "scripts/serve.mjs",
      ]),
    );
  });

  for (const entry of entries.filter((e) => e !== "scripts/serve.mjs")) {
    it(`${entry} reaches the install step before it imports a package`, () => {
      const { output, npm } = runEntry(entry);
      expect(output).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (package|module)/);
      expect(output).toContain("Installing dependencies");
      expect(npm).toMatch(/^npm install\b/);
      // A failed install ends with one line that says what to do, not a stack trace.
      expect(output).toContain("npm install failed");
      expect(output).not.toMatch(/\n\s+at /);
    });
  }

  it("scripts/serve.mjs says to build first when there is no build", () => {
    const { output, npm } = runEntry("scripts/serve.mjs");
    expect(output).toContain("run `npm run build` first");
    expect(output).not.toMatch(/ERR_MODULE_NOT_FOUND|\n\s+at /);
    expect(npm).toBe("");
  });
});
