/**
 * The addresses search engines and agents are given: a page's canonical URL and its `hreflang` alternates, one per
 * locale the store's markets name. The store's own locale (en-US) is served without a prefix, and that unprefixed
 * URL is also the `x-default`; every other market's locale is the same page under its segment (/en-GB/…), under the
 * store's base path (README "Currencies and locales", decisions 007 and 008). Pure: loaders, sitemaps and tests.
 */
import { STORE_LOCALE } from "~/lib/format/money";

/** Where a page lives: the request's origin, the store's base path ("" or "/shop"), the page's locale. */
export interface SiteAddress {
  origin: string;
  basePath: string;
  /** The page's locale ("en-US" for the unprefixed pages). */
  locale: string;
  /** The store's locales (storeLocales of the application context), the store's own first. */
  locales: readonly string[];
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/** The absolute URL of a store path ("/cart", "/product/x/01t…?page=2") in `locale`. */
export function urlIn(address: Pick<SiteAddress, "origin" | "basePath">, locale: string, path: string): string {
  const prefix = locale === STORE_LOCALE ? "" : `/${locale}`;
  const tail = path === "/" && prefix ? "" : path;
  return `${address.origin}${address.basePath}${prefix}${tail}`;
}

/** The page's own URL in its locale: its canonical (a page in another locale is another page, in its language). */
export function canonicalUrl(address: SiteAddress, path: string): string {
  return urlIn(address, address.locale, path);
}

/**
 * The page in every locale of the store, and the unprefixed one as `x-default`: the same list on each of them, so
 * every pair is reciprocal (each version names the others and itself, as search engines require).
 */
export function alternatesOf(address: Pick<SiteAddress, "origin" | "basePath" | "locales">, path: string): Alternate[] {
  const locales = address.locales.includes(STORE_LOCALE) ? address.locales : [STORE_LOCALE, ...address.locales];
  return [
    ...locales.map((locale) => ({ hreflang: locale, href: urlIn(address, locale, path) })),
    { hreflang: "x-default", href: urlIn(address, STORE_LOCALE, path) },
  ];
}

/** "en-GB" → "en_GB", as Open Graph writes locales. */
export const ogLocale = (locale: string) => locale.replace("-", "_");

/** A catalog media path ("/images/…", the store's own files) as an absolute URL; other URLs as they are. */
export function absoluteMedia(address: Pick<SiteAddress, "origin" | "basePath">, url: string): string {
  if (url.startsWith("/") && !url.startsWith("//")) return `${address.origin}${address.basePath}${url}`;
  return url;
}
