// `npm start`: install what is missing, build (the storefront and the compiled server), then serve the store in
// production mode: WEB_CONCURRENCY workers (default, one per core) and the emulator, which creates and seeds its
// SQLite database from fixtures/ on first start.
// Built-ins only above ensureInstalled(): build.mjs imports esbuild, so it is loaded after the install (see
// ensure-install.mjs).
import { spawn } from "node:child_process";
import { ensureInstalled } from "./ensure-install.mjs";

ensureInstalled();
const { buildAll } = await import("./build.mjs");
console.log("Building the storefront...");
if (!(await buildAll())) process.exit(1);
const server = spawn(process.execPath, ["build/server.mjs"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
