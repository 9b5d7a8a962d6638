import { withoutTriggers, type Db } from "../core/db.js";
import { readFixture } from "../core/context.js";
import { toCents } from "../core/money.js";
import type { Emu } from "../core/state.js";
import type { TierType } from "./price-tiers.js";
import { DEFAULT_CURRENCY } from "./store.js";

/** Seeds the catalog tables from fixtures/catalog.json and the promotions and coupons from fixtures/promotions.json. */

interface CatalogFixture {
  /** The price books of the store's other currencies, each a rate from the default prices. */
  priceBooks?: { currencyIsoCode: string; idPrefix: string; fromDefaultRate: number }[];
  categories: { id: string; name: string; description?: string; parentId: string | null }[];
  sellingModels: {
    id: string;
    name: string;
    sellingModelType: string;
    pricingTerm: number | null;
    pricingTermUnit: string | null;
    active?: boolean;
    /** Subscription Term Rule: the pricing terms a subscription on the model may last. */
    subscriptionTermRule?: { minimum: number; maximum: number; increment: number };
  }[];
  /** ProductAttributeSet records: each variation parent names its set (`attributeSet`). */
  attributeSets?: {
    id: string;
    developerName: string;
    masterLabel: string;
    description?: string;
    attributes: { apiName: string; label: string; fieldId: string; allowableValues: string[] }[];
  }[];
  products: {
    id: string;
    attributeSet?: string;
    sku: string;
    name: string;
    category: string;
    productClass: string;
    description: string;
    listPrice: string | null;
    unitPrice: string | null;
    stock: number | null;
    sellable?: boolean;
    variationParent?: string;
    variationAttributes?: Record<string, string>;
    sellingModels?: string[];
    quantityRule?: { minimum: number; maximum: number; increment: number };
    /** The product's values of the store's facetable attributes, by the attribute's developer name. */
    facets?: Record<string, string>;
  }[];
  /** The attributes search facets by (the search settings' facetable attributes). */
  facetableAttributes?: {
    nameOrId: string;
    type: string;
    displayName: string;
    displayRank: number;
    displayType: string;
  }[];
}

export function slug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function seedCatalog(emu: Emu) {
  const fixture = readFixture<CatalogFixture>(emu, "catalog.json");
  const db = emu.db;
  const insertCategory = db.prepare(
    "INSERT INTO product_categories(id, name, description, parent_id, sort_order) VALUES (?, ?, ?, ?, ?)",
  );
  fixture.categories.forEach((c, i) => insertCategory.run(c.id, c.name, c.description ?? "", c.parentId, i));

  const insertModel = db.prepare(
    `INSERT INTO selling_models(id, name, selling_model_type, pricing_term, pricing_term_unit, is_active, term_minimum,
       term_maximum, term_increment) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const m of fixture.sellingModels)
    insertModel.run(
      m.id,
      m.name,
      m.sellingModelType,
      m.pricingTerm,
      m.pricingTermUnit,
      m.active === false ? 0 : 1,
      m.subscriptionTermRule?.minimum ?? null,
      m.subscriptionTermRule?.maximum ?? null,
      m.subscriptionTermRule?.increment ?? null,
    );

  const insertSet = db.prepare(
    "INSERT INTO product_attribute_sets(id, developer_name, master_label, description) VALUES (?, ?, ?, ?)",
  );
  const insertSetItem = db.prepare(`
    INSERT INTO product_attribute_set_items(attribute_set_id, api_name, label, field_id, sequence, allowable_values)
    VALUES (?, ?, ?, ?, ?, ?)`);
  for (const set of fixture.attributeSets ?? []) {
    insertSet.run(set.id, set.developerName, set.masterLabel, set.description ?? null);
    set.attributes.forEach((a, sequence) =>
      insertSetItem.run(set.id, a.apiName, a.label, a.fieldId, sequence, JSON.stringify(a.allowableValues)),
    );
  }
  const insertSetProduct = db.prepare(
    "INSERT INTO product_attribute_set_products(product_id, attribute_set_id) VALUES (?, ?)",
  );

  const insertProduct = db.prepare(`
    INSERT INTO products(id, sku, name, description, url_name, product_class, category_id, variation_parent_id, variation_attributes,
      is_sellable, image_url, image_alt, qty_minimum, qty_maximum, qty_increment, sort_order)
    VALUES (@id, @sku, @name, @description, @urlName, @productClass, @category, @variationParent, @variationAttributes,
      @sellable, @imageUrl, @imageAlt, @qtyMin, @qtyMax, @qtyInc, @sortOrder)`);
  const insertPrice = db.prepare(
    "INSERT INTO pricebook_entries(id, product_id, currency_iso_code, list_price_cents, unit_price_cents) VALUES (?, ?, ?, ?, ?)",
  );
  const insertStock = db.prepare("INSERT INTO inventory(product_id, on_hand) VALUES (?, ?)");
  const insertProductModel = db.prepare(
    "INSERT INTO product_selling_models(product_id, selling_model_id) VALUES (?, ?)",
  );

  const insertFacetable = db.prepare(
    "INSERT INTO search_facetable_attributes(name_or_id, attribute_type, display_name, display_rank, display_type) VALUES (?, ?, ?, ?, ?)",
  );
  for (const a of fixture.facetableAttributes ?? [])
    insertFacetable.run(a.nameOrId, a.type, a.displayName, a.displayRank, a.displayType);
  // The value carries its product's category (db/012_facets.sql).
  const insertFacetValue = db.prepare(
    "INSERT INTO product_facet_values(attribute, value, product_id, category_id) SELECT ?, ?, id, category_id FROM products WHERE id = ?",
  );

  // Parents before their variations, so the foreign key holds while inserting.
  const ordered = [...fixture.products].sort((a, b) => Number(!!a.variationParent) - Number(!!b.variationParent));
  for (const p of ordered) {
    insertProduct.run({
      id: p.id,
      sku: p.sku,
      name: p.name,
      description: p.description,
      urlName: slug(p.name),
      productClass: p.productClass,
      category: p.category,
      variationParent: p.variationParent ?? null,
      variationAttributes: p.variationAttributes ? JSON.stringify(p.variationAttributes) : null,
      sellable: p.sellable === false ? 0 : 1,
      imageUrl: `/images/products/${p.sku}.svg`,
      imageAlt: p.name,
      qtyMin: p.quantityRule?.minimum ?? null,
      qtyMax: p.quantityRule?.maximum ?? null,
      qtyInc: p.quantityRule?.increment ?? null,
      sortOrder: fixture.products.indexOf(p),
    });
    if (p.unitPrice !== null) {
      insertPrice.run(`01u${p.id.slice(3)}`, p.id, DEFAULT_CURRENCY, toCents(p.listPrice), toCents(p.unitPrice));
      // The other currencies' price books (GBP): the fixture gives each book's rate from the default prices.
      for (const book of fixture.priceBooks ?? []) {
        const convert = (cents: number | null) => (cents === null ? null : Math.round(cents * book.fromDefaultRate));
        insertPrice.run(
          `${book.idPrefix}${p.id.slice(book.idPrefix.length)}`,
          p.id,
          book.currencyIsoCode,
          convert(toCents(p.listPrice)),
          convert(toCents(p.unitPrice)),
        );
      }
    }
    if (p.stock !== null) insertStock.run(p.id, p.stock);
    if (p.attributeSet) insertSetProduct.run(p.id, p.attributeSet);
    for (const m of p.sellingModels ?? []) insertProductModel.run(p.id, m);
    for (const [attribute, value] of Object.entries(p.facets ?? {})) insertFacetValue.run(attribute, value, p.id);
  }
  // Volume prices adjust price book entries: seeded once every entry exists.
  seedPriceTiers(emu);

  const promos = readFixture(emu, "promotions.json");
  const insertPromotion = db.prepare(`
    INSERT INTO promotions(id, name, display_name, target_type, percent_off, is_automatic, is_exclusive, min_subtotal_cents,
      target_category_id, min_quantity, terms_and_conditions, priority)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertCoupon = db.prepare("INSERT INTO coupons(id, code, promotion_id, is_active) VALUES (?, ?, ?, 1)");
  promos.promotions.forEach((p: any, i: number) => {
    insertPromotion.run(
      p.id,
      p.name,
      p.displayName,
      p.targetType,
      p.percentOff,
      p.automatic ? 1 : 0,
      p.exclusive ? 1 : 0,
      p.minSubtotal ? toCents(p.minSubtotal) : null,
      p.targetCategoryId ?? null,
      p.minQuantity ?? null,
      p.termsAndConditions ?? null,
      i,
    );
    if (p.couponCode) insertCoupon.run(p.couponId, p.couponCode, p.id);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Seed

interface TierFixture {
  id: string;
  lowerBound: number;
  upperBound: number | null;
  adjustmentType: TierType;
  /** A percentage ("5") or an amount of the schedule's currency ("2.00"). */
  adjustmentValue: string;
}

interface ScheduleFixture {
  id: string;
  name: string;
  currencyIsoCode: string;
  /** The products whose price book entries (in the schedule's currency) the schedule adjusts. */
  products: string[];
  tiers: TierFixture[];
}

interface TierFixtures {
  priceBooks?: { currencyIsoCode: string; idPrefix: string; fromDefaultRate: number }[];
  priceAdjustmentSchedules?: ScheduleFixture[];
}

/**
 * The id of a schedule's (or tier's) copy in another currency's book: the fourth character becomes the book's
 * letter (`01uG…` entries, `0uOG…` schedules) [I].
 */
const copyId = (id: string, book: { idPrefix: string }) =>
  `${id.slice(0, 3)}${book.idPrefix.slice(3, 4)}${id.slice(4)}`;

/**
 * Seeds `priceAdjustmentSchedules` of fixtures/catalog.json after the price book entries. A schedule in the
 * default currency is copied into every other price book by its rule: amounts × the book's rate (to the cent),
 * percentages as they are, the same bounds.
 */
export function seedPriceTiers(emu: Emu) {
  const fixture = readFixture<TierFixtures>(emu, "catalog.json");
  const db = emu.db;
  const insertSchedule = db.prepare(
    "INSERT INTO price_adjustment_schedules(id, name, currency_iso_code) VALUES (?, ?, ?)",
  );
  const insertTier = db.prepare(`
    INSERT INTO price_adjustment_tiers(id, schedule_id, lower_bound, upper_bound, adjustment_type, adjustment_value)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const entryOf = db.prepare("SELECT id FROM pricebook_entries WHERE product_id = ? AND currency_iso_code = ?");
  const link = db.prepare("INSERT INTO pricebook_entry_adjustments(pricebook_entry_id, schedule_id) VALUES (?, ?)");

  const seed = (s: ScheduleFixture, id: string, currency: string, idOf: (id: string) => string, rate: number) => {
    insertSchedule.run(id, s.name, currency);
    for (const t of s.tiers) {
      const hundredths = toCents(t.adjustmentValue);
      if (hundredths === null) throw new Error(`fixtures/catalog.json: tier ${t.id} has no adjustmentValue`);
      const value = t.adjustmentType === "AmountBasedAdjustment" ? Math.round(hundredths * rate) : hundredths;
      insertTier.run(idOf(t.id), id, t.lowerBound, t.upperBound, t.adjustmentType, value);
    }
    for (const productId of s.products) {
      const entry = entryOf.get(productId, currency) as { id: string } | undefined;
      if (!entry)
        throw new Error(`fixtures/catalog.json: schedule ${s.id} names ${productId}, unpriced in ${currency}`);
      link.run(entry.id, id);
    }
  };
  for (const s of fixture.priceAdjustmentSchedules ?? []) {
    seed(s, s.id, s.currencyIsoCode, (id) => id, 1);
    for (const book of fixture.priceBooks ?? []) {
      if (book.currencyIsoCode === s.currencyIsoCode) continue;
      seed(s, copyId(s.id, book), book.currencyIsoCode, (id) => copyId(id, book), book.fromDefaultRate);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Listings

/**
 * The catalog's kept listings and counts (db/014_scale_indexes.sql): each product under every ancestor of its
 * category, each category's product count and facet value counts, each product's search keys. Triggers keep them in step with every write;
 * a bulk write that ran with the triggers off (the generated store) refills them here, in one pass each. Call
 * inside the writer's transaction.
 */
export function refillCatalogListings(db: Db) {
  withoutTriggers(db, ["category_products"], () => {
    db.exec(`
      DELETE FROM category_products;
      DELETE FROM category_product_counts;
      DELETE FROM category_facet_counts;
      DELETE FROM product_keys;
      INSERT INTO product_keys(rowid, id, category_id) SELECT rowid, id, category_id FROM products;
      INSERT INTO category_products(ancestor_id, sort_order, name, product_id)
        SELECT a.ancestor_id, p.sort_order, p.name, p.id FROM products p
        JOIN category_ancestors a ON a.category_id = p.category_id;
      INSERT INTO category_product_counts(category_id, n)
        SELECT ancestor_id, count(*) FROM category_products GROUP BY ancestor_id;
      INSERT INTO category_facet_counts(category_id, attribute, value, n)
        SELECT a.ancestor_id, f.attribute, f.value, count(*) FROM product_facet_values f
        JOIN category_ancestors a ON a.category_id = f.category_id GROUP BY a.ancestor_id, f.attribute, f.value;
    `);
  });
}
