import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { guestAuthorization } from "../support/identity.js";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";

/**
 * The Search Data Limits a search answers at (server/emulator/catalog/search.ts, MAX_FACETS and MAX_FACET_VALUES):
 * "Facets Displayed for a Search Query: 10", "Filter or Facet Values per Attribute in search: 100 values" — at the
 * limit and one past it. The demo store has four facetable attributes of a few values each, so the test gives the
 * store more, as a merchant would configure them.
 */

const SITE = "http://emulator.local";
const API = `${SITE}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001`;
const MUGS = "0ZGDM0000000MUG";

let emulator: Emulator;
let authorization: string;

beforeEach(async () => {
  emulator = createEmulator();
  authorization = (await guestAuthorization((r) => emulator.fetch(r), SITE)).authorization;
});
afterEach(() => emulator.close());

/** Makes `count` facetable attributes (ranked after the store's four) with a value on every mug. */
function addAttributes(count: number) {
  const mugs = emulator.db.prepare("SELECT id, category_id FROM products WHERE category_id = ?").all(MUGS) as {
    id: string;
    category_id: string;
  }[];
  for (let i = 0; i < count; i++) {
    const name = `Extra_${i}__c`;
    emulator.db
      .prepare(
        "INSERT INTO search_facetable_attributes(name_or_id, attribute_type, display_name, display_rank, display_type) VALUES (?, 'Custom', ?, ?, 'MultiSelect')",
      )
      .run(name, `Extra ${i}`, 10 + i);
    for (const m of mugs)
      emulator.db
        .prepare("INSERT INTO product_facet_values(attribute, value, product_id, category_id) VALUES (?, 'Yes', ?, ?)")
        .run(name, m.id, m.category_id);
  }
}

/** Replaces the store's Flavor__c values with `count` distinct ones, spread over every product (a few each). */
function setFlavors(count: number) {
  const products = emulator.db.prepare("SELECT id, category_id FROM products ORDER BY id").all() as {
    id: string;
    category_id: string;
  }[];
  emulator.db.prepare("DELETE FROM product_facet_values WHERE attribute = 'Flavor__c'").run();
  for (let i = 0; i < count; i++) {
    const p = products[i % products.length];
    emulator.db
      .prepare(
        "INSERT INTO product_facet_values(attribute, value, product_id, category_id) VALUES ('Flavor__c', ?, ?, ?)",
      )
      .run(`Flavor ${String(i).padStart(3, "0")}`, p.id, p.category_id);
  }
}

async function search(query: string) {
  const res = await emulator.fetch(new Request(`${API}/search/products?${query}`, { headers: { authorization } }));
  expect(res.status).toBe(200);
  return (await res.json()) as { facets: { nameOrId: string; values: { nameOrId: string }[] }[] };
}

describe("search data limits", () => {
  it("answers 10 facets at the limit, and the first 10 by display rank past it", async () => {
    // Mugs have Brand and Material: 8 more attributes make 10, a 9th makes 11.
    addAttributes(8);
    const atLimit = await search(`categoryId=${MUGS}`);
    expect(atLimit.facets).toHaveLength(10);
    emulator.db
      .prepare(
        "INSERT INTO search_facetable_attributes(name_or_id, attribute_type, display_name, display_rank, display_type) VALUES ('Last__c', 'Custom', 'Last', 50, 'MultiSelect')",
      )
      .run();
    const mug = emulator.db.prepare("SELECT id, category_id FROM products WHERE category_id = ? LIMIT 1").get(MUGS) as {
      id: string;
      category_id: string;
    };
    emulator.db
      .prepare(
        "INSERT INTO product_facet_values(attribute, value, product_id, category_id) VALUES ('Last__c', 'Yes', ?, ?)",
      )
      .run(mug.id, mug.category_id);
    const past = await search(`categoryId=${MUGS}`);
    expect(past.facets).toHaveLength(10);
    expect(past.facets.map((f) => f.nameOrId)).not.toContain("Last__c");
    expect(past.facets.map((f) => f.nameOrId)).toEqual(atLimit.facets.map((f) => f.nameOrId));
    // A keyword search is limited the same way.
    expect((await search("searchTerm=mug")).facets).toHaveLength(10);
  });

  it("answers 100 values of a facet at the limit, and the first 100 by display name past it", async () => {
    setFlavors(100);
    const atLimit = await search("searchTerm=a");
    const flavor = (r: Awaited<ReturnType<typeof search>>) => r.facets.find((f) => f.nameOrId === "Flavor__c")!;
    expect(flavor(atLimit).values).toHaveLength(100);
    setFlavors(101);
    const past = await search("searchTerm=a");
    expect(flavor(past).values).toHaveLength(100);
    expect(flavor(past).values.at(-1)!.nameOrId).toBe("Flavor 099");
  });
});
