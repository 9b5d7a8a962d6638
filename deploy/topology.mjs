// Several storefront instances on one machine, in the shape of a deployment on several: Redis, the emulator as a
// service (`npm run emulator`), N storefronts (`node build/server.mjs`, one process each) pointed at it with
// WEBSTORE_SITE_URL and sharing Redis, and nginx in front of them — every one on a free port. deploy/start.mjs runs
// it from the command line; the fault drill (tests/drill/) starts one per run and stops, kills and restarts its parts.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** A port nothing listens on now. */
export function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => ok(port));
    });
  });
}

/** Resolves once `check` does, trying every 100 ms for up to `ms`. */
async function until(what, check, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const answers = (url) => fetch(url).then((r) => r.ok);
const accepts = (port) =>
  new Promise((ok) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.end();
      ok(true);
    });
    socket.once("error", () => ok(false));
  });

/**
 * A child process whose output goes to `logFile` (appended: a restarted instance writes after its predecessor).
 * @returns {{ child: import("node:child_process").ChildProcess, exited: Promise<number | null> }}
 */
function launch(command, args, env, logFile) {
  const log = createWriteStream(logFile, { flags: "a" });
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise((ok) => child.once("exit", (code, signal) => ok(signal ?? code)));
  return { child, exited };
}

/**
 * @param {{
 *   instances?: number, redisServer: string, nginx: string, runDir: string,
 *   port?: number, emulatorDb?: string, env?: Record<string, string>,
 * }} options
 */
export async function startTopology(options) {
  const count = options.instances ?? 3;
  const runDir = resolve(options.runDir);
  // A run's logs are its own (the drill reads them): nothing of an earlier run in the same directory.
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const sessionSecret = randomBytes(24).toString("hex");
  const [redisPort, emulatorPort, nginxPort, ...instancePorts] = await Promise.all(
    Array.from({ length: 3 + count }, (_, i) => (i === 2 && options.port ? options.port : freePort())),
  );
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
  const processes = [];
  const stopAll = async () => {
    await Promise.all(
      processes.map(async (p) => {
        if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGTERM");
        await p.exited;
      }),
    );
  };

  try {
    // Redis: nothing written to disk, on loopback only.
    const redis = {
      port: redisPort,
      url: redisUrl,
      process: /** @type {ReturnType<typeof launch> | null} */ (null),
      async start() {
        redis.process = launch(
          options.redisServer,
          ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
          {},
          join(runDir, "redis.log"),
        );
        processes.push(redis.process);
        await until("redis-server", () => accepts(redisPort), 15_000);
      },
      async stop() {
        redis.process?.child.kill("SIGTERM");
        await redis.process?.exited;
      },
    };
    await redis.start();

    const emulator = launch(
      process.execPath,
      ["--import", "tsx", "server/emulator-service.ts"],
      {
        EMULATOR_PORT: String(emulatorPort),
        EMULATOR_DB: options.emulatorDb ?? ":memory:",
        REDIS_URL: redisUrl,
        ...options.env,
      },
      join(runDir, "emulator.log"),
    );
    processes.push(emulator);

    /** The storefronts' settings: the emulator as their org, Redis shared, nginx on loopback as their proxy. */
    const storefrontEnv = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      WEBSTORE_SITE_URL: emulatorUrl,
      // The demo store's ids, as an org's would be given (required with WEBSTORE_SITE_URL).
      WEBSTORE_ID: "0ZEDEMO00000001",
      WEBSTORE_COMMUNITY_ID: "0DBDM0000000001",
      SESSION_SECRET: sessionSecret,
      WEBSTORE_CLIENT_ID: "demo-storefront",
      WEBSTORE_CLIENT_SECRET: "demo-storefront-secret",
      WEBSTORE_REDIRECT_URI: "https://demo.store/oauth/callback",
      // The demo org's integration user (registration and password reset need its token).
      WEBSTORE_INTEGRATION_CLIENT_ID: "demo-integration",
      WEBSTORE_INTEGRATION_CLIENT_SECRET: "demo-integration-secret",
      WEBSTORE_INVENTORY_LOCATION_GROUP_ID: "0ghDM0000000001",
      REDIS_URL: redisUrl,
      TRUST_PROXY: "loopback",
      ...options.env,
    };
    const instances = instancePorts.map((port, index) => {
      const instance = {
        index,
        port,
        url: `http://127.0.0.1:${port}`,
        logFile: join(runDir, `storefront-${index + 1}.log`),
        process: /** @type {ReturnType<typeof launch> | null} */ (null),
        async start() {
          instance.process = launch(
            process.execPath,
            ["build/server.mjs"],
            { ...storefrontEnv, PORT: String(port) },
            instance.logFile,
          );
          processes.push(instance.process);
          await until(`storefront ${index + 1}`, () => answers(`${instance.url}/readyz`));
        },
        /** Sends `signal` and waits for the process to end. */
        async stop(signal = "SIGTERM") {
          instance.process?.child.kill(signal);
          await instance.process?.exited;
        },
        get pid() {
          return instance.process?.child.pid;
        },
      };
      return instance;
    });
    await until("emulator service", () => answers(`${emulatorUrl}/healthz`));
    await Promise.all(instances.map((i) => i.start()));

    // nginx: its configuration from deploy/nginx.conf, everything it writes in the run directory.
    for (const dir of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
      mkdirSync(join(runDir, dir), { recursive: true });
      // nginx's workers drop root's rights: they must be able to write their temporary files.
      chmodSync(join(runDir, dir), 0o777);
    }
    const conf = readFileSync(join(ROOT, "deploy", "nginx.conf"), "utf8")
      .replaceAll("{{RUN_DIR}}", runDir)
      .replace("{{LISTEN}}", `127.0.0.1:${nginxPort}`)
      .replace("{{EMULATOR_URL}}", emulatorUrl)
      .replace(
        "{{UPSTREAMS}}",
        instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=1s;`).join("\n"),
      );
    writeFileSync(join(runDir, "nginx.conf"), conf);
    const nginx = launch(
      options.nginx,
      ["-p", runDir, "-c", join(runDir, "nginx.conf"), "-g", "daemon off;"],
      {},
      join(runDir, "nginx.log"),
    );
    processes.push(nginx);
    const url = `http://127.0.0.1:${nginxPort}`;
    await until("nginx", () => answers(`${url}/healthz`), 15_000);

    return {
      url,
      emulatorUrl,
      sessionSecret,
      runDir,
      redis,
      instances,
      emulatorLog: join(runDir, "emulator.log"),
      accessLog: join(runDir, "access.log"),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
