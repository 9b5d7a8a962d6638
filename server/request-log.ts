/**
 * One JSON line per request on stdout, and the request id that ties a shopper's page to the API calls behind it.
 *
 * The id is the trusted proxy's (`X-Request-Id` from a hop TRUST_PROXY believes: nginx's `$request_id`, so its access
 * log and ours agree) or a new one. It is sent back as `X-Request-Id`, passed to every API call the request makes
 * (the org or the emulator receives it), and shown on a failed page as its reference.
 *
 * What a line holds is chosen so that nothing personal or secret gets in: the path without the query's values (a
 * search term, an order lookup's email), never a header, a cookie or a body (passwords, card numbers, tokens).
 */
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { TrustProxy } from "./proxy.js";

/** An id a proxy may hand us: short, and nothing a log line or a header could be bent by. */
const REQUEST_ID_SHAPE = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id: the trusted proxy's, else a new one. */
export function requestIdOf(req: Request, trust: TrustProxy): string {
  const given = req.get("X-Request-Id")?.trim();
  if (given && REQUEST_ID_SHAPE.test(given) && trust(req.socket.remoteAddress ?? "", 0)) return given;
  return randomUUID();
}

/** The path and the names of its query parameters, never their values: `/search?q=…&page=…` → `/search?q&page`. */
export function loggablePath(originalUrl: string): string {
  const queryAt = originalUrl.indexOf("?");
  if (queryAt < 0) return originalUrl;
  const names = [...new Set([...new URLSearchParams(originalUrl.slice(queryAt + 1)).keys()])];
  return names.length
    ? `${originalUrl.slice(0, queryAt)}?${names.map(encodeURIComponent).join("&")}`
    : originalUrl.slice(0, queryAt);
}

type Level = "info" | "warn" | "error";

/** A line of the server's log that is no request: a start, a stop, a dependency lost or found. */
export function logEvent(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
}

export interface RequestLogOptions {
  trust: TrustProxy;
  /** Write the per-request lines (REQUEST_LOG=0 turns them off); the id is handed out either way. */
  enabled: boolean;
}

/** Express middleware: gives the request its id (`res.locals.requestId`) and logs the request once it is over. */
export function requestLog({ trust, enabled }: RequestLogOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const requestId = requestIdOf(req, trust);
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    if (enabled) {
      let logged = false;
      const log = () => {
        if (logged) return;
        logged = true;
        process.stdout.write(
          `${JSON.stringify({
            time: new Date().toISOString(),
            level: res.statusCode >= 500 ? "error" : "info",
            msg: "request",
            method: req.method,
            path: loggablePath(req.originalUrl),
            status: res.statusCode,
            ms: Math.round((performance.now() - started) * 10) / 10,
            requestId,
            // The client went away before the answer was sent: its status is what would have been sent.
            ...(res.writableFinished ? {} : { aborted: true }),
          })}\n`,
        );
      };
      res.once("finish", log);
      res.once("close", log);
    }
    next();
  };
}
