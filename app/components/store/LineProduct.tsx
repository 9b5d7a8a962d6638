import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ProductPicture } from "./ProductPicture";
import type { ProductImage } from "~/catalog/model/product";
import { attributesText, type LineAttribute } from "~/catalog/model/variations";

/**
 * The picture and the named, linked product of one line (cart line, wishlist item). The picture link is hidden
 * from assistive tech and the tab order: the name right after it is the same link.
 */
export function LineProductPicture({ href, image }: { href: string; image: ProductImage | null }) {
  return (
    <Link to={href} className="store-cart-line__image" tabIndex={-1} aria-hidden="true">
      <ProductPicture image={image ? { ...image, alt: "" } : null} size={96} />
    </Link>
  );
}

export function LineProductName({
  id,
  href,
  name,
  sku,
  attributes,
}: {
  id: string;
  href: string;
  name: string;
  sku: string | null | undefined;
  /** A variation's attribute values: "Color: Denim". */
  attributes?: readonly LineAttribute[];
}) {
  return (
    <>
      <h3 id={id} className="store-cart-line__name">
        <Link to={href}>{name}</Link>
      </h3>
      {attributes && attributes.length > 0 ? (
        <p className="store-line-attributes">{attributesText(attributes)}</p>
      ) : null}
      {sku ? <p className="store-cart-line__sku">SKU: {sku}</p> : null}
    </>
  );
}

/** An empty cart or list: what is missing, and the way back to the shop. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="store-empty">
      <p className="store-empty__title">{title}</p>
      {children}
      <p>
        <Link to="/" className="store-cta">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}

/** What is wrong with a line: the API's messages about the product, then the last failed action's message. */
export function LineProblems({ messages, error }: { messages: readonly string[]; error: string | null }) {
  return (
    <>
      {messages.length > 0 ? (
        <ul className="store-cart-line__errors">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="store-form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
