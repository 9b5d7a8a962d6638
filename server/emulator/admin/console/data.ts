import type { Db } from "../../core/db.js";
import { html, type Html } from "./html.js";
import { BASE, actionForm, field, hidden, prettyJson, withQuery } from "./layout.js";

/**
 * The Data pages: each kind of record as a paged table (keyset paging on the primary key, LIMIT always, so a page
 * costs the same at 100,000 products as at 30), one record's row as JSON, the records it points at as links and the
 * records that point at it (each list found through an index, and cut at CHILD_LIMIT).
 */

const PAGE_SIZE = 50;
const CHILD_LIMIT = 20;

type Row = Record<string, unknown>;

interface Child {
  label: string;
  resource: string;
  sql: string;
}

interface Resource {
  label: string;
  table: string;
  /** The columns of the list's table (the detail shows the whole row). */
  columns: string[];
  /** Records that point at this one: `sql` takes the record's id and answers `id` and the listed columns. */
  children?: Child[];
}

/** A column holding another record's id, and the kind of record it names. */
const LINKS: Record<string, string> = {
  user_id: "buyers",
  owner_user_id: "buyers",
  account_id: "accounts",
  cart_id: "carts",
  product_id: "products",
  variation_parent_id: "products",
  category_id: "categories",
  parent_id: "categories",
  order_summary_id: "orders",
  wishlist_id: "wishlists",
  checkout_id: "checkouts",
};

/** Credentials are never shown, not even hashed. */
const HIDDEN_COLUMNS = new Set(["password_hash"]);

export const RESOURCES: Record<string, Resource> = {
  products: {
    label: "Products",
    table: "products",
    columns: ["id", "sku", "name", "product_class", "category_id"],
    children: [
      {
        label: "Variations",
        resource: "products",
        sql: "SELECT id, sku, name FROM products WHERE variation_parent_id = ? ORDER BY sort_order",
      },
    ],
  },
  categories: {
    label: "Categories",
    table: "product_categories",
    columns: ["id", "name", "parent_id"],
    children: [
      {
        label: "Subcategories",
        resource: "categories",
        sql: "SELECT id, name FROM product_categories WHERE parent_id = ? ORDER BY sort_order",
      },
      {
        label: "Products",
        resource: "products",
        sql: "SELECT id, sku, name FROM products WHERE category_id = ? ORDER BY sort_order, name",
      },
    ],
  },
  buyers: {
    label: "Buyers",
    table: "users",
    columns: ["id", "username", "first_name", "last_name", "kind", "account_id"],
    children: [
      {
        label: "Accounts they buy for",
        resource: "accounts",
        sql: "SELECT a.id, a.name, m.is_default FROM managed_accounts m JOIN accounts a ON a.id = m.account_id WHERE m.user_id = ?",
      },
      {
        label: "Carts",
        resource: "carts",
        sql: "SELECT id, name, status, account_id FROM carts WHERE user_id = ? ORDER BY id",
      },
      {
        label: "Orders",
        resource: "orders",
        sql: "SELECT id, order_number, status, grand_total_cents, currency_iso_code FROM order_summaries WHERE owner_user_id = ? ORDER BY ordered_at DESC",
      },
      {
        label: "Wishlists",
        resource: "wishlists",
        sql: "SELECT id, name FROM wishlists WHERE user_id = ? ORDER BY seq",
      },
      {
        label: "Subscriptions",
        resource: "subscriptions",
        sql: "SELECT id, product_id, quantity FROM commerce_subscriptions WHERE owner_user_id = ? ORDER BY id",
      },
    ],
  },
  accounts: {
    label: "Accounts",
    table: "accounts",
    columns: ["id", "name", "city", "country"],
    children: [
      {
        label: "Buyers of the account",
        resource: "buyers",
        sql: "SELECT u.id, u.username FROM managed_accounts m JOIN users u ON u.id = m.user_id WHERE m.account_id = ?",
      },
      {
        label: "Orders",
        resource: "orders",
        sql: "SELECT id, order_number, status, owner_user_id FROM order_summaries WHERE account_id = ? ORDER BY ordered_at DESC",
      },
    ],
  },
  carts: {
    label: "Carts",
    table: "carts",
    columns: ["id", "name", "status", "user_id", "account_id", "currency_iso_code"],
    children: [
      {
        label: "Lines",
        resource: "products",
        sql: "SELECT i.id AS line, i.product_id AS id, p.name, i.quantity, i.type FROM cart_items i JOIN products p ON p.id = i.product_id WHERE i.cart_id = ? ORDER BY i.created_at, i.seq",
      },
      { label: "Checkout", resource: "checkouts", sql: "SELECT id, status FROM checkouts WHERE cart_id = ?" },
    ],
  },
  checkouts: {
    label: "Checkouts",
    table: "checkouts",
    columns: ["id", "cart_id", "status", "contact_email"],
  },
  orders: {
    label: "Orders",
    table: "order_summaries",
    columns: ["id", "order_number", "status", "owner_user_id", "account_id", "grand_total_cents", "currency_iso_code"],
    children: [
      {
        label: "Lines",
        resource: "products",
        sql: "SELECT product_id AS id, name, quantity, unit_price_cents, total_line_cents FROM order_items WHERE order_summary_id = ? ORDER BY seq",
      },
    ],
  },
  wishlists: {
    label: "Wishlists",
    table: "wishlists",
    columns: ["id", "name", "user_id", "account_id"],
    children: [
      {
        label: "Items",
        resource: "products",
        sql: "SELECT w.product_id AS id, p.name FROM wishlist_items w JOIN products p ON p.id = w.product_id WHERE w.wishlist_id = ? ORDER BY w.created_at, w.seq",
      },
    ],
  },
  subscriptions: {
    label: "Subscriptions",
    table: "commerce_subscriptions",
    columns: ["id", "product_id", "quantity", "owner_user_id", "account_id", "order_summary_id"],
  },
};

export const recordHref = (resource: string, id: string) => `${BASE}/data/${resource}/${encodeURIComponent(id)}`;

function cell(column: string, value: unknown): Html | string {
  if (value === null || value === undefined) return "";
  const target = LINKS[column];
  if (target && typeof value === "string") return html`<a href="${recordHref(target, value)}">${value}</a>`;
  return String(value);
}

function table(caption: string, resource: string, columns: string[], rows: Row[]): Html {
  return html`<table>
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        ${columns.map((c) => html`<th scope="col">${c}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr>
            ${columns.map((c) =>
              c === "id"
                ? html`<td><a href="${recordHref(resource, String(row.id))}">${String(row.id)}</a></td>`
                : html`<td>${cell(c, row[c])}</td>`,
            )}
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function dataIndex(db: Db): Html {
  return html`<p>
      The records behind the store's pages, as the emulator holds them. Stock and prices can be changed on a product's
      page; nothing else is edited here.
    </p>
    <ul class="cards">
      ${Object.entries(RESOURCES).map(
        ([key, r]) =>
          html`<li><a href="${BASE}/data/${key}">${r.label}</a> <span class="count">${count(db, r.table)}</span></li>`,
      )}
    </ul>`;
}

export function count(db: Db, table: string): number {
  return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

/** Product search: the catalog's trigram index for three characters or more, an exact id or SKU for anything. */
function productFilter(q: string): { where: string; params: unknown[] } {
  const term = q.trim();
  if (!term) return { where: "", params: [] };
  if ([...term].length >= 3) {
    return {
      where: "(rowid IN (SELECT rowid FROM products_search WHERE products_search MATCH ?) OR id = ? OR sku = ?)",
      params: [`"${term.replaceAll('"', '""')}"`, term, term],
    };
  }
  return { where: "(id = ? OR sku = ?)", params: [term, term] };
}

export function dataList(db: Db, key: string, query: URLSearchParams): Html | null {
  const resource = RESOURCES[key];
  if (!resource) return null;
  const after = query.get("after") ?? "";
  const q = key === "products" ? (query.get("q") ?? "") : "";
  const filter = key === "products" ? productFilter(q) : { where: "", params: [] };
  const where = ["id > ?", filter.where].filter(Boolean).join(" AND ");
  const rows = db
    .prepare(`SELECT ${resource.columns.join(", ")} FROM ${resource.table} WHERE ${where} ORDER BY id LIMIT ?`)
    .all(after, ...filter.params, PAGE_SIZE + 1) as Row[];
  const more = rows.length > PAGE_SIZE;
  const shown = rows.slice(0, PAGE_SIZE);
  const path = `${BASE}/data/${key}`;
  return html`${
      key === "products"
        ? html`<form method="get" action="${path}" role="search" class="filters">
            ${field("product-search", "Search products (name, SKU, id)", { name: "q", type: "search", value: q })}
            <button type="submit">Search</button>
          </form>`
        : ""
    }
    ${
      shown.length
        ? table(`${resource.label}${after ? `, after ${after}` : ""}`, key, resource.columns, shown)
        : html`<p>No ${resource.label.toLowerCase()}${q ? html` match “${q}”` : ""}.</p>`
    }
    <nav aria-label="Pages" class="pager">
      ${after ? html`<a href="${withQuery(path, query, { after: null })}">First page</a>` : ""}
      ${more ? html`<a href="${withQuery(path, query, { after: String(shown.at(-1)!.id) })}">Next page</a>` : ""}
    </nav>`;
}

export function dataRecord(db: Db, key: string, id: string): { title: string; body: Html } | null {
  const resource = RESOURCES[key];
  if (!resource) return null;
  const row = db.prepare(`SELECT * FROM ${resource.table} WHERE id = ?`).get(id) as Row | undefined;
  if (!row) return null;
  const shown = Object.fromEntries(Object.entries(row).filter(([k]) => !HIDDEN_COLUMNS.has(k)));
  const links = Object.entries(shown).filter(([k, v]) => LINKS[k] && typeof v === "string");
  const children = (resource.children ?? []).map((child) => {
    const rows = db.prepare(`${child.sql} LIMIT ${CHILD_LIMIT}`).all(id) as Row[];
    const columns = rows.length ? Object.keys(rows[0]) : ["id"];
    return rows.length
      ? table(child.label, child.resource, columns, rows)
      : html`<h2>${child.label}</h2>
          <p>None.</p>`;
  });
  const title = `${resource.label.replace(/s$/, "")} ${String(row.name ?? row.username ?? row.order_number ?? id)}`;
  return {
    title,
    body: html`${key === "products" ? productEditor(db, id) : ""}
      ${
        links.length
          ? html`<h2>Links</h2>
              <ul>
                ${links.map(
                  ([k, v]) => html`<li>${k}: <a href="${recordHref(LINKS[k], String(v))}">${String(v)}</a></li>`,
                )}
              </ul>`
          : ""
      }
      ${children}
      <h2>The record</h2>
      ${prettyJson(shown)}`,
  };
}

/** A product's stock and prices, each editable: the only edits the console makes to the store's data. */
function productEditor(db: Db, id: string): Html {
  const stock = db.prepare("SELECT on_hand FROM inventory WHERE product_id = ?").get(id) as
    { on_hand: number } | undefined;
  const prices = db
    .prepare(
      "SELECT currency_iso_code, unit_price_cents, list_price_cents FROM pricebook_entries WHERE product_id = ? ORDER BY currency_iso_code",
    )
    .all(id) as { currency_iso_code: string; unit_price_cents: number; list_price_cents: number | null }[];
  const action = `${recordHref("products", id)}`;
  return html`<section aria-labelledby="stock-and-prices">
    <h2 id="stock-and-prices">Stock and prices</h2>
    ${actionForm(
      `${action}/stock`,
      "Save stock",
      field("on-hand", "On hand", { name: "onHand", type: "number", value: stock?.on_hand ?? 0, required: true }),
      "edit",
    )}
    ${
      prices.length
        ? prices.map((p) =>
            actionForm(
              `${action}/price`,
              `Save ${p.currency_iso_code} price`,
              html`${hidden("currency", p.currency_iso_code)}
              ${field(`price-${p.currency_iso_code}`, `Unit price (${p.currency_iso_code})`, {
                name: "unitPrice",
                type: "text",
                value: (p.unit_price_cents / 100).toFixed(2),
                required: true,
              })}`,
              "edit",
            ),
          )
        : html`<p>No price book entry: the product has no price.</p>`
    }
  </section>`;
}

/** Sets a product's stock; false when there is no such product. */
export function setStock(db: Db, id: string, onHand: number): boolean {
  if (!db.prepare("SELECT 1 FROM products WHERE id = ?").get(id)) return false;
  db.prepare(
    "INSERT INTO inventory(product_id, on_hand) VALUES (?, ?) ON CONFLICT(product_id) DO UPDATE SET on_hand = excluded.on_hand",
  ).run(id, onHand);
  return true;
}

/** Sets a product's unit price in one currency's price book; false when it has no entry there. */
export function setPrice(db: Db, id: string, currency: string, cents: number): boolean {
  return (
    db
      .prepare("UPDATE pricebook_entries SET unit_price_cents = ? WHERE product_id = ? AND currency_iso_code = ?")
      .run(cents, id, currency).changes > 0
  );
}

/** The store the overview describes: the first webstore (the emulator serves one). */
export function firstWebstore(db: Db): { id: string; name: string } | undefined {
  return db.prepare("SELECT id, name FROM webstores ORDER BY id LIMIT 1").get() as
    { id: string; name: string } | undefined;
}

/** A page of the outbox, newest first, before the mail id `before`, to one address when `to` is given. */
export function outboxMails(db: Db, to: string, before: number, limit: number): unknown[] {
  return to
    ? db.prepare("SELECT * FROM outbox WHERE to_address = ? AND id < ? ORDER BY id DESC LIMIT ?").all(to, before, limit)
    : db.prepare("SELECT * FROM outbox WHERE id < ? ORDER BY id DESC LIMIT ?").all(before, limit);
}
