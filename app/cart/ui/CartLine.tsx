import { useFetcher } from "@remix-run/react";
import { useRef, type MouseEvent } from "react";
import { Button } from "~/components/Button";
import { Price } from "~/components/Price";
import { QuantityInput } from "~/components/QuantityInput";
import { CART_FIELDS, steppedQuantity } from "~/cart/model";
import { QUANTITY_MAX, QUANTITY_MIN } from "../../../server/webstore/limits";
import type { CartActionData } from "~/cart/model";
import { useDebouncedCallback } from "~/components/useDebouncedCallback";
import { setNativeValue } from "~/components/useHydrated";
import { LineProblems, LineProductName, LineProductPicture } from "~/components/store/LineProduct";
import type { CartLineView } from "~/cart/model/view";
import { JsMarker, moveFocusTo } from "~/components/store/forms";
import { productPath } from "~/lib/paths";

/** The cart's "Items (N)" heading: focus lands there when a line is removed. */
export const CART_ITEMS_HEADING_ID = "cart-items-title";

/** The line's − / + stepper buttons, in screen order. */
const STEPS = [
  { direction: "decrease", label: "Decrease", symbol: "−", atLimit: (q: number) => q <= QUANTITY_MIN },
  { direction: "increase", label: "Increase", symbol: "+", atLimit: (q: number) => q >= QUANTITY_MAX },
] as const;

/**
 * One cart line: picture, name, unit price, line total, quantity form (intent=update, and − / + steppers) and
 * remove button (intent=remove). Each form is its own fetcher; without JavaScript they are plain POST forms to
 * /cart. With JavaScript a stepper changes the field at once and sends one update per burst of clicks (the spec's
 * 150 ms debounce); without it each click posts intent=increase/decrease and the action steps the quantity.
 */
export function CartLine({
  line,
  currency,
  pending,
  redirectTo,
}: {
  line: CartLineView;
  currency: string;
  /** An edit of this line is in flight (the quantity shown is the one asked for). */
  pending: boolean;
  redirectTo: string;
}) {
  const update = useFetcher<CartActionData>({ key: `cart-update-${line.id}` });
  const remove = useFetcher<CartActionData>({ key: `cart-remove-${line.id}` });
  const error = [update.data, remove.data].find((d) => d && !d.ok)?.error ?? null;
  const href = productPath({ id: line.productId, urlName: line.urlName, name: line.name });
  const nameId = `cart-line-${line.id}-name`;
  const updateForm = useRef<HTMLFormElement>(null);
  const sendQuantity = useDebouncedCallback(() => {
    const form = updateForm.current;
    if (!form) return;
    const data = new FormData(form);
    data.set(CART_FIELDS.intent, "update");
    update.submit(data, { method: "post", action: "/cart" });
  });
  const step = (direction: "increase" | "decrease") => (event: MouseEvent<HTMLButtonElement>) => {
    const input = updateForm.current?.elements.namedItem(CART_FIELDS.quantity);
    if (!(input instanceof HTMLInputElement)) return;
    event.preventDefault();
    const next = String(steppedQuantity(input.value, line.quantity, direction));
    if (next === input.value) return; // at 1 or at the maximum already
    setNativeValue(input, next);
    sendQuantity();
  };
  const quantity = Number(line.quantity) || QUANTITY_MIN;
  return (
    <article
      className={["store-cart-line", pending && "store-cart-line--pending"].filter(Boolean).join(" ")}
      aria-labelledby={nameId}
    >
      <LineProductPicture href={href} image={line.image} />
      <div className="store-cart-line__info">
        <LineProductName id={nameId} href={href} name={line.name} sku={line.sku} attributes={line.attributes} />
        {line.term ? <p className="store-line-term">{line.term}</p> : null}
        {line.promotion ? (
          <p className="store-cart-line__promotion">
            <span className="store-promotion-badge">
              <span className="kit-visually-hidden">Promotion: </span>
              {line.promotion.name}
            </span>{" "}
            <Price amount={line.promotion.amount} currency={currency} />
          </p>
        ) : null}
        <p className="store-cart-line__unit">
          <Price
            amount={line.unitPrice}
            originalAmount={line.listPrice}
            currency={currency}
            fallback="Price unavailable"
          />{" "}
          <span className="store-muted">each</span>
        </p>
        <LineProblems messages={line.errors} error={error} />
      </div>
      <div className="store-cart-line__actions">
        <update.Form ref={updateForm} method="post" action="/cart" className="store-cart-line__quantity" noValidate>
          <JsMarker />
          <input type="hidden" name={CART_FIELDS.lineId} value={line.id} />
          <input type="hidden" name={CART_FIELDS.previousQuantity} value={String(line.quantity)} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {/* Enter in the field submits with the form's first submit button: make that "update", not the − that
              comes first on screen. Out of the tab order and hidden from screen readers: the visible Update is
              the one to use. */}
          <button
            type="submit"
            name={CART_FIELDS.intent}
            value="update"
            className="kit-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          >
            Update
          </button>
          <QuantityInput
            label="Quantity"
            name={CART_FIELDS.quantity}
            defaultValue={line.quantity}
            key={`${line.id}-${line.quantity}`}
          />
          <div className="store-stepper">
            {STEPS.map(({ direction, label, symbol, atLimit }) => (
              <button
                key={direction}
                type="submit"
                name={CART_FIELDS.intent}
                value={direction}
                className="store-stepper__button"
                aria-label={`${label} quantity of ${line.name}`}
                // aria-disabled, not disabled: the button keeps keyboard focus when the quantity reaches the limit.
                aria-disabled={atLimit(quantity) || undefined}
                onClick={step(direction)}
              >
                <span aria-hidden="true">{symbol}</span>
              </button>
            ))}
          </div>
          <Button
            name={CART_FIELDS.intent}
            value="update"
            variant="neutral"
            size="small"
            pending={update.state !== "idle"}
          >
            Update
          </Button>
        </update.Form>
        <remove.Form
          method="post"
          action="/cart"
          className="store-cart-line__remove"
          onSubmit={() => moveFocusTo(CART_ITEMS_HEADING_ID)}
        >
          <JsMarker />
          <input type="hidden" name={CART_FIELDS.lineId} value={line.id} />
          <input type="hidden" name={CART_FIELDS.previousQuantity} value={String(line.quantity)} />
          <input type="hidden" name="productName" value={line.name} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Button
            name={CART_FIELDS.intent}
            value="remove"
            variant="link"
            size="small"
            pending={remove.state !== "idle"}
          >
            Remove<span className="kit-visually-hidden"> {line.name}</span>
          </Button>
        </remove.Form>
      </div>
      <p className="store-cart-line__total">
        <span className="kit-visually-hidden">Line total: </span>
        {pending ? (
          <span className="store-muted">Updating…</span>
        ) : (
          <Price amount={line.totalPrice} originalAmount={line.totalListPrice} currency={currency} />
        )}
      </p>
    </article>
  );
}
