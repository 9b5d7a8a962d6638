import { Link, useFetcher } from "@remix-run/react";
import { Button } from "~/components/Button";
import { Price } from "~/components/Price";
import { JsMarker } from "~/components/store/forms";
// From the header's light module: the add form's field names, read by the header's optimistic count.
import { CART_FIELDS } from "~/cart/model/count";
import type { ProductComponent } from "~/catalog/model/product";

/** What the product page's action answers a part's add (the page's own ProductAddReply, the fields read here). */
type PartAddReply = { ok: boolean; error: string | null };

/**
 * One part of a set, bought on its own: its quantity and an "Add to cart" form posting to the set's page, whose
 * action adds the product the form names (a set itself can't be added: product error 104). Without JavaScript the
 * page comes back with a toast; with it, the part's own fetcher answers beside its button.
 */
function SetPart({ part }: { part: ProductComponent }) {
  const fetcher = useFetcher<PartAddReply>();
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const errorId = `part-${part.id}-error`;
  return (
    <fetcher.Form method="post" className="store-components__add" noValidate>
      <JsMarker />
      <input type="hidden" name={CART_FIELDS.productId} value={part.id} />
      <input type="hidden" name={CART_FIELDS.quantity} value={part.quantity} />
      <Button
        name={CART_FIELDS.intent}
        value="add"
        variant="neutral"
        pending={fetcher.state !== "idle"}
        pendingLabel="Adding…"
        aria-describedby={error ? errorId : undefined}
      >
        Add to cart<span className="kit-visually-hidden">: {part.name}</span>
      </Button>
      {error ? (
        <p id={errorId} className="store-form-error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * A bundle's or a set's parts (products/{id}/children): each part's name (a link to its page) and quantity. A
 * bundle is bought whole with the page's own form; a set's parts are bought one by one, each priced beside it.
 */
export function ProductComponents({ parts, kind }: { parts: readonly ProductComponent[]; kind: "Bundle" | "Set" }) {
  if (parts.length === 0) return null;
  const title = kind === "Set" ? "In this set" : "In this bundle";
  return (
    <section aria-labelledby="components-title" className="store-components">
      <h2 id="components-title">{title}</h2>
      {kind === "Set" ? (
        <p className="store-muted">A set isn’t sold as one product: add the pieces you want to your cart.</p>
      ) : null}
      <ul className="store-components__list">
        {parts.map((part) => (
          <li key={part.id} className="store-components__part">
            <span className="store-components__name">
              <Link to={part.path}>{part.name}</Link>
            </span>{" "}
            <span className="store-components__quantity">Quantity: {part.quantity}</span>
            {kind === "Set" ? (
              <>
                {" "}
                <span className="store-components__price">
                  {part.price ? (
                    <Price
                      amount={part.price.unitPrice ?? part.price.listPrice}
                      originalAmount={part.price.unitPrice ? part.price.listPrice : null}
                      currency={part.price.currency}
                      fallback={<span className="store-muted">Price unavailable</span>}
                    />
                  ) : (
                    <span className="store-muted">Price unavailable</span>
                  )}
                </span>
                <SetPart part={part} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
