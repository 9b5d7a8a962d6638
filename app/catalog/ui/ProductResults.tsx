import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Pagination } from "~/components/store/Pagination";
import { ProductGrid } from "./ProductCard";
import type { ProductCardView } from "~/catalog/model/product";
import { pageHref, readPage, type Paging } from "~/lib/paging";

/** Search and category results: count, grid, paging, or the empty state (or, past the last page, a way back). */
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
    // A page past the last one (an old link, a hand-edited ?page=) is not "no results": page 1 has some.
    // `paging` clamps to the last page, so the page asked for comes from the URL, read as the loader read it.
    const requested = readPage(new URLSearchParams(location.search));
    if (total > 0 && requested > paging.totalPages) {
      return (
        <div className="store-empty">
          <p>There is no page {requested} of these results.</p>
          <p>
            <Link to={pageHref(location.pathname, location.search, 1)}>Go to page 1</Link>
          </p>
        </div>
      );
    }
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
