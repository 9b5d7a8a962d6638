/**
 * Route exports the checkout pages share, so /checkout and its steps can't drift apart: they export these as
 * `handle`, `links` and `meta` (the confirmation page takes only the stylesheet). `headers` stays in each route:
 * it comes from a .server module, which a component module must not import.
 */
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { STORE_NAME } from "~/lib/brand";
import type { RefreshHandle } from "~/lib/route-handle";
import checkoutStyles from "~/styles/checkout.css?url";

/** While the API is still calculating, a checkout page shows 'Loading' and reloads itself (see root.tsx). */
export const checkoutHandle: RefreshHandle = { refreshWhileProcessing: true };

export const checkoutLinks: LinksFunction = () => [{ rel: "stylesheet", href: checkoutStyles }];

/** "{step} | Checkout | {store}" (just "Checkout | {store}" without a step); checkout pages are never indexed. */
export function checkoutMeta(step?: string): MetaFunction {
  const title = step ? `${step} | Checkout | ${STORE_NAME}` : `Checkout | ${STORE_NAME}`;
  return () => [{ title }, { name: "robots", content: "noindex" }];
}
