/** Every URL no other route claims: a 404 page inside the store's header and footer. */
import type { MetaFunction } from "@remix-run/node";
import { STORE_NAME } from "~/lib/brand";

export const meta: MetaFunction = () => [{ title: `Page not found | ${STORE_NAME}` }];

// A plain Response, as the root and the catalog pages throw.
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/store/PageError";
