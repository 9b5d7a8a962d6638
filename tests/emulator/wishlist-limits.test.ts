import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buyerAuthorization } from "../support/identity.js";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";

/**
 * A wishlist holds at most 500 items (Cart Data Limits, "Wish List Items: 500 items"). The demo catalog has 64
 * products, so the list is filled to 499 items here with rows of made-up products, written with foreign keys off;
 * the 500th and 501st products are real and are added through the API.
 */

const WEBSTORE = "0ZEDEMO00000001";
const API = `http://emulator.local/services/data/v65.0/commerce/webstores/${WEBSTORE}`;
const MY_LIST = "0HnDM0000000B2C"; // the B2C buyer's list: 3 items
const ETHIOPIA = "01tDM0000000001";
const MUG_DINER = "01tDM0000000027";

let emulator: Emulator;
beforeEach(() => {
  emulator = createEmulator();
});
afterEach(() => emulator.close());

async function call(method: string, path: string, body?: unknown) {
  const headers = await buyerAuthorization((r) => emulator.fetch(r), "http://emulator.local");
  const res = await emulator.fetch(
    new Request(`${API}/${path}`, {
      method,
      headers: { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

describe("wishlist item limit", () => {
  it("adds the 500th item and refuses the 501st with 400 LIMIT_EXCEEDED", async () => {
    const db = emulator.db;
    const have = (db.prepare("SELECT count(*) AS n FROM wishlist_items WHERE wishlist_id = ?").get(MY_LIST) as any).n;
    db.pragma("foreign_keys = OFF");
    const insert = db.prepare(
      "INSERT INTO wishlist_items(id, wishlist_id, product_id, created_at, seq) VALUES (?, ?, ?, 0, ?)",
    );
    for (let i = have; i < 499; i++)
      insert.run(`0HoFILL${String(i).padStart(8, "0")}`, MY_LIST, `01tFILL${i}`, 1000 + i);
    db.pragma("foreign_keys = ON");

    const last = await call("POST", `wishlists/${MY_LIST}/wishlist-items`, { productId: ETHIOPIA });
    expect(last.status).toBe(201);
    const past = await call("POST", `wishlists/${MY_LIST}/wishlist-items`, { productId: MUG_DINER });
    expect(past.status).toBe(400);
    expect(past.body).toEqual([{ errorCode: "LIMIT_EXCEEDED", message: expect.any(String) }]);
    // A product already on the full list is still answered with its item, as on any list.
    expect((await call("POST", `wishlists/${MY_LIST}/wishlist-items`, { productId: ETHIOPIA })).status).toBe(200);
  });
});
