import compression from "compression";
import express, { type RequestHandler } from "express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { existsSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readConfig, type Config } from "./config.js";
import { asyncPollSettings, createEmulator, type Emulator } from "./emulator/index.js";
import type { BrowsingIdentity, StorefrontLoadContext } from "./load-context.js";
import { Limits, type LimitTable } from "./limits.js";
import { LoginThrottle, type LoginThrottleLimits } from "./login-throttle.js";
import { McpThrottle, type McpLimits } from "./mcp-throttle.js";
import { MCP_PATH, mcpGuard } from "./mcp-guard.js";
import { BodyTooLargeError, bodyTooLargeResponse, sendWebResponse, toWebRequest } from "./node-http.js";
import { compileTrustProxy, isLocalRequest } from "./proxy.js";
import { expectedOriginOf, formGuard, judgeOrigin, securityHeaders, STATE_CHANGING_METHODS } from "./security.js";
import {
  breakerCheck,
  clearWebstoreCaches,
  createWebstoreCaches,
  createWebstoreClient,
  type FetchLike,
  resetBreakers,
} from "./webstore/index.js";
import { clearNamedCaches, listenForCacheClears } from "./cache-bus.js";
import { expressMessages } from "./express-messages.js";
import { apiCheck, readiness, type ReadinessCheck } from "./readiness.js";
import { connectRedis, readyWithin } from "./redis.js";
import { requestLog } from "./request-log.js";
import { createStoreRequestHandler } from "./remix-handler.js";
import { nodeFetch } from "./webstore/node-fetch.js";
import { createRequestScope, type RequestScope } from "./request-scope.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Paths the webstore API owns; the emulator answers them when it is on. */
const API_PREFIXES = ["/services/", "/lwr/apex/", "/__emulator/"];
/** A country-language first segment, as spec §2 detects it (app/lib/links.ts LOCALE_SEGMENT): /en-GB/… */
const LOCALE_PREFIX = /^\/([a-z]{2,3}-[A-Z]{2})(?=\/|$)/;
/** Handlers kept for locale prefixes (each store has a few; made-up ones beyond this are served, not kept). */
const MAX_LOCALE_HANDLERS = 16;
/** How long a stopping server (SIGTERM) lets its in-flight requests finish before it closes their connections. */
export const DRAIN_TIMEOUT_MS = 10_000;
/** How long a starting server waits for Redis before it serves without it (the insurance limiter counts meanwhile). */
const REDIS_START_WAIT_MS = 2_000;

/**
 * What the server needs of an emulator: the in-process one (which reads no call's signal: an attempt fails at its time
 * limit all the same), or one served by another process (server/cluster.ts).
 */
export type EmulatorLike = Pick<Emulator, "seeding"> & { fetch: FetchLike };

export interface StartOptions {
  /** An emulator running elsewhere (the primary process's, with several workers); default: one in this process. */
  emulator?: EmulatorLike;
  /**
   * What answers the storefront's requests in place of the Remix build (tests of the server's own layers: headers,
   * guards, the emulator's mount). It gets `res.locals.cspNonce` and `req.ip` like the Remix handler would.
   */
  handler?: RequestHandler;
  /** The login throttle's limits (default: 5 failures per account, 20 per client, in 15 minutes). */
  loginLimits?: LoginThrottleLimits;
  /** The MCP endpoint's limits (default: server/mcp-throttle.ts DEFAULT_MCP_LIMITS). */
  mcpLimits?: McpLimits;
  /** The limits on new identities, carts and codes (default: server/limits.ts DEFAULT_LIMITS, docs/limits.md). */
  limits?: LimitTable;
  /** The clock of the API answers the store caches (default: Date.now); tests move it instead of waiting. */
  cacheClock?: () => number;
  /**
   * Development (`npm run dev`): the app comes from Vite's dev server in middleware mode, as Remix documents for a
   * custom server: its modules are served and rebuilt as they change, and every request renders the current ones.
   * Otherwise the build in BUILD_DIR is served.
   */
  dev?: boolean;
}

/**
 * The app build BUILD_DIR holds (BUILD_DIR/server/index.js), checked against BASE_PATH: the build's asset URLs
 * (`publicPath`, Vite's `base`, which vite.config.ts derives from the BASE_PATH it was built with) must be under the
 * base path the server serves, or every page would load scripts from where nothing answers. Remix's router gets the base path as its basename: it matches
 * routes below it, and every <Link>, <Form> and fetcher URL it renders starts with it.
 */
export async function loadAppBuild(config: Pick<Config, "BASE_PATH" | "BUILD_DIR">): Promise<ServerBuild> {
  const buildPath = resolve(ROOT, config.BUILD_DIR, "server", "index.js");
  if (!existsSync(buildPath)) {
    throw new Error(`No build found in ${config.BUILD_DIR}/: run \`npm run build\` (npm start does it for you).`);
  }
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const expected = `${config.BASE_PATH}/build/`;
  if (build.publicPath !== expected) {
    const builtFor = build.publicPath.replace(/\/build\/$/, "");
    const describe = (base: string) => (base ? `BASE_PATH=${base}` : "no BASE_PATH");
    throw new Error(
      `The build in ${config.BUILD_DIR}/ was made for ${describe(builtFor)} (the store under ${builtFor || ""}/), ` +
        `but this server was started with ${describe(config.BASE_PATH)}. Build again with the base path you serve ` +
        `(\`${config.BASE_PATH ? `BASE_PATH=${config.BASE_PATH} ` : ""}npm run build\`; npm start builds for you), ` +
        `or start the server with ${describe(builtFor)}.`,
    );
  }
  return config.BASE_PATH ? { ...build, basename: config.BASE_PATH } : build;
}

/** A build as a locale-prefixed URL is served: the segment joins the basename (see `remixHandler` below). */
function withLocale(build: ServerBuild, locale: string | undefined): ServerBuild {
  return locale ? { ...build, basename: `${build.basename ?? ""}/${locale}`.replace(/\/{2,}/g, "/") } : build;
}

/** Vite's dev server for `npm run dev`; its HMR connection shares the store's port (the CSP's connect-src 'self'). */
async function startVite(httpServer: Server) {
  const { createServer } = await import("vite");
  return createServer({ server: { middlewareMode: true, hmr: { server: httpServer } } });
}

export async function startServer(config: Config = readConfig(), options: StartOptions = {}) {
  const messages = expressMessages();
  const httpServer = createHttpServer({
    IncomingMessage: messages.IncomingMessage,
    ServerResponse: messages.ServerResponse,
  });
  const vite = options.dev && !options.handler ? await startVite(httpServer) : null;
  const build = options.handler || vite ? null : await loadAppBuild(config);
  /** The app as this request renders it: the build, or in development what Vite's dev server has now. */
  const appFor = (locale: string | undefined): ServerBuild | (() => Promise<ServerBuild>) =>
    vite
      ? async () => {
          const current = (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
          return withLocale(config.BASE_PATH ? { ...current, basename: config.BASE_PATH } : current, locale);
        }
      : withLocale(build!, locale);

  // The one place the emulator is plugged in: the app and the client only ever see a fetch function.
  let emulator: EmulatorLike | null = options.emulator ?? null;
  if (!emulator && config.mode === "emulator") {
    emulator = createEmulator({
      dbFile: config.EMULATOR_DB === ":memory:" ? ":memory:" : resolve(ROOT, config.EMULATOR_DB),
      settings: {
        ...asyncPollSettings(config.EMULATOR_ASYNC_POLLS, config.EMULATOR_CHECKOUT_SECONDS),
        sessionSeconds: config.SESSION_SECONDS,
      },
      scale: config.DEMO_SCALE,
    });
  }
  // An org (or an emulator service) is reached by node:http, not the platform fetch (server/webstore/node-fetch.ts).
  const apiFetch: FetchLike = emulator ? (req, init) => emulator!.fetch(req, init) : nodeFetch();
  const siteUrl = config.WEBSTORE_SITE_URL ?? "http://emulator.local";
  const caches = createWebstoreCaches({ now: options.cacheClock });
  // With REDIS_URL: one connection for commands (the throttle's counts, acknowledgements), one subscribed to cache
  // invalidations (a subscribed connection takes no other command).
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, { purpose: "sign-in limits" }) : null;
  const subscriber = config.REDIS_URL
    ? connectRedis(config.REDIS_URL, { purpose: "cache invalidation", queueWhileConnecting: true })
    : null;
  if (redis) await readyWithin(redis, REDIS_START_WAIT_MS);
  const loginThrottle = new LoginThrottle(options.loginLimits, redis ?? undefined);
  const mcpThrottle = new McpThrottle(options.mcpLimits, redis ?? undefined);
  const limits = new Limits(options.limits, redis ?? undefined);
  if (redis && subscriber) {
    void listenForCacheClears(subscriber, redis, async (message) => {
      clearNamedCaches(caches, message.caches);
      if (message.resetThrottle) await Promise.all([loginThrottle.clear(), mcpThrottle.clear(), limits.clear()]);
    }).catch(() => undefined);
  }
  const browsingIdentity: BrowsingIdentity = {};
  // The port is known once listening (PORT=0 picks a free one).
  let publicUrl = `http://localhost:${config.PORT}`;

  /** The API as this request's calls reach it: each carries the request's id (X-Request-Id), for the org's logs. */
  const apiFetchFor = (requestId: string | undefined): FetchLike =>
    requestId
      ? (req, init) => {
          req.headers.set("X-Request-Id", requestId);
          return apiFetch(req, init);
        }
      : apiFetch;

  const loadContext = (
    clientAddress?: string,
    cspNonce?: string,
    locale?: string,
    requestId?: string,
    perRequest: RequestScope = createRequestScope().scope,
  ): AppLoadContext & StorefrontLoadContext => ({
    webstore: (scope) =>
      createWebstoreClient({
        fetch: apiFetchFor(requestId),
        baseUrl: siteUrl,
        apiVersion: config.WEBSTORE_API_VERSION,
        webstoreId: config.WEBSTORE_ID,
        communityId: config.WEBSTORE_COMMUNITY_ID,
        inventoryLocationGroupId: config.WEBSTORE_INVENTORY_LOCATION_GROUP_ID,
        caches,
        // The shopper's address goes only to the in-process emulator (its order-lookup limit is emulator-only and
        // keyed on it): Connect REST documents no X-Forwarded-For, so an org or an emulator service is sent none.
        clientAddress: emulator ? clientAddress : undefined,
        serverRendering: true,
        // Per-call time limits and a circuit breaker per API host (server/webstore/breaker.ts).
        guarded: true,
        // Spec §7: cart calls carry X-Highscale when the store has high-scale carts (its application context says).
        highScaleCart: "applicationContext",
        oauth: {
          clientId: config.WEBSTORE_CLIENT_ID,
          clientSecret: config.WEBSTORE_CLIENT_SECRET,
          redirectUri: config.WEBSTORE_REDIRECT_URI,
        },
        integration:
          config.WEBSTORE_INTEGRATION_CLIENT_ID && config.WEBSTORE_INTEGRATION_CLIENT_SECRET
            ? {
                orgUrl: config.WEBSTORE_ORG_URL,
                clientId: config.WEBSTORE_INTEGRATION_CLIENT_ID,
                clientSecret: config.WEBSTORE_INTEGRATION_CLIENT_SECRET,
              }
            : undefined,
        ...scope,
      }),
    storefront: {
      mode: config.mode,
      webstoreId: config.WEBSTORE_ID,
      sessionSecret: config.SESSION_SECRET,
      emulatorApiUrl: emulator ? `${publicUrl}/services/data/v65.0/commerce/webstores/${config.WEBSTORE_ID}` : null,
      serverTiming: config.serverTiming,
      basePath: config.BASE_PATH,
    },
    cspNonce,
    clientAddress,
    loginThrottle,
    mcpThrottle,
    limits,
    browsingIdentity,
    locale,
    requestId,
    perRequest,
  });

  const trust = compileTrustProxy(config.TRUST_PROXY);
  /**
   * The test controls reset, break and time-travel the whole store: this machine's business only, unless the
   * operator opens them on purpose; and never a change asked for by another site's page open in a browser here
   * (a form or text/plain POST needs no CORS preflight).
   */
  const controlsRefusal = (req: express.Request): string | null => {
    if (config.EMULATOR_CONTROLS !== "public" && !isLocalRequest(req)) {
      return "The emulator's test controls answer only on this machine (EMULATOR_CONTROLS=public opens them).";
    }
    if (STATE_CHANGING_METHODS.has(req.method)) {
      const origin = judgeOrigin(
        { origin: req.get("Origin"), secFetchSite: req.get("Sec-Fetch-Site"), referer: req.get("Referer") },
        expectedOriginOf(req, trust),
      );
      if (!origin.ok)
        return `The emulator's test controls take no changes from another site's page (${origin.reason}).`;
    }
    return null;
  };
  /** Set by SIGTERM (shutdown below): /readyz answers 503, and every answer closes its connection. */
  let draining = false;
  const readinessChecks: Record<string, ReadinessCheck> = {
    // The emulator in this process is always there (and a probe's call would only crowd its journal).
    api: emulator && !options.emulator ? () => ({ ok: true }) : apiCheck(apiFetch, siteUrl),
    // Open while the API has failed over and over: this instance answers from stale copies or with 503 until it probes.
    "webstore circuit": breakerCheck,
    ...(redis
      ? {
          redis: async () =>
            redis.status === "ready" && (await redis.ping()) === "PONG"
              ? { ok: true }
              : { ok: false, detail: redis.status },
        }
      : {}),
  };
  const app = express();
  messages.adopt(app);
  app.disable("x-powered-by");
  // req.ip, req.protocol and req.hostname read X-Forwarded-* only from the proxies TRUST_PROXY names.
  app.set("trust proxy", trust);
  app.use(requestLog({ trust, enabled: config.REQUEST_LOG === "1" }));
  // A stopping server keeps no connection open: the client's (or the load balancer's) next request goes elsewhere.
  // The answers in flight when the stop comes are told so too (shutdown, below).
  const inFlight = new Set<express.Response>();
  app.use((_req, res, next) => {
    if (draining) res.setHeader("Connection", "close");
    else {
      inFlight.add(res);
      res.once("close", () => inFlight.delete(res));
    }
    next();
  });
  app.use(securityHeaders());
  app.use(compression());
  if (emulator) {
    const em = emulator;
    app.use(async (req, res, next) => {
      if (!API_PREFIXES.some((p) => req.path.startsWith(p))) return next();
      const refusal = req.path.startsWith("/__emulator/") ? controlsRefusal(req) : null;
      if (refusal) {
        res.status(403).json([{ errorCode: "INSUFFICIENT_ACCESS", message: refusal }]);
        return;
      }
      try {
        // The emulator keys its limits on X-Forwarded-For: it gets the address express determined (the connection's,
        // or the client's behind a trusted proxy), never one the caller wrote.
        const request = await toWebRequest(req, `http://${req.headers.host ?? "localhost"}`, {
          clientAddress: req.ip || "unknown",
        });
        const answer = await em.fetch(request);
        // A reset or a settings change alters what the storefront cached from the API (the application context
        // above all): forget it, so the very next page sees the store as it now is. A reset also forgets failed
        // sign-ins and the limits' counts: every test starts from a store nobody has tried to sign in to.
        const reset = req.path === "/__emulator/reset" && req.method === "POST" && answer.ok;
        // A reset starts the store again from its seed: the last good copies of the old one are forgotten too (a
        // fault rule keeps them: they are what the store shows while the API is down).
        if (req.path.startsWith("/__emulator/") && req.method !== "GET")
          clearWebstoreCaches(caches, { lastGood: reset });
        if (reset) {
          await Promise.all([loginThrottle.clear(), mcpThrottle.clear(), limits.clear()]);
          resetBreakers({ keepSettings: true });
        }
        await sendWebResponse(res, answer);
      } catch (err) {
        if (err instanceof BodyTooLargeError) return void (await sendWebResponse(res, bodyTooLargeResponse(err)));
        next(err);
      }
    });
  }
  // Liveness: the process answers. Readiness: it can serve a shopper (the API, and Redis when set, answer).
  app.get("/healthz", (_req, res) => {
    res.json({ ok: true, mode: config.mode });
  });
  app.get("/readyz", async (_req, res) => {
    const answer = await readiness(readinessChecks, draining);
    res.status(answer.ok ? 200 : 503).json(answer);
  });
  // Everything the store serves lives under BASE_PATH (the API, its controls and /healthz stay at the root, above):
  // the site root sends a visitor to the store's home.
  const base = config.BASE_PATH;
  if (base) app.get("/", (_req, res) => res.redirect(302, `${base}/`));
  if (vite) app.use(vite.middlewares);
  else {
    const assetsDir = build ? resolve(ROOT, build.assetsBuildDirectory) : join(ROOT, "build", "client");
    app.use(`${base}/build`, express.static(assetsDir, { immutable: true, maxAge: "1y" }));
  }
  // Only paths that name a file (an extension) look on disk: a page's path costs no stat of public/.
  const publicFiles = express.static(join(ROOT, "public"), { maxAge: "1h" });
  app.use(base || "/", (req, res, next) => (/\.[\w]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  // Nothing of the store lives outside its base path (Remix would only find no route there): a plain 404 that says
  // where the store is. Remix's single-fetch data URL of the store's home is the base path plus ".data" (/shop.data).
  if (base) {
    app.use((req, res, next) =>
      req.path === base || req.path === `${base}.data` || req.path.startsWith(`${base}/`)
        ? next()
        : res.status(404).type("text/plain").send(`Not Found: the store is at ${base}/\n`),
    );
  }
  // Every state-changing request that reaches the storefront: from the store's own pages, a form, not too large.
  // The agents' MCP endpoint takes JSON-RPC from agents' HTTP clients, not forms: its own rules (server/mcp-guard.ts).
  const guardForms = formGuard({ trust });
  const guardMcp = mcpGuard({ trust });
  app.use((req, res, next) => (req.path === `${base}${MCP_PATH}` ? guardMcp : guardForms)(req, res, next));
  // A locale-prefixed URL (/en-GB/cart) is the same page served with the segment as Remix's basename (the
  // build's `basename`, which the browser's router reads back from the page): links, forms and redirects of the page
  // then keep the prefix without any route knowing of it. One handler per locale seen, a bounded few.
  const remixHandlers = new Map<string, RequestHandler>();
  const remixHandler = (locale: string | undefined): RequestHandler => {
    const key = locale ?? "";
    let handler = remixHandlers.get(key);
    if (handler) return handler;
    handler = createStoreRequestHandler({
      build: appFor(locale),
      mode: config.NODE_ENV,
      getLoadContext: (req, res) => {
        const scope = createRequestScope();
        const context = loadContext(
          req.ip,
          res.locals.cspNonce as string | undefined,
          locale,
          res.locals.requestId as string | undefined,
          scope.scope,
        );
        context.documentRequest = !req.path.endsWith(".data");
        return { context, scope };
      },
    });
    if (remixHandlers.size < MAX_LOCALE_HANDLERS) remixHandlers.set(key, handler);
    return handler;
  };
  app.all(
    "*",
    options.handler ??
      ((req, res, next) => {
        // The locale segment follows the base path (/shop/en-GB/cart), which every request here starts with.
        const locale = LOCALE_PREFIX.exec(base ? req.path.slice(base.length) : req.path)?.[1];
        return remixHandler(locale)(req, res, next);
      }),
  );

  httpServer.on("request", app);
  const server = await new Promise<Server>((ok, fail) => {
    const s = httpServer.listen(config.PORT, config.HOST, () => ok(s));
    s.once("error", (err: NodeJS.ErrnoException) =>
      fail(
        err.code === "EADDRINUSE"
          ? new Error(`Port ${config.PORT} is already in use: stop the other server or set PORT.`)
          : err,
      ),
    );
  });
  publicUrl = `http://localhost:${(server.address() as AddressInfo).port}`;

  /**
   * A graceful stop (SIGTERM): stop accepting connections, let the requests in flight finish (each answer closes its
   * connection; idle kept-alive ones are closed now), and after `timeoutMs` close whatever is left.
   */
  const shutdown = async (timeoutMs = DRAIN_TIMEOUT_MS) => {
    if (draining) return;
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        server.closeAllConnections();
        resolve();
      }, timeoutMs);
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });
    redis?.disconnect();
    subscriber?.disconnect();
    await vite?.close();
  };
  return { server, emulator, url: publicUrl, loadContext, loginThrottle, mcpThrottle, limits, caches, shutdown };
}

/** What `npm start` prints once the store answers. */
export function readyMessage(config: Config, url: string, emulator: EmulatorLike | null): string {
  // The store's own address (under BASE_PATH); the API and the test controls stay at the root.
  const lines = [`Storefront ready: ${url}${config.BASE_PATH ? `${config.BASE_PATH}/` : ""}`];
  if (emulator?.seeding === "reseeded") {
    lines.push(
      `Demo data:        fixtures/ or DEMO_SCALE changed since ${config.EMULATOR_DB} was seeded, so it was seeded again`,
    );
  }
  if (emulator) {
    lines.push(
      `Emulator API:     ${url}/services/data/v65.0/commerce/webstores/${config.WEBSTORE_ID}`,
      `Console:          ${url}/__emulator/ (data, journal, outbox, faults, clock, states; docs/console.md)`,
      `Demo logins:      buyer@demo.store / demo-pass-1 (B2C)`,
      `                  b2b@demo.store / demo-pass-1 (B2B, managed accounts)`,
      ...(config.DEMO_SCALE === "large"
        ? [
            `                  bulk@demo.store / demo-pass-1 (B2B, 5,000 orders, a 500-line cart)`,
            `Demo scale:       large (100,000 generated products next to the demo's; DEMO_SCALE)`,
          ]
        : config.DEMO_SCALE === "xl"
          ? [
              `                  bulk@demo.store / demo-pass-1 (B2B, 50,000 orders, a 2,000-line cart)`,
              `                  manager@demo.store / demo-pass-1 (B2B, 200 accounts)`,
              `Demo scale:       xl (1,000,000 generated products next to the demo's; DEMO_SCALE)`,
            ]
          : []),
    );
  } else {
    lines.push(
      `Webstore site:    ${config.WEBSTORE_SITE_URL} (webstore ${config.WEBSTORE_ID}, API v${config.WEBSTORE_API_VERSION.replace(/^v/, "")})`,
    );
  }
  return lines.join("\n");
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const config = readConfig();
  startServer(config, { dev: config.NODE_ENV === "development" })
    .then(({ url, emulator }) => console.log(readyMessage(config, url, emulator)))
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
