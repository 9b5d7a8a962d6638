import { Link } from "@remix-run/react";
import { Price } from "~/components/Price";
import type { ProductCardView } from "~/catalog/model/product";
import { ProductPicture } from "~/components/store/ProductPicture";
import { productPath } from "~/lib/paths";

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
            currency={product.currency}
            fallback={<span className="store-muted">Price unavailable</span>}
          />
        </p>
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  headingLevel = 3,
}: {
  products: readonly ProductCardView[];
  headingLevel?: 2 | 3;
}) {
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
