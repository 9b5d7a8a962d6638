/**
 * The agents' MCP endpoint's own guard, in place of the storefront's form guard (server/security.ts), which would
 * refuse its JSON bodies (415) and is about forms a browser posts with the shopper's cookies. The endpoint takes no
 * cookie as an identity: its sessions are named by the Mcp-Session-Id header, which another site's page can't read
 * or send. What the MCP transport specification asks of a server (Streamable HTTP, "Security Warning") holds here:
 *
 * - `Origin` is checked on every request (DNS rebinding: a page that had a name of its own point at this server would
 *   otherwise be same-origin to it): a browser's request from another origin, "null" included, is refused with 403
 *   and a JSON-RPC error. A request without Origin comes from no browser page (an agent's HTTP client) and passes,
 *   unless Sec-Fetch-Site or Referer say it came from another site (server/security.ts judgeOrigin).
 * - a POST declares its length (411 otherwise), and it is small (413): a JSON-RPC message is a few hundred bytes.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { TrustProxy } from "./proxy.js";
import { expectedOriginOf, judgeOrigin } from "./security.js";

/** The path the endpoint answers at, below the store's base path. */
export const MCP_PATH = "/api/mcp";
/** The largest body the endpoint reads. */
export const MCP_BODY_LIMIT_BYTES = 64 * 1024;

function refuse(res: Response, status: number, message: string, close = false) {
  res.status(status);
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Cache-Control", "no-store");
  if (close) res.setHeader("Connection", "close");
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

export function mcpGuard({
  trust,
  limitBytes = MCP_BODY_LIMIT_BYTES,
}: {
  trust: TrustProxy;
  limitBytes?: number;
}): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = judgeOrigin(
      { origin: req.get("Origin"), secFetchSite: req.get("Sec-Fetch-Site"), referer: req.get("Referer") },
      expectedOriginOf(req, trust),
    );
    if (!origin.ok)
      return refuse(
        res,
        403,
        `Forbidden: ${origin.reason}. The store's MCP endpoint takes no requests from another site's page.`,
      );
    // A body is read whole by the endpoint: its length is declared, and within the limit (HTTP clients declare it).
    const length = req.get("Content-Length")?.trim();
    if (req.method === "POST" && !length)
      return refuse(res, 411, "Length Required: send the JSON-RPC message with a Content-Length.", true);
    if (length && (!/^\d+$/.test(length) || Number(length) > limitBytes))
      return refuse(res, 413, `Payload Too Large: a message may be at most ${Math.round(limitBytes / 1024)} KB.`, true);
    next();
  };
}
