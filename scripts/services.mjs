// The programs the several-instance topology needs (deploy/, the fault drill): Redis (`redis-server`) and nginx.
// Found the way the e2e browser is (scripts/browser.mjs), or installed from Debian's packages when running as root
// with apt-get; when one can't be had, one line says so and how to fix it.
//
//   node scripts/services.mjs          find them, else install them; prints their paths
//   node scripts/services.mjs --find   find only
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** Each program: the variable that names it, where Debian puts it, and the package that has it. */
export const SERVICES = {
  redis: {
    env: "REDIS_SERVER_PATH",
    paths: ["/usr/bin/redis-server", "/usr/local/bin/redis-server"],
    pkg: "redis-server",
  },
  nginx: { env: "NGINX_PATH", paths: ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"], pkg: "nginx" },
};

/**
 * @typedef {{ env?: Record<string, string | undefined>, exists?: (path: string) => boolean }} FindDeps
 * @typedef {FindDeps & {
 *   uid?: number,
 *   run?: (cmd: string, args: string[]) => { status: number | null, output: string },
 *   log?: (line: string) => void,
 * }} EnsureDeps
 */

/**
 * The programs' paths, each from its variable (and then only there) or where Debian installs it.
 * @param {FindDeps} [deps]
 * @returns {{ redis?: string, nginx?: string }}
 */
export function findServices({ env = process.env, exists = existsSync } = {}) {
  /** @type {{ redis?: string, nginx?: string }} */
  const found = {};
  for (const [name, service] of Object.entries(SERVICES)) {
    const given = env[service.env];
    const path = given ? (exists(given) ? given : undefined) : service.paths.find((p) => exists(p));
    if (path) found[/** @type {"redis" | "nginx"} */ (name)] = path;
  }
  return found;
}

/** Why apt-get failed, in one line. */
function reason(output) {
  const lines = output
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.find((l) => /^(E:|Error\b)/i.test(l)) ?? lines.at(-1) ?? "no output";
}

function defaultRun(cmd, args) {
  const res = spawnSync(cmd, args, {
    encoding: "utf8",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 15 * 60_000,
  });
  return {
    status: res.status,
    output: `${res.error ? `Error: ${res.error.message}\n` : ""}${res.stderr ?? ""}${res.stdout ?? ""}`,
  };
}

/**
 * Finds both programs, installing what is missing (apt-get, as root; it waits up to two minutes for another apt
 * holding the lock). Never throws: `{ ok: false, message }` is the one line that says what is missing and the fix.
 * `SERVICES_INSTALL=0` turns installing off.
 * @param {EnsureDeps} [deps]
 */
export function ensureServices(deps = {}) {
  const {
    env = process.env,
    exists = existsSync,
    uid = process.getuid?.(),
    run = defaultRun,
    log = (line) => console.log(line),
  } = deps;
  let found = findServices({ env, exists });
  const missing = () => Object.keys(SERVICES).filter((name) => !found[name]);
  const fix = () =>
    `apt-get install -y ${missing()
      .map((name) => SERVICES[name].pkg)
      .join(" ")} (or set ${missing()
      .map((name) => SERVICES[name].env)
      .join(", ")})`;
  if (missing().length === 0) return { ok: true, ...found };
  const named = missing().filter((name) => env[SERVICES[name].env]);
  if (named.length) {
    const name = named[0];
    return {
      ok: false,
      message: `drill: not run — ${SERVICES[name].env}=${env[SERVICES[name].env]} does not exist; ${fix()}`,
    };
  }
  if (env.SERVICES_INSTALL === "0" || uid !== 0 || !exists("/usr/bin/apt-get")) {
    return { ok: false, message: `drill: not run — ${missing().join(" and ")} not found; ${fix()}` };
  }
  const packages = missing().map((name) => SERVICES[name].pkg);
  log(`drill: ${missing().join(" and ")} not found; installing Debian's ${packages.join(" ")} (apt-get)...`);
  for (const args of [
    ["-o", "DPkg::Lock::Timeout=120", "update", "-qq"],
    ["-o", "DPkg::Lock::Timeout=120", "install", "-y", "-qq", ...packages],
  ]) {
    const res = run("apt-get", args);
    if (res.status !== 0) {
      return {
        ok: false,
        message: `drill: not run — apt-get ${args.slice(2).join(" ")} failed (${reason(res.output)}); ${fix()}`,
      };
    }
  }
  found = findServices({ env, exists });
  if (missing().length)
    return { ok: false, message: `drill: not run — apt-get left no ${missing().join(" or ")}; ${fix()}` };
  return { ok: true, ...found, installed: packages };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = process.argv.includes("--find")
    ? (() => {
        const found = findServices();
        return found.redis && found.nginx ? { ok: true, ...found } : { ok: false, message: "not found" };
      })()
    : ensureServices();
  console.log(result.ok ? `redis-server: ${result.redis}\nnginx: ${result.nginx}` : result.message);
  process.exit(result.ok ? 0 : 1);
}
