/**
 * `npm run emulator`: the emulator as a service of its own — the webstore API, the site's identity endpoints and the
 * test controls on `EMULATOR_PORT`, from its SQLite file (`EMULATOR_DB`), with no storefront. Any number of
 * storefronts use it with `WEBSTORE_SITE_URL=http://host:port`, exactly as they would an org (the transport the
 * contract suite's `http` target and the cluster's workers already use).
 *
 * With `REDIS_URL`, a test control that changes the store (POST/DELETE /__emulator/*) is answered once every
 * storefront subscribed to the cache channel has emptied its caches (server/cache-bus.ts); a reset also makes them
 * forget failed sign-ins. Without it, storefronts keep what they cached until it expires.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createCachePublisher } from "./cache-bus.js";
import { changesTheStore } from "./cluster.js";
import { readConfig, type Config } from "./config.js";
import { asyncPollSettings, createEmulator, type Emulator } from "./emulator/index.js";
import { readStateFile, writeStateFile } from "./emulator/admin/states.js";
import { loadImage } from "./emulator/core/db.js";
import { BodyTooLargeError, bodyTooLargeResponse, sendWebResponse, toWebRequest } from "./node-http.js";
import { clientAddressOf, compileTrustProxy, isLocalRequest } from "./proxy.js";
import { connectRedis, readyWithin } from "./redis.js";
import { logEvent, loggablePath } from "./request-log.js";
import { judgeOrigin, STATE_CHANGING_METHODS } from "./security.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface EmulatorService {
  url: string;
  emulator: Emulator;
  close(): Promise<void>;
}

/** Why a test control is refused to this caller (null: allowed); the same rules as the storefront's mount. */
function controlsRefusal(req: IncomingMessage, config: Config): string | null {
  if (config.EMULATOR_CONTROLS !== "public" && !isLocalRequest(req)) {
    return "The emulator's test controls answer only on this machine (EMULATOR_CONTROLS=public opens them).";
  }
  if (STATE_CHANGING_METHODS.has(req.method ?? "GET")) {
    const origin = judgeOrigin(
      {
        origin: header(req, "origin"),
        secFetchSite: header(req, "sec-fetch-site"),
        referer: header(req, "referer"),
      },
      `http://${req.headers.host ?? "localhost"}`,
    );
    if (!origin.ok) return `The emulator's test controls take no changes from another site's page (${origin.reason}).`;
  }
  return null;
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * State files, as Firebase's emulators take them (`--import`, `--export-on-exit`): the store's data is loaded from
 * `importFile` once the emulator is open, and written to `exportOnExit` when the service closes. A state file is a
 * SQLite database (server/emulator/admin/states.ts), the image a saved state holds.
 */
export interface StateFiles {
  importFile?: string;
  exportOnExit?: string;
}

/**
 * `--import FILE` and `--export-on-exit [FILE]` (without a file, the imported one, as Firebase's flag does). Anything
 * else is refused: a mistyped flag must not start a service that silently forgets the data it was meant to keep.
 */
export function parseStateFlags(argv: readonly string[]): StateFiles {
  const files: StateFiles = {};
  let exportOnExit: string | true | undefined;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1] !== undefined && !argv[i + 1].startsWith("--") ? argv[++i] : undefined;
    if (flag === "--import") {
      if (!value) throw new Error("--import needs a file: a state the emulator exported.");
      files.importFile = value;
    } else if (flag === "--export-on-exit") exportOnExit = value ?? true;
    else throw new Error(`Unknown argument ${flag}: the emulator takes --import FILE and --export-on-exit [FILE].`);
  }
  if (exportOnExit === true && !files.importFile)
    throw new Error("--export-on-exit needs a file (or an --import file).");
  if (exportOnExit) files.exportOnExit = exportOnExit === true ? files.importFile : exportOnExit;
  return files;
}

export async function startEmulatorService(
  config: Config = readConfig(),
  files: StateFiles = {},
): Promise<EmulatorService> {
  // Read before the emulator opens: a file that is not a state stops the start with nothing opened.
  const imported = files.importFile ? readStateFile(resolve(files.importFile)) : null;
  const emulator = createEmulator({
    dbFile: config.EMULATOR_DB === ":memory:" ? ":memory:" : resolve(ROOT, config.EMULATOR_DB),
    settings: {
      ...asyncPollSettings(config.EMULATOR_ASYNC_POLLS, config.EMULATOR_CHECKOUT_SECONDS),
      sessionSeconds: config.SESSION_SECONDS,
    },
    scale: config.DEMO_SCALE,
  });
  if (imported) {
    try {
      loadImage(emulator.db, imported);
    } catch (error) {
      emulator.close();
      throw error;
    }
  }
  const trust = compileTrustProxy(config.EMULATOR_TRUST_PROXY);
  const publisher = config.REDIS_URL ? connectRedis(config.REDIS_URL, { purpose: "cache invalidation" }) : null;
  const acknowledgements = config.REDIS_URL
    ? connectRedis(config.REDIS_URL, { purpose: "cache invalidation", queueWhileConnecting: true })
    : null;
  if (publisher) await readyWithin(publisher, 2_000);
  const publish = publisher && acknowledgements ? createCachePublisher(publisher, acknowledgements) : null;

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const path = new URL(req.url ?? "/", "http://x").pathname;
    try {
      if (path === "/healthz" && req.method === "GET") {
        return void sendWebResponse(res, Response.json({ ok: true, mode: "emulator-service" }));
      }
      const refusal = path.startsWith("/__emulator/") ? controlsRefusal(req, config) : null;
      if (refusal) {
        return void (await sendWebResponse(
          res,
          Response.json([{ errorCode: "INSUFFICIENT_ACCESS", message: refusal }], { status: 403 }),
        ));
      }
      // The emulator keys its limits on X-Forwarded-For: the address of the storefront's shopper when the storefront
      // is a proxy EMULATOR_TRUST_PROXY believes, the connection's otherwise.
      const request = await toWebRequest(req, `http://${req.headers.host ?? "127.0.0.1"}`, {
        clientAddress: clientAddressOf(req, trust),
      });
      const answer = await emulator.fetch(request);
      if (publish && answer.ok && changesTheStore(req.method, path)) {
        await publish("all", { resetThrottle: path === "/__emulator/reset" && req.method === "POST" });
      }
      await sendWebResponse(res, answer);
    } catch (err) {
      if (err instanceof BodyTooLargeError) return void (await sendWebResponse(res, bodyTooLargeResponse(err)));
      res.statusCode = 500;
      res.end("The emulator failed to answer.");
      logEvent("error", "emulator request failed", { error: err instanceof Error ? err.message : String(err) });
    } finally {
      if (config.REQUEST_LOG === "1") {
        const line = {
          time: new Date().toISOString(),
          level: "info",
          msg: "api request",
          method: req.method,
          path: loggablePath(req.url ?? "/"),
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          requestId: header(req, "x-request-id") ?? null,
        };
        process.stdout.write(`${JSON.stringify(line)}\n`);
      }
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((ok, fail) => {
    server.once("error", (err: NodeJS.ErrnoException) =>
      fail(
        err.code === "EADDRINUSE"
          ? new Error(`Port ${config.EMULATOR_PORT} is already in use: stop the other server or set EMULATOR_PORT.`)
          : err,
      ),
    );
    server.listen(config.EMULATOR_PORT, config.EMULATOR_HOST, ok);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.EMULATOR_HOST === "0.0.0.0" || config.EMULATOR_HOST === "::" ? "localhost" : config.EMULATOR_HOST;
  return {
    url: `http://${host}:${port}`,
    emulator,
    close: async () => {
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeIdleConnections();
      });
      publisher?.disconnect();
      acknowledgements?.disconnect();
      if (files.exportOnExit) writeStateFile(emulator.db, resolve(files.exportOnExit));
      emulator.close();
    },
  };
}

/** What `npm run emulator` prints once it answers: where it is, and how to point storefronts at it. */
export function emulatorReadyMessage(config: Config, service: EmulatorService): string {
  return [
    `Emulator service ready: ${service.url}`,
    `Webstore API:     ${service.url}/services/data/v65.0/commerce/webstores/${config.WEBSTORE_ID}`,
    `Console:          ${service.url}/__emulator/ (data, journal, outbox, faults, clock, states; docs/console.md)`,
    `Data:             ${config.EMULATOR_DB}${service.emulator.seeding === "kept" ? "" : ` (${service.emulator.seeding})`}`,
    `Cache changes:    ${config.REDIS_URL ? "published on Redis (REDIS_URL)" : "not published (no REDIS_URL): storefronts keep their caches until they expire"}`,
    `Storefronts:      WEBSTORE_SITE_URL=${service.url} SESSION_SECRET=… \\`,
    `                  WEBSTORE_ID=0ZEDEMO00000001 WEBSTORE_COMMUNITY_ID=0DBDM0000000001 WEBSTORE_CLIENT_ID=demo-storefront \\`,
    `                  WEBSTORE_CLIENT_SECRET=demo-storefront-secret WEBSTORE_REDIRECT_URI=https://demo.store/oauth/callback \\`,
    `                  WEBSTORE_INVENTORY_LOCATION_GROUP_ID=0ghDM0000000001 WEBSTORE_INTEGRATION_CLIENT_ID=demo-integration \\`,
    `                  WEBSTORE_INTEGRATION_CLIENT_SECRET=demo-integration-secret npm start`,
  ].join("\n");
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const config = readConfig();
  Promise.resolve()
    .then(() => startEmulatorService(config, parseStateFlags(process.argv.slice(2))))
    .then((service) => {
      console.log(emulatorReadyMessage(config, service));
      const stop = () => void service.close().finally(() => process.exit(0));
      process.once("SIGTERM", stop);
      process.once("SIGINT", stop);
    })
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
