/**
 * A failed page's reference: the id of the request that failed (server/request-log.ts), which is in the server's log
 * line and was sent with every API call the request made. A shopper who reports the failure quotes it, and the
 * operator finds the calls behind it.
 *
 * The server's load context carries the id (app/entry.server.tsx provides it), and the root's loader sends it with the
 * document's data, so the browser renders the same line when it hydrates. It is not read back from the markup: React
 * may throw the server's markup of a lazily loaded error body away and render it anew, and the id went with it. After
 * a client navigation (a push or a replace) a failure is the browser's own request's, whose id the root's data doesn't
 * have: no reference. What the root's data can't tell apart, and names the document's request for: a fetcher failing
 * on the document itself, or a page failing again in the browser after the shopper went back to it.
 */
import { useNavigationType, useRouteLoaderData } from "@remix-run/react";
import { createContext, useContext } from "react";

export const RequestIdContext = createContext<string | undefined>(undefined);

export const RequestIdProvider = RequestIdContext.Provider;

export function RequestReference() {
  const fromServer = useContext(RequestIdContext);
  const root = useRouteLoaderData("root") as { requestId?: string | null } | undefined;
  // The document's own location arrives as a "POP"; a link or a form the shopper follows is a push or a replace.
  const onServerDocument = useNavigationType() === "POP";
  const id = fromServer ?? (onServerDocument ? (root?.requestId ?? undefined) : undefined);
  if (!id) return null;
  return (
    <p className="store-error__reference" data-request-reference={id}>
      Reference: <code>{id}</code>
    </p>
  );
}
