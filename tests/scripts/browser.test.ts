import { describe, expect, it } from "vitest";
import { ensureBrowser, findBrowser } from "../../scripts/browser.mjs";

const PLAYWRIGHT = "/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome";

/** A machine made of fakes: which files exist, who runs, and what each command does to the files. */
function machine({
  files = [] as string[],
  env = {} as Record<string, string>,
  platform = "linux",
  uid = 1000,
  commands = {} as Record<string, { status: number; output?: string; creates?: string }>,
} = {}) {
  const present = new Set(files);
  const ran: string[] = [];
  const logged: string[] = [];
  const deps = {
    env,
    platform,
    uid,
    exists: (p: string) => present.has(p),
    playwrightPath: () => PLAYWRIGHT,
    run: (cmd: string, args: string[]) => {
      const line = [cmd, ...args].join(" ");
      ran.push(line);
      const result = commands[line] ?? { status: 1, output: `${cmd}: not expected in this test` };
      if (result.status === 0 && result.creates) present.add(result.creates);
      return { status: result.status, output: result.output ?? "" };
    },
    log: (line: string) => logged.push(line),
  };
  return { deps, ran, logged };
}

const APT_UPDATE = "apt-get update -qq";
const APT_INSTALL = "apt-get install -y -qq chromium";
const PW_INSTALL = "npx playwright install chromium";

describe("findBrowser", () => {
  it("takes CHROMIUM_PATH when it exists, before a system Chromium", () => {
    const { deps } = machine({ files: ["/opt/chrome", "/usr/bin/chromium"], env: { CHROMIUM_PATH: "/opt/chrome" } });
    expect(findBrowser(deps)).toEqual({ path: "/opt/chrome", source: "CHROMIUM_PATH" });
  });

  it("does not replace a CHROMIUM_PATH that points nowhere with another browser", () => {
    const { deps } = machine({ files: ["/usr/bin/chromium"], env: { CHROMIUM_PATH: "/nowhere" } });
    expect(findBrowser(deps)).toBeUndefined();
  });

  it("takes the system's Chromium in the order Debian, Ubuntu, Google", () => {
    expect(findBrowser(machine({ files: ["/usr/bin/google-chrome", "/usr/bin/chromium"] }).deps)?.path).toBe(
      "/usr/bin/chromium",
    );
    expect(findBrowser(machine({ files: ["/usr/bin/google-chrome", "/usr/bin/chromium-browser"] }).deps)?.path).toBe(
      "/usr/bin/chromium-browser",
    );
    expect(findBrowser(machine({ files: ["/usr/bin/google-chrome"] }).deps)?.path).toBe("/usr/bin/google-chrome");
  });

  it("takes the Chromium Playwright installed when its executable is there", () => {
    expect(findBrowser(machine({ files: [PLAYWRIGHT] }).deps)).toEqual({ path: PLAYWRIGHT, source: "playwright" });
    expect(findBrowser(machine().deps)).toBeUndefined();
  });

  it("finds nothing, without throwing, when Playwright is not installed", () => {
    const { deps } = machine();
    expect(findBrowser({ ...deps, playwrightPath: () => undefined })).toBeUndefined();
  });
});

describe("ensureBrowser", () => {
  it("found: uses the browser that is there, installs nothing and says nothing", () => {
    const { deps, ran, logged } = machine({ files: ["/usr/bin/chromium", "/usr/bin/apt-get"], uid: 0 });
    expect(ensureBrowser(deps)).toEqual({ ok: true, path: "/usr/bin/chromium", source: "system" });
    expect(ran).toEqual([]);
    expect(logged).toEqual([]);
  });

  it("installed: as root with apt-get, installs Debian's chromium and says so in one line first", () => {
    const { deps, ran, logged } = machine({
      files: ["/usr/bin/apt-get"],
      uid: 0,
      commands: { [APT_UPDATE]: { status: 0 }, [APT_INSTALL]: { status: 0, creates: "/usr/bin/chromium" } },
    });
    expect(ensureBrowser(deps)).toEqual({
      ok: true,
      path: "/usr/bin/chromium",
      source: "system",
      installedWith: "apt-get",
    });
    expect(ran).toEqual([APT_UPDATE, APT_INSTALL]);
    expect(logged[0]).toBe(
      "e2e: no browser found; installing Debian's chromium (apt-get update && apt-get install -y chromium)...",
    );
    expect(logged.at(-1)).toBe("e2e: installed /usr/bin/chromium");
  });

  it("installed: without root, downloads Playwright's Chromium", () => {
    const { deps, ran, logged } = machine({
      files: ["/usr/bin/apt-get"],
      uid: 1000,
      commands: { [PW_INSTALL]: { status: 0, creates: PLAYWRIGHT } },
    });
    expect(ensureBrowser(deps)).toEqual({
      ok: true,
      path: PLAYWRIGHT,
      source: "playwright",
      installedWith: "npx playwright install",
    });
    expect(ran).toEqual([PW_INSTALL]);
    expect(logged[0]).toBe(
      "e2e: no browser found; downloading Playwright's Chromium (npx playwright install chromium)...",
    );
  });

  it("installed: off Linux, downloads Playwright's Chromium even as root", () => {
    const { deps, ran } = machine({
      platform: "darwin",
      uid: 0,
      commands: { [PW_INSTALL]: { status: 0, creates: PLAYWRIGHT } },
    });
    expect(ensureBrowser(deps)).toMatchObject({ ok: true, path: PLAYWRIGHT });
    expect(ran).toEqual([PW_INSTALL]);
  });

  it("installed: when apt-get fails, falls back to Playwright's download and names apt-get's reason", () => {
    const { deps, ran, logged } = machine({
      files: ["/usr/bin/apt-get"],
      uid: 0,
      commands: {
        [APT_UPDATE]: { status: 100, output: "Reading package lists...\nE: Could not resolve 'deb.debian.org'\n" },
        [PW_INSTALL]: { status: 0, creates: PLAYWRIGHT },
      },
    });
    expect(ensureBrowser(deps)).toMatchObject({ ok: true, path: PLAYWRIGHT, installedWith: "npx playwright install" });
    expect(ran).toEqual([APT_UPDATE, PW_INSTALL]);
    expect(logged).toContain("e2e: apt-get update -qq failed: E: Could not resolve 'deb.debian.org'");
  });

  it("none: when every way fails, one line says e2e is not run and names the fix", () => {
    const { deps, ran, logged } = machine({
      files: ["/usr/bin/apt-get"],
      uid: 0,
      commands: {
        [APT_UPDATE]: { status: 0 },
        [APT_INSTALL]: { status: 100, output: "E: Unable to locate package chromium" },
        [PW_INSTALL]: {
          status: 1,
          output: [
            'npm warn Unknown user config "nodedir".',
            "Error: getaddrinfo ENOTFOUND cdn.playwright.dev",
            "    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:internal/dns/promises:99:17) {",
            "  code: 'ENOTFOUND',",
            "}",
            "Failed to install browsers",
          ].join("\n"),
        },
      },
    });
    expect(ensureBrowser(deps)).toEqual({
      ok: false,
      message:
        "e2e: not run — no browser found (apt-get, then npx playwright install failed); install Chromium (apt-get install chromium) or set CHROMIUM_PATH",
    });
    expect(ran).toEqual([APT_UPDATE, APT_INSTALL, PW_INSTALL]);
    expect(logged).toEqual([
      "e2e: no browser found; installing Debian's chromium (apt-get update && apt-get install -y chromium)...",
      "e2e: apt-get install -y -qq chromium failed: E: Unable to locate package chromium",
      "e2e: no browser found; downloading Playwright's Chromium (npx playwright install chromium)...",
      "e2e: npx playwright install chromium failed: Error: getaddrinfo ENOTFOUND cdn.playwright.dev",
    ]);
  });

  it("none: an install that succeeds but leaves no browser is not taken for one", () => {
    const { deps } = machine({ commands: { [PW_INSTALL]: { status: 0 } } });
    const result = ensureBrowser(deps);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.message).toMatch(
      /^e2e: not run — no browser found \(npx playwright install failed\)/,
    );
  });

  it("none: E2E_BROWSER_INSTALL=0 installs nothing", () => {
    const { deps, ran } = machine({ env: { E2E_BROWSER_INSTALL: "0" }, files: ["/usr/bin/apt-get"], uid: 0 });
    expect(ensureBrowser(deps)).toEqual({
      ok: false,
      message:
        "e2e: not run — no browser found and E2E_BROWSER_INSTALL=0; install Chromium (apt-get install chromium) or set CHROMIUM_PATH",
    });
    expect(ran).toEqual([]);
  });

  it("none: a CHROMIUM_PATH that points nowhere is named, and nothing else is installed in its place", () => {
    const { deps, ran } = machine({ env: { CHROMIUM_PATH: "/nowhere" }, files: ["/usr/bin/apt-get"], uid: 0 });
    expect(ensureBrowser(deps)).toEqual({
      ok: false,
      message: "e2e: not run — CHROMIUM_PATH=/nowhere does not exist; point it at a Chromium or unset it",
    });
    expect(ran).toEqual([]);
  });

  it("none off Linux names Playwright's install as the fix", () => {
    const { deps } = machine({ platform: "darwin", env: { E2E_BROWSER_INSTALL: "0" } });
    expect(ensureBrowser(deps)).toMatchObject({
      ok: false,
      message: expect.stringContaining(
        "install Playwright's Chromium (npx playwright install chromium) or set CHROMIUM_PATH",
      ),
    });
  });
});
