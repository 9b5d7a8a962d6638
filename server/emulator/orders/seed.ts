import { catalogStore } from "../catalog/store.js";
import { readFixture } from "../core/context.js";
import { percentOf, toCents } from "../core/money.js";
import {
  insertOrder,
  type AdjustmentInput,
  type DeliveryGroupInput,
  type OrderInput,
  type PaymentInput,
} from "./store.js";
import type { Emu } from "../core/state.js";

/** Seeds fixtures/orders.json: the demo store's order history, written through insertOrder like a checkout. */

interface FixtureAdjustment {
  type?: "Promotion" | "Other";
  displayName: string;
  amount?: string;
  percentOff?: number;
  promotionId?: string;
  couponCode?: string;
}

interface FixtureLine {
  sku: string;
  quantity: number;
  unitPrice?: string;
  adjustments?: FixtureAdjustment[];
}

interface FixtureGroup {
  name: string | null;
  deliverTo: DeliveryGroupInput["deliverTo"];
  deliveryMethod: { id?: string; name: string; carrier?: string };
  shippingCharge: string;
  shippingAdjustments?: FixtureAdjustment[];
  taxRate: string;
  taxesShipping?: boolean;
  desiredDeliveryDate?: string;
  shippingInstructions?: string;
  isGift?: boolean;
  giftMessage?: string;
  lines: FixtureLine[];
}

interface FixtureOrder {
  orderNumber: string;
  ownerId: string | null;
  accountId: string | null;
  status: OrderInput["status"];
  orderedDate: string;
  createdDate?: string;
  contact: OrderInput["contact"];
  deliveryGroups: FixtureGroup[];
  adjustments?: FixtureAdjustment[];
  payments?: PaymentInput[];
  /** Where the order was billed; the first delivery group's address when the fixture names none. */
  billingAddress?: OrderInput["billingAddress"];
}

/** Ids of fixture records follow the order number, so docs and tests can name them. */
export const fixtureIds = {
  order: (number: string) => `1OsDM00${number}`,
  group: (number: string, n: number) => `0agDM${number}G${n}`,
  item: (number: string, n: number) => `10uDM${number}${String(n).padStart(2, "0")}`,
  payment: (number: string, n: number) => `0a3DM${number}P${n}`,
};

function adjustment(a: FixtureAdjustment, baseCents: number): AdjustmentInput {
  const amountCents = a.amount !== undefined ? toCents(a.amount)! : -percentOf(baseCents, a.percentOff ?? 0);
  return {
    type: a.type ?? "Promotion",
    displayName: a.displayName,
    amountCents,
    promotionId: a.promotionId ?? null,
    couponCode: a.couponCode ?? null,
  };
}

/** A demo order without its own billing address was billed where its first group was shipped. */
function billedWhereShipped(to: DeliveryGroupInput["deliverTo"]): OrderInput["billingAddress"] {
  return { street: to.street, city: to.city, state: to.state, postalCode: to.postalCode, country: to.country };
}

const taxOf = (cents: number, rate: string) => Math.round((cents * Number(rate)) / 100);

export function seedOrders(emu: Emu) {
  const fixture = readFixture<{ orders: FixtureOrder[] }>(emu, "orders.json");
  const webstoreId = (emu.db.prepare("SELECT id FROM webstores ORDER BY id LIMIT 1").get() as { id: string }).id;
  const bySku = emu.db.prepare("SELECT id FROM products WHERE sku = ?");
  const catalog = catalogStore(emu);

  for (const o of fixture.orders) {
    let itemNo = 0;
    let adjustedProductCents = 0;
    const groups: DeliveryGroupInput[] = o.deliveryGroups.map((g, gi) => {
      const lines = g.lines.map((l) => {
        const row = bySku.get(l.sku) as { id: string } | undefined;
        const product = row && catalog.product(row.id);
        if (!product) throw new Error(`fixtures/orders.json: order ${o.orderNumber} names an unknown SKU ${l.sku}`);
        const unitPriceCents = l.unitPrice !== undefined ? toCents(l.unitPrice)! : product.unit_price_cents;
        if (unitPriceCents === null)
          throw new Error(`fixtures/orders.json: ${l.sku} has no price; give the line a unitPrice`);
        const lineCents = unitPriceCents * l.quantity;
        const adjustments = (l.adjustments ?? []).map((a) => adjustment(a, lineCents));
        const adjustedCents = lineCents + adjustments.reduce((s, a) => s + a.amountCents, 0);
        adjustedProductCents += adjustedCents;
        return {
          id: fixtureIds.item(o.orderNumber, ++itemNo),
          productId: product.id,
          quantity: l.quantity,
          unitPriceCents,
          listPriceCents: product.list_price_cents,
          taxCents: taxOf(adjustedCents, g.taxRate),
          adjustments,
        };
      });
      const chargeCents = toCents(g.shippingCharge)!;
      const chargeAdjustments = (g.shippingAdjustments ?? []).map((a) => adjustment(a, chargeCents));
      const adjustedCharge = chargeCents + chargeAdjustments.reduce((s, a) => s + a.amountCents, 0);
      return {
        id: fixtureIds.group(o.orderNumber, gi + 1),
        name: g.name,
        deliverTo: g.deliverTo,
        deliveryMethod: g.deliveryMethod,
        desiredDeliveryDate: g.desiredDeliveryDate ?? null,
        shippingInstructions: g.shippingInstructions ?? null,
        isGift: g.isGift ?? false,
        giftMessage: g.giftMessage ?? null,
        lines,
        deliveryCharge: {
          id: fixtureIds.item(o.orderNumber, 90 + gi + 1),
          amountCents: chargeCents,
          taxCents: g.taxesShipping ? taxOf(adjustedCharge, g.taxRate) : 0,
          adjustments: chargeAdjustments,
        },
      };
    });
    insertOrder(emu, {
      id: fixtureIds.order(o.orderNumber),
      orderNumber: o.orderNumber,
      webstoreId,
      ownerUserId: o.ownerId,
      accountId: o.accountId,
      status: o.status,
      orderedAt: Date.parse(o.orderedDate),
      createdAt: Date.parse(o.createdDate ?? o.orderedDate),
      contact: o.contact,
      deliveryGroups: groups,
      adjustments: (o.adjustments ?? []).map((a) => adjustment(a, adjustedProductCents)),
      payments: (o.payments ?? []).map((p, i) => ({ ...p, id: fixtureIds.payment(o.orderNumber, i + 1) })),
      billingAddress: o.billingAddress ?? billedWhereShipped(o.deliveryGroups[0].deliverTo),
    });
  }
}
