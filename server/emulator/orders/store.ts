import { catalogStore } from "../catalog/store.js";
import type { Emu } from "../core/state.js";
import { recordSubscriptions, type SubscriptionLine } from "../subscriptions/store.js";

/**
 * The order tables (db/005_orders.sql): how an order is written (insertOrder, used by the checkout and the
 * fixtures) and read back (the order resources). Money is integer cents throughout.
 */

export type OrderStatus = "Created" | "Activated" | "Fulfilled" | "Cancelled";
export type AdjustmentType = "Promotion" | "Other";

export interface AdjustmentInput {
  type?: AdjustmentType; // default "Promotion"
  displayName: string;
  /** A discount: negative cents. */
  amountCents: number;
  promotionId?: string | null;
  couponCode?: string | null;
}

export interface OrderLineInput {
  id?: string;
  productId: string;
  quantity: number;
  unitPriceCents: number;
  listPriceCents?: number | null;
  taxCents?: number;
  /** Defaults to the catalog's current name and SKU (the order keeps them even if the catalog changes). */
  name?: string;
  sku?: string;
  type?: "Product" | "Order Product"; // default "Order Product", as Order Management names product lines
  productSellingModelId?: string | null;
  /** The cart item's `subscriptionTerm` (Cart Item Input), as it was sent; none for a one-time line. */
  subscriptionTerm?: number | null;
  adjustments?: AdjustmentInput[];
}

export interface DeliveryChargeInput {
  id?: string;
  amountCents: number;
  taxCents?: number;
  name?: string; // default "Delivery Charge"
  adjustments?: AdjustmentInput[];
}

export interface DeliverToInput {
  name?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
  companyName?: string | null;
  phone?: string | null;
}

export interface DeliveryGroupInput {
  id?: string;
  /** May be null: the storefront then shows "Delivery Group {n}". */
  name?: string | null;
  deliverTo: DeliverToInput;
  deliveryMethod: { id?: string | null; name: string; carrier?: string | null };
  desiredDeliveryDate?: string | null; // yyyy-MM-dd
  shippingInstructions?: string | null;
  isGift?: boolean;
  giftMessage?: string | null;
  /** Who the gift is for (the cart delivery group's giftToName). */
  giftToName?: string | null;
  deliveryCharge?: DeliveryChargeInput | null;
  lines: OrderLineInput[];
}

export interface PaymentInput {
  id?: string;
  type: "CreditCard" | "PurchaseOrder" | "DigitalWallet";
  cardBrand?: string | null;
  /** Exactly four digits; a full card number is refused by the schema. */
  last4?: string | null;
  purchaseOrderNumber?: string | null;
  gatewayReference?: string | null;
  /** Defaults to the order's grand total. */
  amountCents?: number;
  status?: "Draft" | "Pending" | "Processed" | "Failed" | "Canceled";
}

export interface OrderInput {
  webstoreId: string;
  /** The buyer placing the order; null for a guest. */
  ownerUserId: string | null;
  /** The effective account; null for a guest. */
  accountId: string | null;
  contact: { email?: string | null; firstName?: string | null; lastName?: string | null; phone?: string | null };
  deliveryGroups: DeliveryGroupInput[];
  /** Order-level adjustments (e.g. a cart coupon). */
  adjustments?: AdjustmentInput[];
  payments?: PaymentInput[];
  id?: string; // default: a new 1Os id
  orderNumber?: string; // default: nextOrderNumber(emu)
  referenceNumber?: string | null;
  checkoutId?: string | null;
  cartId?: string | null;
  status?: OrderStatus; // default "Created"
  orderedAt?: number; // ms, default: the virtual clock's now
  createdAt?: number; // ms, default: orderedAt
  currencyIsoCode?: string; // default "USD"
  /** The order's billing address (OrderSummary Billing* fields); none when absent. */
  billingAddress?: BillingAddressInput | null;
}

export interface BillingAddressInput {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export interface InsertedOrder {
  id: string;
  orderNumber: string;
  grandTotalCents: number;
  deliveryGroupIds: string[];
  itemIds: string[];
}

export interface OrderRow {
  id: string;
  webstore_id: string;
  order_number: string;
  reference_number: string | null;
  checkout_id: string | null;
  cart_id: string | null;
  owner_user_id: string | null;
  account_id: string | null;
  status: OrderStatus;
  ordered_at: number;
  created_at: number;
  currency_iso_code: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  total_product_cents: number;
  total_product_adjustment_cents: number;
  total_delivery_cents: number;
  total_delivery_adjustment_cents: number;
  total_tax_cents: number;
  grand_total_cents: number;
  billing_street: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_postal_code: string | null;
  billing_country: string | null;
  billing_latitude: number | null;
  billing_longitude: number | null;
}

export interface DeliveryGroupRow {
  id: string;
  order_summary_id: string;
  seq: number;
  name: string | null;
  deliver_to_name: string | null;
  deliver_to_street: string | null;
  deliver_to_city: string | null;
  deliver_to_state: string | null;
  deliver_to_postal_code: string | null;
  deliver_to_country: string | null;
  deliver_to_company_name: string | null;
  deliver_to_phone: string | null;
  delivery_method_id: string | null;
  delivery_method_name: string;
  carrier: string | null;
  desired_delivery_date: string | null;
  shipping_instructions: string | null;
  is_gift: 0 | 1;
  gift_message: string | null;
  gift_to_name: string | null;
}

export interface ItemRow {
  id: string;
  order_summary_id: string;
  order_delivery_group_id: string;
  seq: number;
  type: "Product" | "Order Product" | "Delivery Charge";
  product_id: string | null;
  sku: string | null;
  name: string;
  quantity: number;
  unit_price_cents: number;
  list_price_cents: number | null;
  total_line_cents: number;
  tax_cents: number;
  product_selling_model_id: string | null;
  subscription_term: number | null;
}

export interface AdjustmentRow {
  id: number;
  order_summary_id: string;
  order_item_id: string | null;
  type: AdjustmentType;
  display_name: string;
  amount_cents: number;
  promotion_id: string | null;
  coupon_code: string | null;
  seq: number;
}

export interface PaymentRow {
  id: string;
  order_summary_id: string;
  seq: number;
  type: "CreditCard" | "PurchaseOrder" | "DigitalWallet";
  card_brand: string | null;
  last4: string | null;
  purchase_order_number: string | null;
  gateway_reference: string | null;
  amount_cents: number;
  status: string;
  created_at: number;
}

export const FIRST_ORDER_NUMBER = 101;
export const ORDER_NUMBER_LENGTH = 8;

export function formatOrderNumber(n: number): string {
  return String(n).padStart(ORDER_NUMBER_LENGTH, "0");
}

/**
 * Order numbers from here up belong to imported history (the merchant-sized demo store's generated orders,
 * server/emulator/large-store): the store's own numbering continues below them, so an imported history never moves
 * the number the next checkout gets.
 */
export const IMPORTED_ORDER_NUMBERS_FROM = 90_000_000;

/** The number the next order takes: one past the highest so far (00000101 in an empty store). */
export function nextOrderNumber(emu: Emu): string {
  // The schema keeps every order number eight digits (CHECK), so the greatest text is the greatest number: read from
  // the column's UNIQUE index, below the imported range, instead of casting every row.
  const row = emu.db
    .prepare("SELECT order_number AS n FROM order_summaries WHERE order_number < ? ORDER BY order_number DESC LIMIT 1")
    .get(formatOrderNumber(IMPORTED_ORDER_NUMBERS_FROM)) as { n: string } | undefined;
  return formatOrderNumber(Math.max(Number(row?.n ?? 0), FIRST_ORDER_NUMBER - 1) + 1);
}

/** The order a checkout placed, if any: lets a repeated submit answer the same order. */
export function findOrderByCheckout(emu: Emu, checkoutId: string): OrderRow | undefined {
  return emu.db.prepare("SELECT * FROM order_summaries WHERE checkout_id = ?").get(checkoutId) as OrderRow | undefined;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const adjustmentTotal = (list: AdjustmentInput[] | undefined) => sum((list ?? []).map((a) => a.amountCents));

/**
 * Writes one placed order: summary, delivery groups, product and delivery-charge lines, adjustments and payments.
 * The totals are computed here from the lines, so they always add up (the schema checks the sum once more).
 * Runs in a transaction of its own, or as a savepoint inside the caller's (the checkout's) transaction.
 * It does not touch inventory or carts: placing the order around it is the checkout's job.
 */
export function insertOrder(emu: Emu, input: OrderInput): InsertedOrder {
  return emu.db.transaction(() => writeOrder(emu, input))();
}

/**
 * insertOrder's writes without a savepoint of their own, for a caller whose transaction rolls back whole when this
 * throws (placing an order). In place-order's transaction the savepoint's journal (a copy of every page the order
 * changes) outgrew SQLite's in-memory limit and spilled to a temporary file, created and deleted for every order
 * (strace: one /var/tmp/etilqs_* per placement); each order line's INSERT took about 50 µs instead of 7 µs.
 */
export function writeOrder(emu: Emu, input: OrderInput): InsertedOrder {
  const db = emu.db;
  if (!input.deliveryGroups.length || !input.deliveryGroups.some((g) => g.lines.length)) {
    throw new Error("insertOrder: an order needs at least one product line");
  }
  const catalog = catalogStore(emu);
  const allLines = input.deliveryGroups.flatMap((g) => g.lines);
  const charges = input.deliveryGroups.map((g) => g.deliveryCharge).filter((c): c is DeliveryChargeInput => !!c);
  const totalProduct = sum(allLines.map((l) => l.unitPriceCents * l.quantity));
  const productAdjustments =
    sum(allLines.map((l) => adjustmentTotal(l.adjustments))) + adjustmentTotal(input.adjustments);
  const totalDelivery = sum(charges.map((c) => c.amountCents));
  const deliveryAdjustments = sum(charges.map((c) => adjustmentTotal(c.adjustments)));
  const totalTax = sum(allLines.map((l) => l.taxCents ?? 0)) + sum(charges.map((c) => c.taxCents ?? 0));
  const grandTotal = totalProduct + productAdjustments + totalDelivery + deliveryAdjustments + totalTax;

  // Every id the order needs, taken at once (the ids one emu.ids call each would have given).
  const mint = emu.ids.reserve({
    orderSummary: input.id ? 0 : 1,
    orderDeliveryGroupSummary: input.deliveryGroups.filter((g) => !g.id).length,
    orderItemSummary: allLines.filter((l) => !l.id).length + charges.filter((c) => !c.id).length,
    payment: (input.payments ?? []).filter((p) => !p.id).length,
  });
  const id = input.id ?? mint("orderSummary");
  const orderNumber = input.orderNumber ?? nextOrderNumber(emu);
  const orderedAt = input.orderedAt ?? emu.clock.now();
  db.prepare(
    `
    INSERT INTO order_summaries(id, webstore_id, order_number, reference_number, checkout_id, cart_id, owner_user_id, account_id,
      status, ordered_at, created_at, currency_iso_code, email, first_name, last_name, phone, total_product_cents,
      total_product_adjustment_cents, total_delivery_cents, total_delivery_adjustment_cents, total_tax_cents, grand_total_cents)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    input.webstoreId,
    orderNumber,
    input.referenceNumber ?? null,
    input.checkoutId ?? null,
    input.cartId ?? null,
    input.ownerUserId,
    input.accountId,
    input.status ?? "Created",
    orderedAt,
    input.createdAt ?? orderedAt,
    input.currencyIsoCode ?? "USD",
    input.contact.email?.trim() || null,
    input.contact.firstName ?? null,
    input.contact.lastName ?? null,
    input.contact.phone ?? null,
    totalProduct,
    productAdjustments,
    totalDelivery,
    deliveryAdjustments,
    totalTax,
    grandTotal,
  );
  const billing = input.billingAddress;
  if (billing) {
    db.prepare(
      `UPDATE order_summaries SET billing_street = ?, billing_city = ?, billing_state = ?, billing_postal_code = ?,
         billing_country = ?, billing_latitude = ?, billing_longitude = ? WHERE id = ?`,
    ).run(
      billing.street ?? null,
      billing.city ?? null,
      billing.state ?? null,
      billing.postalCode ?? null,
      billing.country ?? null,
      billing.latitude ?? null,
      billing.longitude ?? null,
      id,
    );
  }

  const insertGroup = db.prepare(`
    INSERT INTO order_delivery_groups(id, order_summary_id, seq, name, deliver_to_name, deliver_to_street, deliver_to_city,
      deliver_to_state, deliver_to_postal_code, deliver_to_country, deliver_to_company_name, deliver_to_phone, delivery_method_id,
      delivery_method_name, carrier, desired_delivery_date, shipping_instructions, is_gift, gift_message, gift_to_name)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertItem = db.prepare(`
    INSERT INTO order_items(id, order_summary_id, order_delivery_group_id, seq, type, product_id, sku, name, quantity,
      unit_price_cents, list_price_cents, total_line_cents, tax_cents, product_selling_model_id, subscription_term)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertAdjustment = db.prepare(`
    INSERT INTO order_adjustments(order_summary_id, order_item_id, type, display_name, amount_cents, promotion_id, coupon_code, seq)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  let adjustmentSeq = 0;
  const addAdjustments = (itemId: string | null, list: AdjustmentInput[] | undefined) => {
    for (const a of list ?? []) {
      insertAdjustment.run(
        id,
        itemId,
        a.type ?? "Promotion",
        a.displayName,
        a.amountCents,
        a.promotionId ?? null,
        a.couponCode ?? null,
        ++adjustmentSeq,
      );
    }
  };

  const deliveryGroupIds: string[] = [];
  const itemIds: string[] = [];
  let itemSeq = 0;
  const subscriptionLines: SubscriptionLine[] = [];
  input.deliveryGroups.forEach((g, i) => {
    const groupId = g.id ?? mint("orderDeliveryGroupSummary");
    deliveryGroupIds.push(groupId);
    const to = g.deliverTo;
    insertGroup.run(
      groupId,
      id,
      i + 1,
      g.name?.trim() || null,
      to.name ?? null,
      to.street ?? null,
      to.city ?? null,
      to.state ?? null,
      to.postalCode ?? null,
      to.country ?? null,
      to.companyName ?? null,
      to.phone ?? null,
      g.deliveryMethod.id ?? null,
      g.deliveryMethod.name,
      g.deliveryMethod.carrier ?? null,
      g.desiredDeliveryDate ?? null,
      g.shippingInstructions ?? null,
      g.isGift ? 1 : 0,
      g.isGift ? (g.giftMessage ?? null) : null,
      g.isGift ? (g.giftToName ?? null) : null,
    );
    for (const line of g.lines) {
      // The catalog is read only for what the line doesn't give (placing an order gives it all).
      const product =
        line.name && line.sku && line.listPriceCents !== undefined ? undefined : catalog.product(line.productId);
      if (!product && (!line.name || !line.sku)) throw new Error(`insertOrder: unknown product ${line.productId}`);
      const itemId = line.id ?? mint("orderItemSummary");
      itemIds.push(itemId);
      insertItem.run(
        itemId,
        id,
        groupId,
        ++itemSeq,
        line.type ?? "Order Product",
        line.productId,
        line.sku ?? product!.sku,
        line.name ?? product!.name,
        line.quantity,
        line.unitPriceCents,
        line.listPriceCents === undefined ? (product?.list_price_cents ?? null) : line.listPriceCents,
        line.unitPriceCents * line.quantity,
        line.taxCents ?? 0,
        line.productSellingModelId ?? null,
        line.subscriptionTerm ?? null,
      );
      if (line.productSellingModelId)
        subscriptionLines.push({
          orderSummaryId: id,
          orderItemId: itemId,
          productId: line.productId,
          sellingModelId: line.productSellingModelId,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          subscriptionTerm: line.subscriptionTerm ?? null,
        });
      addAdjustments(itemId, line.adjustments);
    }
    if (g.deliveryCharge) {
      const c = g.deliveryCharge;
      const itemId = c.id ?? mint("orderItemSummary");
      itemIds.push(itemId);
      insertItem.run(
        itemId,
        id,
        groupId,
        ++itemSeq,
        "Delivery Charge",
        null,
        null,
        c.name ?? "Delivery Charge",
        1,
        c.amountCents,
        c.amountCents,
        c.amountCents,
        c.taxCents ?? 0,
        null,
        null,
      );
      addAdjustments(itemId, c.adjustments);
    }
  });
  addAdjustments(null, input.adjustments);
  recordSubscriptions(
    emu,
    {
      webstoreId: input.webstoreId,
      accountId: input.accountId,
      ownerUserId: input.ownerUserId,
      orderedAt,
      currency: input.currencyIsoCode ?? "USD",
    },
    subscriptionLines,
  );

  const insertPayment = db.prepare(`
    INSERT INTO order_payments(id, order_summary_id, seq, type, card_brand, last4, purchase_order_number, gateway_reference,
      amount_cents, status, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  (input.payments ?? []).forEach((p, i) => {
    insertPayment.run(
      p.id ?? mint("payment"),
      id,
      i + 1,
      p.type,
      p.cardBrand ?? null,
      p.last4 ?? null,
      p.purchaseOrderNumber ?? null,
      p.gatewayReference ?? null,
      p.amountCents ?? grandTotal,
      p.status ?? "Processed",
      orderedAt,
    );
  });
  return { id, orderNumber, grandTotalCents: grandTotal, deliveryGroupIds, itemIds };
}

/** Read access to the order tables, prepared once per emulator. */
export function orderReader(emu: Emu) {
  let reader = readers.get(emu);
  if (!reader) readers.set(emu, (reader = createReader(emu)));
  return reader;
}

const readers = new WeakMap<Emu, ReturnType<typeof createReader>>();

function createReader(emu: Emu) {
  const db = emu.db;
  // An 18-character id names the same record as its first 15 characters.
  const byKey = db.prepare(`
    SELECT * FROM order_summaries
    WHERE webstore_id = @webstoreId AND (id = substr(@key, 1, 15) OR order_number = @key OR reference_number = @key)
    LIMIT 1`);
  const decoy = db.prepare("SELECT * FROM order_summaries WHERE webstore_id = ? ORDER BY rowid LIMIT 1");
  const groups = db.prepare("SELECT * FROM order_delivery_groups WHERE order_summary_id = ? ORDER BY seq");
  const items = db.prepare("SELECT * FROM order_items WHERE order_summary_id = ? ORDER BY seq");
  const adjustments = db.prepare("SELECT * FROM order_adjustments WHERE order_summary_id = ? ORDER BY seq");
  const payments = db.prepare("SELECT * FROM order_payments WHERE order_summary_id = ? ORDER BY seq");
  return {
    /** By order summary id (15 or 18 characters), order number or reference number. */
    find(webstoreId: string, key: string): OrderRow | undefined {
      if (!key) return undefined;
      return byKey.get({ webstoreId, key }) as OrderRow | undefined;
    },
    /**
     * Reads some order row and throws it away. A lookup of an unknown key calls it so that it spends the time a
     * hit spends reading its row: otherwise a miss would answer measurably sooner than a wrong e-mail.
     */
    decoy(webstoreId: string): void {
      decoy.get(webstoreId);
    },
    groups: (orderId: string) => groups.all(orderId) as DeliveryGroupRow[],
    items: (orderId: string) => items.all(orderId) as ItemRow[],
    adjustments: (orderId: string) => adjustments.all(orderId) as AdjustmentRow[],
    payments: (orderId: string) => payments.all(orderId) as PaymentRow[],
  };
}

/* The order resources' other statements: the order history's page, the purchased products, and the guest lookup's
 * access tokens and failure counts (orders.ts, access.ts). */

/**
 * A page of an account's orders and the row after it, read along an index of the list's conditions and order
 * (db/014_scale_indexes.sql): the rows before the page are skipped in the index. `column` and `direction` come
 * from the caller's closed list of sorts.
 */
export function orderHistoryPage(
  emu: Emu,
  ownerScoped: boolean,
  column: "created_at" | "ordered_at",
  direction: "ASC" | "DESC",
  params: Record<string, unknown>,
): OrderRow[] {
  return emu.db
    .prepare(
      `SELECT * FROM order_summaries
         WHERE webstore_id = @webstore AND account_id = @account${ownerScoped ? " AND owner_user_id = @owner" : ""}
           AND (@earliest IS NULL OR ordered_at >= @earliest) AND (@latest IS NULL OR ordered_at <= @latest)
         ORDER BY ${column} ${direction}, id ${direction} LIMIT @limit OFFSET @offset`,
    )
    .all(params) as OrderRow[];
}

/** The products an account's orders bought (the owner's alone when `owner` is set), the most recent first. */
export function purchasedProducts(emu: Emu, params: { webstore: string; account: string; owner: string | null }) {
  return emu.db
    .prepare(
      `SELECT i.product_id, max(o.ordered_at) AS last_at, sum(i.quantity) AS qty, count(DISTINCT o.id) AS orders,
                max(i.name) AS name, max(i.sku) AS sku
         FROM order_items i JOIN order_summaries o ON o.id = i.order_summary_id
         WHERE o.webstore_id = @webstore AND o.account_id = @account AND (@owner IS NULL OR o.owner_user_id = @owner)
           AND i.type <> 'Delivery Charge'
         GROUP BY i.product_id
         ORDER BY last_at DESC, i.product_id`,
    )
    .all(params) as {
    product_id: string;
    last_at: number;
    qty: number;
    orders: number;
    name: string;
    sku: string;
  }[];
}

export function orderAccessToken(emu: Emu, token: string) {
  return emu.db.prepare("SELECT order_summary_id, expires_at FROM order_access_tokens WHERE token = ?").get(token) as
    { order_summary_id: string; expires_at: number } | undefined;
}

export function insertOrderAccessToken(emu: Emu, token: string, orderId: string, issuedAt: number, expiresAt: number) {
  emu.db
    .prepare("INSERT INTO order_access_tokens(token, order_summary_id, issued_at, expires_at) VALUES (?, ?, ?, ?)")
    .run(token, orderId, issuedAt, expiresAt);
}

/** How many lookups failed under `key` since `since`, and when the last did. */
export function lookupFailures(emu: Emu, key: string, since: number) {
  return emu.db
    .prepare("SELECT count(*) AS n, max(at) AS last FROM order_lookup_failures WHERE key = ? AND at > ?")
    .get(key, since) as { n: number; last: number | null };
}

export function recordLookupFailure(emu: Emu, key: string, at: number) {
  emu.db.prepare("INSERT INTO order_lookup_failures(key, at) VALUES (?, ?)").run(key, at);
}

export function forgetLookupFailures(emu: Emu, until: number) {
  emu.db.prepare("DELETE FROM order_lookup_failures WHERE at <= ?").run(until);
}

// --- shipments (db/025_shipments.sql; read by orders/shipments.ts) -----------------------------------------------

export interface ShipmentRow {
  id: string;
  order_summary_id: string;
  order_delivery_group_id: string;
  shipment_number: string;
  status: "Shipped" | "Delivered";
  provider: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  ship_to_name: string | null;
  shipped_at: number;
  expected_delivery_at: number | null;
  actual_delivery_at: number | null;
}

export interface ShipmentItemRow {
  id: string;
  shipment_id: string;
  order_item_id: string;
  quantity: number;
}

/** An order's shipments (by shipment number), one shipment, and the lines a shipment carried (by id). */
export function shipmentReader(emu: Emu) {
  const db = emu.db;
  return {
    ofOrder: (orderId: string) =>
      db
        .prepare("SELECT * FROM shipments WHERE order_summary_id = ? ORDER BY shipment_number")
        .all(orderId) as ShipmentRow[],
    byId: (id: string) => db.prepare("SELECT * FROM shipments WHERE id = ?").get(id) as ShipmentRow | undefined,
    items: (shipmentId: string) =>
      db.prepare("SELECT * FROM shipment_items WHERE shipment_id = ? ORDER BY id").all(shipmentId) as ShipmentItemRow[],
  };
}

/**
 * Writes shipments: the demo store's (fixtures/shipments.json) and those the emulator's fulfilment makes on the
 * virtual clock for a placed order (orders/shipments.ts, `shipOnClock`).
 */
export function shipmentWriter(emu: Emu) {
  const insert = emu.db.prepare(`
    INSERT INTO shipments(id, order_summary_id, order_delivery_group_id, shipment_number, status, provider,
      tracking_number, tracking_url, ship_to_name, shipped_at, expected_delivery_at, actual_delivery_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertItem = emu.db.prepare(
    "INSERT INTO shipment_items(id, shipment_id, order_item_id, quantity) VALUES (?, ?, ?, ?)",
  );
  const deliver = emu.db.prepare(
    "UPDATE shipments SET status = 'Delivered', actual_delivery_at = ? WHERE id = ? AND status = 'Shipped'",
  );
  // Shipment numbers are eight digits, so the greatest is the last in the unique index's order.
  const lastNumber = emu.db.prepare("SELECT max(shipment_number) AS n FROM shipments");
  return {
    shipment: (...values: (string | number | null)[]) => insert.run(...values),
    item: (id: string, shipmentId: string, orderItemId: string, quantity: number) =>
      insertItem.run(id, shipmentId, orderItemId, quantity),
    deliver: (id: string, at: number) => deliver.run(at, id),
    nextNumber: () => String(Number((lastNumber.get() as { n: string | null }).n ?? 0) + 1).padStart(8, "0"),
  };
}
