/**
 * The adapter's transport to an API over the network (an org, or the emulator served on a port): node:http(s) on
 * kept-alive connections, each answer read whole.
 *
 * Not the platform fetch. Undici's fetch registers every Request it makes from a call's signal, and every answer it
 * gives, with a FinalizationRegistry: each call's request and answer then outlive every young-generation collection
 * until a mark-compact, and that mark-compact is followed by one cleanup callback per registration, all in one task.
 * On the checkout's shipping step (two API calls a view) those were 4 of a view's 5 registrations, and with them gone its
 * p99 at the bench's rate fell from 62–82 to 44–45 ms (docs/performance.md, "What a mark-compact leaves to do"). The
 * API's answers are JSON of a few kilobytes, so nothing is lost by reading them whole; the platform fetch's streams
 * had cost `npm start`'s workers, which reach the primary's emulator this way, about as much per call as the emulator's
 * own work.
 *
 * What it keeps of fetch (what the adapter relies on): redirects followed unless the request says "manual" (the OAuth
 * authorize call reads its 302), compressed answers decoded, an abort from the signal given beside the request or on
 * it rejected as an AbortError, and a connection failure rejected with Node's error, whose `code` (ECONNREFUSED…)
 * tells retry.ts the request never left.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { brotliDecompress, gunzip, inflate } from "node:zlib";
import type { FetchLike } from "./retry.js";

// Hop-by-hop headers: they describe one connection, never the request or answer passed on.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "host",
  "upgrade",
  "proxy-connection",
]);

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The request headers fetch drops when a redirect leads to another origin. */
const CREDENTIALS = ["authorization", "proxy-authorization", "cookie"];
/** Fetch's limit on redirects followed for one request. */
const MAX_REDIRECTS = 20;

/**
 * How long an idle kept-alive connection is kept: the platform fetch's default (undici's keepAliveTimeout, 4 s). Node's
 * agent also closes it earlier when the server announces a shorter `Keep-Alive: timeout`, which it reads only when this
 * is set: a connection the server has already closed would fail the next call sent on it.
 */
const IDLE_CONNECTION_MS = 4000;

const DECODERS: Record<string, (data: Buffer, done: (error: Error | null, result: Buffer) => void) => void> = {
  gzip: gunzip,
  "x-gzip": gunzip,
  deflate: inflate,
  br: brotliDecompress,
};

export interface NodeFetchOptions {
  /**
   * Send every request to this origin, whatever the request's own (the cluster's workers call the primary's emulator
   * this way while their requests name the store's API URL), and give every redirect back unfollowed, as the emulator
   * in process does (a Location names the URL the request named, not this origin). Unset: each request goes where its
   * URL says, and redirects are followed as its `redirect` asks.
   */
  origin?: string;
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === "AbortError") return reason;
  return new DOMException("This operation was aborted", "AbortError");
}

/** zlib's results are Buffers of their own ArrayBuffer, as Buffer.concat's are. */
function decode(encoding: string | undefined, body: Buffer<ArrayBuffer>): Promise<Buffer<ArrayBuffer>> {
  const decoder = encoding ? DECODERS[encoding.trim().toLowerCase()] : undefined;
  if (!decoder || body.length === 0) return Promise.resolve(body);
  return new Promise((resolve, reject) =>
    decoder(body, (error, result) => (error ? reject(error) : resolve(result as Buffer<ArrayBuffer>))),
  );
}

export function nodeFetch(options: NodeFetchOptions = {}): FetchLike {
  const target = options.origin ? new URL(options.origin) : undefined;
  const agents = {
    "http:": new HttpAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
    "https:": new HttpsAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  };

  function send(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: Buffer | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ answer: IncomingMessage; data: Buffer<ArrayBuffer> }> {
    const to = target ?? url;
    const secure = to.protocol === "https:";
    if (!secure && to.protocol !== "http:") return Promise.reject(new TypeError(`Unsupported protocol ${to.protocol}`));
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const sent = (secure ? httpsRequest : httpRequest)(
        {
          protocol: to.protocol,
          hostname: to.hostname.replace(/^\[|\]$/g, ""),
          port: to.port || undefined,
          path: `${url.pathname}${url.search}`,
          method,
          headers,
          agent: agents[secure ? "https:" : "http:"],
          signal,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("error", (error) => reject(signal?.aborted ? abortError(signal) : error));
          answer.on("end", () => resolve({ answer, data: Buffer.concat(chunks) }));
        },
      );
      sent.on("error", (error) => reject(signal?.aborted ? abortError(signal) : error));
      sent.end(body?.length ? body : undefined);
    });
  }

  return async (request, init) => {
    const signal = init?.signal ?? request.signal;
    let url = new URL(request.url);
    let method = request.method;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) headers[name] = value;
    });
    headers["accept-encoding"] ??= "gzip, deflate, br";
    let body =
      method === "GET" || method === "HEAD" || request.body === null
        ? undefined
        : Buffer.from(await request.arrayBuffer());
    if (body?.length) headers["content-length"] = String(body.length);

    for (let redirects = 0; ; redirects++) {
      const { answer, data } = await send(url, method, headers, body, signal);
      const status = answer.statusCode ?? 502;
      const location = answer.headers.location;
      if (REDIRECTS.has(status) && location && !target && request.redirect !== "manual") {
        if (request.redirect === "error") throw new TypeError(`Redirected (${status}) where the request forbids it`);
        if (redirects >= MAX_REDIRECTS) throw new TypeError("Too many redirects");
        const next = new URL(location, url);
        // As fetch does: credentials go to the origin they were meant for, never on to another one.
        if (next.origin !== url.origin) for (const name of CREDENTIALS) delete headers[name];
        url = next;
        // As fetch does: a 303, or a 301/302 answering a POST, is followed by a GET without the body.
        if (status === 303 ? method !== "HEAD" : (status === 301 || status === 302) && method === "POST") {
          method = "GET";
          body = undefined;
          delete headers["content-length"];
          delete headers["content-type"];
        }
        continue;
      }
      const out = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        if (Array.isArray(value)) value.forEach((v) => out.append(name, v));
        else out.set(name, value);
      }
      const hasBody = status !== 204 && status !== 304 && method !== "HEAD";
      let content = data;
      const encoding = answer.headers["content-encoding"];
      if (hasBody && encoding) {
        content = await decode(encoding, data);
        out.delete("content-encoding");
      }
      return new Response(hasBody ? content : null, { status, statusText: answer.statusMessage, headers: out });
    }
  };
}
