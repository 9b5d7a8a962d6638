import { IMPORTED_ORDER_NUMBERS_FROM } from "../orders/store.js";
import { streamOf, zipf } from "./random.js";
import {
  ADJECTIVES,
  BRANDS,
  CITIES,
  COLLECTIONS,
  DEPARTMENTS,
  FEATURES,
  FIRST_NAMES,
  FLAVOURS,
  LAST_NAMES,
  MATERIALS,
  NOTES,
  STREETS,
  type Department,
} from "./words.js";

/**
 * The merchant-sized store's data as plain records, computed from a seed and a size: no database here (seed.ts
 * writes them). Each record is a pure function of (seed, its number), so a test can generate product 4,711 alone
 * and get what the 100,000-product store holds.
 *
 * The catalog issue's fields (variation families, facet values, volume prices) are fields of GeneratedProduct
 * derived from what the product already is, or drawn from a stream of their own (`streamOf(seed, "facets", n)`):
 * a new stream leaves every other field as it was.
 */

/** How big the generated part of the store is. */
export interface LargeStoreSize {
  products: number;
  /** Generated buyer accounts, besides the demo's buyers and bulk@demo.store. */
  buyers: number;
  /** bulk@demo.store's order history. */
  bulkOrders: number;
  /** Lines of bulk@demo.store's cart. */
  bulkCartLines: number;
  /**
   * Accounts manager@demo.store may buy for, its own among them (at most 200: the account switcher's limit); none, or
   * omitted, seeds no manager.
   */
  managedAccounts?: number;
  /** The seed: another seed, another (equally deterministic) store. */
  seed: number;
}

/** DEMO_SCALE=large: a merchant's catalog, buyers and a heavy buyer's history (issue 23). */
export const LARGE_STORE_SIZE: LargeStoreSize = {
  products: 100_000,
  buyers: 1_000,
  bulkOrders: 5_000,
  bulkCartLines: 500,
  managedAccounts: 200,
  seed: 23,
};

/**
 * DEMO_SCALE=xl: the large store at Salesforce's own ceilings (issue 41): a million products (a store holds up to
 * 4 million, Product Data Limits), a 2,000-line cart (the limit with large carts, Cart Data Limits), 200 accounts
 * (the account switcher's), 50,000 orders of one buyer. The same seed: its first 100,000 products are the large
 * store's.
 */
export const XL_STORE_SIZE: LargeStoreSize = {
  products: 1_000_000,
  buyers: 1_000,
  bulkOrders: 50_000,
  bulkCartLines: 2_000,
  managedAccounts: 200,
  seed: 23,
};

/**
 * Generated ids: the type's key prefix, "LG" (fixtures use "DM", ids the emulator mints "EM", so none collide) and
 * ten base-62 digits.
 */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export function generatedId(prefix: string, n: number): string {
  let out = "";
  let rest = n;
  while (rest > 0) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return `${prefix}LG${out.padStart(10, "0")}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Categories: each department (the demo's four top categories and four new ones) gets a level-two category per
// group and, under each, a level-three category per range: 8 × 6 × 10 + 8 × 6 + 4 new tops = 532.

export interface GeneratedCategory {
  id: string;
  name: string;
  description: string;
  parentId: string;
  /** 1 = a new top category (parentId then names nothing: it is null in the database), 2, 3. */
  level: 1 | 2 | 3;
  sortOrder: number;
}

/** A level-three category and what its products are made of. */
export interface Leaf {
  category: GeneratedCategory;
  department: Department;
  group: Department["groups"][number];
  range: string;
}

export interface GeneratedCatalogTree {
  categories: GeneratedCategory[];
  leaves: Leaf[];
}

export function generateCategories(): GeneratedCatalogTree {
  const categories: GeneratedCategory[] = [];
  const leaves: Leaf[] = [];
  let n = 0;
  // After the demo's categories in the catalog's order (their sort_order is their place in fixtures/catalog.json).
  const add = (c: Omit<GeneratedCategory, "id" | "sortOrder">) => {
    const category = { ...c, id: generatedId("0ZG", ++n), sortOrder: 1000 + n };
    categories.push(category);
    return category;
  };
  for (const department of DEPARTMENTS) {
    const topId =
      department.existingId ??
      add({ name: department.name, description: department.description, parentId: "", level: 1 }).id;
    for (const group of department.groups) {
      const second = add({
        name: group.name,
        description: `${group.name} for ${department.name.toLowerCase()}: ${department.ranges.slice(0, 3).join(", ")} and more.`,
        parentId: topId,
        level: 2,
      });
      for (const range of department.ranges) {
        const category = add({
          name: `${range} ${group.name}`,
          description: `The ${range.toLowerCase()} range of ${group.name.toLowerCase()}.`,
          parentId: second.id,
          level: 3,
        });
        leaves.push({ category, department, group, range });
      }
    }
  }
  return { categories, leaves };
}

// ---------------------------------------------------------------------------------------------------------------
// Products

export interface GeneratedProduct {
  /** 1-based number: the product's place in the generated catalog. */
  n: number;
  id: string;
  sku: string;
  name: string;
  description: string;
  urlName: string;
  categoryId: string;
  /** In the store's default currency (USD); other price books derive from it (seed.ts). */
  listPriceCents: number;
  unitPriceCents: number;
  /** Units on hand; 0 = out of stock. A variation parent has none of its own (its variations do). */
  stock: number;
  sortOrder: number;
  /** Its values of the store's facetable attributes (fixtures/catalog.json facetableAttributes), by API name. */
  facets: Record<string, string>;
  /** A variation parent's attribute set and variations; null for a simple product. */
  family: GeneratedFamily | null;
  /** Whether its price book entries carry the demo's "Case pricing" volume prices (a business buyer's pack). */
  caseTiers: boolean;
}

/** A variation family made of a generated product: the demo's attribute sets (fixtures/catalog.json attributeSets). */
export interface GeneratedFamily {
  attributeSetId: string;
  variations: GeneratedVariation[];
}

export interface GeneratedVariation {
  id: string;
  sku: string;
  name: string;
  description: string;
  urlName: string;
  /** The variation's attribute values, e.g. {"Grind__c": "Espresso"}. */
  attributes: Record<string, string>;
  stock: number;
}

/** The demo's Coffee_Grind attribute set: a bean coffee ground four ways. */
const GRINDS = [
  { value: "Whole Bean", code: "WB", suffix: "Whole Bean" },
  { value: "Espresso", code: "ESP", suffix: "Espresso Grind" },
  { value: "Filter", code: "FLT", suffix: "Filter Grind" },
  { value: "French Press", code: "FP", suffix: "French Press Grind" },
];
/** The demo's Apron_Colors attribute set. */
const APRON_COLORS = [
  { value: "Charcoal", code: "CHR", suffix: "Charcoal" },
  { value: "Denim", code: "DNM", suffix: "Denim" },
  { value: "Burgundy", code: "BRG", suffix: "Burgundy" },
];
/** Groups whose products are beans (a grind family) and the one noun that comes in the apron colours. */
const GROUND_GROUPS = ["Single Origins", "House Blends", "Espresso Roasts", "Decaf Coffees"];
/** One in this many bean coffees and aprons is a variation family. */
const FAMILY_EVERY = 25;
/** Volume prices: one in this many of the business packs (Capsules & Drip Bags, the Wholesale ranges). */
const TIERS_EVERY = 3;
const ROASTS = ["Light", "Medium", "Dark"];
/** Variations are numbered after every generated product: 01tLG… ids from this base up. */
const VARIATION_ID_BASE = 10_000_000;

const pickBrand = zipf(BRANDS, 0.9);
const pickAdjective = zipf(ADJECTIVES, 1);
const pickNote = zipf(NOTES, 0.8);

/** A price that looks like a price: whole dollars, or .50, .95 or .99. */
function priceCents(dollars: number, ending: number): number {
  const whole = Math.max(1, Math.floor(dollars));
  return whole * 100 + [0, 50, 95, 99][ending];
}

function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Product n (1-based) of the store seeded with `seed`. Leaves are not equally full: a product's leaf is drawn with
 * a skew, so some categories hold a few dozen products and others thousands.
 */
export function generateProduct(seed: number, leaves: readonly Leaf[], n: number): GeneratedProduct {
  const r = streamOf(seed, "product", n);
  // Squaring a uniform draw favours the first leaves of each department: uneven categories, as in a real catalog.
  const leaf = leaves[Math.floor(Math.pow(r.next(), 1.6) * leaves.length)];
  const { department, group, range } = leaf;
  const brand = pickBrand(r);
  const adjective = pickAdjective(r);
  const attribute = r.pick(department.attributes);
  const noun = r.pick(group.nouns);
  const size = r.pick(group.sizes);
  const name = `${brand} ${adjective} ${attribute} ${noun}${size ? `, ${size}` : ""}`;
  const sku = `LG-${String(n).padStart(6, "0")}`;
  const notes = [pickNote(r), pickNote(r), pickNote(r)];
  const collection = r.chance(0.03) ? ` From the ${r.pick(COLLECTIONS)} collection.` : "";
  const description =
    `${r.pick(["Our", "The", "This"])} ${adjective.toLowerCase()} ${noun.toLowerCase()} by ${brand}, ` +
    `part of the ${range.toLowerCase()} range. ${r.pick(FEATURES)}; ${r.pick(FEATURES).toLowerCase()}. ` +
    `Notes of ${notes[0]}, ${notes[1]} and ${notes[2]}.${collection}`;
  const [low, high] = group.price;
  const unitPriceCents = priceCents(low + Math.pow(r.next(), 2) * (high - low), r.int(4));
  // A third of the catalog is on sale: the list price 10-40 % above the price paid.
  const listPriceCents = r.chance(0.33) ? Math.round(unitPriceCents * (1.1 + r.int(4) * 0.1)) : unitPriceCents;
  const stock = r.chance(0.03) ? 0 : r.chance(0.1) ? r.between(1, 9) : r.between(20, 5000);
  const id = generatedId("01t", n);
  const urlName = `${slugOf(name)}-${sku.toLowerCase()}`;

  // The catalog issue's fields, from a stream of their own.
  const f = streamOf(seed, "facets", n);
  const facets: Record<string, string> = { Brand__c: brand };
  if (MATERIALS.includes(attribute)) facets.Material__c = attribute;
  else if (FLAVOURS.includes(attribute)) facets.Flavor__c = attribute;
  else facets.Roast__c = range.endsWith(" Roast") ? range.replace(" Roast", "") : f.pick(ROASTS);
  const choices = GROUND_GROUPS.includes(group.name) ? GRINDS : noun === "Apron" ? APRON_COLORS : null;
  const isFamily = choices !== null && n % FAMILY_EVERY === 0;
  const family: GeneratedFamily | null = isFamily
    ? {
        attributeSetId: choices === GRINDS ? "0iYDM0000000GRD" : "0iYDM0000000APR",
        variations: choices.map((choice, k) => ({
          id: generatedId("01t", VARIATION_ID_BASE + n * 10 + k),
          sku: `${sku}-${choice.code}`,
          name: `${name}, ${choice.suffix}`,
          description: `${description} ${choice.suffix}.`,
          urlName: `${urlName}-${choice.code.toLowerCase()}`,
          attributes: { [choices === GRINDS ? "Grind__c" : "Apron_Color__c"]: choice.value },
          stock: f.chance(0.1) ? 0 : f.between(10, 400),
        })),
      }
    : null;
  const caseTiers =
    !isFamily && (group.name === "Capsules & Drip Bags" || range === "Wholesale") && n % TIERS_EVERY === 0;
  return {
    n,
    id,
    sku,
    name,
    description,
    urlName,
    categoryId: leaf.category.id,
    listPriceCents,
    unitPriceCents,
    stock: isFamily ? 0 : stock,
    sortOrder: 1000 + n,
    facets,
    family,
    caseTiers,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Buyers

export interface GeneratedBuyer {
  id: string;
  accountId: string;
  accountName: string;
  username: string;
  firstName: string;
  lastName: string;
  phone: string;
  kind: "B2C" | "B2B";
  street: string;
  city: string;
  state: string;
  zip: string;
}

/** Buyer n (1-based): shopper0001@demo.store …; one in four buys for a business. */
export function generateBuyer(seed: number, n: number): GeneratedBuyer {
  const r = streamOf(seed, "buyer", n);
  const firstName = r.pick(FIRST_NAMES);
  const lastName = r.pick(LAST_NAMES);
  const kind = n % 4 === 0 ? "B2B" : "B2C";
  const place = r.pick(CITIES);
  return {
    id: generatedId("005", n),
    accountId: generatedId("001", n),
    accountName:
      kind === "B2B"
        ? `${lastName} ${r.pick(["Trading", "Hospitality", "Cafes", "Offices"])}`
        : `${firstName} ${lastName}`,
    username: `shopper${String(n).padStart(4, "0")}@demo.store`,
    firstName,
    lastName,
    phone: `555${String(1_000_000 + n).slice(1)}`,
    kind,
    street: `${r.between(1, 999)} ${r.pick(STREETS)}`,
    ...place,
  };
}

/** bulk@demo.store: a business buyer with years of orders and a long cart. */
export const BULK_BUYER = {
  id: "005LG00000BULK1",
  accountId: "001LG00000BULK1",
  accountName: "Bulkhead Supply Co.",
  username: "bulk@demo.store",
  password: "demo-pass-1",
  firstName: "Blair",
  lastName: "Bulkley",
  phone: "6175550123",
  street: "200 Commerce Drive",
  city: "Boston",
  state: "MA",
  zip: "02110",
  cartId: "0a6LG00000BULK1",
  cartDeliveryGroupId: "0a7LG00000BULK1",
} as const;

/**
 * manager@demo.store: a business buyer who buys for many accounts (a purchasing office's buyer), their own account
 * their default. The account switcher's ceiling is 200 accounts (issue 41).
 */
export const MANAGER_BUYER = {
  id: "005LG000MANAGER",
  accountId: "001LG000MANAGER",
  accountName: "Mainline Purchasing Office",
  username: "manager@demo.store",
  password: "demo-pass-1",
  firstName: "Morgan",
  lastName: "Manning",
  phone: "2065550147",
  street: "1 Harbor Steps",
  city: "Seattle",
  state: "WA",
  zip: "98101",
} as const;

export interface GeneratedManagedAccount {
  id: string;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

const ACCOUNT_KINDS = ["Cafe", "Roastery", "Bakery", "Hotel", "Office", "Canteen", "Deli", "Bistro"] as const;

/**
 * Account n (1-based) manager@demo.store buys for besides their own: "Ashford Cafe 007 (Denver)"-like names, each
 * unique by its number, so a search by a kind, a family name or a number narrows the list predictably.
 */
export function generateManagedAccount(seed: number, n: number): GeneratedManagedAccount {
  const r = streamOf(seed, "managed-account", n);
  const place = r.pick(CITIES);
  return {
    // Past any generated buyer's account (generatedId("001", n), n <= buyers).
    id: generatedId("001", 10_000_000 + n),
    name: `${r.pick(LAST_NAMES)} ${ACCOUNT_KINDS[n % ACCOUNT_KINDS.length]} ${String(n).padStart(3, "0")}`,
    street: `${r.between(1, 999)} ${r.pick(STREETS)}`,
    ...place,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// bulk@demo.store's orders and cart

/** The history ends here (fixed, so the store is the same whatever the day it is seeded) and spans two years. */
export const HISTORY_END = Date.parse("2026-11-20T17:00:00.000Z");
export const HISTORY_START = HISTORY_END - 2 * 365 * 24 * 3600 * 1000;

export interface GeneratedOrderLine {
  product: GeneratedProduct;
  quantity: number;
}

export interface GeneratedOrder {
  n: number;
  id: string;
  orderNumber: string;
  orderedAt: number;
  status: "Created" | "Activated" | "Fulfilled" | "Cancelled";
  lines: GeneratedOrderLine[];
  payment:
    { type: "PurchaseOrder"; purchaseOrderNumber: string } | { type: "CreditCard"; cardBrand: string; last4: string };
}

/** A product a buyer could order: in stock. Products are drawn from the whole catalog, by number. */
function orderableProduct(seed: number, leaves: readonly Leaf[], size: LargeStoreSize, draw: number): GeneratedProduct {
  for (let attempt = 0; ; attempt++) {
    const product = generateProduct(seed, leaves, 1 + ((draw + attempt * 7919) % size.products));
    // A variation parent is not sold itself: its variations are.
    if ((product.stock > 0 && !product.family) || attempt > 20) return product;
  }
}

/** Order n (1-based) of bulk@demo.store's history, oldest first, evenly spread over two years. */
export function generateBulkOrder(
  seed: number,
  leaves: readonly Leaf[],
  size: LargeStoreSize,
  n: number,
): GeneratedOrder {
  const r = streamOf(seed, "bulk-order", n);
  const span = HISTORY_END - HISTORY_START;
  const orderedAt = HISTORY_START + Math.floor(((n - 0.5 + (r.next() - 0.5) * 0.8) / size.bulkOrders) * span);
  const ageDays = (HISTORY_END - orderedAt) / 86_400_000;
  const status = r.chance(0.02) ? "Cancelled" : ageDays > 14 ? "Fulfilled" : ageDays > 3 ? "Activated" : "Created";
  const lineCount = 1 + Math.floor(Math.pow(r.next(), 2) * 8);
  const lines: GeneratedOrderLine[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < lineCount; i++) {
    const product = orderableProduct(seed, leaves, size, r.int(size.products));
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    lines.push({ product, quantity: r.chance(0.7) ? r.between(1, 6) : r.between(10, 60) });
  }
  return {
    n,
    id: generatedId("1Os", n),
    // The imported range (90000001, 90000002, …): the store's checkout numbering continues below it, from the
    // demo's 00000110 (nextOrderNumber).
    orderNumber: String(IMPORTED_ORDER_NUMBERS_FROM + n),
    orderedAt,
    status,
    lines,
    payment: r.chance(0.6)
      ? { type: "PurchaseOrder", purchaseOrderNumber: `PO-${20000 + n}` }
      : { type: "CreditCard", cardBrand: "Visa", last4: "4242" },
  };
}

/** bulk@demo.store's cart: `size.bulkCartLines` different products in stock, a few units each. */
export function generateBulkCart(seed: number, leaves: readonly Leaf[], size: LargeStoreSize): GeneratedOrderLine[] {
  const lines: GeneratedOrderLine[] = [];
  const seen = new Set<string>();
  // Products spread over the catalog (a stride prime to most sizes), skipping the out-of-stock ones.
  const stride = Math.max(1, Math.floor(size.products / Math.max(1, size.bulkCartLines)));
  for (let k = 0; lines.length < size.bulkCartLines && k < size.products * 2; k++) {
    const product = generateProduct(
      seed,
      leaves,
      1 + ((k * stride + Math.floor(k / size.bulkCartLines)) % size.products),
    );
    if (product.stock < 20 || product.family || seen.has(product.id)) continue;
    seen.add(product.id);
    const r = streamOf(seed, "bulk-cart", lines.length);
    lines.push({ product, quantity: r.between(1, 12) });
  }
  return lines;
}
