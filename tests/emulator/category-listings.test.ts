import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";

/**
 * The kept category listings and counts (db/014_scale_indexes.sql) follow every write to the catalog: after adding,
 * renaming, moving and deleting products and moving a category, they equal what the catalog computes from scratch.
 */

type Row = Record<string, unknown>;
let store: Emulator;
beforeEach(() => {
  store = createEmulator({});
});
afterEach(() => store.close());

const rows = (sql: string, ...params: unknown[]) => store.db.prepare(sql).all(...params) as Row[];

/** The kept tables, and the same derived from products, facet values and the category tree alone. */
function keptAndDerived() {
  const tree = `WITH RECURSIVE up(category_id, ancestor_id, depth) AS (
      SELECT id, id, 0 FROM product_categories
      UNION ALL SELECT u.category_id, c.parent_id, u.depth + 1 FROM up u JOIN product_categories c ON c.id = u.ancestor_id
      WHERE c.parent_id IS NOT NULL)`;
  return {
    kept: {
      ancestors: rows("SELECT category_id, ancestor_id, depth FROM category_ancestors ORDER BY 1, 2"),
      listing: rows("SELECT ancestor_id, sort_order, name, product_id FROM category_products ORDER BY 1, 2, 3, 4"),
      counts: rows("SELECT category_id, n FROM category_product_counts WHERE n > 0 ORDER BY 1"),
      facets: rows("SELECT category_id, attribute, value, n FROM category_facet_counts WHERE n > 0 ORDER BY 1, 2, 3"),
      keys: rows("SELECT rowid, id, category_id FROM product_keys ORDER BY 1"),
    },
    derived: {
      ancestors: rows(`${tree} SELECT category_id, ancestor_id, depth FROM up ORDER BY 1, 2`),
      listing: rows(
        `${tree} SELECT u.ancestor_id, p.sort_order, p.name, p.id AS product_id FROM products p
         JOIN up u ON u.category_id = p.category_id ORDER BY 1, 2, 3, 4`,
      ),
      counts: rows(
        `${tree} SELECT u.ancestor_id AS category_id, count(*) AS n FROM products p
         JOIN up u ON u.category_id = p.category_id GROUP BY 1 ORDER BY 1`,
      ),
      facets: rows(
        `${tree} SELECT u.ancestor_id AS category_id, f.attribute, f.value, count(*) AS n FROM product_facet_values f
         JOIN up u ON u.category_id = f.category_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      ),
      keys: rows("SELECT rowid, id, category_id FROM products ORDER BY 1"),
    },
  };
}

describe("the kept category listings and counts", () => {
  it("equal the catalog's own after seeding", () => {
    const { kept, derived } = keptAndDerived();
    expect(kept).toEqual(derived);
    expect(kept.listing.length).toBeGreaterThan(kept.keys.length);
  });

  it("follow products added, renamed, moved and deleted, and a category moved under another", () => {
    const db = store.db;
    db.prepare(
      `INSERT INTO products(id, sku, name, description, url_name, product_class, category_id, sort_order)
       VALUES ('01tEM0000000X01', 'X-01', 'Test Kettle', 'A kettle.', 'test-kettle', 'Simple', '0ZGDM0000000BRW', 500)`,
    ).run();
    db.prepare(
      "INSERT INTO product_facet_values(attribute, value, product_id, category_id) VALUES ('Brand__c', 'Kettleworks', '01tEM0000000X01', '0ZGDM0000000BRW')",
    ).run();
    db.prepare("UPDATE products SET name = 'Test Kettle, Copper' WHERE id = '01tEM0000000X01'").run();
    db.prepare("UPDATE products SET category_id = '0ZGDM0000000WBN' WHERE id = '01tEM0000000X01'").run();
    // Whole Bean (under Coffee) moves under Brewing Equipment, its products and facet values with it.
    db.prepare("UPDATE product_categories SET parent_id = '0ZGDM0000000BRW' WHERE id = '0ZGDM0000000WBN'").run();
    expect(keptAndDerived().kept).toEqual(keptAndDerived().derived);

    db.prepare("DELETE FROM product_facet_values WHERE product_id = '01tEM0000000X01'").run();
    db.prepare("DELETE FROM products WHERE id = '01tEM0000000X01'").run();
    db.prepare("UPDATE product_categories SET parent_id = '0ZGDM0000000CFE' WHERE id = '0ZGDM0000000WBN'").run();
    const { kept, derived } = keptAndDerived();
    expect(kept).toEqual(derived);
  });
});
