import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Pagination, ProductGrid } from "./ProductCard";
import type { ProductCardView } from "./product";
import type { Paging } from "./urls";

/** Search and category results: count, grid, paging, or the empty state. */
export function ProductResults({
  products,
  total,
  paging,
  emptyMessage,
  children,
}: {
  products: readonly ProductCardView[];
  total: number;
  paging: Paging;
  emptyMessage: ReactNode;
  children?: ReactNode;
}) {
  const location = useLocation();
  if (products.length === 0) {
    return (
      <div className="store-empty">
        <p>{emptyMessage}</p>
        {children}
      </div>
    );
  }
  return (
    <>
      <p className="store-results__count" aria-live="polite">
        {total === 1 ? "1 product" : `${total} products`}
        {paging.totalPages > 1 ? ` · Page ${paging.page} of ${paging.totalPages}` : ""}
      </p>
      <ProductGrid products={products} headingLevel={2} />
      <Pagination paging={paging} pathname={location.pathname} search={location.search} />
    </>
  );
}
