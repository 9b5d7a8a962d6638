/**
 * A signed-in buyer's "Save cart for later" on the cart page (issue 37): loaded lazily (routes/cart.tsx), so the page's
 * first load carries none of it; the server renders it into the document, so it works before hydration and without
 * JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { Button, useIsPending } from "~/components/Button";
import { Field } from "~/components/Field";
import {
  CART_NAME_MAX_LENGTH,
  DEFAULT_SAVED_CART_NAME,
  SAVED_CART_FIELDS,
  SAVED_CART_INTENTS,
  SAVED_CARTS_PATH,
} from "~/cart/model/saved-carts";

/** A plain form to /account/carts (303 there with a toast; the cart then starts empty), and the way to the saved carts. */
export default function SaveCartForm() {
  const pending = useIsPending({ formAction: SAVED_CARTS_PATH, intent: SAVED_CART_INTENTS.save });
  return (
    <section aria-labelledby="save-cart-title" className="store-cart-save">
      <h3 id="save-cart-title">Save for later</h3>
      <Form method="post" action={SAVED_CARTS_PATH} className="store-form">
        <Field
          label="Cart name"
          name={SAVED_CART_FIELDS.name}
          placeholder={DEFAULT_SAVED_CART_NAME}
          maxLength={CART_NAME_MAX_LENGTH}
          autoComplete="off"
        />
        <Button
          name={SAVED_CART_FIELDS.intent}
          value={SAVED_CART_INTENTS.save}
          variant="neutral"
          pending={pending}
          pendingLabel="Saving…"
        >
          Save cart for later
        </Button>
      </Form>
      <p>
        <Link to={SAVED_CARTS_PATH}>Your saved carts</Link>
      </p>
    </section>
  );
}
