/**
 * The header's currency and locale switcher, server side (shop.locale): the shopper's currency preference (the
 * session's `currency`), the page to land on under the chosen locale, what the switcher offers, and whether the
 * page's locale segment is one of the store's. Moving the cart to the new currency, and what the shopper is
 * told of it, is the cart's, given as the `cart` sibling. The root page's, not a domain's.
 */
import { parseWithZod } from "@conform-to/zod";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { safeRedirect } from "~/lib/paths";
import type { LocaleSwitch } from "~/components/store/LocaleSwitcher";
import type { ShopCore } from "~/shop/core.server";
import type { CoreSessionData, SessionKeys } from "~/shop/session.server";
import type { CartHandler } from "~/cart/cart.server";
import {
  currencyLabel,
  isStoreLocale,
  localeName,
  offersSwitcher,
  storeCurrencies,
  storeLocales,
  type MarketsContext,
} from "~/lib/format/locale";
import { STORE_LOCALE } from "~/lib/format/money";
import { toast, type ToastInput } from "~/shop/toast.server";
import { shopperCurrency } from "~/shop/core.server";

export const CURRENCY_NOT_OFFERED = "Choose one of the store's currencies.";

export interface LocaleSessionData {
  /** The currency the shopper chose in the header's switcher (a preference: kept across sign-in and sign-out). */
  currency: string;
}

export const LOCALE_SESSION_KEYS: SessionKeys<LocaleSessionData> = { signedIn: [], guest: [] };

type LocaleCore = ShopCore<CoreSessionData & LocaleSessionData>;

export interface LocaleHandler {
  /** Whether the page's locale segment (none: the default market) names one of the store's markets. */
  known(locale: string | undefined): boolean;
  /** What the header's switcher offers on a page in `locale`, or null when the store offers no choice. */
  switchFor(locale: string): LocaleSwitch | null;
  /**
   * The switcher's form (POST /locale, `posted` the URL it was posted to, as the route read it): the page under the
   * chosen locale (absolute URL), the cart moved along.
   */
  change(form: FormData, posted: PostedTo): Promise<Response>;
}

/** Where a form was posted: the request URL's origin and path (base path and locale segment included). */
export interface PostedTo {
  origin: string;
  pathname: string;
}

/** The switcher's fields (every one optional: what is left out stays as it is). */
const localeSchema = z.object({
  locale: z.string().trim().optional(),
  currency: z.string().trim().optional(),
  shownCurrency: z.string().trim().optional(),
  redirectTo: z.string().optional(),
});

export function createLocale(core: LocaleCore, siblings: { cart: Pick<CartHandler, "moveToCurrency"> }): LocaleHandler {
  return {
    known: (locale) => knownLocale(core.appContext, locale),
    switchFor: (locale) =>
      localeSwitchFor(core.appContext, locale, core.currencyIsoCode ?? core.appContext?.defaultCurrency ?? null),
    async change(form, posted) {
      const submission = parseWithZod(form, { schema: localeSchema });
      // A form that is not the switcher's (a field sent twice) changes nothing: back to the home page.
      const choice = submission.status === "success" ? submission.value : {};
      const { to, toast } = await switchLocale(
        { client: core.client, session: core.session, cart: siblings.cart },
        core.context,
        { ...choice, redirectTo: safeRedirect(choice.redirectTo, "/") },
        posted,
      );
      if (toast) core.toasts.flash(toast);
      // Absolute URLs (here too): Remix puts the current locale's prefix in front of a redirect to a path.
      return redirect(to, { status: 303, headers: await core.headers() });
    },
  };
}

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
  shop: Pick<LocaleCore, "client" | "session"> & { cart: Pick<CartHandler, "moveToCurrency"> },
  context: Pick<AppLoadContext, "locale">,
  choice: LocaleChoice,
  url: PostedTo,
): Promise<{ to: string; toast: ToastInput | null }> {
  const appContext = await shop.client.getApplicationContext();
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
  const moved = currency ? await shop.cart.moveToCurrency(currency) : null;
  return { to: localizedUrl(url.origin, appRoot, locale, choice.redirectTo), toast: moved };
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
