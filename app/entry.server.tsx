/**
 * Remix's Node entry, plus:
 * - the session cookie is written once per response from the request's shared session (finalizeSessionCookie);
 * - a response that read the shopper's session is personal: `Cache-Control: private, no-store`, so no shared cache
 *   (or the browser's back/forward history on a shared computer) keeps a cart, an order or an account page;
 * - every inline script carries this response's Content-Security-Policy nonce (React's, Remix's, the app's);
 * - the page is rendered whole, then sent in one piece: no page waits on anything after its loaders (no deferred
 *   data), so streaming would only cut it into dozens of small writes, each compressed on its own.
 *
 * Rendering whole (onAllReady) is also what lets a few parts load in the browser only when shown — toasts, the
 * consent banner, a failed page's body, the cart's page links and processing notice (React.lazy): the server waits
 * for them and writes them into the document, so they show and work without JavaScript. Streaming the shell first
 * would send their Suspense fallbacks instead, and a shopper without JavaScript would never see them.
 */
import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./components/Nonce";
import { RequestIdProvider } from "./components/RequestReference";
import { finalizeSessionCookie, hasStoreSession } from "./handlers/session.server";
import { retryAfter } from "./handlers/errors.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  await finalizeSessionCookie(responseHeaders, loadContext);
  markPersonal(responseHeaders, loadContext);
  askToRetry(responseStatusCode, responseHeaders);
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new Writable({
      // React's pipe listens for "close" to abort a render cut short, and on a finished render ends the stream once
      // more: a Node error built (stack trace and all) and thrown away on every page. Nothing here needs "close".
      emitClose: false,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={loadContext.requestId}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timer);
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by Remix; later ones only here.
          if (chunks.length) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * A 503 (the API behind the store could not answer) says when to try again: a route's own headers may drop the
 * thrown response's, so the document's is set here.
 */
function askToRetry(status: number, headers: Headers) {
  if (status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", retryAfter());
}

/** A response made from the shopper's session is for that shopper only, and only now. */
function markPersonal(headers: Headers, context: AppLoadContext) {
  if (hasStoreSession(context)) headers.set("Cache-Control", "private, no-store");
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { context }) => {
  try {
    await finalizeSessionCookie(response.headers, context);
    markPersonal(response.headers, context);
    askToRetry(response.status, response.headers);
    return response;
  } catch {
    // Some responses have immutable headers: copy them.
    const headers = new Headers(response.headers);
    await finalizeSessionCookie(headers, context);
    markPersonal(headers, context);
    askToRetry(response.status, headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
