import type { ProductCardView } from "~/catalog/model/product";
import { ProductGrid } from "./ProductCard";

/**
 * The product page's "Similar products" (the product's featured products, products/{id}/featured-products): plain
 * cards with links, server-rendered; nothing at all when the product features none or they can't be read.
 */
export function SimilarProducts({ products }: { products: readonly ProductCardView[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="similar-title" className="store-section">
      <h2 id="similar-title">Similar products</h2>
      <ProductGrid products={products} />
    </section>
  );
}
