// Runs `remix build`. The classic compiler's esbuild service sometimes prints a Go "all goroutines are asleep"
// trace as the process exits after a SUCCESSFUL build; that noise is dropped so a newcomer isn't alarmed.
// A failed build prints everything.
import { spawnSync } from "node:child_process";

export function remixBuild(options = {}) {
  const res = spawnSync("npx", ["remix", "build"], {
    stdio: ["ignore", "inherit", "pipe"],
    encoding: "utf8",
    env: options.env ?? process.env,
  });
  const stderr = res.stderr ?? "";
  const noise = stderr.indexOf("fatal error: all goroutines are asleep");
  process.stderr.write(res.status === 0 && noise !== -1 ? stderr.slice(0, noise) : stderr);
  return res.status === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(remixBuild() ? 0 : 1);
