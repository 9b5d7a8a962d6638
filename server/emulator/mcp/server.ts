/**
 * The emulator's MCP server (`npm run emulator:mcp`, docs/emulator-mcp.md): tools a coding agent calls to drive a
 * running emulator's test controls (reset, saved states, fault rules, the virtual clock, the journal, the outbox) and
 * to read its data through the webstore API as a shopper would. It is an HTTP client of the emulator, never the
 * emulator itself: the agent drives the same emulator the store it is looking at uses (`npm start`'s, or
 * `npm run emulator`'s), and imports nothing of the emulator, the storefront or the adapter.
 */
import { randomUUID } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

export interface EmulatorMcpOptions {
  /** Where the emulator answers: the store's origin (`npm start`) or the emulator service's (`npm run emulator`). */
  baseUrl: string;
  /** The demo store's webstore (README, demo contract). */
  webstoreId?: string;
  apiVersion?: string;
  fetch?: typeof fetch;
}

/** The demo site's client app (fixtures/identity.json): the code flow query_data signs in with. */
const DEMO_CLIENT = {
  clientId: "demo-storefront",
  clientSecret: "demo-storefront-secret",
  redirectUri: "https://demo.store/oauth/callback",
};

const SERVER_VERSION = "1.0.0";

/** A tool's answer: the emulator's JSON as text (what an agent reads), marked an error when the emulator refused. */
function answer(status: number, body: unknown): CallToolResult {
  const text = typeof body === "string" ? body : JSON.stringify(body, null, 2);
  if (status === NO_ANSWER) return { isError: true, content: [{ type: "text", text }] };
  if (status >= 400) return { isError: true, content: [{ type: "text", text: `HTTP ${status}\n${text}` }] };
  return { content: [{ type: "text", text }] };
}

const refused = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] });

/** The status `call` gives a request nothing answered (no emulator at the URL): not an HTTP status. */
const NO_ANSWER = 0;

const noEmulator = (baseUrl: string, error: unknown) => {
  const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
  return `No emulator answered at ${baseUrl} (${reason}). Start one with \`npm start\` or \`npm run emulator\`, or set EMULATOR_URL.`;
};

export function createEmulatorMcpServer(options: EmulatorMcpOptions): McpServer {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const webstoreId = options.webstoreId ?? "0ZEDEMO00000001";
  const apiBase = `/services/data/${options.apiVersion ?? "v65.0"}/commerce/webstores/${webstoreId}`;
  const send = options.fetch ?? fetch;

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    let res: Response;
    try {
      res = await send(`${baseUrl}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "manual",
      });
    } catch (error) {
      // The most likely cause by far: nothing is running there yet.
      return { status: NO_ANSWER, headers: new Headers(), body: noEmulator(baseUrl, error) };
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (an HTML error page from something else on that port): shown as it came.
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }

  const failed = (res: { status: number }) => res.status === NO_ANSWER || res.status >= 400;

  const control = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, body);
    return answer(res.status, res.body);
  };

  /** One pass of the site's Authorization Code and Credentials Flow (guest or named buyer) → a bearer header. */
  async function signIn(as: "guest" | { username: string; password: string }) {
    const guest = as === "guest";
    const uvid = randomUUID();
    const authorizeHeaders: Record<string, string> = guest
      ? { "Auth-Request-Type": "guest", "Uvid-Hint": `UVID ${uvid}` }
      : {
          "Auth-Request-Type": "Named-User",
          Authorization: `Basic ${Buffer.from(`${as.username}:${as.password}`).toString("base64")}`,
        };
    const form = (path: string, fields: Record<string, string>, headers: Record<string, string>) =>
      send(`${baseUrl}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });
    const authorized = await form(
      "/services/oauth2/authorize",
      { response_type: "code_credentials", client_id: DEMO_CLIENT.clientId, redirect_uri: DEMO_CLIENT.redirectUri },
      authorizeHeaders,
    );
    const location = authorized.headers.get("location");
    const code = location ? new URL(location).searchParams.get("code") : null;
    if (authorized.status !== 302 || !code)
      return { error: refused(`Sign-in refused (HTTP ${authorized.status}): ${await authorized.text()}`) };
    const token = await form(
      "/services/oauth2/token",
      {
        grant_type: "authorization_code",
        code,
        client_id: DEMO_CLIENT.clientId,
        client_secret: DEMO_CLIENT.clientSecret,
        redirect_uri: DEMO_CLIENT.redirectUri,
      },
      guest ? { "Auth-Request-Type": "guest", "Uvid-Hint": uvid } : {},
    );
    const text = await token.text();
    const accessToken = token.ok ? (JSON.parse(text) as { access_token?: string }).access_token : undefined;
    if (!accessToken) return { error: refused(`Sign-in refused (HTTP ${token.status}): ${text}`) };
    return { authorization: `Bearer ${accessToken}` };
  }

  const server = new McpServer({ name: "webstore-emulator", version: SERVER_VERSION });

  server.registerTool(
    "reset",
    {
      title: "Reset the emulator",
      description:
        "Puts the emulator back to its fixtures: data, virtual clock, fault rules, journal and settings (POST " +
        "/__emulator/reset). Saved states are kept. Answers the virtual clock's time after the reset.",
      inputSchema: {},
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    () => control("POST", "/__emulator/reset"),
  );

  const stateName = z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "1 to 64 letters, digits, hyphens or underscores")
    .describe("The state's name: 1 to 64 letters, digits, - or _");

  server.registerTool(
    "save_state",
    {
      title: "Save the store's data",
      description:
        "Saves the store's current data (catalog, buyers, carts, checkouts, orders, wishlists…) under a name, " +
        "replacing a state saved under it before (POST /__emulator/states/{name}). States live in the emulator's " +
        "memory until it stops and outlive a reset. The clock, fault rules, journal and settings are not part of it.",
      inputSchema: { name: stateName },
    },
    ({ name }) => control("POST", `/__emulator/states/${name}`),
  );

  server.registerTool(
    "load_state",
    {
      title: "Load a saved state",
      description:
        "Replaces the store's data with a state saved before (PUT /__emulator/states/{name}), in one transaction. " +
        "An unknown name is an error (404 NOT_FOUND). Answers the state and how long loading took.",
      inputSchema: { name: stateName },
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    ({ name }) => control("PUT", `/__emulator/states/${name}`),
  );

  server.registerTool(
    "list_states",
    {
      title: "List saved states",
      description: "The saved states: name, when saved (virtual clock) and size in bytes (GET /__emulator/states).",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () => control("GET", "/__emulator/states"),
  );

  server.registerTool(
    "add_fault",
    {
      title: "Inject a fault",
      description:
        "Adds a fault rule (POST /__emulator/faults): the next `times` API requests whose path matches the glob " +
        "`path` (and `method`, when given) answer `status` with [{errorCode, message}] instead of being processed, " +
        "after `latencyMs`. Without `status` the rule only adds latency. `after: true` processes the request first " +
        "and then answers the fault (an answer lost on the way back). Answers the rule with its id.",
      inputSchema: {
        path: z
          .string()
          .min(1)
          .describe('Glob over the whole request path; * matches anything, "/" included. Example: "*/cart-items"'),
        method: z.string().optional().describe("Only requests with this HTTP method (GET, POST, PATCH, DELETE…)"),
        status: z.number().int().min(100).max(599).optional().describe("The status to answer, e.g. 503"),
        errorCode: z.string().optional().describe('The errorCode of the answer, e.g. "SERVICE_UNAVAILABLE"'),
        message: z.string().optional().describe("The message of the answer"),
        times: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe("How many matching requests it affects (default 1; 0 = until removed)"),
        latencyMs: z.number().int().min(0).max(60_000).optional().describe("Delay before answering, in ms"),
        after: z.boolean().optional().describe("Process the request first, then answer the fault"),
      },
    },
    (rule) => control("POST", "/__emulator/faults", rule),
  );

  server.registerTool(
    "remove_fault",
    {
      title: "Remove fault rules",
      description:
        "Without `id`, removes every fault rule (DELETE /__emulator/faults). With `id`, removes that rule only: the " +
        "test controls remove rules all at once, so the others are added again as they stand (the requests each " +
        "still affects kept; they get new ids). Answers the rules left.",
      inputSchema: { id: z.number().int().positive().optional().describe("The id add_fault or list_faults gave") },
      annotations: { destructiveHint: true },
    },
    async ({ id }) => {
      const listed = await call("GET", "/__emulator/faults");
      if (failed(listed)) return answer(listed.status, listed.body);
      const rules = (listed.body as { faults: Array<Record<string, unknown>> }).faults;
      if (id !== undefined && !rules.some((r) => r.id === id))
        return answer(404, { errorCode: "NOT_FOUND", message: `No fault rule with id ${id}.`, faults: rules });
      const removed = await call("DELETE", "/__emulator/faults");
      if (failed(removed)) return answer(removed.status, removed.body);
      if (id !== undefined) {
        for (const rule of rules.filter((r) => r.id !== id)) {
          const { id: _id, remaining, hits: _hits, ...kept } = rule;
          const readded = await call("POST", "/__emulator/faults", { ...kept, times: remaining });
          if (failed(readded)) return answer(readded.status, readded.body);
        }
      }
      return control("GET", "/__emulator/faults");
    },
  );

  server.registerTool(
    "list_faults",
    {
      title: "List fault rules",
      description:
        "The fault rules in force (GET /__emulator/faults): each with its id, `remaining` (requests it still " +
        "affects; 0 with times 0 = until removed) and `hits` (requests it has answered).",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () => control("GET", "/__emulator/faults"),
  );

  server.registerTool(
    "advance_clock",
    {
      title: "Advance the virtual clock",
      description:
        "Moves the emulator's virtual clock forward (POST /__emulator/clock): tokens, reservations, checkouts and " +
        "throttles expire on it, so a test waits by moving it instead of sleeping. 0 reads the time. Answers the new time.",
      inputSchema: { seconds: z.number().min(0).describe("Seconds to move forward, e.g. 7200 (two hours)") },
    },
    ({ seconds }) => control("POST", "/__emulator/clock", { advanceSeconds: seconds }),
  );

  server.registerTool(
    "read_journal",
    {
      title: "Read the request journal",
      description:
        "The API requests the emulator answered, oldest first (GET /__emulator/journal, which keeps the last " +
        "1000): method, path, query, status, the fault rule that answered (`fault`), what the API's own handling " +
        "answered (`processedStatus`), duration. Bodies are never recorded. `method`, `path` (substring) and " +
        "`since` (a seq) filter in the emulator; `status` and `limit` (the newest N) here.",
      inputSchema: {
        method: z.string().optional().describe("Only this HTTP method"),
        path: z.string().optional().describe('Only paths containing this, e.g. "cart-items"'),
        since: z.number().int().min(0).optional().describe("Only entries after this seq"),
        status: z.number().int().min(100).max(599).optional().describe("Only entries answered with this status"),
        limit: z.number().int().min(1).max(1000).optional().describe("At most the newest N entries (default 50)"),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ method, path, since, status, limit }) => {
      const query = new URLSearchParams();
      if (method) query.set("method", method);
      if (path) query.set("path", path);
      if (since !== undefined) query.set("since", String(since));
      const res = await call("GET", `/__emulator/journal${query.size ? `?${query}` : ""}`);
      if (failed(res)) return answer(res.status, res.body);
      const entries = (res.body as { entries: Array<{ status: number }> }).entries.filter(
        (e) => status === undefined || e.status === status,
      );
      return answer(res.status, { entries: entries.slice(-(limit ?? 50)), matched: entries.length });
    },
  );

  server.registerTool(
    "read_outbox",
    {
      title: "Read the outbox",
      description:
        "The e-mails the emulated site sent (GET /__emulator/outbox): registration and password-reset codes, " +
        "with to, subject, text and sentAt. `to` keeps one address's.",
      inputSchema: { to: z.string().optional().describe('Only mail to this address, e.g. "buyer@demo.store"') },
      annotations: { readOnlyHint: true },
    },
    ({ to }) => control("GET", `/__emulator/outbox${to ? `?${new URLSearchParams({ to })}` : ""}`),
  );

  server.registerTool(
    "query_data",
    {
      title: "Read the store's data through the API",
      description:
        `GETs a webstore API resource as a shopper would, under ${apiBase}/: signs in through the site's ` +
        "Headless Identity flow first, as a guest (the default) or as a buyer (username and password, e.g. " +
        'buyer@demo.store / demo-pass-1), and answers what the API answers. Examples of `resource`: "search/products' +
        '?searchTerm=mug", "products/01tDM0000000022", "carts/active", "order-summaries", "wishlists", ' +
        '"category-menu-items". GET only: it changes nothing. A B2B buyer\'s account goes in the query ' +
        '("carts/active?effectiveAccountId=…").',
      inputSchema: {
        resource: z
          .string()
          .min(1)
          .refine((r) => !r.startsWith("/") && !r.includes(".."), "a path under the webstore, without a leading /")
          .describe('The resource path and query under the webstore, e.g. "search/products?searchTerm=mug"'),
        username: z.string().optional().describe("A buyer to sign in as (with password); a guest when omitted"),
        password: z.string().optional().describe("The buyer's password"),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ resource, username, password }) => {
      if (username && !password) return answer(400, "A buyer signs in with a username and a password.");
      let session: Awaited<ReturnType<typeof signIn>>;
      try {
        session = await signIn(username ? { username, password: password! } : "guest");
      } catch (error) {
        return answer(NO_ANSWER, noEmulator(baseUrl, error));
      }
      if (session.error) return session.error;
      const res = await call("GET", `${apiBase}/${resource}`, undefined, { Authorization: session.authorization });
      return answer(res.status, res.body);
    },
  );

  return server;
}
