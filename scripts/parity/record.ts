/**
 * The recording transport: a fetch that passes every request on unchanged and appends its shape and its answer's
 * (scripts/parity/shape.ts) to a file, one JSON line each. Only shapes reach the file: the values stay in memory.
 */
import { appendFileSync } from "node:fs";
import { recordExchange } from "./shape.js";
import { emulatorRoutes } from "./routes.js";
import type { FetchLike } from "../../server/webstore/index.js";

export function recordingFetch(
  fetch: FetchLike,
  file: string,
  testName: () => string | undefined,
  basePath = "",
): FetchLike {
  return async (req, init) => {
    // The copies are read for their shapes; the caller gets the request and the answer as they were.
    const sent = req.clone();
    // The test's own title: the describe blocks above it are the suite's, the same for every request.
    const test = (testName() ?? "").split(" > ").pop()!;
    const res = await fetch(req, init);
    const entry = await recordExchange(sent, res.clone(), emulatorRoutes(), test, basePath);
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
    return res;
  };
}
