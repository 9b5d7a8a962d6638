import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { clientAddressOf, type TrustProxy } from "./proxy.js";

/** The largest request body the emulator's HTTP mount reads (the API's bodies are JSON of a few kilobytes). */
export const API_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/** A request body past the mount's limit: answered 413 without reading the rest. */
export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
  constructor(readonly limitBytes: number) {
    super(`The request body is larger than ${limitBytes} bytes.`);
  }
}

export interface ToWebRequestOptions {
  /**
   * The caller's address as this server determined it (the connection's, or the client's behind a trusted proxy).
   * It replaces any X-Forwarded-For the caller sent: the emulator keys its limits on that header, and a caller
   * must not be able to pick its own key.
   */
  clientAddress?: string;
  /** Refuse (BodyTooLargeError) a body larger than this; default API_BODY_LIMIT_BYTES. */
  maxBodyBytes?: number;
}

/** Node's request → a Fetch API Request, so the emulator can be served over a socket unchanged. */
export async function toWebRequest(
  req: IncomingMessage,
  origin: string,
  options: ToWebRequestOptions = {},
): Promise<Request> {
  const limit = options.maxBodyBytes ?? API_BODY_LIMIT_BYTES;
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk as Buffer);
  }
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  if (options.clientAddress !== undefined) headers.set("x-forwarded-for", options.clientAddress);
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && chunks.length > 0;
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

/** The API's error body for a request too large to read (emulator-only: the reference documents no such code). */
export function bodyTooLargeResponse(error: BodyTooLargeError): Response {
  return new Response(
    JSON.stringify([
      {
        errorCode: "REQUEST_ENTITY_TOO_LARGE",
        message: `The request body exceeds the limit of ${error.limitBytes / (1024 * 1024)} MB.`,
      },
    ]),
    { status: 413, headers: { "Content-Type": "application/json;charset=UTF-8", Connection: "close" } },
  );
}

export async function sendWebResponse(res: ServerResponse, response: Response) {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  res.end(body);
}

export interface ServeFetchOptions {
  /**
   * Proxies in front whose X-Forwarded-For is believed (as TRUST_PROXY); default none: the caller's address is
   * the connection's, whatever headers it sends.
   */
  trustProxy?: TrustProxy;
  maxBodyBytes?: number;
}

/** Serves a fetch function on a loopback port (contract tests' HTTP target). */
export async function serveFetch(
  handler: (req: Request) => Promise<Response>,
  port = 0,
  options: ServeFetchOptions = {},
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const trust = options.trustProxy ?? (() => false);
  const server = createServer(async (req, res) => {
    try {
      const request = await toWebRequest(req, `http://${req.headers.host}`, {
        clientAddress: clientAddressOf(req, trust),
        maxBodyBytes: options.maxBodyBytes,
      });
      await sendWebResponse(res, await handler(request));
    } catch (err) {
      if (err instanceof BodyTooLargeError) return sendWebResponse(res, bodyTooLargeResponse(err));
      res.statusCode = 500;
      res.end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${actual}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
