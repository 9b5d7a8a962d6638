import { Link } from "@remix-run/react";
import { Price } from "../Price";
import type { ProductCardView, ProductImage } from "./product";
import { productPath, type Paging, pageHref } from "./urls";

/** A product picture; a neutral placeholder when the catalog has none. */
export function ProductPicture({ image, className, size = 320 }: { image: ProductImage | null; className?: string; size?: number }) {
  if (!image) {
    return <div className={["store-picture store-picture--empty", className].filter(Boolean).join(" ")} aria-hidden="true" />;
  }
  return (
    <img
      src={image.url}
      alt={image.alt}
      width={size}
      height={size}
      loading="lazy"
      className={["store-picture", className].filter(Boolean).join(" ")}
    />
  );
}

export function ProductCard({ product, headingLevel = 3 }: { product: ProductCardView; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  const href = productPath(product);
  return (
    <article className="store-card">
      <Link to={href} className="store-card__image" tabIndex={-1} aria-hidden="true">
        <ProductPicture image={product.image ? { ...product.image, alt: "" } : null} />
      </Link>
      <div className="store-card__body">
        <Heading className="store-card__title">
          <Link to={href}>{product.name}</Link>
        </Heading>
        {product.sku ? <p className="store-card__sku">SKU {product.sku}</p> : null}
        <p className="store-card__price">
          <Price
            amount={product.unitPrice ?? product.listPrice}
            originalAmount={product.unitPrice ? product.listPrice : null}
            fallback={<span className="store-muted">Price unavailable</span>}
          />
        </p>
      </div>
    </article>
  );
}

export function ProductGrid({ products, headingLevel = 3 }: { products: readonly ProductCardView[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="store-grid">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A Previous / Next link of a pager. Without a page to go to (`to` null) the label stays in place, greyed out
 * and hidden from screen readers, so the pager doesn't shift.
 */
export function PageLink({ to, rel, children }: { to: string | null; rel: "prev" | "next"; children: string }) {
  if (to === null) {
    return (
      <span className="store-pagination__link store-pagination__link--disabled" aria-hidden="true">
        {children}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} className="store-pagination__link">
      {children}
    </Link>
  );
}

/** Previous / Next links with "Page N of M"; plain links, so paging works without JavaScript. */
export function Pagination({
  paging,
  pathname,
  search,
  label = "Pages",
}: {
  paging: Paging;
  pathname: string;
  search: string;
  label?: string;
}) {
  if (paging.totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="store-pagination">
      <PageLink to={paging.hasPrevious ? pageHref(pathname, search, paging.page - 1) : null} rel="prev">
        Previous
      </PageLink>
      <span className="store-pagination__status" aria-current="page">
        Page {paging.page} of {paging.totalPages}
      </span>
      <PageLink to={paging.hasNext ? pageHref(pathname, search, paging.page + 1) : null} rel="next">
        Next
      </PageLink>
    </nav>
  );
}
