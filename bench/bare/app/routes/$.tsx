import { useLocation } from "@remix-run/react";

declare global {
  /** The storefront's pages' markup by path, captured by the benchmark and set by bench/bare/server.mjs. */
  var __benchMarkup: Record<string, string> | undefined;
}

/** A page that renders a storefront page's markup from a constant: no loader, no API, no session. */
export default function BarePage() {
  const { pathname } = useLocation();
  return <div dangerouslySetInnerHTML={{ __html: globalThis.__benchMarkup?.[pathname] ?? "" }} />;
}
