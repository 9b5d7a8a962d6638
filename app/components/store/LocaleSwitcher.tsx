/**
 * The header's language and currency switcher (shown when the store has more than one market or currency): one plain
 * form, so it works without JavaScript. It reloads the whole document because a locale change moves the page to
 * another URL prefix (/en-GB/…), under which the browser's router runs with another basename.
 */
import { Form, useLocation } from "@remix-run/react";
import { Button } from "~/components/Button";
import { useStoreLocale } from "~/components/StoreLocale";

export interface LocaleSwitch {
  /** Labelled on the server ("English (United Kingdom)", "GBP (£)"). */
  locales: ReadonlyArray<{ value: string; label: string }>;
  currencies: ReadonlyArray<{ value: string; label: string }>;
  /** The currency the page's prices and cart calls use. */
  currency: string | null;
}

export function LocaleSwitcher({ locales, currencies, currency }: LocaleSwitch) {
  const location = useLocation();
  const locale = useStoreLocale();
  return (
    <Form
      method="post"
      action="/locale"
      reloadDocument
      className="store-header__locale"
      aria-label="Language and currency"
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <input type="hidden" name="shownCurrency" value={currency ?? ""} />
      {locales.length > 1 ? (
        <>
          <label htmlFor="header-locale" className="kit-visually-hidden">
            Language
          </label>
          <select id="header-locale" name="locale" defaultValue={locale} className="kit-select">
            {locales.map((option) => (
              <option key={option.value} value={option.value} lang={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {currencies.length > 1 ? (
        <>
          <label htmlFor="header-currency" className="kit-visually-hidden">
            Currency
          </label>
          <select id="header-currency" name="currency" defaultValue={currency ?? undefined} className="kit-select">
            {currencies.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {/* Not "Update": the cart page has an Update button on every line; this one must say what it does. */}
      <Button variant="neutral">Switch</Button>
    </Form>
  );
}
