/**
 * The header's category links (app/catalog/catalog.server.ts, `navigation`): from API 64.0 the category menu
 * (GET category-menu-items, its top level), before it the top-level categories (GET product-categories/children),
 * and those too when the menu can't be read. The same links either way: the demo catalog's top-level categories.
 */
import { describe, expect, test } from "vitest";
import { useStore, type Answer, type Store } from "../support/routes";

/** The header's category links as `name → href`, in order. */
function headerCategories(page: Answer): [string, string][] {
  const nav = /<nav aria-label="Categories"[^>]*>([\s\S]*?)<\/nav>/.exec(page.html)?.[1] ?? "";
  return [...nav.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map(([, href, text]) => [
    text
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .trim(),
    href,
  ]);
}

/** The API reads a page made: the menu's and the category list's. */
const menuReads = (reads: string[]) =>
  reads
    .filter((path) => /^(category-menu-items|product-categories\/children)\b/.test(path))
    .map((p) => p.split("?")[0]);

async function cartPage(store: Store) {
  await store.reset();
  await store.control("DELETE", "/__emulator/journal");
  const page = await store.visitor().load("/cart");
  expect(page.status).toBe(200);
  return { links: headerCategories(page), reads: menuReads(await store.apiReads()) };
}

describe("at API 65.0", () => {
  const store = useStore();

  test("the header's categories are the category menu's top level, read in one call", async () => {
    const { links, reads } = await cartPage(store);
    expect(reads).toEqual(["category-menu-items"]);
    expect(links.length).toBeGreaterThan(1);
    expect(links[0]).toEqual(["Coffee", expect.stringMatching(/^\/category\/coffee\/0ZG\w+$/)]);
    // Only the top level: a subcategory is no header link.
    expect(links.map(([name]) => name)).not.toContain("Whole Bean");
  });

  test("the menu failing, the header falls back to the category list", async () => {
    const { links: fromMenu } = await cartPage(store);
    await store.reset();
    const fault = await store.control("POST", "/__emulator/faults", {
      method: "GET",
      path: "*/category-menu-items",
      status: 500,
      errorCode: "UNKNOWN_EXCEPTION",
      times: 0,
    });
    expect(fault.status).toBe(201);
    await store.control("DELETE", "/__emulator/journal");
    const page = await store.visitor().load("/cart");
    expect(menuReads(await store.apiReads())).toContain("product-categories/children");
    expect(headerCategories(page)).toEqual(fromMenu);
    await store.control("DELETE", "/__emulator/faults");
  });
});

describe("at API 63.0", () => {
  const store = useStore({ env: { WEBSTORE_API_VERSION: "63.0" } });
  const at65 = useStore();

  test("before category-menu-items the header reads the top-level categories, and shows the same links", async () => {
    const { links, reads } = await cartPage(store);
    expect(reads).toEqual(["product-categories/children"]);
    expect(links).toEqual((await cartPage(at65)).links);
  });
});
