import { beforeAll } from "vitest";
import { login, type Target } from "./targets.js";

/**
 * A buyer's Authorization header for a suite's tests (the demo buyer, or `username`): registers the beforeAll that
 * signs them in on the suite's target, and fills the returned headers then. Call it after useTarget, so the target
 * is up when it runs.
 */
export function signedIn(target: Target, username?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  beforeAll(async () => {
    Object.assign(headers, await login(target, username));
  });
  return headers;
}
