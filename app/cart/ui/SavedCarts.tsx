/**
 * /account/carts (issue 37): the buyer's primary cart and the carts they saved for later, each with its name, lines,
 * items and total; a saved cart can be made primary or deleted, any cart saved to a wishlist. Every form is a plain
 * POST to the page's action with an `intent`, answered 303 with a toast, with JavaScript or without.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, useIsPending } from "~/components/Button";
import { Price } from "~/components/Price";
import { SelectField } from "~/components/SelectField";
import {
  NEW_WISHLIST_OPTION,
  SAVED_CART_FIELDS,
  SAVED_CART_INTENTS,
  SAVED_CART_MESSAGES,
  SAVED_CARTS_HEADING_ID,
  SAVED_CARTS_PATH,
  SAVED_CARTS_MAX,
  lineCount,
  unitCount,
  type SavedCartIntent,
  type SavedCartSummary,
  type SavedCartsView,
} from "~/cart/model/saved-carts";

function CartForm({
  cart,
  intent,
  label,
  variant = "neutral",
  children,
}: {
  cart: SavedCartSummary;
  intent: SavedCartIntent;
  label: string;
  variant?: "neutral" | "destructive" | "brand";
  children?: ReactNode;
}) {
  // Every cart has the same forms: only the pressed one's button is pending.
  const navigation = useNavigation();
  const pending =
    useIsPending({ formAction: SAVED_CARTS_PATH, intent }) &&
    navigation.formData?.get(SAVED_CART_FIELDS.cartId) === cart.id;
  return (
    <Form method="post" action={SAVED_CARTS_PATH} className="store-inline-form">
      <input type="hidden" name={SAVED_CART_FIELDS.cartId} value={cart.id} />
      {children}
      <Button
        name={SAVED_CART_FIELDS.intent}
        value={intent}
        variant={variant}
        size="small"
        pending={pending}
        pendingLabel="Working…"
      >
        {label}
        <span className="kit-visually-hidden"> “{cart.name}”</span>
      </Button>
    </Form>
  );
}

function SavedCart({ cart, wishlists }: { cart: SavedCartSummary; wishlists: SavedCartsView["wishlists"] }) {
  const nameId = `saved-cart-${cart.id}`;
  const options = wishlists.length
    ? wishlists.map((list) => ({ value: list.id, label: list.name }))
    : [{ value: NEW_WISHLIST_OPTION, label: "New list: My List" }];
  return (
    <article className="store-card store-saved-cart" aria-labelledby={nameId}>
      <h2 id={nameId} className="store-saved-cart__name">
        {cart.name}
      </h2>
      {cart.primary ? (
        <p className="store-saved-cart__primary">Primary cart: the one you&apos;re shopping with</p>
      ) : null}
      <dl className="store-details">
        <div>
          <dt>Lines</dt>
          <dd>{lineCount(cart.lineCount)}</dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd>{unitCount(cart.itemCount)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            <Price amount={cart.total} currency={cart.currency} fallback="Calculating…" />
          </dd>
        </div>
      </dl>
      <div className="store-saved-cart__actions">
        {cart.primary ? (
          <Link to="/cart">View cart</Link>
        ) : (
          <>
            <CartForm cart={cart} intent={SAVED_CART_INTENTS.makePrimary} label="Make primary" variant="brand" />
            <CartForm cart={cart} intent={SAVED_CART_INTENTS.remove} label="Delete" variant="destructive" />
          </>
        )}
        <CartForm cart={cart} intent={SAVED_CART_INTENTS.toWishlist} label="Save to wishlist">
          <SelectField
            label={`Wishlist for ${cart.name}`}
            name={SAVED_CART_FIELDS.wishlistId}
            options={options}
            defaultValue={options[0].value}
          />
        </CartForm>
      </div>
    </article>
  );
}

export function SavedCartsPage({ view }: { view: SavedCartsView }) {
  const saved = view.carts.filter((cart) => !cart.primary).length;
  return (
    <>
      <h1 id={SAVED_CARTS_HEADING_ID} tabIndex={-1}>
        Your carts
      </h1>
      <p className="store-muted">
        Save your cart for later from the <Link to="/cart">cart page</Link>; make a saved cart primary to shop with it
        again. Carts you save in this browser are listed here (up to {SAVED_CARTS_MAX}).
      </p>
      {view.carts.length === 0 ? (
        <p>You have no carts yet.</p>
      ) : (
        <ul className="store-saved-carts" aria-label="Your carts">
          {view.carts.map((cart) => (
            <li key={cart.id}>
              <SavedCart cart={cart} wishlists={view.wishlists} />
            </li>
          ))}
        </ul>
      )}
      {saved === 0 && view.carts.length > 0 ? <p className="store-muted">You have no saved carts yet.</p> : null}
      {view.full ? <p className="store-muted">{SAVED_CART_MESSAGES.full}</p> : null}
    </>
  );
}
