/**
 * The markdown views of product and category pages (`Accept: text/markdown`, or the page's URL with `.md`), for
 * agents that read rather than call: the page's facts as text, from what its loader read (no call of its own), in
 * the page's currency and locale. Pure: the loaders' server side and tests.
 */
import type { ProductCardView } from "~/catalog/model/product";
import { quantityRange } from "~/catalog/model/price-tiers";
import { formatCurrency } from "~/lib/format/money";
import { categoryPath, productPath } from "~/lib/paths";
import { STORE_NAME } from "~/lib/brand";
import { canonicalUrl, type SiteAddress } from "./urls";
import type { ProductFacts } from "./structured-data";

/** Markdown's special characters in running text, escaped so a product's name can't make a link or a heading. */
const text = (value: string) =>
  value
    .replace(/([\\`*_[\]<>|])/g, "\\$1")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^#/, "\\#");
const link = (label: string, url: string) => `[${text(label)}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)`;

function stockLine(stock: number | null): string | null {
  if (stock === null) return null;
  return stock > 0 ? `In stock (${stock} available)` : "Out of stock";
}

export function productMarkdown(address: SiteAddress, facts: ProductFacts): string {
  const { product, price } = facts;
  const money = (amount: string | null | undefined) =>
    price ? formatCurrency(amount, price.currency, address.locale) : "";
  const lines = [`# ${text(product.name)}`, ""];
  const facts_: string[] = [];
  if (product.sku) facts_.push(`- SKU: ${text(product.sku)}`);
  if (product.brand) facts_.push(`- Brand: ${text(product.brand)}`);
  if (product.gtin) facts_.push(`- GTIN: ${text(product.gtin)}`);
  const amount = price?.unitPrice ?? price?.listPrice;
  if (price && amount) {
    const was = price.unitPrice && price.listPrice && price.listPrice !== price.unitPrice ? price.listPrice : null;
    facts_.push(`- Price: ${money(amount)}${was ? ` (was ${money(was)})` : ""} (${price.currency})`);
  } else facts_.push("- Price: unavailable");
  const stock = stockLine(facts.stock);
  if (stock) facts_.push(`- Availability: ${stock}`);
  if (product.categoryPath.length)
    facts_.push(
      `- Category: ${product.categoryPath.map((c) => link(c.name, canonicalUrl(address, categoryPath(c)))).join(" › ")}`,
    );
  facts_.push(`- Page: <${canonicalUrl(address, productPath(product))}>`);
  lines.push(...facts_);
  if (product.description) lines.push("", text(product.description));
  if (facts.tiers.length && price) {
    lines.push("", "## Volume prices", "", "| Quantity | Unit price |", "| --- | --- |");
    for (const row of facts.tiers) lines.push(`| ${quantityRange(row)} | ${money(row.unitPrice)} |`);
  }
  const family = facts.family;
  if (family) {
    const parentPath =
      family.parentId === product.id ? productPath(product) : `/product/${encodeURIComponent(family.parentId)}`;
    lines.push("", "## Variations", "", `| ${family.attributes.map((a) => text(a.label)).join(" | ")} | Page |`);
    lines.push(`| ${family.attributes.map(() => "---").join(" | ")} | --- |`);
    for (const variation of family.variations) {
      const query = new URLSearchParams();
      for (const a of family.attributes)
        if (variation.values[a.apiName]) query.set(a.param, variation.values[a.apiName]);
      const cells = family.attributes.map((a) => text(variation.values[a.apiName] ?? ""));
      lines.push(`| ${cells.join(" | ")} | <${canonicalUrl(address, `${parentPath}?${query}`)}> |`);
    }
  }
  return `${lines.join("\n")}\n`;
}

export function categoryMarkdown(
  address: SiteAddress,
  listing: {
    category: { id: string; name: string; description: string };
    children: { id: string; name: string; productCount: number | null }[];
    products: readonly ProductCardView[];
    total: number;
    page: number;
    totalPages: number;
  },
): string {
  const { category } = listing;
  const lines = [`# ${text(category.name)}`, ""];
  if (category.description) lines.push(text(category.description), "");
  lines.push(`${listing.total} products at ${STORE_NAME}; page ${listing.page} of ${listing.totalPages}.`);
  if (listing.children.length) {
    lines.push("", "## Subcategories", "");
    for (const child of listing.children)
      lines.push(
        `- ${link(child.name, canonicalUrl(address, categoryPath(child)))}${child.productCount !== null ? ` (${child.productCount})` : ""}`,
      );
  }
  if (listing.products.length) {
    lines.push("", "## Products", "", "| Product | SKU | Price |", "| --- | --- | --- |");
    for (const p of listing.products) {
      const price = formatCurrency(p.unitPrice ?? p.listPrice, p.currency ?? undefined, address.locale);
      lines.push(
        `| ${link(p.name, canonicalUrl(address, productPath(p)))} | ${text(p.sku ?? "")} | ${price || "unavailable"} |`,
      );
    }
  }
  if (listing.page < listing.totalPages) {
    const next = `${categoryPath(category)}.md?page=${listing.page + 1}`;
    lines.push("", `Next page: <${canonicalUrl(address, next)}>`);
  }
  return `${lines.join("\n")}\n`;
}
