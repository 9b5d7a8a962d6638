/**
 * Remix's Node entry, plus:
 * - every inline script carries this response's Content-Security-Policy nonce (React's, Remix's, the app's);
 * - the page is rendered whole, then sent in one piece: no page waits on anything after its loaders (no deferred
 *   data), so streaming would only cut it into dozens of small writes, each compressed on its own.
 *
 * Rendering whole (onAllReady) is also what lets a few parts load in the browser only when shown — toasts, the
 * consent banner, a failed page's body, the cart's page links and processing notice (React.lazy): the server waits
 * for them and writes them into the document, so they show and work without JavaScript. Streaming the shell first
 * would send their Suspense fallbacks instead, and a shopper without JavaScript would never see them.
 *
 * A page whose loader offered another representation of itself (a product or category page's markdown view:
 * app/shop/representation.server.ts) is answered with it instead, unrendered, when the page rendered without error.
 *
 * What every response gets whatever made it (the session's and the toast's cookies, `Cache-Control: private` for a
 * page made from the shopper's session, a 503's Retry-After) is written by the host after Remix has answered
 * (server/remix-handler.ts, decision 015): a redirect a loader throws never passes through here.
 */
import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/Nonce";
import { RequestIdProvider } from "~/components/RequestReference";
import { offeredRepresentation } from "~/shop/representation.server";
import { documentBlocks } from "~/seo/server/document-blocks.server";
import { DocumentStructuredData } from "~/seo/ui/StructuredData";

const ABORT_DELAY = 5_000;

/** React's write buffer (its VIEW_SIZE): a chunk this long may end in unwritten bytes. */
const REACT_VIEW_BYTES = 2048;

/**
 * React 18's stream writer sends its whole 2 KB buffer when a multi-byte character (“, –, £) doesn't fit the bytes
 * left in it, unwritten zero bytes and all: a page whose text puts such a character there carried NUL characters
 * (facebook/react#24985, fixed by facebook/react#26228 in React 19, not in 18.3.1). They are those zeros at the end
 * of a full buffer, up to 3 (a 4-byte character); valid UTF-8 text never ends a chunk with a NUL otherwise.
 */
export function withoutViewPadding(chunk: Buffer): Buffer {
  if (chunk.length !== REACT_VIEW_BYTES || chunk[chunk.length - 1] !== 0) return chunk;
  let end = chunk.length;
  while (end > chunk.length - 3 && chunk[end - 1] === 0) end--;
  return chunk.subarray(0, end);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const representation = offeredRepresentation(loadContext);
  if (representation && responseStatusCode === 200 && !remixContext.staticHandlerContext.errors) {
    responseHeaders.set("Content-Type", representation.contentType);
    // The same URL answers HTML or markdown by Accept (a `.md` URL answers markdown whatever it asks).
    responseHeaders.append("Vary", "Accept");
    return new Response(representation.body, { headers: responseHeaders, status: responseStatusCode });
  }

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new Writable({
      // React's pipe listens for "close" to abort a render cut short, and on a finished render ends the stream once
      // more: a Node error built (stack trace and all) and thrown away on every page. Nothing here needs "close".
      emitClose: false,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(withoutViewPadding(chunk));
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
          <DocumentStructuredData value={documentBlocks(loadContext)}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </DocumentStructuredData>
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timer);
          pipe(body);
        },
        // boundary: React's callback; whatever a component threw before the shell, passed on to Remix as it is.
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        // boundary: React's callback; whatever a component threw while streaming, only logged.
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
