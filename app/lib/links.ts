/**
 * Links of the storefront (spec §2 "Other navigation facts"): everything is built from the site's
 * base path, an optional country-language segment (/en-US/) and an optional brand segment.
 * Pure string work, shared by loaders and components.
 */

/** Joins URL path parts with exactly one slash between them; keeps a query or hash at the end. */
export function joinPath(...parts: Array<string | null | undefined>): string {
  const kept = parts.filter((part): part is string => typeof part === "string" && part !== "");
  if (kept.length === 0) return "/";
  const joined = kept
    .map((part, index) => {
      let text = part;
      if (index > 0) text = text.replace(/^\/+/, "");
      if (index < kept.length - 1) text = text.replace(/\/+$/, "");
      return text;
    })
    .filter((part) => part !== "")
    .join("/");
  const path = joined.startsWith("/") ? joined : `/${joined}`;
  // Collapse doubled slashes in the path only (never inside a query string).
  const queryAt = path.search(/[?#]/);
  return queryAt === -1
    ? path.replace(/\/{2,}/g, "/")
    : path.slice(0, queryAt).replace(/\/{2,}/g, "/") + path.slice(queryAt);
}

/** A base path in canonical form: "" for the site root, else "/shop" (leading slash, none trailing). */
export function normaliseBasePath(basePath: string | null | undefined): string {
  const trimmed = (basePath ?? "").trim().replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "" : `/${trimmed}`;
}

/** A link under the site's base path: `buildLink("/shop/", "/cart")` → "/shop/cart". */
export function buildLink(basePath: string | null | undefined, path = "/"): string {
  if (isAbsoluteUrl(path)) return path;
  return joinPath(normaliseBasePath(basePath) || "/", path);
}

/**
 * A store path (what the app's routes, links and redirects speak: "/cart") as the browser must request it when the
 * store lives under a base path: "/shop/cart"; "/" is "/shop/". Absolute URLs, and anything not starting with one
 * slash, are left as they are. Remix's <Link>, <Form> and fetchers add the base themselves (the router's
 * basename); this is for what leaves the router: a redirect's Location, a raw href or src.
 */
export function withBasePath(basePath: string | null | undefined, path: string): string {
  const base = normaliseBasePath(basePath);
  if (!base || !path.startsWith("/") || path.startsWith("//")) return path;
  return `${base}${path}`;
}

/**
 * The store path of a URL path the browser requested: "/shop/cart" → "/cart", "/shop" → "/". A path outside the
 * base path is returned as it is.
 */
export function stripBasePath(pathname: string, basePath: string | null | undefined): string {
  const base = normaliseBasePath(basePath);
  if (!base) return pathname;
  if (pathname === base) return "/";
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
}

export function isAbsoluteUrl(url: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url);
}

// ---------------------------------------------------------------------------------------------
// Country-language segment

/**
 * language-COUNTRY, as in /en-US/ or /fr-CA/. Case matters: a lower-case slug such as /new-in/ is a
 * page, not a locale.
 */
const LOCALE_SEGMENT = /^[a-z]{2,3}-[A-Z]{2}$/;

function segmentsAfterBase(pathname: string, basePath: string | null | undefined): string[] | null {
  const base = normaliseBasePath(basePath);
  const path = joinPath(pathname.split(/[?#]/)[0] || "/");
  if (base && path !== base && !path.startsWith(`${base}/`)) return null;
  return path
    .slice(base.length)
    .split("/")
    .filter((segment) => segment !== "");
}

/**
 * The country-language segment right after the base path ("en-US" in /shop/en-US/cart), or null.
 * With `languages`, only those codes count (so a two-letter path such as /fr works for a site
 * that lists "fr").
 */
export function detectLocaleSegment(
  pathname: string,
  options: { basePath?: string | null; languages?: readonly string[] } = {},
): string | null {
  const segments = segmentsAfterBase(pathname, options.basePath);
  const first = segments?.[0];
  if (!first) return null;
  if (options.languages) {
    const match = options.languages.find((language) => language.toLowerCase() === first.toLowerCase());
    return match ?? null;
  }
  return LOCALE_SEGMENT.test(first) ? first : null;
}

/** The path after the base path and the locale segment: /shop/en-US/cart → "/cart". */
export function stripLocaleSegment(
  pathname: string,
  options: { basePath?: string | null; languages?: readonly string[] } = {},
): string {
  const segments = segmentsAfterBase(pathname, options.basePath);
  if (!segments) return pathname;
  const rest = detectLocaleSegment(pathname, options) ? segments.slice(1) : segments;
  return `/${rest.join("/")}`;
}

/**
 * The URL after the shopper changes country or language: base path, language code, optional brand,
 * then the page's own path (which may still carry the old locale; it is dropped).
 */
export function rebuildLocalizedUrl(options: {
  basePath?: string | null;
  language: string;
  brand?: string | null;
  path?: string;
  languages?: readonly string[];
}): string {
  const path = options.path ?? "/";
  const [pathname, ...suffix] = path.split(/(?=[?#])/);
  const rest = stripLocaleSegment(joinPath(pathname || "/"), { languages: options.languages });
  const url = joinPath(normaliseBasePath(options.basePath) || "/", options.language, options.brand, rest);
  return url + suffix.join("");
}

// ---------------------------------------------------------------------------------------------
// CMS media

const CMS_MEDIA_PREFIXES = ["/cms/", "/img/", "assets/", "/assets/", "cms/delivery/media", "/cms/delivery/media"];

export function isCmsMediaPath(url: string): boolean {
  return CMS_MEDIA_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** CMS media paths (/cms/, /img/, assets/, cms/delivery/media) live under the site base path. */
export function resolveCmsMediaUrl(url: string | null | undefined, basePath: string | null | undefined): string {
  if (!url) return "";
  if (isAbsoluteUrl(url) || url.startsWith("data:") || !isCmsMediaPath(url)) return url;
  const base = normaliseBasePath(basePath);
  if (base && url.startsWith(`${base}/`)) return url;
  return joinPath(base || "/", url);
}

// ---------------------------------------------------------------------------------------------
// Breadcrumbs

export type BreadcrumbItem = { label: string; url?: string; pageReference?: unknown };

export const BREADCRUMBS_MAX_ITEMS = 5;
export const BREADCRUMBS_HOME_LABEL = "Home";

/**
 * The trail actually shown: at most 5 items, plus 1 when the Home link is shown. The items closest
 * to the current page are kept, because the last one is where the shopper is.
 */
export function limitBreadcrumbs(
  items: readonly BreadcrumbItem[],
  options: { showHome?: boolean; homeUrl?: string; homeLabel?: string } = {},
): BreadcrumbItem[] {
  const trail = items.slice(-BREADCRUMBS_MAX_ITEMS);
  if (!options.showHome) return trail;
  return [{ label: options.homeLabel ?? BREADCRUMBS_HOME_LABEL, url: options.homeUrl ?? "/" }, ...trail];
}

/** The one wording for leaving (the header's button, the session dialog's, the logout page's). */
export const LOG_OUT_LABEL = "Log Out";
