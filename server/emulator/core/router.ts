import { ApiError, errorBody } from "./errors.js";
import { json } from "./http.js";
import type { Emu } from "./state.js";
import { type UserRow } from "./store.js";

export const API_VERSION = "v65.0";
export const WEBSTORE_BASE = `/services/data/${API_VERSION}/commerce/webstores/`;

/** The newest API version the emulator answers (API_VERSION); a later one is as unknown as it is to a real org. */
export const LATEST_VERSION = 65;
/** The oldest version any Commerce webstore resource is documented at (Summer '20). */
export const OLDEST_VERSION = 49;

/**
 * The API versions a resource is documented at, from its Salesforce page ("Available version 61.0 - 62.0" is
 * `{ since: 61, until: 62 }`). Outside them the resource does not exist: 404 NOT_FOUND, as a real org answers.
 */
export interface VersionRange {
  since: number;
  /** The last version it exists at; absent = still there at LATEST_VERSION. */
  until?: number;
}

/** "v62.0" → 62; null for anything that is not a version the emulator serves. */
export function parseApiVersion(segment: string): number | null {
  const m = /^v(\d{2})\.0$/.exec(segment);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= OLDEST_VERSION && n <= LATEST_VERSION ? n : null;
}

export const inRange = (version: number, range: VersionRange) =>
  version >= range.since && version <= (range.until ?? LATEST_VERSION);

/** The webstore base of the request's own version, for Location headers and page URLs. */
export const webstoreBase = (ctx: Pick<RequestContext, "apiVersion" | "webstoreId">) =>
  `/services/data/v${ctx.apiVersion}.0/commerce/webstores/${ctx.webstoreId}`;

export interface RequestContext {
  req: Request;
  url: URL;
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The API version of the request's path (/services/data/v62.0/… → 62); LATEST_VERSION for paths without one. */
  apiVersion: number;
  /** The JSON body; a body that is not JSON answers 400 JSON_PARSER_ERROR, as the API does. */
  json<T = any>(): Promise<T>;
  /** The signed-in buyer from the bearer token; null for a guest. */
  user: UserRow | null;
  /**
   * The unique visitor id of the token: a guest's identity (their carts are theirs), or the UVID a named user's
   * login carried over from their guest session (so the guest cart can be preserved into theirs).
   */
  uvid: string | null;
  webstoreId: string;
  emu: Emu;
  /** Headers a handler wants added to its response (e.g. Set-Cookie of a new guest session). */
  extraHeaders: Record<string, string>;
}

export type Handler = (ctx: RequestContext) => Response | Promise<Response>;

interface Route {
  method: string;
  /** The path as registered (":name" for a parameter). */
  path: string;
  /** The path's literal segments and its parameters, by position. */
  literals: { at: number; text: string }[];
  params: { at: number; name: string }[];
  staticCount: number;
  handler: Handler;
  /** Webstore routes get the webstore id and session checks; raw routes (OAuth, admin) do not. */
  scope: "webstore" | "raw";
  /** The caller must present a valid bearer token (every webstore route, and raw data routes such as SEO). */
  authenticated: boolean;
  /** Routes whose path has an `:apiVersion` segment exist only at these versions. */
  versions?: VersionRange;
}

/** A registered route as `Router.list()` tells it. */
export type RouteListing =
  | { scope: "webstore"; method: string; path: string; versions: VersionRange }
  | { scope: "raw"; method: string; path: string };

const WEBSTORE_ROUTE_PREFIX = "/services/data/:apiVersion/commerce/webstores/:webstoreId/";

/** Who a request speaks for: a buyer (their user row), a guest (the UVID of their guest token), or neither. */
export interface Caller {
  user: UserRow | null;
  uvid: string | null;
}

/** Bearer token → caller; throws 401 INVALID_SESSION_ID when there is no valid token. */
export type Authenticate = (req: Request) => Caller;

export class Router {
  /** By number of path segments (a route only matches paths of its length), each in the order routes were added. */
  private routesByLength = new Map<number, Route[]>();

  /**
   * A route under /services/data/{version}/commerce/webstores/{webstoreId}/, e.g. "carts/:cartStateOrId", at the
   * versions its Salesforce page documents (`{ since: 64 }`, `{ since: 61, until: 62 }`).
   */
  webstore(method: string, path: string, versions: VersionRange, handler: Handler): void;
  /** A route documented at every version the emulator serves (from OLDEST_VERSION). */
  webstore(method: string, path: string, handler: Handler): void;
  webstore(method: string, path: string, a: VersionRange | Handler, b?: Handler) {
    const [versions, handler] = typeof a === "function" ? [{ since: OLDEST_VERSION }, a] : [a, b!];
    this.add("webstore", method, `${WEBSTORE_ROUTE_PREFIX}${path}`, handler, true, versions);
  }

  /** A route outside the webstore: OAuth and test controls (no token), or a data resource (`authenticated`). */
  raw(method: string, path: string, handler: Handler, options: { authenticated?: boolean } = {}) {
    this.add("raw", method, path, handler, options.authenticated === true);
  }

  private add(
    scope: Route["scope"],
    method: string,
    path: string,
    handler: Handler,
    authenticated: boolean,
    versions?: VersionRange,
  ) {
    const segments = path.split("/").filter(Boolean);
    let sameLength = this.routesByLength.get(segments.length);
    if (!sameLength) this.routesByLength.set(segments.length, (sameLength = []));
    const literals = segments.flatMap((text, at) => (text.startsWith(":") ? [] : [{ at, text }]));
    sameLength.push({
      method,
      path,
      literals,
      params: segments.flatMap((s, at) => (s.startsWith(":") ? [{ at, name: s.slice(1) }] : [])),
      staticCount: literals.length,
      handler,
      scope,
      authenticated,
      versions,
    });
  }

  /**
   * Every route (in no particular order): webstore routes with their path under the webstore base
   * (`carts/:cartStateOrId`) and the versions they exist at, raw routes with their whole path. For listings such as
   * `npm run census`; requests never go through it.
   */
  list(): RouteListing[] {
    const all = [...this.routesByLength.values()].flat();
    return all.map((route) =>
      route.scope === "webstore"
        ? {
            scope: "webstore",
            method: route.method,
            path: route.path.slice(WEBSTORE_ROUTE_PREFIX.length),
            versions: route.versions ?? { since: OLDEST_VERSION },
          }
        : { scope: "raw", method: route.method, path: route.path },
    );
  }

  match(method: string, pathname: string) {
    const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const candidates: { route: Route; params: Record<string, string> }[] = [];
    // Literals are compared first, so the parameters are collected only for the routes that match (every
    // request is matched against all the routes of its length).
    for (const route of this.routesByLength.get(parts.length) ?? []) {
      if (!route.literals.every((l) => l.text === parts[l.at])) continue;
      const params: Record<string, string> = {};
      for (const p of route.params) params[p.name] = parts[p.at];
      candidates.push({ route, params });
    }
    // A literal segment beats a parameter (carts/compact-summary is not carts/{cartId}), among the routes of
    // the request's method; only when no route has that method is the answer 405 with the allowed ones.
    // A route outside its versions doesn't exist: when the best match is one, the resource is not found (it
    // doesn't fall through to a parameter route: compact-summary at v62 is not a cart id).
    candidates.sort((a, b) => b.route.staticCount - a.route.staticCount);
    const available = (c: (typeof candidates)[number]) => {
      if (!c.route.versions) return true;
      const version = parseApiVersion(c.params.apiVersion ?? "");
      return version !== null && inRange(version, c.route.versions);
    };
    const best = candidates.find((c) => c.route.method === method);
    const hit = best && available(best) ? best : undefined;
    const allowed = best ? [] : [...new Set(candidates.filter(available).map((c) => c.route.method))];
    return { hit, allowed };
  }

  /** `url` is the request's, when the caller has parsed it already. */
  async handle(req: Request, emu: Emu, authenticate: Authenticate, url = new URL(req.url)): Promise<Response> {
    try {
      const { hit, allowed } = this.match(req.method, url.pathname);
      if (!hit) {
        // An org checks the session before it looks for the resource: a data path it does not serve, asked without
        // a valid token, is refused as any call without one is (401), and only a signed call learns it is not found.
        if (url.pathname.startsWith("/services/data/")) authenticate(req);
        if (allowed.length) {
          throw new ApiError(
            405,
            "METHOD_NOT_ALLOWED",
            `HTTP Method '${req.method}' not allowed. Allowed are ${allowed.join(",")}`,
          );
        }
        // An unknown webstore is named as such, at any version the emulator serves; anything else is not found.
        const [, services, data, version, commerce, webstores, store] = url.pathname.split("/");
        const webstorePath =
          services === "services" && data === "data" && commerce === "commerce" && webstores === "webstores";
        if (webstorePath && parseApiVersion(version ?? "") !== null && store && !emu.store.webstoreExists(store)) {
          throw webstoreNotFound(store);
        }
        throw new ApiError(404, "NOT_FOUND", "The requested resource does not exist");
      }
      const { route, params } = hit;
      if (route.scope === "webstore" && !emu.store.webstoreExists(params.webstoreId)) {
        throw webstoreNotFound(params.webstoreId);
      }
      const caller = route.authenticated ? authenticate(req) : { user: null, uvid: null };
      let bodyCache: Promise<unknown> | undefined;
      const ctx: RequestContext = {
        req,
        url,
        method: req.method,
        params,
        query: url.searchParams,
        apiVersion: parseApiVersion(params.apiVersion ?? "") ?? LATEST_VERSION,
        user: caller.user,
        uvid: caller.uvid,
        webstoreId: params.webstoreId ?? "",
        emu,
        extraHeaders: {},
        json: () => (bodyCache ??= parseJsonBody(req)) as Promise<any>,
      };
      const res = await route.handler(ctx);
      for (const [k, v] of Object.entries(ctx.extraHeaders)) res.headers.set(k, v);
      return res;
    } catch (err) {
      if (err instanceof ApiError) return json(errorBody(err.errorCode, err.message), err.status);
      console.error("emulator: unhandled error", err);
      return json(
        errorBody(
          "UNKNOWN_EXCEPTION",
          "An unexpected error occurred. Please include this ErrorId if you contact support.",
        ),
        500,
      );
    }
  }
}

function webstoreNotFound(id: string) {
  return new ApiError(404, "WEBSTORE_NOT_FOUND", `Webstore not found: ${id}`);
}

/** How deep a request body's arrays and objects may nest (emulator-only: no API body needs more than a few levels). */
export const MAX_JSON_DEPTH = 100;

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing it (so a body of a million
 * brackets costs one pass, not a parser's stack). Brackets inside strings don't count.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \\ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return deepest;
}

async function parseJsonBody(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === "") return {};
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new ApiError(400, "JSON_PARSER_ERROR", `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "JSON_PARSER_ERROR", "The request body is not valid JSON.");
  }
}
