// `npm run emulator:mcp`: the emulator's MCP server on stdio (server/emulator/mcp/, docs/emulator-mcp.md), after
// installing what is missing as `npm start` does. Its stdout is the protocol, so the install speaks on stderr; an MCP
// client runs it as `npm run --silent emulator:mcp` (npm prints the script's name on stdout otherwise).
import { spawn } from "node:child_process";
import { ensureInstalled } from "./ensure-install.mjs";

ensureInstalled({ toStderr: true });
// Its own arguments (`npm run --silent emulator:mcp -- --url http://localhost:4000`) go to the server.
const server = spawn(process.execPath, ["--import", "tsx", "server/emulator/mcp/main.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
