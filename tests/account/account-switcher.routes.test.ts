/**
 * The account switcher at its ceiling (issue 41): manager@demo.store buys for 200 accounts (Salesforce's limit for
 * the switcher; a small generated store next to the demo fixtures, server/emulator/large-store). The account page
 * lists them 20 a page, finds them by name or city with a GET form and walks them with GET links (no JavaScript),
 * never sends all 200 to the browser, and switching to one found on a later page acts for it.
 */
import { describe, expect, test } from "vitest";
import { createEmulator } from "../../server/emulator/index.js";
import { MANAGER_BUYER, generateManagedAccount } from "../../server/emulator/large-store/index.js";
import { useStore, type Answer } from "../support/routes";

const SEED = 41;
const ACCOUNTS = 200;

const store = useStore({
  emulator: () =>
    createEmulator({
      scale: { products: 50, buyers: 0, bulkOrders: 0, bulkCartLines: 0, managedAccounts: ACCOUNTS, seed: SEED },
    }),
});

/** The generated accounts the manager buys for besides their own (1 … 199). */
const generated = Array.from({ length: ACCOUNTS - 1 }, (_, i) => generateManagedAccount(SEED, i + 1));

const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<");

/** The switcher's select: each option's value and text. */
function options(page: Answer): { value: string; label: string }[] {
  const select = /<select[^>]*name="accountId"[^>]*>([\s\S]*?)<\/select>/.exec(page.html)?.[1] ?? "";
  return [...select.matchAll(/<option[^>]*value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => ({
    value: m[1],
    label: decode(m[2]),
  }));
}

/** The account pager's "Next" link, or null on the last page. */
function nextPage(page: Answer): string | null {
  const nav = /<nav aria-label="Account pages"[\s\S]*?<\/nav>/.exec(page.html)?.[0] ?? "";
  const link = /<a[^>]*href="([^"]*)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]*)"/.exec(nav);
  return link ? decode(link[1] ?? link[2]) : null;
}

/** The search form submitted as a browser submits a GET form: its fields in the URL of its action. */
function searchUrl(page: Answer, text: string): string {
  const form = page.form("Find accounts");
  const fields = { ...form.fields, accounts: text };
  return `${form.action}?${new URLSearchParams(fields)}`;
}

async function manager() {
  return store.signedIn(MANAGER_BUYER);
}

describe("A buyer of 200 accounts", () => {
  test("sees 20 a page, their own first and chosen, and reaches all 200 through the page links", async () => {
    const buyer = await manager();
    const first = await buyer.load("/account");
    expect(first.status).toBe(200);
    expect(first.text).toContain(`Shopping for ${MANAGER_BUYER.accountName}`);
    expect(first.text).toContain(`Showing accounts 1–20 of ${ACCOUNTS}.`);
    expect(first.text).toContain("Page 1 of 10");
    expect(options(first)).toHaveLength(20);
    expect(options(first)[0].value).toBe(MANAGER_BUYER.accountId);
    expect(first.field("accountId")).toBe(MANAGER_BUYER.accountId);
    // The page carries its 20 accounts, not the 200: an account of a later page is nowhere in the document.
    const later = options(first).map((o) => o.value);
    expect(first.html).not.toContain(generated.find((a) => !later.includes(a.id))!.id);

    const seen: string[] = [];
    let page = first;
    for (let n = 1; ; n++) {
      seen.push(...options(page).map((o) => o.value));
      const next = nextPage(page);
      if (!next) break;
      expect(next).toBe(`/account?accountsPage=${n + 1}#switch-title`);
      page = await buyer.load(next);
      expect(page.status).toBe(200);
    }
    expect(page.text).toContain(`Showing accounts 181–200 of ${ACCOUNTS}.`);
    expect(seen.sort()).toEqual([MANAGER_BUYER.accountId, ...generated.map((a) => a.id)].sort());
  });

  test("a search narrows the list by name or city, pages its matches, and a search matching nothing says so", async () => {
    const buyer = await manager();
    const account = await buyer.load("/account");
    // In the API's order: by name (the manager's own account, the default, is no cafe).
    const cafes = generated
      .filter((a) => a.name.toLowerCase().includes("cafe"))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    expect(cafes.length).toBeGreaterThan(20);
    const found = await buyer.load(searchUrl(account, "Cafe"));
    expect(found.status).toBe(200);
    expect(found.field("accounts")).toBe("Cafe");
    expect(found.text).toContain(`Showing accounts 1–20 of ${cafes.length} matching “Cafe” (${ACCOUNTS} in all).`);
    expect(options(found).map((o) => o.value)).toEqual(cafes.slice(0, 20).map((a) => a.id));
    const second = await buyer.load(nextPage(found)!);
    expect(options(second).map((o) => o.value)).toEqual(cafes.slice(20, 40).map((a) => a.id));

    // Two words: each in the name or the city.
    const target = generated[136];
    const narrowed = await buyer.load(searchUrl(account, `${target.name.split(" ")[2]} ${target.city}`));
    expect(options(narrowed).map((o) => o.value)).toContain(target.id);
    expect(options(narrowed).length).toBeLessThan(5);

    const none = await buyer.load(searchUrl(account, "no such account"));
    expect(none.status).toBe(200);
    expect(none.text).toContain("No account matches “no such account”.");
    expect(options(none)).toHaveLength(0);
  });

  test("an account found on a later page is switched to without JavaScript, and cart calls act for it", async () => {
    const buyer = await manager();
    const target = generated[187];
    const account = await buyer.load("/account");
    const found = await buyer.load(searchUrl(account, target.name));
    expect(options(found).map((o) => o.value)).toEqual([target.id]);
    const switched = await buyer.fill(found, "Switch account", { "Shop for account": target.id });
    expect(switched.status).toBe(303);
    const after = await buyer.load("/account");
    expect(after.toasts).toEqual([`You're now shopping for ${target.name}.`]);
    expect(after.text).toContain(`Shopping for ${target.name}`);
    // Page 10 holds the chosen account: its select starts on it.
    const page = await buyer.load(searchUrl(after, target.name));
    expect(page.field("accountId")).toBe(target.id);

    // The storefront's API calls now name it (the journal records each call's query).
    await store.control("DELETE", "/__emulator/journal");
    expect((await buyer.load("/cart")).status).toBe(200);
    const journal = (await (await store.control("GET", "/__emulator/journal?path=carts")).json()) as {
      entries: { query: string }[];
    };
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(journal.entries.every((e) => e.query.includes(`effectiveAccountId=${target.id}`))).toBe(true);
  });

  test("with JavaScript the same search answers as data: one page of the matches", async () => {
    const buyer = await manager();
    const answer = await buyer.data("/account?accounts=Seattle&accountsPage=1", ["routes/account"]);
    expect(answer.status).toBe(200);
    const body = JSON.stringify(answer.data);
    const inSeattle = generated.filter((a) => a.city === "Seattle");
    expect(body).toContain(inSeattle[0].id);
    expect(body).not.toContain(generated.find((a) => a.city !== "Seattle" && a.name.indexOf("Seattle") < 0)!.id);
  });
});
