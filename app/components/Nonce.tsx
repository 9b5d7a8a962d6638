/**
 * The Content-Security-Policy nonce of the response being rendered (server/security.ts sets the policy; the
 * server's load context carries the nonce; app/entry.server.tsx provides it). Every inline script the document
 * renders (Remix's Scripts, ScrollRestoration) carries it, or the browser refuses to run it. In the browser the
 * value is never readable again (browsers hide nonces from the DOM), so there it is undefined.
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
