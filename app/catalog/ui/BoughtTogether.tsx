import type { ReactNode } from "react";
import type { RecommendedCardView } from "~/catalog/model/product";
import { ProductCard } from "./ProductCard";

/**
 * "Frequently bought together" (Einstein's CustomersWhoBoughtAlsoBought, ai/recommendations): the product page's
 * and the cart page's section of priced cards, server-rendered; nothing at all when there are none. `action` adds
 * what a card needs besides its link (the cart page's "Add to cart" form).
 */
export function BoughtTogether({
  products,
  action,
}: {
  products: readonly RecommendedCardView[];
  action?: (product: RecommendedCardView) => ReactNode;
}) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="bought-together-title" className="store-section store-bought-together">
      <h2 id="bought-together-title">Frequently bought together</h2>
      <ul className="store-grid">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
            {action ? action(product) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
