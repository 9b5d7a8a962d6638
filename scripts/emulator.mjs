// `npm run emulator`: the emulator as a service of its own (server/emulator-service.ts) on EMULATOR_PORT, after
// installing what is missing, as `npm start` does. Its TypeScript runs through tsx: nothing to build first.
import { spawn } from "node:child_process";
import { ensureInstalled } from "./ensure-install.mjs";

ensureInstalled();
// Its own arguments (`npm run emulator -- --import FILE --export-on-exit FILE`) go to the service.
const service = spawn(process.execPath, ["--import", "tsx", "server/emulator-service.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
});
// Ctrl-C reaches the service by itself (same process group); a SIGTERM sent to this process is passed on.
process.on("SIGTERM", () => service.kill("SIGTERM"));
process.on("SIGINT", () => {});
service.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
