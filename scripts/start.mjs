// `npm start`: install what is missing, build, then serve the store with the in-process emulator
// (which creates and seeds its SQLite database from fixtures/ on first start).
import { execSync, spawn } from "node:child_process";
import { ensureInstalled } from "./ensure-install.mjs";

ensureInstalled();
console.log("Building the storefront...");
execSync("npx remix build", { stdio: "inherit" });
const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
