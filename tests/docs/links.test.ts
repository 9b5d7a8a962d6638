/**
 * A reader follows README's contents into docs/ and from page to page: every relative link in README.md and
 * docs/**.md names a file (or folder) that exists, and a `#fragment` names a heading of that page, as GitHub makes
 * heading anchors. Links to other sites are not fetched.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

const PAGES = [join(ROOT, "README.md"), ...markdownFiles(join(ROOT, "docs"))];

/** The page's text without fenced code blocks and code spans: a `[x](y)` in code is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/(`+)[\s\S]*?\1/g, "");
}

/** Inline links and images: `[text](target)`, `![alt](target "title")`. */
function linksOf(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens; a repeated one gets -1, -2… */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe("links in README.md and docs/", () => {
  it("finds the pages and their links (README's contents included)", () => {
    expect(PAGES.map((p) => relative(ROOT, p))).toEqual(expect.arrayContaining(["README.md", "docs/tests.md"]));
    expect(linksOf(readFileSync(join(ROOT, "README.md"), "utf8"))).toEqual(
      expect.arrayContaining(["docs/demo-contract.md", "docs/endpoints.md", "docs/test-controls.md"]),
    );
  });

  it.each(PAGES.map((p) => [relative(ROOT, p), p]))("%s: every relative link resolves", (_name, page) => {
    const broken: string[] = [];
    for (const target of linksOf(readFileSync(page, "utf8"))) {
      if (isExternal(target)) continue;
      const [path, fragment] = target.split("#", 2) as [string, string | undefined];
      const file = path ? resolve(dirname(page), decodeURIComponent(path)) : page;
      if (!existsSync(file)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (fragment && statSync(file).isFile() && !anchorsOf(readFileSync(file, "utf8")).has(fragment))
        broken.push(`${target}: no heading with that anchor`);
    }
    expect(broken).toEqual([]);
  });

  it("README stays a first page: at most 250 lines, the rest in docs/", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(250);
  });

  it("reads headings as GitHub anchors them", () => {
    expect([...anchorsOf("# The emulator's test controls\n## A merchant-sized store\n## Tests\n## Tests\n")]).toEqual([
      "the-emulators-test-controls",
      "a-merchant-sized-store",
      "tests",
      "tests-1",
    ]);
    expect(linksOf('See [a](x.md) and `[b](y.md)`, ![c](img.png "t") and [d](https://example.com).')).toEqual([
      "x.md",
      "img.png",
      "https://example.com",
    ]);
  });
});
