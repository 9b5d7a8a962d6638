import { describe, expect, it } from "vitest";
import { accountMatches, accountSwitcherView, type AccountOption } from "~/account/model/account-switcher";

const accounts: AccountOption[] = Array.from({ length: 45 }, (_, i) => ({
  id: `001${String(i + 1).padStart(12, "0")}`,
  name: `${i % 3 === 0 ? "Harbor Cafe" : "Hill Bakery"} ${String(i + 1).padStart(3, "0")}`,
  city: i % 2 === 0 ? "Denver, CO, US" : "Seattle, WA, US",
}));
const view = (query: string) => accountSwitcherView(accounts, new URLSearchParams(query));

describe("the account switcher's page", () => {
  it("lists 20 accounts a page in the given order, and a page past the last shows the last", () => {
    expect(view("").rows.map((a) => a.id)).toEqual(accounts.slice(0, 20).map((a) => a.id));
    const last = view("accountsPage=3");
    expect(last).toMatchObject({
      first: 41,
      matched: 45,
      total: 45,
      paging: { page: 3, totalPages: 3, hasNext: false },
    });
    expect(last.rows).toHaveLength(5);
    expect(view("accountsPage=99").paging.page).toBe(3);
    expect(view("accountsPage=-2").paging.page).toBe(1);
  });

  it("finds accounts whose name or city holds every word of the search, whatever the case", () => {
    expect(accountMatches(accounts[0], "harbor denver")).toBe(true);
    expect(accountMatches(accounts[0], "harbor seattle")).toBe(false);
    expect(accountMatches(accounts[0], "  ")).toBe(true);
    const cafes = view("accounts=CAFE");
    expect(cafes.matched).toBe(15);
    expect(cafes.rows.every((a) => a.name.includes("Cafe"))).toBe(true);
    expect(view("accounts=%20cafe%20seattle%20").query).toBe("cafe seattle");
    expect(view("accounts=cafe+seattle").matched).toBe(7);
    expect(view("accounts=nothing")).toMatchObject({ matched: 0, first: 0, rows: [], paging: { totalPages: 1 } });
  });
});
