/**
 * The emulator's route patterns (`/services/data/:apiVersion/commerce/webstores/:webstoreId/carts/:cartStateOrId`),
 * the templates a recording's paths are written as.
 */
import { createEmulator } from "../../server/emulator/index.js";
import { Router } from "../../server/emulator/core/router.js";
import type { RoutePattern } from "./shape.js";

type AddRoute = (scope: string, method: string, path: string, ...rest: unknown[]) => void;

let patterns: RoutePattern[] | null = null;

/**
 * Every route an emulator registers, read as it registers them: the router keeps its table to itself, and the
 * modules register their routes with live statements (they need a real emulator), so one is built while the
 * router's registration is watched, then closed. The watch is taken off before anything else runs.
 */
export function emulatorRoutes(): RoutePattern[] {
  if (patterns) return patterns;
  const proto = Router.prototype as unknown as { add: AddRoute };
  const add = proto.add;
  const seen: RoutePattern[] = [];
  proto.add = function (this: unknown, scope, method, path, ...rest) {
    seen.push({ method, segments: path.split("/").filter(Boolean) });
    return add.call(this, scope, method, path, ...rest);
  };
  try {
    createEmulator().close();
  } finally {
    proto.add = add;
  }
  if (seen.length === 0) throw new Error("parity: the emulator registered no routes (has Router.add been renamed?)");
  return (patterns = seen);
}
