import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config";
import { loadAppBuild } from "../../server/main";

/** The configuration from these variables alone. */
const configOf = (env: Record<string, string>) => readConfig({ NODE_ENV: "production", ...env });

describe("BASE_PATH", () => {
  it("is the site root by default, and one canonical form however it is written", () => {
    expect(configOf({}).BASE_PATH).toBe("");
    expect(configOf({ BASE_PATH: "/" }).BASE_PATH).toBe("");
    for (const written of ["/shop", "shop", "/shop/", " /shop// "])
      expect(configOf({ BASE_PATH: written }).BASE_PATH).toBe("/shop");
    expect(configOf({ BASE_PATH: "/stores/eu" }).BASE_PATH).toBe("/stores/eu");
  });

  it("refuses a path that is not one, or one the API, its controls or /healthz keep at the root", () => {
    for (const bad of ["/sh op", "/shop?x=1", "/..", "/a/../b", "/services", "/__emulator/x", "/healthz"]) {
      expect(() => configOf({ BASE_PATH: bad }), bad).toThrow(/BASE_PATH/);
    }
  });
});

describe("loadAppBuild", () => {
  const dir = mkdtempSync(join(tmpdir(), "store-build-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A stand-in for a Remix build made with `publicPath` (Vite's `base`, which vite.config.ts derives from BASE_PATH). */
  const buildFor = (name: string, publicPath: string) => {
    const at = join(dir, name);
    rmSync(at, { recursive: true, force: true });
    mkdirSync(join(at, "server"), { recursive: true });
    writeFileSync(
      join(at, "server", "index.js"),
      `export const publicPath = ${JSON.stringify(publicPath)}; export const assetsBuildDirectory = "build/client";\n`,
    );
    return at;
  };

  it("gives Remix's router the base path the build was made for", async () => {
    const build = await loadAppBuild({ BASE_PATH: "/shop", BUILD_DIR: buildFor("shop", "/shop/build/") });
    expect(build.basename).toBe("/shop");
    const root = await loadAppBuild({ BASE_PATH: "", BUILD_DIR: buildFor("root", "/build/") });
    expect(root.basename).toBeUndefined();
  });

  it("refuses to serve a build made for another base path, saying how to fix it", async () => {
    const shop = buildFor("shop-2", "/shop/build/");
    await expect(loadAppBuild({ BASE_PATH: "", BUILD_DIR: shop })).rejects.toThrow(
      /made for BASE_PATH=\/shop .* started with no BASE_PATH\. Build again .*`npm run build`.*or start the server with BASE_PATH=\/shop/,
    );
    const root = buildFor("root-2", "/build/");
    await expect(loadAppBuild({ BASE_PATH: "/shop", BUILD_DIR: root })).rejects.toThrow(
      /made for no BASE_PATH .* started with BASE_PATH=\/shop\. .*`BASE_PATH=\/shop npm run build`/,
    );
  });

  it("says where it looked when there is no build", async () => {
    await expect(loadAppBuild({ BASE_PATH: "", BUILD_DIR: join(dir, "none") })).rejects.toThrow(
      /No build found in .*none\/: run `npm run build`/,
    );
  });
});
