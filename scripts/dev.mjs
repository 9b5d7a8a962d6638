// `npm run dev`: development mode. Remix rebuilds the app on every change (React's development build, readable
// errors) and tsx restarts the server when server/ or the app build changes; one process, the emulator in it.
import { spawn } from "node:child_process";
import { ensureInstalled } from "./ensure-install.mjs";
import { remixBuild } from "./remix-build.mjs";

ensureInstalled();
const env = { ...process.env, NODE_ENV: "development" };
if (!remixBuild({ env })) process.exit(1);
const children = [
  spawn("npx", ["remix", "watch"], { stdio: "inherit", env }),
  // BUILD_DIR (README): where remix.config.js writes the app build and the server reads it.
  spawn(
    "npx",
    ["tsx", "watch", "--clear-screen=false", "--include", `${env.BUILD_DIR || "build"}/index.js`, "server/main.ts"],
    { stdio: "inherit", env },
  ),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
for (const child of children)
  child.on("exit", (code) => {
    stop("SIGTERM");
    process.exit(code ?? 0);
  });
