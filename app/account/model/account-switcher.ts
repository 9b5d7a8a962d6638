/**
 * The account page's switcher at a buyer's ceiling: the API lists up to 200 accounts a buyer may act for
 * (external-managed-accounts), all in one answer, so the page finds and pages them itself. A GET form narrows the
 * list (`?accounts=cafe`) and page links walk it (`?accountsPage=2`): it works without JavaScript, and the page
 * carries one page of accounts, never all 200. Pure: the loader reads, the page renders what it gets.
 */
import { pagingFromTotal, readPage, type Paging } from "~/lib/paging";

/** Accounts a page of the switcher lists. */
export const ACCOUNTS_PAGE_SIZE = 20;

/** The account page's query names: the search text and the page of the (matching) accounts. */
export const ACCOUNTS_QUERY_PARAM = "accounts";
export const ACCOUNTS_PAGE_PARAM = "accountsPage";

/** The longest search the form takes (an account's name holds 255 characters). */
export const ACCOUNTS_QUERY_MAX_LENGTH = 255;

/** One account the buyer may act for, as the switcher lists it. */
export interface AccountOption {
  id: string;
  name: string;
  /** "Denver, CO, US", or "" when the account has no address. */
  city: string;
}

export interface AccountSwitcherView {
  /** The search as typed (trimmed), "" for none. */
  query: string;
  /** The page's accounts, in the API's order. */
  rows: AccountOption[];
  paging: Paging;
  /** Accounts matching the search (all of them without one). */
  matched: number;
  /** Accounts the buyer may act for. */
  total: number;
  /** 1-based position of the page's first account among the matches (0 when none match). */
  first: number;
}

/** Whether an account matches a search: each word of it is in the account's name or city, whatever the case. */
export function accountMatches(account: AccountOption, query: string): boolean {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${account.name} ${account.city}`.toLocaleLowerCase();
  return words.every((word) => text.includes(word));
}

/** The switcher's page for the URL's search and page (a page past the last shows the last). */
export function accountSwitcherView(accounts: readonly AccountOption[], params: URLSearchParams): AccountSwitcherView {
  const query = (params.get(ACCOUNTS_QUERY_PARAM) ?? "").trim().slice(0, ACCOUNTS_QUERY_MAX_LENGTH);
  const matches = accounts.filter((account) => accountMatches(account, query));
  const paging = pagingFromTotal(matches.length, ACCOUNTS_PAGE_SIZE, readPage(params, ACCOUNTS_PAGE_PARAM));
  const start = (paging.page - 1) * ACCOUNTS_PAGE_SIZE;
  return {
    query,
    rows: matches.slice(start, start + ACCOUNTS_PAGE_SIZE),
    paging,
    matched: matches.length,
    total: accounts.length,
    first: matches.length ? start + 1 : 0,
  };
}
