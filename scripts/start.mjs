// `npm start`: install what is missing, build, then serve the store with the in-process emulator
// (which creates and seeds its SQLite database from fixtures/ on first start).
import { spawn } from "node:child_process";
import { ensureInstalled } from "./ensure-install.mjs";
import { remixBuild } from "./remix-build.mjs";

ensureInstalled();
console.log("Building the storefront...");
if (!remixBuild()) process.exit(1);
const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
