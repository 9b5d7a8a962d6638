// `npm run dev`: development mode. The server (server/main.ts under tsx, one process, the emulator in it) serves
// the app from Vite's dev server in middleware mode: React's development build, readable errors, and the app's
// modules rebuilt and hot-replaced as they change; tsx restarts the server when server/ changes.
import { spawn } from "node:child_process";
import { ensureInstalled } from "./ensure-install.mjs";

ensureInstalled();
// VITE_CJS_IGNORE_WARNING: server/main.ts imports Vite itself in development, and Remix's plugin requires it again
// (the build avoids that load: scripts/vite-esm.mjs says how).
const env = { ...process.env, NODE_ENV: "development", VITE_CJS_IGNORE_WARNING: "1" };
// Vite loads its config through a bundled copy next to it, deleted once read: not a change to restart for.
const watch = ["tsx", "watch", "--clear-screen=false", "--exclude", "vite.config.ts.timestamp-*", "server/main.ts"];
const server = spawn("npx", watch, { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
