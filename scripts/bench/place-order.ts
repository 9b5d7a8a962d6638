import Database from "better-sqlite3";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulator } from "../../server/emulator/index.js";
import { payableCheckout, shopper } from "../../tests/contract/checkout-helpers.js";
import type { Target } from "../../tests/contract/targets.js";
import { PLACE_ORDERS, PLACE_ORDERS_WARM_UP, ROOT } from "./config.js";

// Place order: the emulator's transaction next to the same writes in raw better-sqlite3. Each side first places
// PLACE_ORDERS_WARM_UP orders that are not timed, as the page runs have their second of warm-up: the rate is the
// steady one, not the first orders' compiling of the code on either side.

export async function placeOrderRates() {
  const dir = mkdtempSync(join(tmpdir(), "bench-orders-"));
  const emulator = createEmulator({ dbFile: join(dir, "emulator.sqlite") });
  const target: Target = {
    name: "in-process",
    emulator,
    baseUrl: "http://emulator.local",
    fetch: (r) => emulator.fetch(r),
    close: async () => emulator.close(),
  };
  const catalog = JSON.parse(readFileSync(join(ROOT, "fixtures", "catalog.json"), "utf8"));
  type FixtureProduct = {
    id: string;
    productClass?: string;
    sellingModels?: unknown[];
    unitPrice?: unknown;
    stock?: number;
    sku: string;
  };
  const plain: string[] = (catalog.products as FixtureProduct[])
    .filter(
      (p) =>
        p.productClass === "Simple" &&
        !p.sellingModels?.length &&
        p.unitPrice &&
        (p.stock ?? 0) > 50 &&
        !/^(ERR|LAST)/.test(p.sku),
    )
    .map((p) => p.id);
  const total = PLACE_ORDERS_WARM_UP + PLACE_ORDERS;
  const ready: { s: Awaited<ReturnType<typeof shopper>>; checkoutId: string }[] = [];
  for (let i = 0; i < total; i++) {
    const s = await shopper(target);
    ready.push({ s, checkoutId: await payableCheckout(s, [[plain[i % plain.length], 1]]) });
  }
  let emulatorMs = 0;
  for (const [n, { s, checkoutId }] of ready.entries()) {
    const started = performance.now();
    const placed = await s.call("POST", `checkouts/${checkoutId}/orders`);
    if (n >= PLACE_ORDERS_WARM_UP) emulatorMs += performance.now() - started;
    if (placed.status !== 201) throw new Error(`place: ${placed.status} ${JSON.stringify(placed.body)}`);
  }
  // Open sessions of their own for the raw transactions, set up as the emulator's were (after its run, which so
  // runs on the data it always did): each raw order closes its own cart, places its own checkout and takes its own
  // line's units, as each of the emulator's did. Writing the last order's cart, checkout and product again (already
  // closed and placed, 0 units) changed no index entry: the carts' partial unique indexes, checkouts_idle.
  const forRaw: string[] = [];
  for (let i = 0; i < total; i++) {
    const s = await shopper(target);
    forRaw.push(await payableCheckout(s, [[plain[i % plain.length], 1]]));
  }
  emulator.close();

  // The same writes (db/005_orders.sql) on the same file, as one raw transaction each: stock taken, the order with
  // its delivery group, two lines (product and delivery charge) and its payment, the reservation released, cart
  // closed, checkout marked placed. Not the emulator's id counters (id_counters): a raw transaction has its ids.
  const db = new Database(join(dir, "emulator.sqlite"));
  // The emulator's own settings (server/emulator/core/db.ts).
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  const order = db.prepare("SELECT * FROM order_summaries ORDER BY rowid DESC LIMIT 1").get() as Record<
    string,
    unknown
  >;
  const group = db.prepare("SELECT * FROM order_delivery_groups WHERE order_summary_id = ?").get(order.id) as Record<
    string,
    unknown
  >;
  const items = db.prepare("SELECT * FROM order_items WHERE order_summary_id = ?").all(order.id) as Record<
    string,
    unknown
  >[];
  const payment = db.prepare("SELECT * FROM order_payments WHERE order_summary_id = ?").get(order.id) as Record<
    string,
    unknown
  >;
  const insert = (table: string, row: Record<string, unknown>) =>
    db.prepare(
      `INSERT INTO ${table}(${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
        .map((k) => `@${k}`)
        .join(", ")})`,
    );
  const insertOrder = insert("order_summaries", order);
  const insertGroup = insert("order_delivery_groups", group);
  const insertItem = insert("order_items", items[0]);
  const insertPayment = insert("order_payments", payment);
  const takeStock = db.prepare("UPDATE inventory SET on_hand = on_hand - ? WHERE product_id = ?");
  const release = db.prepare("DELETE FROM inventory_reservations WHERE cart_id = ?");
  const closeCart = db.prepare("UPDATE carts SET status = 'Closed', updated_at = ? WHERE id = ?");
  const placeCheckout = db.prepare(
    "UPDATE checkouts SET status = 'Placed', order_reference_number = ?, last_activity_at = ? WHERE id = ?",
  );
  const sessionOf = db.prepare(`
    SELECT c.id AS checkoutId, c.cart_id AS cartId, i.product_id AS productId, i.quantity
    FROM checkouts c JOIN cart_items i ON i.cart_id = c.cart_id WHERE c.id = ?`);
  const open = forRaw.map(
    (id) => sessionOf.get(id) as { checkoutId: string; cartId: string; productId: string; quantity: number },
  );
  const place = db.transaction((n: number) => {
    const { checkoutId, cartId, productId, quantity } = open[n];
    const id = `1OsBENCH${String(n).padStart(7, "0")}`;
    const groupId = `0agBENCH${String(n).padStart(7, "0")}`;
    takeStock.run(quantity, productId);
    // The emulator's columns (its reference_number is null), for this session's cart, checkout and product.
    insertOrder.run({ ...order, id, order_number: String(50_000_000 + n), checkout_id: checkoutId, cart_id: cartId });
    insertGroup.run({ ...group, id: groupId, order_summary_id: id });
    items.forEach((item, i) =>
      insertItem.run({
        ...item,
        id: `10uB${n}x${i}`,
        order_summary_id: id,
        order_delivery_group_id: groupId,
        product_id: item.product_id === null ? null : productId,
      }),
    );
    insertPayment.run({ ...payment, id: `0aPB${n}`, order_summary_id: id });
    release.run(cartId);
    // Milliseconds, as the emulator stores them (an ISO string was a longer value than the emulator writes).
    closeCart.run(Date.now(), cartId);
    placeCheckout.run(String(50_000_000 + n), Date.now(), checkoutId);
  });
  for (let n = 0; n < PLACE_ORDERS_WARM_UP; n++) place(n);
  const started = performance.now();
  for (let n = PLACE_ORDERS_WARM_UP; n < total; n++) place(n);
  const rawMs = performance.now() - started;
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    orders: PLACE_ORDERS,
    emulatorPerSecond: Math.round((PLACE_ORDERS / emulatorMs) * 1000),
    rawPerSecond: Math.round((PLACE_ORDERS / rawMs) * 1000),
    writesPerOrder: 6 + items.length + 1,
  };
}
