/**
 * The store's header: home link, category links, search, account area and the cart link whose count follows
 * pending cart submissions (fetchers and plain forms) before the server confirms them.
 */
import { Form, Link, NavLink, useFetchers, useLocation, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "~/components/Button";
import { useHydrated } from "~/components/useHydrated";
import { itemsWord, optimisticCartCount, pendingCountChanges } from "~/cart/model/count";
// The label from lib/links, not from the session dialog: that one loads after hydration, only for a signed-in buyer.
import { LOG_OUT_LABEL } from "~/lib/links";
import { STORE_NAME } from "~/lib/brand";
import { ADDRESS_BOOK_PATH, categoryPath, ORDER_HISTORY_PATH, ORDER_LOOKUP_PATH, QUICK_ORDER_PATH } from "~/lib/paths";
import { LocaleSwitcher, type LocaleSwitch } from "./LocaleSwitcher";
import type { ComboState, SearchBoxEvents } from "./SearchSuggest";

// The suggestions' code arrives when the box is first used: a page's first load carries none of it.
const SearchSuggest = lazy(() => import("./SearchSuggest"));
const LISTBOX_ID = "header-search-suggestions";

export interface HeaderCategory {
  id: string;
  name: string;
}

export interface HeaderShopper {
  isLoggedIn: boolean;
  firstName?: string;
  effectiveAccountName?: string;
  canSwitchAccount?: boolean;
}

/** The cart count with pending cart submissions applied (Hydrogen's optimistic cart, for the header). */
export function useOptimisticCartCount(serverCount: number): number {
  const fetchers = useFetchers();
  const navigation = useNavigation();
  const changes = pendingCountChanges([...fetchers.map((f) => f.formData), navigation.formData]);
  return optimisticCartCount(serverCount, changes);
}

export function Header({
  shopper,
  categories,
  cartCount,
  localeSwitch = null,
  quickOrder = false,
}: {
  shopper: HeaderShopper | null;
  categories: readonly HeaderCategory[];
  cartCount: number;
  /** The store's locales and currencies when it offers a choice of them. */
  localeSwitch?: LocaleSwitch | null;
  /** Whether the shopper has a cart to quick order into (a buyer, or a guest of a store with guest carts). */
  quickOrder?: boolean;
}) {
  const location = useLocation();
  const count = useOptimisticCartCount(cartCount);
  const searchTerm = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const here = `${location.pathname}${location.search}`;
  const loginHref =
    location.pathname === "/" || location.pathname.startsWith("/login")
      ? "/login"
      : `/login?${new URLSearchParams({ redirectTo: here })}`;

  return (
    <header className="store-header">
      <div className="store-header__bar">
        <Link to="/" className="store-header__brand">
          {STORE_NAME}
        </Link>
        <SearchBox term={searchTerm} />
        {/* On a phone the switcher and the secondary links fold into this menu (a disclosure: no JavaScript needed),
            the cart staying in view; on a wider screen the menu is not there and they all sit in the bar as before
            (app.css, ::details-content). */}
        <details className="store-header__more">
          <summary className="store-header__menu">Menu</summary>
          <div className="store-header__panel">
            {localeSwitch ? <LocaleSwitcher {...localeSwitch} /> : null}
            <div className="store-header__account">
              {quickOrder ? (
                <Link to={QUICK_ORDER_PATH} className="store-header__link">
                  Quick Order
                </Link>
              ) : null}
              {shopper?.isLoggedIn ? (
                <>
                  <span className="store-header__greeting">
                    Hello, {shopper.firstName || "there"}
                    {shopper.canSwitchAccount && shopper.effectiveAccountName ? (
                      <>
                        {" "}
                        <Link to="/account" className="store-header__account-name">
                          <span className="kit-visually-hidden">Shopping for </span>
                          {shopper.effectiveAccountName}
                        </Link>
                      </>
                    ) : null}
                  </span>
                  <Link to={ORDER_HISTORY_PATH} className="store-header__link">
                    Order History
                  </Link>
                  <Link to="/wishlist" className="store-header__link">
                    Wishlist
                  </Link>
                  <Link to={ADDRESS_BOOK_PATH} className="store-header__link">
                    Address Book
                  </Link>
                  {/* One wording across the store: the spec's 'Log Out', as the session validator says it. */}
                  <Form method="post" action="/logout" className="store-header__logout">
                    <Button variant="link">{LOG_OUT_LABEL}</Button>
                  </Form>
                </>
              ) : (
                <Link to={loginHref} className="store-header__link">
                  Sign in
                </Link>
              )}
              {/* The link's name is its visible text plus hidden words ("Cart, 3 items"), so what a speech-input user
                  reads on screen ("Cart 3") is part of the name they can say. */}
              <Link to="/cart" className="store-header__cart">
                <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24">
                  <path
                    fill="currentColor"
                    d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 3h2l2.6 10.6A2 2 0 0 0 9.5 15H18a2 2 0 0 0 1.9-1.4L22 7H6.2L5.6 4.5A2 2 0 0 0 3.7 3H3Z"
                  />
                </svg>
                {/* One flex item: inside it the words stay inline, so the name gets no spaces between them. */}
                <span>
                  Cart<span className="store-header__unseen">, </span>
                  <span className="store-header__count">{count}</span>
                  <span className="store-header__unseen"> {itemsWord(count)}</span>
                </span>
              </Link>
            </div>
          </div>
        </details>
      </div>
      {categories.length > 0 ? (
        <nav aria-label="Categories" className="store-header__nav">
          <ul className="store-header__categories">
            {categories.map((category) => {
              const to = categoryPath(category);
              return (
                <li key={category.id}>
                  <NavLink to={to} className="store-header__category">
                    {category.name}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

/**
 * The search form. Without JavaScript it is a plain GET form; hydrated, its box is a combobox whose suggestions
 * (SearchSuggest.tsx) load on its first focus or keystroke.
 */
function SearchBox({ term }: { term: string }) {
  const hydrated = useHydrated();
  const [used, setUsed] = useState(false);
  const [combo, setCombo] = useState<ComboState>({ expanded: false, activeId: undefined });
  const input = useRef<HTMLInputElement | null>(null);
  const events = useRef<SearchBoxEvents>({});
  const use = () => setUsed(true);
  return (
    <Form method="get" action="/search" role="search" aria-label="Site" className="store-header__search">
      <label htmlFor="header-search" className="kit-visually-hidden">
        Search products
      </label>
      <input
        id="header-search"
        key={term}
        ref={input}
        type="search"
        name="q"
        defaultValue={term}
        placeholder="Search products"
        className="kit-input"
        autoComplete="off"
        {...(hydrated && {
          role: "combobox",
          "aria-autocomplete": "list",
          "aria-controls": LISTBOX_ID,
          "aria-expanded": combo.expanded,
          "aria-activedescendant": combo.activeId,
        })}
        onFocus={use}
        onChange={(event) => {
          use();
          events.current.input?.(event.target.value);
        }}
        onKeyDown={(event) => events.current.keyDown?.(event)}
        onBlur={() => events.current.blur?.()}
      />
      <Button variant="neutral">Search</Button>
      {used ? (
        <Suspense fallback={null}>
          <SearchSuggest input={input} events={events} listboxId={LISTBOX_ID} onState={setCombo} />
        </Suspense>
      ) : null}
    </Form>
  );
}

export function Footer({ emulatorApiUrl, currency }: { emulatorApiUrl: string | null; currency: string }) {
  return (
    <footer className="store-footer">
      <nav aria-label="Footer" className="store-footer__nav">
        <ul>
          <li>
            <Link to={ORDER_LOOKUP_PATH}>Order Lookup</Link>
          </li>
          <li>
            <Link to="/cart">Cart</Link>
          </li>
          <li>
            <Link to="/account">Account</Link>
          </li>
        </ul>
      </nav>
      <p className="store-footer__note">
        © {STORE_NAME}. Prices in {currency}.
        {emulatorApiUrl ? (
          <>
            {" "}
            Running against the webstore emulator: <code className="store-footer__api">{emulatorApiUrl}</code>
          </>
        ) : null}
      </p>
    </footer>
  );
}
