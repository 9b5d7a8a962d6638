/**
 * The store's locales and currencies as the application context gives them (spec §3 `markets`,
 * `supportedCurrencies`, `defaultCurrency`), and the locale path segment (spec §2: "A country-language path segment
 * is detected in the URL"). Pure and light: the header's switcher imports it on every page.
 */
import { STORE_LOCALE } from "./money";

export interface MarketsContext {
  markets?: ReadonlyArray<{ localeCurrencyMap?: Readonly<Record<string, string>> | null }> | null;
  supportedCurrencies?: readonly string[] | null;
  defaultCurrency?: string | null;
  sessionDrivenCurrency?: boolean | null;
}

/** The API writes locales en_GB; URLs and Intl write en-GB. */
export function toLocaleTag(locale: string): string {
  return locale.replace("_", "-");
}

/** The locales the store's markets name (the keys of their locale-to-currency maps), the store's own first. */
export function storeLocales(appContext: MarketsContext | null | undefined): string[] {
  const found = new Set<string>([STORE_LOCALE]);
  for (const market of appContext?.markets ?? []) {
    for (const key of Object.keys(market.localeCurrencyMap ?? {})) found.add(toLocaleTag(key));
  }
  return [...found];
}

/** The currencies a shopper may choose: the supported ones (the default alone when the context names none). */
export function storeCurrencies(appContext: MarketsContext | null | undefined): string[] {
  const supported = appContext?.supportedCurrencies ?? [];
  if (supported.length > 0) return [...supported];
  return appContext?.defaultCurrency ? [appContext.defaultCurrency] : [];
}

/** A locale segment of the URL the store serves: exactly as one of its markets writes it (en-GB, not en-gb). */
export function isStoreLocale(appContext: MarketsContext | null | undefined, segment: string): boolean {
  return storeLocales(appContext).includes(segment);
}

/** A switcher is offered when there is a choice: more than one currency or more than one locale (market). */
export function offersSwitcher(appContext: MarketsContext | null | undefined): boolean {
  return storeCurrencies(appContext).length > 1 || storeLocales(appContext).length > 1;
}

/**
 * Labels are the same for every request of a store (its locales and currencies), and building an Intl formatter to
 * read one took a few percent of a page's server time under load: each label is made once. The inputs come from the
 * store's configuration, not the shopper, but the map is bounded all the same.
 */
const labels = new Map<string, string>();
const LABELS_LIMIT = 500;

function remembered(key: string, make: () => string): string {
  let label = labels.get(key);
  if (label === undefined) {
    if (labels.size >= LABELS_LIMIT) labels.clear();
    labels.set(key, (label = make()));
  }
  return label;
}

/** "English (United Kingdom)": a locale named in its own language, as a switcher lists it. */
export function localeName(locale: string): string {
  return remembered(`locale ${locale}`, () => {
    try {
      return new Intl.DisplayNames([locale], { type: "language", languageDisplay: "standard" }).of(locale) ?? locale;
    } catch {
      return locale;
    }
  });
}

/** "GBP (£)": a currency with its symbol in the shopper's locale. */
export function currencyLabel(currency: string, locale: string = STORE_LOCALE): string {
  return remembered(`currency ${currency} ${locale}`, () => {
    try {
      const symbol = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" })
        .formatToParts(0)
        .find((part) => part.type === "currency")?.value;
      return symbol && symbol !== currency ? `${currency} (${symbol})` : currency;
    } catch {
      return currency;
    }
  });
}
