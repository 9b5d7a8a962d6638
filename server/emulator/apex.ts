import { API_VERSION, type RequestContext, type Router } from "./router.js";
import { createAuthenticator } from "./auth.js";
import { ApiError, invalidInput } from "./errors.js";
import { json } from "./http.js";
import { guardedLookup } from "./orders-access.js";
import type { Emu, EmulatorModule } from "./state.js";

/**
 * Server (Apex) methods the storefront calls through LWR's generic path /lwr/apex/v65.0/{className}/{method}:
 * GET with the parameters as JSON in `methodParams`, POST with them as the JSON body. `X-SFDC-Allow-Continuation`
 * is accepted and ignored (nothing here is long-running). Methods are found by name whatever the class, since
 * the storefront's Apex class name is a deployment detail; an unknown method answers 404 NOT_FOUND.
 */

type ServerMethod = (ctx: RequestContext, params: Record<string, unknown>) => unknown;

/**
 * lookupForOrder({orderNumber, email}) → {success, orderSummaryId?, orderNumber?}: the order-lookup form's check,
 * with exactly the rules of order-summaries/actions/lookup (guests verify by e-mail; signed-in buyers need the
 * account; failures are rate-limited and answer {success:false} alike, whatever the reason; 429 when limited).
 */
const lookupForOrder: ServerMethod = (ctx, params) => {
  const orderNumber = params.orderNumber;
  if (typeof orderNumber !== "string" || orderNumber.trim() === "") throw invalidInput("orderNumber is required.");
  const email = typeof params.email === "string" && params.email.trim() !== "" ? params.email : null;
  try {
    const order = guardedLookup(ctx, orderNumber.trim(), { verification: email ? { email } : null });
    return { success: true, orderSummaryId: order.id, orderNumber: order.order_number };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { success: false };
    throw err;
  }
};

const METHODS: Record<string, ServerMethod> = { lookupForOrder };

function methodParams(raw: string | null): Record<string, unknown> {
  if (raw === null || raw.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(400, "JSON_PARSER_ERROR", "methodParams is not valid JSON.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw invalidInput("methodParams must be a JSON object.");
  return parsed as Record<string, unknown>;
}

export function apexRoutes(r: Router, emu: Emu) {
  // Raw routes get no session from the router; server methods run as the caller, so authenticate here.
  const authenticate = createAuthenticator(emu);
  const handler = async (ctx: RequestContext) => {
    const method = Object.hasOwn(METHODS, ctx.params.method) ? METHODS[ctx.params.method] : undefined;
    if (!method) {
      throw new ApiError(404, "NOT_FOUND", `No such server method: ${ctx.params.className}.${ctx.params.method}`);
    }
    const params = ctx.method === "GET" ? methodParams(ctx.query.get("methodParams")) : await ctx.json();
    if (params === null || typeof params !== "object" || Array.isArray(params)) throw invalidInput("The method parameters must be a JSON object.");
    // The LWR site belongs to one webstore: the emulator's (the first one, as the fixtures have a single store).
    const store = emu.db.prepare("SELECT id FROM webstores ORDER BY id LIMIT 1").get() as { id: string } | undefined;
    const inner: RequestContext = { ...ctx, webstoreId: store?.id ?? "" };
    return json(await method(inner, params));
  };
  r.raw("GET", `/lwr/apex/${API_VERSION}/:className/:method`, handler, { authenticated: true });
  r.raw("POST", `/lwr/apex/${API_VERSION}/:className/:method`, handler, { authenticated: true });
}

export const apexModule: EmulatorModule = { name: "apex", routes: apexRoutes };
