import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buyerAuthorization } from "../support/identity.js";
import { hashPassword } from "../../server/emulator/identity/password.js";
import { createIdGenerator } from "../../server/emulator/core/ids.js";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import { verifyGuestDetails } from "../../server/emulator/orders/access.js";
import {
  findOrderByCheckout,
  insertOrder,
  nextOrderNumber,
  orderReader,
  type OrderInput,
} from "../../server/emulator/orders/store.js";
import { AsyncTracker, type Emu } from "../../server/emulator/core/state.js";
import { createStoreBasics } from "../../server/emulator/core/store.js";

/** insertOrder / nextOrderNumber: what the checkout relies on when it places an order. */

const WEBSTORE = "0ZEDEMO00000001";
const API = `http://emulator.local/services/data/v65.0/commerce/webstores/${WEBSTORE}`;

let emulator: Emulator;
let emu: Emu;
beforeEach(() => {
  emulator = createEmulator();
  emu = {
    db: emulator.db,
    clock: emulator.clock,
    ids: createIdGenerator(emulator.db),
    settings: emulator.settings,
    async: new AsyncTracker(emulator.clock, () => ({ polls: 0, seconds: 0 })),
    fixturesDir: "",
    store: createStoreBasics(emulator.db),
  };
});
afterEach(() => emulator.close());

function order(overrides: Partial<OrderInput> = {}): OrderInput {
  return {
    webstoreId: WEBSTORE,
    ownerUserId: "005DM0000000B2C",
    accountId: "001DM0000000B2C",
    contact: { email: "buyer@demo.store", firstName: "Alex", lastName: "Buyer", phone: "4155550100" },
    deliveryGroups: [
      {
        name: null,
        deliverTo: {
          name: "Alex Buyer",
          street: "12 Market Street",
          city: "San Francisco",
          state: "CA",
          postalCode: "94105",
          country: "US",
        },
        deliveryMethod: { id: "2DmDM000000STND", name: "Standard Shipping" },
        deliveryCharge: { amountCents: 799, taxCents: 0 },
        lines: [
          {
            productId: "01tDM0000000001",
            quantity: 2,
            unitPriceCents: 1850,
            taxCents: 268,
            adjustments: [{ displayName: "Line promo", amountCents: -185 }],
          },
          { productId: "01tDM0000000027", quantity: 1, unitPriceCents: 1200 },
        ],
      },
    ],
    adjustments: [{ displayName: "10% off your order", amountCents: -469, couponCode: "SAVE10" }],
    payments: [{ type: "CreditCard", cardBrand: "Visa", last4: "4242" }],
    checkoutId: "2z9EM0000000001",
    ...overrides,
  };
}

const count = (table: string) => (emu.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe("nextOrderNumber", () => {
  it("continues after the fixtures and starts at 00000101 in an empty store", () => {
    expect(nextOrderNumber(emu)).toBe("00000110");
    emu.db.prepare("DELETE FROM order_summaries").run();
    expect(nextOrderNumber(emu)).toBe("00000101");
  });
});

describe("insertOrder", () => {
  it("writes the order with totals worked out from its lines, and takes the next number", () => {
    const placed = insertOrder(emu, order());
    expect(placed.orderNumber).toBe("00000110");
    expect(placed.id).toMatch(/^1OsEM/);
    expect(placed.itemIds).toHaveLength(3);
    // 37.00 + 12.00 products, -1.85 line promo, -4.69 order promo, 7.99 shipping, 2.68 tax.
    expect(placed.grandTotalCents).toBe(3700 + 1200 - 185 - 469 + 799 + 268);
    const row = orderReader(emu).find(WEBSTORE, "00000110")!;
    expect(row).toMatchObject({
      total_product_cents: 4900,
      total_product_adjustment_cents: -654,
      total_delivery_cents: 799,
      total_tax_cents: 268,
      status: "Created",
    });
    expect(
      orderReader(emu)
        .items(row.id)
        .map((i) => [i.type, i.sku, i.name]),
    ).toEqual([
      ["Order Product", "CB-ETH-YRG", "Ethiopia Yirgacheffe Whole Bean, 12 oz"],
      ["Order Product", "MUG-DINER-12", "Classic Diner Mug, 12 oz"],
      ["Delivery Charge", null, "Delivery Charge"],
    ]);
    expect(orderReader(emu).payments(row.id)[0]).toMatchObject({ amount_cents: placed.grandTotalCents, last4: "4242" });
    expect(findOrderByCheckout(emu, "2z9EM0000000001")?.id).toBe(placed.id);
    expect(nextOrderNumber(emu)).toBe("00000111");
  });

  it("refuses a full card number, writing nothing at all", () => {
    const before = [count("order_summaries"), count("order_items"), count("order_payments")];
    expect(() =>
      insertOrder(emu, order({ payments: [{ type: "CreditCard", cardBrand: "Visa", last4: "4242424242424242" }] })),
    ).toThrow(/CHECK/);
    expect([count("order_summaries"), count("order_items"), count("order_payments")]).toEqual(before);
  });

  it("keeps order numbers and checkouts unique, and guest orders reachable by e-mail", () => {
    expect(() => insertOrder(emu, order({ orderNumber: "00000101" }))).toThrow(/UNIQUE/);
    insertOrder(emu, order());
    expect(() => insertOrder(emu, order())).toThrow(/UNIQUE/);
    expect(() =>
      insertOrder(emu, order({ checkoutId: null, ownerUserId: null, accountId: null, contact: { email: " " } })),
    ).toThrow(/CHECK/);
    expect(() => insertOrder(emu, order({ checkoutId: null, orderNumber: "123" }))).toThrow(/CHECK/);
  });

  it("refuses discounts larger than what they discount", () => {
    expect(() =>
      insertOrder(emu, order({ adjustments: [{ displayName: "Too much", amountCents: -999_999 }] })),
    ).toThrow(/CHECK/);
  });
});

describe("ownerScoped order history", () => {
  it("shows a buyer only their own orders unless ownerScoped=false", async () => {
    // A second buyer of the same account places an order.
    emu.db
      .prepare(
        "INSERT INTO users(id, username, password_hash, first_name, last_name, email, kind, account_id) VALUES (?, ?, ?, ?, ?, ?, 'B2C', ?)",
      )
      .run(
        "005DM000000SAM2",
        "sam@demo.store",
        hashPassword("x", "00"),
        "Sam",
        "Buyer",
        "sam@demo.store",
        "001DM0000000B2C",
      );
    insertOrder(emu, order({ ownerUserId: "005DM000000SAM2", checkoutId: null }));
    const headers = await buyerAuthorization((r) => emulator.fetch(r), "http://emulator.local");
    const list = async (query: string) =>
      (await (await emulator.fetch(new Request(`${API}/order-summaries${query}`, { headers }))).json()) as any;
    expect((await list("")).count).toBe(5);
    const all = await list("?ownerScoped=false");
    expect(all.count).toBe(6);
    expect(all.orderSummaries[0]).toMatchObject({ orderNumber: "00000110", ownerId: "005DM000000SAM2" });
  });
});

describe("verifyGuestDetails", () => {
  it("matches a guest order's contact and never a buyer's order", () => {
    const guestOrder = orderReader(emu).find(WEBSTORE, "00000101")!;
    const buyerOrder = orderReader(emu).find(WEBSTORE, "00000102")!;
    expect(verifyGuestDetails(guestOrder, { email: "GUEST@demo.store" })).toBe(true);
    expect(
      verifyGuestDetails(guestOrder, {
        email: "guest@demo.store",
        lastName: "guest",
        phoneNumber: "+1 (555) 010-1010",
      }),
    ).toBe(true);
    expect(verifyGuestDetails(guestOrder, { email: "" })).toBe(false);
    expect(verifyGuestDetails(guestOrder, { email: "guest@demo.store", lastName: "Other" })).toBe(false);
    expect(verifyGuestDetails(guestOrder, { email: "guest@demo.store", phoneNumber: "0000000000" })).toBe(true);
    expect(verifyGuestDetails(guestOrder, { email: "guest@demo.store", phoneNumber: "0000000000" }, true)).toBe(false);
    expect(verifyGuestDetails(buyerOrder, { email: "buyer@demo.store" })).toBe(false);
    expect(verifyGuestDetails(undefined, { email: "nobody@invalid.example", lastName: "Nobody" })).toBe(false);
  });
});
