import { withoutTriggers, type Db } from "../core/db.js";

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
