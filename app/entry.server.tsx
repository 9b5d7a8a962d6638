/**
 * Remix's Node entry, plus one step: the session cookie is written once per response from the request's shared
 * session (see finalizeSessionCookie). The page is rendered whole, then sent in one piece: no page waits on
 * anything after its loaders (no Suspense, no deferred data), so streaming would only cut it into dozens of small
 * writes, each compressed and sent on its own.
 */
import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { finalizeSessionCookie } from "./session.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  await finalizeSessionCookie(responseHeaders, loadContext);

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new Writable({
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
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />, {
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
    });
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { context }) => {
  try {
    await finalizeSessionCookie(response.headers, context);
    return response;
  } catch {
    // Some responses have immutable headers: copy them.
    const headers = new Headers(response.headers);
    await finalizeSessionCookie(headers, context);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
