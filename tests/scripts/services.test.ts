import { describe, expect, it } from "vitest";
import { ensureServices, findServices } from "../../scripts/services.mjs";

/** A machine made of fakes: which files exist, who runs, and what each apt-get call does to the files. */
function machine({
  files = [] as string[],
  env = {} as Record<string, string>,
  uid = 0,
  apt = { update: 0, install: 0 } as { update: number; install: number; output?: string },
} = {}) {
  const present = new Set(files);
  const ran: string[] = [];
  const logged: string[] = [];
  const deps = {
    env,
    uid,
    exists: (p: string) => present.has(p),
    run: (cmd: string, args: string[]) => {
      ran.push([cmd, ...args].join(" "));
      const installing = args.includes("install");
      const status = installing ? apt.install : apt.update;
      if (installing && status === 0) {
        if (args.includes("redis-server")) present.add("/usr/bin/redis-server");
        if (args.includes("nginx")) present.add("/usr/sbin/nginx");
      }
      return { status, output: status === 0 ? "" : (apt.output ?? "E: Unable to locate package nginx") };
    },
    log: (line: string) => logged.push(line),
  };
  return { deps, ran, logged };
}

describe("finding and installing redis-server and nginx for the fault drill", () => {
  it("finds both where Debian installs them, or where their variables say", () => {
    expect(findServices({ env: {}, exists: (p) => ["/usr/bin/redis-server", "/usr/sbin/nginx"].includes(p) })).toEqual({
      redis: "/usr/bin/redis-server",
      nginx: "/usr/sbin/nginx",
    });
    expect(
      findServices({ env: { NGINX_PATH: "/opt/nginx/sbin/nginx" }, exists: (p) => p.startsWith("/opt/") }),
    ).toEqual({ nginx: "/opt/nginx/sbin/nginx" });
  });

  it("installs only what is missing with apt-get as root, waiting for another apt's lock", () => {
    const { deps, ran, logged } = machine({ files: ["/usr/bin/apt-get", "/usr/bin/redis-server"] });
    expect(ensureServices(deps)).toMatchObject({
      ok: true,
      redis: "/usr/bin/redis-server",
      nginx: "/usr/sbin/nginx",
      installed: ["nginx"],
    });
    expect(ran.at(-1)).toBe("apt-get -o DPkg::Lock::Timeout=120 install -y -qq nginx");
    expect(logged).toEqual([expect.stringContaining("nginx not found; installing Debian's nginx")]);
  });

  it("says in one line what is missing and the fix when it can't install (not root, or apt-get fails)", () => {
    const notRoot = machine({ files: ["/usr/bin/apt-get"], uid: 1000 });
    expect(ensureServices(notRoot.deps)).toEqual({
      ok: false,
      message:
        "drill: not run — redis and nginx not found; apt-get install -y redis-server nginx (or set REDIS_SERVER_PATH, NGINX_PATH)",
    });
    expect(notRoot.ran).toEqual([]);

    const failing = machine({ files: ["/usr/bin/apt-get", "/usr/sbin/nginx"], apt: { update: 0, install: 100 } });
    const result = ensureServices(failing.deps);
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^drill: not run — apt-get install .* failed \(E: Unable to locate package nginx\); apt-get install -y redis-server/,
      ),
    });
  });

  it("reports a variable that names no file instead of looking elsewhere", () => {
    const { deps } = machine({ files: ["/usr/bin/redis-server", "/usr/sbin/nginx"], env: { NGINX_PATH: "/nope" } });
    expect(ensureServices(deps)).toEqual({
      ok: false,
      message: expect.stringContaining("NGINX_PATH=/nope does not exist"),
    });
  });
});
