// `npm run parity`: a recording of how an org answers the contract suite's org part, and the emulator checked
// against one (scripts/parity/main.ts, docs/parity.md). Built-ins only above ensureInstalled() (see
// ensure-install.mjs): the command is TypeScript, run with tsx after it.
import { spawn } from "node:child_process";
import { ensureInstalled } from "./ensure-install.mjs";

ensureInstalled();
const child = spawn(process.execPath, ["--import", "tsx", "scripts/parity/main.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
