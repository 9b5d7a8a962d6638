/**
 * The header's currency and locale switcher, server side: the shopper's currency preference (the session's
 * `currency`), the page to land on under the chosen locale, and what the switcher offers. Moving the cart to the new
 * currency is the cart's (handlers/cart/currency.server.ts).
 */
import type { AppLoadContext } from "@remix-run/node";
import type { LocaleSwitch } from "../components/store/LocaleSwitcher";
import type { ShopCore } from "../shop/core.server";
import type { CartHandler } from "~/cart/cart.server";
import {
  currencyLabel,
  isStoreLocale,
  localeName,
  offersSwitcher,
  storeCurrencies,
  storeLocales,
  type MarketsContext,
} from "../lib/format/locale";
import { STORE_LOCALE } from "../lib/format/money";
import { toast, type ToastInput } from "../shop/toast.server";
import { shopperCurrency } from "../shop/core.server";
import { cartMoveToast } from "~/cart/server/currency.server";

export const CURRENCY_NOT_OFFERED = "Choose one of the store's currencies.";

/** What the switcher's form posts (all optional: a field left out keeps what is). */
export interface LocaleChoice {
  locale?: string;
  currency?: string;
  /** The currency the switcher showed: a currency left as it was shown is no choice. */
  shownCurrency?: string;
  /** The store path the switcher was on. */
  redirectTo: string;
}

/**
 * Applies the switcher's choice: remembers a chosen currency, moves the cart to the shopper's currency, and answers
 * the absolute URL to land on (Remix would put the current locale's prefix in front of a path) with the toast to show.
 */
export async function switchLocale(
  shop: Pick<ShopCore, "client" | "session" | "request"> & { cart: Pick<CartHandler, "moveToCurrency"> },
  context: Pick<AppLoadContext, "locale">,
  choice: LocaleChoice,
): Promise<{ to: string; toast: ToastInput | null }> {
  const appContext = await shop.client.getApplicationContext();
  const url = new URL(shop.request.url);
  const current = context.locale ?? STORE_LOCALE;
  // The request's path is {base path}{/current locale}/locale: what is before the locale segment stays.
  const appRoot = url.pathname
    .replace(/\/locale$/, "")
    .replace(context.locale ? new RegExp(`/${context.locale}$`) : /$^/, "");
  const asked = choice.locale || current;
  const locale = isStoreLocale(appContext, asked) ? asked : current;

  if (choice.currency && !storeCurrencies(appContext).includes(choice.currency)) {
    return {
      to: localizedUrl(url.origin, appRoot, current, choice.redirectTo),
      toast: toast("error", CURRENCY_NOT_OFFERED),
    };
  }
  // A currency left as it was shown is no choice: the new locale's market decides (spec §4), unless one was chosen before.
  if (choice.currency && choice.currency !== choice.shownCurrency) shop.session.set("currency", choice.currency);
  else if (locale !== current && !shop.session.get("currency")) shop.session.unset("currency");

  const currency = shopperCurrency(appContext, shop.session.get("currency"), locale);
  const move = currency ? await shop.cart.moveToCurrency(currency) : null;
  return { to: localizedUrl(url.origin, appRoot, locale, choice.redirectTo), toast: cartMoveToast(move, currency) };
}

/**
 * Where the shopper lands after switching: the same page under the chosen locale's prefix (none for the store's own
 * locale), under whatever path the store is served from. `appRoot` is the request's path up to (not including) the
 * current locale segment.
 */
export function localizedUrl(origin: string, appRoot: string, locale: string, path: string): string {
  const prefix = locale === STORE_LOCALE ? "" : `/${locale}`;
  const joined = `${appRoot.replace(/\/+$/, "")}${prefix}${path === "/" && prefix ? "" : path}`;
  return `${origin}${joined || "/"}`;
}

/** Whether the page's locale segment names one of the store's markets (an unknown one is a 404 page). */
export function knownLocale(appContext: MarketsContext | null | undefined, locale: string | undefined): boolean {
  return !locale || !appContext || isStoreLocale(appContext, locale);
}

/**
 * What the header's switcher offers, labelled here on the server (the browser downloads no locale names): null when
 * the store has a single market and a single currency.
 */
export function localeSwitchFor(
  appContext: MarketsContext | null | undefined,
  locale: string,
  currency: string | null,
): LocaleSwitch | null {
  if (!offersSwitcher(appContext)) return null;
  return {
    locales: storeLocales(appContext).map((value) => ({ value, label: localeName(value) })),
    currencies: storeCurrencies(appContext).map((value) => ({ value, label: currencyLabel(value, locale) })),
    currency,
  };
}
