/**
 * Who is asking: the client's address and protocol, from the connection, and from `X-Forwarded-*` headers only
 * when the hop they came through is a proxy the operator trusts (TRUST_PROXY, express's `trust proxy`).
 * Anything else a client writes into those headers is ignored: they are as easy to type as a URL.
 */
import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";

/** Express's trust function: is the hop at `addr`, `i` hops from the server (0 = the connection), trusted? */
export type TrustProxy = (addr: string, i: number) => boolean;

const trustNothing: TrustProxy = () => false;

/**
 * TRUST_PROXY as express reads `trust proxy`: unset, "false" or "0" trusts no proxy (the connection is the
 * client); a number trusts that many hops in front of the server; "true" trusts every hop (only when nothing
 * can reach the server but the proxy); otherwise a comma-separated list of addresses, CIDR ranges or the names
 * `loopback`, `linklocal`, `uniquelocal`. Throws on an address it can't read.
 */
export function compileTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return trustNothing;
  if (text === "true") return () => true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_addr, i) => i < hops;
  }
  return proxyAddr.compile(
    text
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

/** The client's address: the connection's, or the nearest untrusted hop of X-Forwarded-For behind trusted ones. */
export function clientAddressOf(req: IncomingMessage, trust: TrustProxy): string {
  return proxyAddr(req, trust);
}

const isLoopback = proxyAddr.compile("loopback");

/**
 * True when the request comes from this machine: the connection is from a loopback address, and every address
 * the request says it was forwarded for is one too (a proxy on the same machine forwarding the world's requests
 * makes them no more local). Reads X-Forwarded-For whatever TRUST_PROXY says: here it can only refuse.
 */
export function isLocalRequest(req: IncomingMessage): boolean {
  const chain = proxyAddr.all(req);
  return chain.length > 0 && chain.every((addr) => addr !== "" && isLoopback(addr, 0));
}
