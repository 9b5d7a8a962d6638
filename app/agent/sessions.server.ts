/**
 * The agents' MCP sessions, held by this server process: each is a guest of its own, whose store session (what a
 * browser's session cookie holds: its UVID, guest token, cart id, payment link) lives here, keyed by the MCP session
 * id, and never in a cookie of the agent's requests. The id is 256 random bits (node:crypto), sent only in the
 * Mcp-Session-Id header; a session unused for SESSION_IDLE_MS is forgotten, and its id then answers 404 as any unknown
 * one does (the client starts a new session).
 *
 * Several server processes (WORKERS) each hold their own sessions: an agent's requests must reach the process that
 * opened its session (the load balancer's affinity on Mcp-Session-Id), as the MCP transport requires of any server
 * that keeps sessions.
 */
import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { ShopCore } from "~/shop/core.server";
import type { CartHandler } from "~/cart/cart.server";
import type { CatalogHandler } from "~/catalog/catalog.server";
import type { Checkout } from "~/checkout/checkout.server";

/** What the tools use of a request's shop (app/shop.server.ts), which the composition opens for them. */
export type AgentShop = ShopCore & {
  readonly cart: CartHandler;
  readonly catalog: CatalogHandler;
  readonly checkout: Pick<Checkout, "createPaymentLink">;
};

/** Opens the shop for a request (the composition's getShop). */
export type OpenShop = (request: Request, context: AppLoadContext) => Promise<AgentShop>;

/** How long a session lives without a request. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** The most sessions a process holds at once: past it, a new session is refused until idle ones expire. */
export const MAX_SESSIONS = 10_000;

export interface AgentSession {
  id: string;
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  /** The store session's cookie (`name=value`), as a browser would send it back; "" before the guest has one. */
  cookie: string;
  /** The load context of the session's latest request (its client address, request id), for its tool calls. */
  context: AppLoadContext;
  /** The store's origin as the latest request addressed it (payment links are made on it). */
  origin: string;
  lastSeen: number;
  /**
   * The session's tool calls run one after another: each reads the store session the one before left (a first add
   * makes the guest and its cart; a second one alongside would make another guest, and one of the carts be lost).
   */
  queue: Promise<unknown>;
  /** Opens the store's shop for one of the session's tool calls (the composition's getShop). */
  openShop: OpenShop;
}

const sessions = new Map<string, AgentSession>();

/** An unguessable session id: 256 random bits, base64url. */
export const newSessionId = () => randomBytes(32).toString("base64url");

export function keepSession(session: AgentSession): void {
  sessions.set(session.id, session);
}

/** The live session with `id` (its idle time restarts), or null when there is none, or it expired and is now forgotten. */
export function liveSession(id: string, now = Date.now()): AgentSession | null {
  const session = sessions.get(id);
  if (!session) return null;
  if (now - session.lastSeen > SESSION_IDLE_MS) {
    dropSession(id);
    return null;
  }
  session.lastSeen = now;
  return session;
}

export function dropSession(id: string): void {
  const session = sessions.get(id);
  if (!session) return;
  sessions.delete(id);
  void session.server.close().catch(() => undefined);
}

/** Forgets every session idle for too long; answers how many remain. */
export function sweepSessions(now = Date.now()): number {
  for (const [id, session] of sessions) if (now - session.lastSeen > SESSION_IDLE_MS) dropSession(id);
  return sessions.size;
}
