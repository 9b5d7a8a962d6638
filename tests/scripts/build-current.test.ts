import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sourcesFingerprint } from "../../scripts/build.mjs";

/**
 * `npm start` builds only when build/ was not made from the sources as they are (scripts/build.mjs): a later start
 * with nothing changed serves at once, and any change to what is built, or to the base path built in, builds again.
 */
let root: string;
const env: NodeJS.ProcessEnv = { NODE_ENV: "production", BASE_PATH: "" };

function write(path: string, text: string) {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "built-from-"));
  write("app/routes/_index.tsx", "export default function Home() {}");
  write("server/main.ts", "export {}");
  write("package-lock.json", "{}");
  write("vite.config.ts", "export default {}");
  write("docs/README.md", "# Docs");
  write("tests/home.test.ts", "");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the sources a build was made from", () => {
  it("are the same while nothing built changes: a start serves the build it has", () => {
    const before = sourcesFingerprint(root, env);
    write("docs/README.md", "# Docs, edited");
    write("tests/home.test.ts", "// a new test");
    expect(sourcesFingerprint(root, env)).toBe(before);
  });

  it("differ after a change to the app, the server, the lockfile or the build's config: a start builds", () => {
    for (const [file, text] of [
      ["app/routes/_index.tsx", "export default function Home() { return null; }"],
      ["app/routes/cart.tsx", "export default function Cart() {}"],
      ["server/main.ts", "export const x = 1;"],
      ["package-lock.json", '{"lockfileVersion":3}'],
      ["vite.config.ts", "export default { base: '/' }"],
    ]) {
      const before = sourcesFingerprint(root, env);
      write(file, text);
      expect(sourcesFingerprint(root, env), file).not.toBe(before);
    }
  });

  it("differ for another base path or a development build: what was built in would be wrong", () => {
    const atRoot = sourcesFingerprint(root, env);
    expect(sourcesFingerprint(root, { ...env, BASE_PATH: "/shop" })).not.toBe(atRoot);
    expect(sourcesFingerprint(root, { ...env, NODE_ENV: "development" })).not.toBe(atRoot);
  });

  it("name each file: the same text moved to another file is a change", () => {
    const before = sourcesFingerprint(root, env);
    rmSync(join(root, "server/main.ts"));
    write("server/serve.ts", "export {}");
    expect(sourcesFingerprint(root, env)).not.toBe(before);
  });
});
