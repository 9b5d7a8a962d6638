/**
 * Rate limits of the agents' MCP endpoint (/api/mcp, app/agent/): tool calls are counted per MCP session and per
 * client address, and new sessions per client address, each within a window; a call past either limit is refused
 * (a JSON-RPC error that says when to try again) until the window started by its first call has passed.
 *
 * The same mechanism as the sign-in throttle (server/rate-limiter.ts): in this process's memory, or in Redis when
 * REDIS_URL is set (every instance sees the same counts).
 */
import type { Redis } from "ioredis";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { clientKey, forgetCounts, rateLimiter, retryAfterSeconds } from "./rate-limiter.js";

export interface McpLimits {
  /** Tool calls one MCP session may make within the window. */
  perSession: number;
  /** Tool calls one client address may make within the window, across its sessions. */
  perClient: number;
  /** MCP sessions one client address may open within the window. */
  sessionsPerClient: number;
  windowSeconds: number;
}

/** A shopper's pace with room to spare: an agent that searches, reads and edits a cart makes a few calls a minute. */
export const DEFAULT_MCP_LIMITS: McpLimits = {
  perSession: 60,
  perClient: 300,
  sessionsPerClient: 30,
  windowSeconds: 60,
};

export type McpVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; limit: string };

export class McpThrottle {
  private sessions!: RateLimiterAbstract;
  private clients!: RateLimiterAbstract;
  private opened!: RateLimiterAbstract;

  constructor(
    readonly limits: McpLimits = DEFAULT_MCP_LIMITS,
    private readonly redis?: Redis,
  ) {
    this.create();
  }

  /** Counts one tool call of `sessionId` from `client`; refused when either count is past its limit. */
  async toolCall(sessionId: string, client: string | undefined): Promise<McpVerdict> {
    const results = await Promise.all([
      consume(this.sessions, sessionId, `${this.limits.perSession} tool calls a session`),
      consume(this.clients, clientKey(client), `${this.limits.perClient} tool calls a client`),
    ]);
    return worst(results);
  }

  /** Counts one new session opened by `client`. */
  async newSession(client: string | undefined): Promise<McpVerdict> {
    return worst([
      await consume(this.opened, clientKey(client), `${this.limits.sessionsPerClient} new sessions a client`),
    ]);
  }

  /** Forgets every count (the emulator's reset): this process's, and with Redis every instance's. */
  async clear(): Promise<void> {
    this.create();
    await forgetCounts(
      this.redis,
      PREFIXES.map((prefix) => `${prefix}:`),
    );
  }

  private create(): void {
    const limiter = (keyPrefix: string, points: number) =>
      rateLimiter(this.redis, keyPrefix, points, this.limits.windowSeconds);
    this.sessions = limiter(SESSION_PREFIX, this.limits.perSession);
    this.clients = limiter(CLIENT_PREFIX, this.limits.perClient);
    this.opened = limiter(OPENED_PREFIX, this.limits.sessionsPerClient);
  }
}

const SESSION_PREFIX = "mcp-session";
const CLIENT_PREFIX = "mcp-client";
const OPENED_PREFIX = "mcp-opened";
const PREFIXES = [SESSION_PREFIX, CLIENT_PREFIX, OPENED_PREFIX];

async function consume(limiter: RateLimiterAbstract, key: string, limit: string): Promise<McpVerdict> {
  try {
    await limiter.consume(key, 1);
    return { allowed: true };
  } catch (refusal) {
    // rate-limiter-flexible rejects with its result when the points are spent, with an Error when the store failed.
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { allowed: false, retryAfterSeconds: retryAfterSeconds(refusal.msBeforeNext), limit };
  }
}

function worst(verdicts: McpVerdict[]): McpVerdict {
  const refused = verdicts.filter((v): v is Extract<McpVerdict, { allowed: false }> => !v.allowed);
  if (!refused.length) return { allowed: true };
  return refused.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a));
}
