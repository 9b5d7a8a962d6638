/**
 * URLs the page renders outside Remix's <Link>/<Form> (an <img src>, a plain <a href>), under the store's base
 * path: the router's basename (BASE_PATH; server/main.ts) is added the way <Link> adds it, through `useHref`.
 * Absolute URLs (a real org's media on its CDN), data: URIs and fragments are left as they are.
 */
import { useHref } from "@remix-run/react";

const isStorePath = (url: string) => url.startsWith("/") && !url.startsWith("//");

/** `url` as the browser must request it: "/images/a.svg" → "/shop/images/a.svg" under /shop. */
export function useStoreHref(url: string): string {
  // useHref is a hook: called every time, its answer used only for a store path.
  const href = useHref(isStorePath(url) ? url : "/");
  return isStorePath(url) ? href : url;
}
