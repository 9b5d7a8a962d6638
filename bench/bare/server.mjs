// The bare Remix page's server: the storefront's HTTP stack (express, compression, the Remix request handler) and
// nothing else. BARE_MARKUP names a JSON file of markup by path; PORT where to listen (loopback only).
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = process.env.BARE_BUILD_DIR;
globalThis.__benchMarkup = JSON.parse(readFileSync(process.env.BARE_MARKUP, "utf8"));
const build = await import(pathToFileURL(join(root, "build", "index.js")).href);
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/build", express.static(join(root, "public", "build"), { immutable: true, maxAge: "1y" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
const server = app.listen(Number(process.env.PORT), "127.0.0.1", () =>
  console.log(`bare ready ${server.address().port}`),
);
