/**
 * `npm start` serves with WEB_CONCURRENCY workers in front of one emulator (server/cluster.ts). Every worker keeps its
 * own caches of the API's answers; a test control that changes the store must reach all of them before it answers,
 * or the next page, on another worker, would show the store as it was. This store (playwright.config.ts) runs two
 * workers; each request below comes on a connection of its own, and the primary hands connections to the workers in
 * turn, so they reach both.
 */
import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import { request } from "node:http";
import { createServer } from "node:net";

const CLUSTER = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

function send(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; location: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${CLUSTER}${path}`,
      { method, agent: false, headers: body === undefined ? {} : { "content-type": "application/json" } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, text }));
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

test.describe("two storefront workers, one emulator", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "Plain HTTP, no browser: the js-on project runs it once.");

  test.afterEach(async () => {
    expect((await send("POST", "/__emulator/reset")).status).toBe(200);
  });

  test("a settings change reaches every worker before it answers", async () => {
    // Every worker serves the home page and caches the store's application context (guests may browse).
    for (let i = 0; i < 4; i++) expect((await send("GET", "/")).status).toBe(200);

    const changed = await send("POST", "/__emulator/settings", { applicationContext: { guestBrowsingEnabled: false } });
    expect(changed.status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const home = await send("GET", "/");
      expect([302, 303]).toContain(home.status);
      expect(home.location).toMatch(/^\/login/);
    }

    expect((await send("POST", "/__emulator/reset")).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await send("GET", "/")).status).toBe(200);
  });

  test("the API and the test controls answer on the store's port", async () => {
    const context = await send("GET", "/services/data/v65.0/commerce/webstores/0ZEDEMO00000001/application-context");
    expect(context.status).toBe(401);
    const journal = await send("GET", "/__emulator/journal");
    expect(journal.status).toBe(200);
    expect(JSON.parse(journal.text)).toHaveProperty("entries");
  });
});

/** A free loopback port for a store of the test's own. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

test.describe("stopping `npm start`'s two workers", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "A process, no browser: the js-on project runs it once.");

  // Ctrl-C in a terminal, and a process manager's stop: the primary passes the signal on and exits once both workers
  // have. A worker can be gone before the primary's list of workers drops it, and the primary must not wait on it.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    test(`${signal} stops the primary once its workers have stopped`, async () => {
      test.setTimeout(120_000);
      const port = await freePort();
      const store = spawn(process.execPath, ["build/server.mjs"], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          EMULATOR_DB: ":memory:",
          NODE_ENV: "production",
          WEB_CONCURRENCY: "2",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      store.stdout.on("data", (chunk) => (output += chunk));
      store.stderr.on("data", (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => store.once("exit", (code) => resolve(code)));
      try {
        await expect.poll(() => output, { timeout: 90_000 }).toContain("Workers:          2");
        store.kill(signal);
        // The drain is bounded at 10 s (server/main.ts); a primary still there at 30 s would stay for ever.
        let timer: NodeJS.Timeout | undefined;
        const code = await Promise.race([
          exited,
          new Promise<"running">((r) => (timer = setTimeout(() => r("running"), 30_000))),
        ]);
        clearTimeout(timer);
        expect(code, output).toBe(0);
      } finally {
        store.kill("SIGKILL");
      }
    });
  }
});
