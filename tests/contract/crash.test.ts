import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { PRODUCTS, payableCheckout, shopper } from "./checkout-helpers.js";
import type { Target } from "./targets.js";

/**
 * kill -9 under checkout load: the emulator's process dies mid-transaction, rounds after rounds, and what it had
 * acknowledged survives whole — every order it answered 201 for is there, no order lacks its lines or its payment,
 * stock never goes below zero, and the database passes SQLite's integrity check.
 */

let dir: string | undefined;
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill("SIGKILL");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function startEmulator(dbFile: string): Promise<{ process: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ["--import", "tsx", "tests/support/emulator-process.ts", dbFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /ready (\S+)/.exec(out);
      if (ready) resolve({ process: proc, url: ready[1] });
    });
    proc.once("exit", (code) => reject(new Error(`emulator exited (${code}) before it was ready`)));
  });
}

const targetAt = (url: string): Target =>
  ({
    name: "child",
    baseUrl: url,
    fetch: (r: Request) => fetch(r),
    emulator: undefined as never,
    close: async () => {},
  }) as Target;

/** Shoppers checking out in parallel until `enough` orders are acknowledged; then the process is killed mid-flight. */
async function loadThenKill(url: string, proc: ChildProcess, enough: number): Promise<string[]> {
  const acknowledged: string[] = [];
  let killed = false;
  const target = targetAt(url);
  const shopperLoop = async () => {
    while (!killed) {
      try {
        const s = await shopper(target);
        const checkoutId = await payableCheckout(s, [[PRODUCTS.mug, 1]]);
        const placed = await s.call("POST", `checkouts/${checkoutId}/orders`);
        if (placed.status === 201) acknowledged.push(placed.body.orderReferenceNumber);
      } catch {
        // The process is gone (or going): the loop ends at the next check.
      }
      if (!killed && acknowledged.length >= enough) {
        killed = true;
        proc.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, shopperLoop));
  return acknowledged;
}

describe("the emulator killed with SIGKILL under checkout load", () => {
  it("keeps every acknowledged order whole, over three rounds, and starts again on the same file", async () => {
    dir = mkdtempSync(join(tmpdir(), "emulator-crash-"));
    const dbFile = join(dir, "store.sqlite");
    const all: string[] = [];
    for (let round = 0; round < 3; round++) {
      const { process: proc, url } = await startEmulator(dbFile);
      all.push(...(await loadThenKill(url, proc, 6)));
      // A killed process has a signalCode, not an exitCode; it may have gone before this line.
      await new Promise((resolve) =>
        proc.exitCode !== null || proc.signalCode !== null ? resolve(null) : proc.once("exit", resolve),
      );
    }
    expect(all.length).toBeGreaterThanOrEqual(18);

    const db = new Database(dbFile, { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const known = new Set(
        (
          db.prepare("SELECT order_number, reference_number FROM order_summaries").all() as {
            order_number: string;
            reference_number: string | null;
          }[]
        ).flatMap((o) => [o.order_number, o.reference_number]),
      );
      expect(all.filter((n) => !known.has(n))).toEqual([]);
      const withoutLines = db
        .prepare(
          "SELECT count(*) AS n FROM order_summaries o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_summary_id = o.id)",
        )
        .get() as { n: number };
      expect(withoutLines.n).toBe(0);
      const unpaid = db
        .prepare(
          "SELECT count(*) AS n FROM order_summaries o WHERE o.checkout_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM order_payments p WHERE p.order_summary_id = o.id)",
        )
        .get() as { n: number };
      expect(unpaid.n).toBe(0);
      const negative = db.prepare("SELECT count(*) AS n FROM inventory WHERE on_hand < 0").get() as { n: number };
      expect(negative.n).toBe(0);
    } finally {
      db.close();
    }

    // And it serves again from the same file.
    const { url } = await startEmulator(dbFile);
    const s = await shopper(targetAt(url));
    expect((await s.call("GET", "application-context")).status).toBe(200);
  }, 120_000);
});
