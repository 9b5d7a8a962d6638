// `node deploy/start.mjs [--instances=3] [--port=8080]`: Redis, the emulator service, N storefront instances and
// nginx in front of them, on this machine, on free ports (nginx on --port when given). Ctrl-C stops them all.
// Needs the build (`npm run build`) and redis-server + nginx (found or installed by scripts/services.mjs).
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureServices } from "../scripts/services.mjs";
import { startTopology } from "./topology.mjs";

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const services = ensureServices();
if (!services.ok) {
  console.error(services.message);
  process.exit(1);
}
if (!existsSync("build/server.mjs")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const runDir = join(tmpdir(), `storefront-deploy-${process.pid}`);
const topology = await startTopology({
  instances: Number(arg("instances") ?? 3),
  port: arg("port") ? Number(arg("port")) : undefined,
  redisServer: services.redis,
  nginx: services.nginx,
  runDir,
  emulatorDb: process.env.EMULATOR_DB ?? ".data/emulator.sqlite",
});
console.log(
  [
    `Store (nginx):    ${topology.url}/`,
    ...topology.instances.map((i) => `Instance ${i.index + 1}:       ${i.url} (pid ${i.pid}, log ${i.logFile})`),
    `Emulator service: ${topology.emulatorUrl} (test controls: ${topology.emulatorUrl}/__emulator/)`,
    `Redis:            ${topology.redis.url}`,
    `Logs:             ${runDir}`,
    "Ctrl-C stops everything.",
  ].join("\n"),
);
const stop = () => void topology.stop().finally(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
