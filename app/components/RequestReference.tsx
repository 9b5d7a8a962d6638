/**
 * A failed page's reference: the id of the request that failed (server/request-log.ts), which is in the server's log
 * line and was sent with every API call the request made. A shopper who reports the failure quotes it, and the
 * operator finds the calls behind it.
 *
 * The server's load context carries the id (app/entry.server.tsx provides it). The browser can't know it: while the
 * shopper is still on the document the server rendered, it reads back what the server wrote. React may render the
 * error body more than once on the client (it is loaded lazily), so the id is kept, not taken, and it stays the
 * reference for as long as the location is the server's: after a client navigation a failure is the browser's own,
 * with no request id of ours, and no reference is shown.
 */
import { useLocation } from "@remix-run/react";
import { createContext, useContext } from "react";

export const RequestIdContext = createContext<string | undefined>(undefined);

export const RequestIdProvider = RequestIdContext.Provider;

/** The reference the server rendered into the document: read once, then remembered for every later render. */
let serverRendered: string | null = null;
function readServerRendered(): string | undefined {
  if (typeof document === "undefined") return undefined;
  serverRendered ??=
    document.querySelector("[data-request-reference]")?.getAttribute("data-request-reference") ?? "";
  return serverRendered || undefined;
}

export function RequestReference() {
  const fromServer = useContext(RequestIdContext);
  // Remix gives the location the document was loaded at the key "default"; every client navigation gets a new one.
  const onServerDocument = useLocation().key === "default";
  const id = fromServer ?? (onServerDocument ? readServerRendered() : undefined);
  if (!id) return null;
  return (
    <p className="store-error__reference" data-request-reference={id}>
      Reference: <code>{id}</code>
    </p>
  );
}
