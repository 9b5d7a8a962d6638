// `npm start`: install what is missing, build (the storefront and the compiled server) unless build/ was made from
// these sources already, then serve the store in production mode: WEB_CONCURRENCY workers (default, one per core)
// and the emulator, which creates and seeds its SQLite database from fixtures/ on first start.
// Built-ins only above ensureInstalled(): build.mjs imports esbuild, so it is loaded after the install (see
// ensure-install.mjs).
import { spawn } from "node:child_process";
import { ensureInstalled } from "./ensure-install.mjs";

ensureInstalled();
const { buildUnlessCurrent } = await import("./build.mjs");
if (!(await buildUnlessCurrent())) process.exit(1);
const server = spawn(process.execPath, ["build/server.mjs"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
