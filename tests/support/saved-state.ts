/**
 * A vitest suite whose tests start from a named saved state (the emulator's `/__emulator/states/{name}`,
 * docs/test-controls.md), for route and contract tests: the data a suite needs is made once, then every test
 * finds it as it was saved, whatever the test before it changed.
 */
import { beforeAll, beforeEach } from "vitest";

/**
 * The emulator's test controls as a suite calls them: the route harness's `store.control`, or a contract target's
 * `call`. Only the status is read.
 */
export type StateControls = (method: "GET" | "POST" | "PUT" | "DELETE", path: string) => Promise<{ status: number }>;

export interface SavedState {
  /** Loads the state again, in the middle of a test (each test already starts from it). */
  load(): Promise<void>;
}

async function expectStatus(answer: Promise<{ status: number }>, status: number, what: string) {
  const { status: got } = await answer;
  if (got !== status) throw new Error(`${what} answered ${got}, not ${status}`);
}

/**
 * Registers the suite's hooks: before its tests, the store is reset, `build` makes the state's data (through the
 * API or the pages), the store saves it under `name` and is reset again, so a test finds only what a load put
 * there; before each test, the state is loaded. `controls` is read when the hooks run (the store starts in a
 * beforeAll of its own). Register it after the hooks that start the store and reset it before each test: vitest
 * runs before-hooks in the order they were registered, so the load comes after the reset.
 *
 * States belong to one emulator, and every test file starts its own: two suites on different states, at once,
 * never see each other's data (tests/contract/states.test.ts).
 */
export function useSavedState(
  name: string,
  options: { controls: () => StateControls; build: () => Promise<void> },
): SavedState {
  const path = `/__emulator/states/${encodeURIComponent(name)}`;
  const load = () => expectStatus(options.controls()("PUT", path), 200, `Loading the state ${name}`);
  beforeAll(async () => {
    const controls = options.controls();
    await expectStatus(controls("POST", "/__emulator/reset"), 200, "The reset before building a state");
    await options.build();
    await expectStatus(controls("POST", path), 201, `Saving the state ${name}`);
    await expectStatus(controls("POST", "/__emulator/reset"), 200, "The reset after saving a state");
  });
  beforeEach(load);
  return { load };
}
