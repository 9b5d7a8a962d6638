/**
 * The fault drill's topology (deploy/topology.mjs): Redis, the emulator service, three storefront instances and nginx
 * in front, started once per Playwright worker (one per project: JavaScript on, off). Tests browse nginx's address;
 * they stop, kill and restart the parts through the `topology` fixture.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect } from "@playwright/test";
import { startTopology } from "../../deploy/topology.mjs";
import { findServices } from "../../scripts/services.mjs";

export type Topology = Awaited<ReturnType<typeof startTopology>>;

export const test = base.extend<{ reset: void }, { topology: Topology }>({
  topology: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const { redis, nginx } = findServices();
      // scripts/test.mjs installs them before this step, or fails with the one-line fix; run alone, say the same.
      if (!redis || !nginx) throw new Error("drill: redis-server or nginx not found; run `node scripts/services.mjs`");
      const topology = await startTopology({
        redisServer: redis,
        nginx,
        runDir: join(".cache", "drill", workerInfo.project.name),
      });
      await use(topology);
      await topology.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ topology }, use) => use(topology.url),
  // Every test starts from the fixtures: the emulator service's reset (which also empties every instance's caches
  // and forgets failed sign-ins, through Redis).
  reset: [
    async ({ topology }, use) => {
      const res = await fetch(`${topology.emulatorUrl}/__emulator/reset`, { method: "POST" });
      expect(res.ok).toBe(true);
      await use();
    },
    { auto: true },
  ],
});
export { expect };

/** The request lines an instance has logged so far (server/request-log.ts). */
export function requestsOf(
  instance: Topology["instances"][number],
): { method: string; path: string; status: number }[] {
  return readFileSync(instance.logFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.msg === "request");
}

export const jsEnabled = () => test.info().project.name === "drill-js-on";
