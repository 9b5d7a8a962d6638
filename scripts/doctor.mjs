// `npm run doctor`: checks that the org the storefront is pointed at (WEBSTORE_SITE_URL and the other variables of
// README "Pointing it at a real org") is set up as the storefront needs, one ✓/✗ line per check with the fix.
// Built-ins only above ensureInstalled() (see ensure-install.mjs): the checks are TypeScript, run with tsx after it.
import { spawn } from "node:child_process";
import { ensureInstalled } from "./ensure-install.mjs";

ensureInstalled();
const child = spawn(process.execPath, ["--import", "tsx", "scripts/doctor/main.ts"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
