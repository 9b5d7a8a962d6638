import { afterAll, beforeAll, beforeEach } from "vitest";
import { api, startTarget, type Target, type TargetName } from "./targets.js";

/**
 * A suite's target: registers the hooks that start it before the suite's tests and close it after them, and with
 * `resetBeforeEach` one that puts the store back to its fixtures before every test. Call it before the suite's
 * own hooks: vitest runs before-hooks in the order they were registered, so the target is up (and reset) when
 * they run. The returned target and call stand in for the target beforeAll starts, so a suite can take them at
 * describe time; they throw if used before it has started.
 */
export function useTarget(
  name: TargetName,
  options: { resetBeforeEach?: boolean } = {},
): { target: Target; call: ReturnType<typeof api> } {
  let started: Target | undefined;
  const current = (): Target => {
    if (!started) throw new Error(`the ${name} target is used before its beforeAll hook has started it`);
    return started;
  };
  beforeAll(async () => {
    started = await startTarget(name);
  });
  afterAll(() => started?.close());
  const target: Target = {
    name,
    get emulator() {
      return current().emulator;
    },
    get baseUrl() {
      return current().baseUrl;
    },
    fetch: (req) => current().fetch(req),
    close: () => current().close(),
  };
  const call = api(target);
  if (options.resetBeforeEach) {
    beforeEach(async () => {
      await call("POST", "/__emulator/reset");
    });
  }
  return { target, call };
}
