import { readFixture } from "../core/context.js";
import { toCents } from "../core/money.js";
import type { Emu } from "../core/state.js";
import { seedPriceTiers } from "./price-tiers.js";
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
