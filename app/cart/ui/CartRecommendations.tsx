/**
 * The cart page's "Frequently bought together": loaded lazily (routes/cart.tsx), so the page's first load carries
 * none of it; the server renders it into the document, so it works before hydration and without JavaScript. Each
 * card's "Add to cart" is a plain form to the cart's action (intent add): a 303 back to the cart with a toast.
 */
import { Form, useLocation } from "@remix-run/react";
import { Button } from "~/components/Button";
import { CART_FIELDS } from "~/cart/model";
import type { RecommendedCardView } from "~/catalog/model/product";
import { BoughtTogether } from "~/catalog/ui/BoughtTogether";

export default function CartRecommendations({ products }: { products: readonly RecommendedCardView[] }) {
  // Back to the cart page the shopper is on (its page of lines).
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  return (
    <BoughtTogether
      products={products}
      action={(product) => (
        <Form method="post" action="/cart" className="store-bought-together__add">
          <input type="hidden" name={CART_FIELDS.productId} value={product.id} />
          <input type="hidden" name={CART_FIELDS.quantity} value={String(product.addQuantity)} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Button name={CART_FIELDS.intent} value="add" variant="neutral">
            Add to cart<span className="kit-visually-hidden"> {product.name}</span>
          </Button>
        </Form>
      )}
    />
  );
}
