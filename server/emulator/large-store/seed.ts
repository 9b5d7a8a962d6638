import { readFixture } from "../core/context.js";
import { rebuildFullTextIndexes, withoutTriggers } from "../core/db.js";
import type { Emu } from "../core/state.js";
import { DEFAULT_GROUP_NAME } from "../checkout/store.js";
import { hashPassword } from "../identity/password.js";
import { refillCatalogListings } from "../catalog/seed.js";
import {
  BULK_BUYER,
  HISTORY_END,
  MANAGER_BUYER,
  generateManagedAccount,
  generateBulkCart,
  generateBulkOrder,
  generateBuyer,
  generateCategories,
  generateProduct,
  generatedId,
  type LargeStoreSize,
} from "./generate.js";

/**
 * Writes the generated store next to the demo fixtures (after every module has seeded them, in the same
 * transaction): one prepared statement per table, positional parameters, no JSON. The demo's rows are not touched.
 */

/** Every generated buyer signs in with the demo password; one scrypt hash (a fixed salt) serves them all. */
const GENERATED_PASSWORD_SALT = "6c617267652d73746f72652d73616c74";

/** Standard Shipping of fixtures/shipping.json, with Massachusetts' 6.25 % sales tax: bulk@demo.store ships to Boston. */
const BULK_DELIVERY = {
  id: "2DmDM000000STND",
  name: "Standard Shipping",
  carrier: "USPS",
  feeCents: 799,
  freeFromCents: 10_000,
};
const BULK_TAX_BASIS_POINTS = 625;

/** The demo's volume price schedule for packs (fixtures/catalog.json priceAdjustmentSchedules). */
const CASE_PRICING_SCHEDULE = "0uODM00000VOL05";

interface PriceBookRule {
  currencyIsoCode: string;
  idPrefix: string;
  fromDefaultRate: number;
}

export function seedLargeStore(emu: Emu, size: LargeStoreSize) {
  seedCategories(emu);
  seedProducts(emu, size, 1, size.products);
  finishCatalog(emu);
  seedBuyers(emu, size);
  seedBulkOrders(emu, size, 1, size.bulkOrders, 0);
  finishLargeStore(emu, size);
}

/*
 * The steps of seedLargeStore, each in the caller's transaction. seedLargeStore runs them all in one; a prepared
 * store (prepare.ts) runs the products and the orders in batches, a transaction each, in the same order, so both
 * write the same rows.
 */

function webstoreOf(emu: Emu): string {
  return (emu.db.prepare("SELECT id FROM webstores ORDER BY id LIMIT 1").get() as { id: string }).id;
}

/** The generated categories, three levels under the demo's top categories and four new ones. */
export function seedCategories(emu: Emu) {
  const insertCategory = emu.db.prepare(
    "INSERT INTO product_categories(id, name, description, parent_id, sort_order) VALUES (?, ?, ?, ?, ?)",
  );
  for (const c of generateCategories().categories)
    insertCategory.run(c.id, c.name, c.description, c.parentId || null, c.sortOrder);
}

/**
 * Products `from` … `to` (1-based, inclusive), their prices in every currency, their stock, facet values, variation
 * families and volume prices. The search index and the kept category listings are left to finishCatalog.
 */
export function seedProducts(emu: Emu, size: LargeStoreSize, from: number, to: number) {
  const db = emu.db;
  const seed = size.seed;
  const { leaves } = generateCategories();
  // The other currencies' price books follow the rule the demo's follow (fixtures/catalog.json, read once).
  const priceBooks = readFixture<{ priceBooks?: PriceBookRule[] }>(emu, "catalog.json").priceBooks ?? [];
  const insertProduct = db.prepare(`
    INSERT INTO products(id, sku, name, description, url_name, product_class, category_id, variation_parent_id,
      variation_attributes, is_sellable, sort_order)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`);
  const insertPrice = db.prepare(
    "INSERT INTO pricebook_entries(id, product_id, currency_iso_code, list_price_cents, unit_price_cents) VALUES (?, ?, ?, ?, ?)",
  );
  const insertStock = db.prepare("INSERT INTO inventory(product_id, on_hand) VALUES (?, ?)");
  const insertFacetValue = db.prepare(
    "INSERT INTO product_facet_values(attribute, value, product_id, category_id) VALUES (?, ?, ?, ?)",
  );
  const insertSetProduct = db.prepare(
    "INSERT INTO product_attribute_set_products(product_id, attribute_set_id) VALUES (?, ?)",
  );
  const linkSchedule = db.prepare(
    "INSERT INTO pricebook_entry_adjustments(pricebook_entry_id, schedule_id) VALUES (?, ?)",
  );
  // The demo's "Case pricing" schedule and its copy in each other currency (seeded from fixtures/catalog.json).
  const caseSchedules = new Map(
    (
      db
        .prepare(
          `SELECT currency_iso_code AS currency, id FROM price_adjustment_schedules
           WHERE name = (SELECT name FROM price_adjustment_schedules WHERE id = ?)`,
        )
        .all(CASE_PRICING_SCHEDULE) as { currency: string; id: string }[]
    ).map((r) => [r.currency, r.id]),
  );
  /** A product's entries in every price book, the schedule linked where it has volume prices. */
  const price = (productId: string, listCents: number, unitCents: number, tiers: boolean) => {
    const usd = `01u${productId.slice(3)}`;
    insertPrice.run(usd, productId, "USD", listCents, unitCents);
    if (tiers && caseSchedules.has("USD")) linkSchedule.run(usd, caseSchedules.get("USD"));
    for (const book of priceBooks) {
      const entry = `${book.idPrefix}${productId.slice(book.idPrefix.length)}`;
      insertPrice.run(
        entry,
        productId,
        book.currencyIsoCode,
        Math.round(listCents * book.fromDefaultRate),
        Math.round(unitCents * book.fromDefaultRate),
      );
      const schedule = caseSchedules.get(book.currencyIsoCode);
      if (tiers && schedule) linkSchedule.run(entry, schedule);
    }
  };
  // The search index's triggers would index each product as it is written (28 s for 100,000 products on a 2-core
  // machine); rebuilding the index once afterwards takes 4. The kept category listings and counts likewise
  // (refillCatalogListings).
  withoutTriggers(db, ["products", "product_facet_values"], () => {
    for (let n = from; n <= to; n++) {
      const p = generateProduct(seed, leaves, n);
      const productClass = p.family ? "VariationParent" : "Simple";
      insertProduct.run(
        p.id,
        p.sku,
        p.name,
        p.description,
        p.urlName,
        productClass,
        p.categoryId,
        null,
        null,
        p.sortOrder,
      );
      price(p.id, p.listPriceCents, p.unitPriceCents, p.caseTiers);
      for (const [attribute, value] of Object.entries(p.facets))
        insertFacetValue.run(attribute, value, p.id, p.categoryId);
      if (!p.family) {
        insertStock.run(p.id, p.stock);
        continue;
      }
      // A variation parent is not stock-tracked; each variation is, priced as its parent, with its facet values.
      insertSetProduct.run(p.id, p.family.attributeSetId);
      for (const v of p.family.variations) {
        insertProduct.run(
          v.id,
          v.sku,
          v.name,
          v.description,
          v.urlName,
          "Variation",
          p.categoryId,
          p.id,
          JSON.stringify(v.attributes),
          p.sortOrder,
        );
        price(v.id, p.listPriceCents, p.unitPriceCents, false);
        insertStock.run(v.id, v.stock);
        for (const [attribute, value] of Object.entries(p.facets))
          insertFacetValue.run(attribute, value, v.id, p.categoryId);
      }
    }
  });
}

/** The search index and the kept category listings, rebuilt once over every product written. */
export function finishCatalog(emu: Emu) {
  rebuildFullTextIndexes(emu.db);
  refillCatalogListings(emu.db);
}

/** The generated buyers, bulk@demo.store and manager@demo.store: their accounts, users and the accounts each acts for. */
export function seedBuyers(emu: Emu, size: LargeStoreSize) {
  const db = emu.db;
  const seed = size.seed;
  const passwordHash = hashPassword(BULK_BUYER.password, GENERATED_PASSWORD_SALT);
  const insertAccount = db.prepare(
    "INSERT INTO accounts(id, name, street, city, state, country, zip) VALUES (?, ?, ?, ?, ?, 'US', ?)",
  );
  const insertUser = db.prepare(`
    INSERT INTO users(id, username, password_hash, first_name, last_name, email, phone, kind, account_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertManaged = db.prepare("INSERT INTO managed_accounts(user_id, account_id, is_default) VALUES (?, ?, 1)");
  for (let n = 1; n <= size.buyers; n++) {
    const b = generateBuyer(seed, n);
    insertAccount.run(b.accountId, b.accountName, b.street, b.city, b.state, b.zip);
    insertUser.run(b.id, b.username, passwordHash, b.firstName, b.lastName, b.username, b.phone, b.kind, b.accountId);
    insertManaged.run(b.id, b.accountId);
  }
  const bulk = BULK_BUYER;
  insertAccount.run(bulk.accountId, bulk.accountName, bulk.street, bulk.city, bulk.state, bulk.zip);
  insertUser.run(
    bulk.id,
    bulk.username,
    passwordHash,
    bulk.firstName,
    bulk.lastName,
    bulk.username,
    bulk.phone,
    "B2B",
    bulk.accountId,
  );
  insertManaged.run(bulk.id, bulk.accountId);
  seedManager(emu, size, passwordHash);
}

/** bulk@demo.store's cart, and the store's large carts turned on. */
export function finishLargeStore(emu: Emu, size: LargeStoreSize) {
  const webstoreId = webstoreOf(emu);
  seedBulkCart(emu, webstoreId, size, generateCategories().leaves);
  // A merchant whose buyers keep carts of hundreds of lines enables large carts: 2,000 lines a cart instead of 500
  // (Cart Data Limits; the emulator reads the store's propertiesEx.highScaleCartEnabled, docs/emulator.md).
  const context = emu.store.applicationContext(webstoreId);
  emu.store.setApplicationContext(webstoreId, {
    ...context,
    propertiesEx: { ...context.propertiesEx, highScaleCartEnabled: true },
  });
}

/**
 * manager@demo.store and the accounts they buy for: their own (the default) and `managedAccounts - 1` generated
 * ones, so the account switcher lists exactly `managedAccounts`.
 */
function seedManager(emu: Emu, size: LargeStoreSize, passwordHash: string) {
  const count = size.managedAccounts ?? 0;
  if (count <= 0) return;
  const db = emu.db;
  const m = MANAGER_BUYER;
  const insertAccount = db.prepare(
    "INSERT INTO accounts(id, name, street, city, state, country, zip) VALUES (?, ?, ?, ?, ?, 'US', ?)",
  );
  const insertManaged = db.prepare("INSERT INTO managed_accounts(user_id, account_id, is_default) VALUES (?, ?, ?)");
  insertAccount.run(m.accountId, m.accountName, m.street, m.city, m.state, m.zip);
  db.prepare(
    `INSERT INTO users(id, username, password_hash, first_name, last_name, email, phone, kind, account_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'B2B', ?)`,
  ).run(m.id, m.username, passwordHash, m.firstName, m.lastName, m.username, m.phone, m.accountId);
  insertManaged.run(m.id, m.accountId, 1);
  for (let n = 1; n < count; n++) {
    const a = generateManagedAccount(size.seed, n);
    insertAccount.run(a.id, a.name, a.street, a.city, a.state, a.zip);
    insertManaged.run(m.id, a.id, 0);
  }
}

/**
 * bulk@demo.store's orders `from` … `to` (1-based, inclusive). Order lines are numbered across the history:
 * `itemsBefore` is how many the orders before `from` have; returns how many there are after `to`.
 */
export function seedBulkOrders(emu: Emu, size: LargeStoreSize, from: number, to: number, itemsBefore: number): number {
  const db = emu.db;
  const webstoreId = webstoreOf(emu);
  const { leaves } = generateCategories();
  const bulk = BULK_BUYER;
  const insertSummary = db.prepare(`
    INSERT INTO order_summaries(id, webstore_id, order_number, owner_user_id, account_id, status, ordered_at, created_at,
      currency_iso_code, email, first_name, last_name, phone, total_product_cents, total_product_adjustment_cents,
      total_delivery_cents, total_delivery_adjustment_cents, total_tax_cents, grand_total_cents)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'USD', ?, ?, ?, ?, ?, 0, ?, 0, ?, ?)`);
  const insertGroup = db.prepare(`
    INSERT INTO order_delivery_groups(id, order_summary_id, seq, deliver_to_name, deliver_to_street, deliver_to_city,
      deliver_to_state, deliver_to_postal_code, deliver_to_country, deliver_to_company_name, deliver_to_phone,
      delivery_method_id, delivery_method_name, carrier)
    VALUES (?, ?, 1, ?, ?, ?, ?, ?, 'US', ?, ?, ?, ?, ?)`);
  const insertItem = db.prepare(`
    INSERT INTO order_items(id, order_summary_id, order_delivery_group_id, seq, type, product_id, sku, name, quantity,
      unit_price_cents, list_price_cents, total_line_cents, tax_cents)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertPayment = db.prepare(`
    INSERT INTO order_payments(id, order_summary_id, seq, type, card_brand, last4, purchase_order_number, amount_cents,
      status, created_at)
    VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`);
  const taxOf = (cents: number) => Math.round((cents * BULK_TAX_BASIS_POINTS) / 10_000);
  const contactName = `${bulk.firstName} ${bulk.lastName}`;
  let itemNumber = itemsBefore;
  for (let n = from; n <= to; n++) {
    const o = generateBulkOrder(size.seed, leaves, size, n);
    const productCents = o.lines.reduce((sum, l) => sum + l.product.unitPriceCents * l.quantity, 0);
    const taxCents = o.lines.reduce((sum, l) => sum + taxOf(l.product.unitPriceCents * l.quantity), 0);
    const deliveryCents = productCents >= BULK_DELIVERY.freeFromCents ? 0 : BULK_DELIVERY.feeCents;
    const grandTotal = productCents + deliveryCents + taxCents;
    insertSummary.run(
      o.id,
      webstoreId,
      o.orderNumber,
      bulk.id,
      bulk.accountId,
      o.status,
      o.orderedAt,
      o.orderedAt,
      bulk.username,
      bulk.firstName,
      bulk.lastName,
      bulk.phone,
      productCents,
      deliveryCents,
      taxCents,
      grandTotal,
    );
    const groupId = generatedId("0ag", n);
    insertGroup.run(
      groupId,
      o.id,
      contactName,
      bulk.street,
      bulk.city,
      bulk.state,
      bulk.zip,
      bulk.accountName,
      bulk.phone,
      BULK_DELIVERY.id,
      BULK_DELIVERY.name,
      BULK_DELIVERY.carrier,
    );
    let seq = 0;
    for (const { product: p, quantity } of o.lines) {
      const line = p.unitPriceCents * quantity;
      insertItem.run(
        generatedId("10u", ++itemNumber),
        o.id,
        groupId,
        ++seq,
        "Order Product",
        p.id,
        p.sku,
        p.name,
        quantity,
        p.unitPriceCents,
        p.listPriceCents,
        line,
        taxOf(line),
      );
    }
    insertItem.run(
      generatedId("10u", ++itemNumber),
      o.id,
      groupId,
      ++seq,
      "Delivery Charge",
      null,
      null,
      "Delivery Charge",
      1,
      deliveryCents,
      deliveryCents,
      deliveryCents,
      0,
    );
    const card = o.payment.type === "CreditCard" ? o.payment : null;
    const po = o.payment.type === "PurchaseOrder" ? o.payment.purchaseOrderNumber : null;
    insertPayment.run(
      generatedId("0a3", n),
      o.id,
      o.payment.type,
      card?.cardBrand ?? null,
      card?.last4 ?? null,
      po,
      grandTotal,
      o.status === "Cancelled" ? "Canceled" : "Processed",
      o.orderedAt,
    );
  }
  return itemNumber;
}

function seedBulkCart(
  emu: Emu,
  webstoreId: string,
  size: LargeStoreSize,
  leaves: ReturnType<typeof generateCategories>["leaves"],
) {
  const db = emu.db;
  const bulk = BULK_BUYER;
  const lines = generateBulkCart(size.seed, leaves, size);
  if (!lines.length) return;
  // Filled in the days after the last order (fixed times: the same store whenever it is seeded).
  const createdAt = HISTORY_END + 3_600_000;
  db.prepare(
    `INSERT INTO carts(id, webstore_id, user_id, account_id, name, type, status, currency_iso_code, is_secondary, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'Cart', 'Cart', 'Active', 'USD', 0, ?, ?)`,
  ).run(bulk.cartId, webstoreId, bulk.id, bulk.accountId, createdAt, createdAt + lines.length * 60_000);
  db.prepare(
    "INSERT INTO cart_delivery_groups(id, cart_id, name, is_default, created_at, seq) VALUES (?, ?, ?, 1, ?, 1)",
  ).run(bulk.cartDeliveryGroupId, bulk.cartId, DEFAULT_GROUP_NAME, createdAt);
  const insertItem = db.prepare(`
    INSERT INTO cart_items(id, cart_id, product_id, type, quantity, cart_delivery_group_id, created_at, seq)
    VALUES (?, ?, ?, 'Product', ?, ?, ?, ?)`);
  lines.forEach(({ product, quantity }, i) =>
    insertItem.run(
      generatedId("0a9", i + 1),
      bulk.cartId,
      product.id,
      quantity,
      bulk.cartDeliveryGroupId,
      createdAt + (i + 1) * 60_000,
      i + 1,
    ),
  );
}
