/**
 * The storefront's Remix handler: the host owns the request from the first byte to the last. It makes the request's
 * load context (with its own request scope), lets Remix answer, and then finishes the response itself, once:
 * - the request's state writes what it leaves the browser (the session's and the toast's cookies), whatever Remix
 *   answered: a page, a single-fetch data answer, or a redirect a loader threw (which never passes through the app's
 *   entry.server);
 * - a 503 (the API behind the store could not answer) says when to try again;
 * - the app's revalidation marker is taken off (see REVALIDATE_MARKER).
 *
 * The request and the response go through the Express adapter's own conversions (the Remix version is pinned in
 * package.json): only the step between them is the host's.
 */
import type { RequestHandler } from "express";
import { createRequestHandler as createRemixHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { REVALIDATE_MARKER, type RequestScopeHandle } from "./request-scope.js";
import { retryAfterSeconds } from "./webstore/index.js";

export interface StoreRequestHandlerOptions {
  /** The app build, or (development) a function that returns the current one for each request. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** The request's load context and the handle that finishes its scope. */
  getLoadContext(
    req: Parameters<RequestHandler>[0],
    res: Parameters<RequestHandler>[1],
  ): {
    context: AppLoadContext;
    scope: RequestScopeHandle;
  };
}

export function createStoreRequestHandler(options: StoreRequestHandlerOptions): RequestHandler {
  const handle = createRemixHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const { context, scope } = options.getLoadContext(req, res);
      const response = await handle(createRemixRequest(req, res), context);
      // The route's headers may be immutable (a fetch's): the response leaves with a copy.
      const headers = new Headers(response.headers);
      headers.delete(REVALIDATE_MARKER);
      // A redirect names where to go, as a document's 3xx or as single fetch's redirect (202, data).
      await scope.finish(headers, { redirect: headers.has("Location") });
      // A route's own headers may drop the thrown 503's Retry-After (a page's headers are its routes').
      if (response.status === 503 && !headers.has("Retry-After"))
        headers.set("Retry-After", String(retryAfterSeconds()));
      await sendRemixResponse(
        res,
        new Response(response.body, { status: response.status, statusText: response.statusText, headers }),
      );
    } catch (error) {
      next(error);
    }
  };
}
