/**
 * Store paths read from a request: what the app's routes, links and redirects speak ("/cart"), without the base path
 * the store lives under and the locale segment, which Remix's router adds back (its basename).
 */
import type { AppLoadContext } from "@remix-run/node";
import { CHECKOUT_START_PATH, CHECKOUT_STEP_PATHS, safeRedirect } from "./paths";
import { stripBasePath, stripLocaleSegment } from "./links";

/** The path the store lives under ("/shop", or "" at the site root: BASE_PATH; server/main.ts). */
export function basePathOf(context: AppLoadContext): string {
  return context.storefront.basePath ?? "";
}

/**
 * The store path of the request ("/cart" for /shop/cart): what the app's routes and links speak. Loaders and
 * actions read `request.url` through this, never its pathname as it is.
 */
export function requestPath(request: Request, context: AppLoadContext): string {
  return pagePath(new URL(request.url).pathname, basePathOf(context));
}

/**
 * Which page a request's GET renders, for the domains whose page read the root's header count shares (the cart page
 * reads the cart, a checkout step its checkout): worked out once by the composition (app/shop.server.ts) and given
 * to them, so that no domain reads the request's path to guess who else is reading. Any other method renders no
 * page of its own ("other"): after an action the page reads afresh what it changed.
 */
export type PageKind = "cart" | "checkout-step" | "other";

const CHECKOUT_STEPS: ReadonlySet<string> = new Set(Object.values(CHECKOUT_STEP_PATHS));

export function pageKind(request: Request, context: AppLoadContext): PageKind {
  if (request.method !== "GET") return "other";
  const path = requestPath(request, context);
  if (path === "/cart") return "cart";
  return CHECKOUT_STEPS.has(path) ? "checkout-step" : "other";
}

/**
 * A request's path as the app's routes know it: without the store's base path and without the locale segment
 * (/shop/en-GB/cart → /cart). Remix serves a page with both as its basename and puts them back in front of every
 * redirect, so a path read from the request must lose them before it is redirected to, or they would come out twice.
 */
export function pagePath(pathname: string, basePath: string): string {
  return stripLocaleSegment(stripBasePath(pathname, basePath));
}

/** Where to come back to after signing in again: the page itself (GET) or the page the form was on (a store path). */
export function returnPath(request: Request, basePath: string): string {
  const url = new URL(request.url);
  let path = `${pagePath(url.pathname, basePath)}${url.search}`;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const referer = request.headers.get("Referer");
    try {
      const from = referer ? new URL(referer) : null;
      path =
        from && from.origin === url.origin
          ? `${pagePath(from.pathname, basePath)}${from.search}`
          : pagePath(url.pathname, basePath);
    } catch {
      path = pagePath(url.pathname, basePath);
    }
  }
  path = safeRedirect(path, "/");
  return path.startsWith("/login") ||
    path.startsWith("/logout") ||
    path.startsWith("/forgot-password") ||
    path.startsWith("/register") ||
    path.includes("/webruntime/logout")
    ? "/"
    : path;
}

/**
 * Whether a request (any method) is one of a checkout's pages or forms: its start, a step, its confirmation, or a
 * payment link's page (/pay/…). They work on the cart's checkout, so the cart stays as it is under them. Worked out
 * by the composition, as pageKind is.
 */
export function isCheckoutRequest(request: Request, context: AppLoadContext): boolean {
  const path = requestPath(request, context);
  return path === CHECKOUT_START_PATH || path.startsWith(`${CHECKOUT_START_PATH}/`) || path.startsWith("/pay/");
}
