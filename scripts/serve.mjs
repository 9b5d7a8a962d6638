// `npm run serve`: serve what `npm run build` compiled (build/server.mjs), without building. With no build there
// is nothing to serve: say how to make one instead of Node's stack trace for a missing module.
// The server is imported, not spawned, so its workers (cluster.fork runs this script again) are this process's.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const server = resolve("build/server.mjs");
if (!existsSync(server) || !existsSync("node_modules")) {
  console.error("There is no build to serve: run `npm run build` first (or `npm start`, which installs and builds).");
  process.exit(1);
}
await import(pathToFileURL(server).href);
