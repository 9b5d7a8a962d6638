/** The cart summary's ways on: Checkout (busy while the cart is being updated) and the pay-now link. */
import { Form, Link, useHref } from "@remix-run/react";
import { Button, useIsPending } from "~/components/Button";
import { CART_FIELDS } from "~/cart/model";

export const CHECKOUT_WAIT_MESSAGE = "Your cart is being updated. Checkout will be ready in a moment.";

/**
 * The cart's Checkout link, or while the cart is not ready for checkout (spec §3 "Cart status": isProcessing while
 * an edit is under way or the API answers Processing) a busy, disabled Checkout that says why. The page reloads
 * itself until the API is done (with JavaScript on the spec's wait schedule, without it by a meta refresh); a
 * Refresh link is there for when that takes too long.
 */
export function CheckoutAction({
  processing,
  busy,
  gaveUp,
  here,
}: {
  processing: boolean;
  busy: boolean;
  gaveUp: boolean;
  here: string;
}) {
  // A plain link (it must work where the router's scripts gave up), so the base path is added by hand: `here` is always
  // this page's store path, so useHref alone does it (useStoreHref in ../store-href, inlined: on the cart page that
  // module would be a file of its own).
  const refreshHref = useHref(here);
  if (!processing && !busy) {
    return (
      <Link to="/checkout" className="kit-button kit-button--brand store-cart-checkout">
        Checkout
      </Link>
    );
  }
  const refresh = (
    <p>
      <a href={refreshHref}>Refresh the cart</a>
    </p>
  );
  return (
    <>
      <button
        type="button"
        className="kit-button kit-button--brand store-cart-checkout"
        disabled
        aria-describedby="checkout-wait"
      >
        <span className="kit-spinner kit-spinner--small" aria-hidden="true">
          <span className="kit-spinner__circle" />
        </span>
        Checkout
      </button>
      <p id="checkout-wait" className="store-muted" role="status">
        {processing ? CHECKOUT_WAIT_MESSAGE : "Updating totals…"}
      </p>
      {processing ? gaveUp ? refresh : <noscript>{refresh}</noscript> : null}
    </>
  );
}

/** Spec §4 pay-now: a read-only copy of the cart, paid on its own page (routes/pay.$cartId). */
export function PaymentLinkForm() {
  const pending = useIsPending({ formAction: "/cart", intent: "paymentLink" });
  return (
    <Form method="post" action="/cart" className="store-cart-paylink">
      <Button
        name={CART_FIELDS.intent}
        value="paymentLink"
        variant="neutral"
        pending={pending}
        pendingLabel="Creating payment link…"
      >
        Create a payment link
      </Button>
    </Form>
  );
}
