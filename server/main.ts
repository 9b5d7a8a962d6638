import compression from "compression";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readConfig, type Config } from "./config.js";
import { createEmulator, type Emulator } from "./emulator/index.js";
import type { StorefrontLoadContext } from "./load-context.js";
import { sendWebResponse, toWebRequest } from "./node-http.js";
import { clearWebstoreCaches, createWebstoreCaches, createWebstoreClient } from "./webstore/index.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Paths the webstore API owns; the emulator answers them when it is on. */
const API_PREFIXES = ["/services/", "/lwr/apex/", "/__emulator/"];

/** What the server needs of an emulator: the in-process one, or one served by another process (server/cluster.ts). */
export type EmulatorLike = Pick<Emulator, "fetch" | "seeding">;

export async function startServer(config: Config = readConfig(), options: { emulator?: EmulatorLike } = {}) {
  const buildPath = join(ROOT, "build", "index.js");
  if (!existsSync(buildPath)) throw new Error("No build found: run `npm run build` (npm start does it for you).");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

  // The one place the emulator is plugged in: the app and the client only ever see a fetch function.
  let emulator: EmulatorLike | null = options.emulator ?? null;
  if (!emulator && config.mode === "emulator") {
    emulator = createEmulator({
      dbFile: config.EMULATOR_DB === ":memory:" ? ":memory:" : resolve(ROOT, config.EMULATOR_DB),
      settings: { asyncPolls: config.EMULATOR_ASYNC_POLLS, sessionSeconds: config.SESSION_SECONDS },
    });
  }
  const apiFetch = emulator ? (req: Request) => emulator!.fetch(req) : (req: Request) => fetch(req);
  const siteUrl = config.WEBSTORE_SITE_URL ?? "http://emulator.local";
  const caches = createWebstoreCaches();
  const publicUrl = `http://localhost:${config.PORT}`;

  const loadContext = (clientAddress?: string): AppLoadContext & StorefrontLoadContext => ({
    webstore: (scope) =>
      createWebstoreClient({
        fetch: apiFetch,
        baseUrl: siteUrl,
        apiVersion: config.WEBSTORE_API_VERSION,
        webstoreId: config.WEBSTORE_ID,
        communityId: config.WEBSTORE_COMMUNITY_ID,
        caches,
        clientAddress,
        serverRendering: true,
        oauth: {
          clientId: config.WEBSTORE_CLIENT_ID,
          clientSecret: config.WEBSTORE_CLIENT_SECRET,
          redirectUri: config.WEBSTORE_REDIRECT_URI,
        },
        ...scope,
      }),
    storefront: {
      mode: config.mode,
      webstoreId: config.WEBSTORE_ID,
      sessionSecret: config.SESSION_SECRET,
      emulatorApiUrl: emulator ? `${publicUrl}/services/data/v65.0/commerce/webstores/${config.WEBSTORE_ID}` : null,
    },
  });

  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  if (emulator) {
    const em = emulator;
    app.use(async (req, res, next) => {
      if (!API_PREFIXES.some((p) => req.path.startsWith(p))) return next();
      try {
        const answer = await em.fetch(await toWebRequest(req, `http://${req.headers.host ?? "localhost"}`));
        // A reset or a settings change alters what the storefront cached from the API (the application context
        // above all): forget it, so the very next page sees the store as it now is.
        if (req.path.startsWith("/__emulator/") && req.method !== "GET") clearWebstoreCaches(caches);
        await sendWebResponse(res, answer);
      } catch (err) {
        next(err);
      }
    });
  }
  app.get("/healthz", (_req, res) => {
    res.json({ ok: true, mode: config.mode });
  });
  app.use("/build", express.static(join(ROOT, "public", "build"), { immutable: true, maxAge: "1y" }));
  // Only paths that name a file (an extension) look on disk: a page's path costs no stat of public/.
  const publicFiles = express.static(join(ROOT, "public"), { maxAge: "1h" });
  app.use((req, res, next) => (/\.[\w]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  app.all("*", createRequestHandler({ build, mode: config.NODE_ENV, getLoadContext: (req) => loadContext(req.ip) }));

  const server = await new Promise<import("node:http").Server>((ok, fail) => {
    const s = app.listen(config.PORT, config.HOST, () => ok(s));
    s.once("error", (err: NodeJS.ErrnoException) =>
      fail(err.code === "EADDRINUSE" ? new Error(`Port ${config.PORT} is already in use: stop the other server or set PORT.`) : err),
    );
  });
  return { server, emulator, url: publicUrl, loadContext, caches };
}

/** What `npm start` prints once the store answers. */
export function readyMessage(config: Config, url: string, emulator: EmulatorLike | null): string {
  const lines = [`Storefront ready: ${url}`];
  if (emulator?.seeding === "reseeded") {
    lines.push(`Demo data:        fixtures/ changed since ${config.EMULATOR_DB} was seeded, so it was seeded again`);
  }
  if (emulator) {
    lines.push(
      `Emulator API:     ${url}/services/data/v65.0/commerce/webstores/${config.WEBSTORE_ID}`,
      `Test controls:    ${url}/__emulator/ (reset, faults, clock, journal)`,
      `Demo logins:      buyer@demo.store / demo-pass-1 (B2C)`,
      `                  b2b@demo.store / demo-pass-1 (B2B, managed accounts)`,
    );
  } else {
    lines.push(`Webstore site:    ${config.WEBSTORE_SITE_URL} (webstore ${config.WEBSTORE_ID}, API v${config.WEBSTORE_API_VERSION.replace(/^v/, "")})`);
  }
  return lines.join("\n");
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const config = readConfig();
  startServer(config)
    .then(({ url, emulator }) => console.log(readyMessage(config, url, emulator)))
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
