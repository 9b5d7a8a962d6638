/**
 * A failed page's reference: the id of the request that failed (server/request-log.ts), which is in the server's log
 * line and was sent with every API call the request made. A shopper who reports the failure quotes it, and the
 * operator finds the calls behind it.
 *
 * The server's load context carries the id (app/entry.server.tsx provides it). The browser can't know it: hydrating
 * the page, it reads back what the server wrote, once; a page that fails later, in the browser, has no reference.
 */
import { createContext, useContext, useState } from "react";

export const RequestIdContext = createContext<string | undefined>(undefined);

export const RequestIdProvider = RequestIdContext.Provider;

/** The reference the server rendered into the document, taken by the first reference that hydrates. */
let serverRendered: string | undefined | null = null;
function takeServerRendered(): string | undefined {
  if (serverRendered !== null || typeof document === "undefined") return undefined;
  serverRendered = document.querySelector("[data-request-reference]")?.getAttribute("data-request-reference") ?? "";
  return serverRendered || undefined;
}

export function RequestReference() {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(() => fromServer ?? takeServerRendered());
  if (!id) return null;
  return (
    <p className="store-error__reference" data-request-reference={id}>
      Reference: <code>{id}</code>
    </p>
  );
}
