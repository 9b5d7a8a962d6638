/**
 * The agents' MCP endpoint (/api/mcp): the Model Context Protocol over its Streamable HTTP transport (the official
 * SDK's web-standard transport), one MCP server and one guest of the store per session (sessions.server.ts), with the
 * tools of tools.server.ts.
 *
 * What the host checks before a request gets here (server/mcp-guard.ts): a browser's request from another origin is
 * refused (403: the transport's DNS rebinding rule), and the body's size. Here: the session (an unknown or expired id
 * is the transport's 404, so the client starts a new session), the limits on new sessions, and JSON answers only (no
 * server-sent events stream: every tool answers at once, and the server sends nothing unasked).
 */
import type { AppLoadContext } from "@remix-run/node";
import { STORE_NAME } from "~/lib/brand";
import { registerTools } from "./tools.server";
import type { JsonValue } from "~/lib/json";
import {
  dropSession,
  keepSession,
  liveSession,
  MAX_SESSIONS,
  newSessionId,
  sweepSessions,
  type AgentSession,
  type OpenShop,
} from "./sessions.server";

const INSTRUCTIONS =
  `${STORE_NAME}'s shop for a shopper's agent: search the catalog, read products, build this session's cart, ` +
  "and make a payment link for a person to review and pay. No tool places an order or takes a payment.";

/**
 * The SDK, loaded when the first session opens. Its protocol's schemas take about 10 MB of a worker's heap, as much as
 * the rest of the app's build (docs/performance.md, "What every mark-compact marks"), and every full collection marks
 * them again: loaded at start, they lengthened every page's pauses in a worker that may never serve an agent.
 */
const importSdk = () =>
  Promise.all([
    import("@modelcontextprotocol/sdk/server/mcp.js"),
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
  ]);
let sdk: ReturnType<typeof importSdk> | undefined;

/** JSON-RPC error code of a call refused by the rate limits (the implementation-defined server error range). */
export const RATE_LIMITED_CODE = -32029;

type Throttle = NonNullable<AppLoadContext["mcpThrottle"]>;
type OverLimit = Extract<Awaited<ReturnType<Throttle["toolCall"]>>, { allowed: false }>;

/** The refusal's words: which limit, and when to try again (whole seconds). */
export function overLimitMessage(verdict: OverLimit, windowSeconds: number): string {
  const seconds = verdict.retryAfterSeconds;
  const window =
    windowSeconds % 60 === 0
      ? `${windowSeconds / 60} minute${windowSeconds === 60 ? "" : "s"}`
      : `${windowSeconds} seconds`;
  return `Too many requests: the store allows ${verdict.limit} in ${window}. Try again in ${seconds === 1 ? "1 second" : `${seconds} seconds`}.`;
}

/** A JSON-RPC error answer with no id (the request could not be read as one it answers). */
function jsonRpcError(status: number, code: number, message: string, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

/**
 * Answers one HTTP request of the endpoint (POST and DELETE; GET opens no stream here: 405); `openShop` opens the
 * store's shop for a tool call (the composition's getShop).
 */
export async function handleAgentRequest(
  request: Request,
  context: AppLoadContext,
  openShop: OpenShop,
): Promise<Response> {
  if (request.method !== "POST" && request.method !== "DELETE") {
    // The transport's GET opens a stream for messages the server sends unasked; this server sends none.
    return new Response(null, { status: 405, headers: { Allow: "POST, DELETE" } });
  }
  const sessionId = request.headers.get("Mcp-Session-Id");
  if (sessionId) {
    const session = liveSession(sessionId);
    if (!session) return jsonRpcError(404, -32001, "Session not found");
    session.context = context;
    session.origin = new URL(request.url).origin;
    if (request.method === "DELETE") {
      const answer = await session.transport.handleRequest(request);
      if (answer.ok) dropSession(sessionId);
      return answer;
    }
    const body = await readMessage(request);
    if (body === undefined) return jsonRpcError(400, -32700, "Parse error: Invalid JSON");
    const overLimit = await countToolCalls(session, body);
    if (overLimit) return overLimit;
    return session.transport.handleRequest(request, { parsedBody: body });
  }
  if (request.method !== "POST") return jsonRpcError(400, -32000, "Bad Request: Mcp-Session-Id header is required");

  // A request without a session id must be an initialization: it opens a session, counted against the client.
  const throttle = context.mcpThrottle;
  if (throttle) {
    const verdict = await throttle.newSession(context.clientAddress);
    if (!verdict.allowed)
      return jsonRpcError(429, RATE_LIMITED_CODE, overLimitMessage(verdict, throttle.limits.windowSeconds), {
        "Retry-After": String(verdict.retryAfterSeconds),
      });
  }
  if (sweepSessions() >= MAX_SESSIONS)
    return jsonRpcError(503, -32000, "The store has too many agent sessions open. Try again later.", {
      "Retry-After": "60",
    });

  const [{ McpServer }, { WebStandardStreamableHTTPServerTransport }] = await (sdk ??= importSdk());
  const server = new McpServer({ name: STORE_NAME, version: "1.0.0" }, { instructions: INSTRUCTIONS });
  const session: AgentSession = {
    id: "",
    server,
    transport: new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: newSessionId,
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        session.id = id;
        keepSession(session);
      },
    }),
    cookie: "",
    context,
    origin: new URL(request.url).origin,
    lastSeen: Date.now(),
    queue: Promise.resolve(),
    openShop,
  };
  registerTools(server, session);
  await server.connect(session.transport);
  const answer = await session.transport.handleRequest(request);
  // Not an initialization (the transport refused it): nothing was kept.
  if (!session.id) await server.close().catch(() => undefined);
  return answer;
}

/**
 * The request's JSON-RPC message (or batch); undefined when it is no JSON. Its size was checked before it got here
 * (server/mcp-guard.ts: a declared length within the limit).
 */
/** The request body as JSON (the JSON-RPC message or batch); undefined when it is not JSON. */
async function readMessage(request: Request): Promise<JsonValue | undefined> {
  const text = await request.text();
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/**
 * Counts the message's tool calls against the session's and its client's limits; past either, the answer: each call
 * refused with a JSON-RPC error that says which limit and when to try again (`data.retryAfterSeconds`).
 */
async function countToolCalls(session: AgentSession, body: JsonValue): Promise<Response | null> {
  const throttle = session.context.mcpThrottle;
  const messages = (Array.isArray(body) ? body : [body]) as { method?: unknown; id?: unknown }[];
  const calls = messages.filter((m) => m && typeof m === "object" && m.method === "tools/call");
  if (!throttle || !calls.length) return null;
  let refused: OverLimit | null = null;
  for (let i = 0; i < calls.length; i++) {
    const verdict = await throttle.toolCall(session.id, session.context.clientAddress);
    if (!verdict.allowed) refused = verdict;
  }
  if (!refused) return null;
  const error = {
    code: RATE_LIMITED_CODE,
    message: overLimitMessage(refused, throttle.limits.windowSeconds),
    data: { retryAfterSeconds: refused.retryAfterSeconds },
  };
  const answers = calls.map((call) => ({ jsonrpc: "2.0", id: call.id ?? null, error }));
  // A JSON-RPC error in a 200 answer: the agent's client reads it as the call's error (an HTTP error status would be
  // the transport's failure, not the call's).
  return new Response(JSON.stringify(Array.isArray(body) ? answers : answers[0]), {
    status: 200,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
