/**
 * The cart: lines (25 a page), quantities, removal, coupons, promotions and the API's totals.
 *
 * Every form is a POST to this route's action with an `intent` (update, remove, applyCoupon, removeCoupon).
 * Without JavaScript the action answers 303 → /cart with a toast; with JavaScript each form is a fetcher, the
 * page shows the result of pending edits at once (derived from the fetchers' form data) and the revalidation
 * after the action brings the API's numbers. Totals always come from the API.
 *
 * While the API is still calculating (202 / asyncOperationStatus Processing) the page shows 'Loading' and
 * reloads itself: a meta refresh without JavaScript, a revalidation on the spec's schedule with it. The server
 * never waits for the API.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useFetcher, useFetchers, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { isFetchError } from "../../server/webstore/errors";
import { Button } from "~/components/Button";
import { Field } from "~/components/Field";
import { Price } from "~/components/Price";
import { Spinner } from "~/components/Spinner";
import { useProcessingRefresh } from "~/components/useProcessingRefresh";
import { CART_ITEMS_HEADING_ID, CartLine, type CartActionData } from "~/components/store/CartLine";
import { EmptyState } from "~/components/store/LineProduct";
import { cartView, EMPTY_CART, isNonZeroMoney } from "~/components/store/cart-view";
import { JsMarker, moveFocusTo, submittedWithJs } from "~/components/store/forms";
import { useStoreHref } from "~/components/store-href";
import { STORE_NAME } from "~/components/store/Header";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { Pagination } from "~/components/store/Pagination";
import { pagingFromPages, readPage, safeRedirect } from "~/components/store/urls";
import {
  CART_FIELDS,
  CART_PAGE_SIZE,
  optimisticLines,
  pendingCartChanges,
  quantityError,
  steppedQuantity,
  validQuantity,
} from "~/lib/cart";
import { VALIDITY_MESSAGES } from "~/lib/validity";
import type { RefreshHandle } from "~/root";
import { COUPON_MESSAGES } from "~/lib/api-errors";
import { taxLabel } from "~/lib/money";
import { createPaymentLink, PAYMENT_LINK_MESSAGES, payPath } from "~/payment-link.server";
import {
  cartRef,
  errorMessage,
  getWebstore,
  loginPath,
  rethrowResponse,
  serverTimingHeaders,
  type Webstore,
  toast,
} from "~/webstore.server";

export const handle: RefreshHandle = { refreshWhileProcessing: true };

export const meta: MetaFunction = () => [{ title: `Cart | ${STORE_NAME}` }, { name: "robots", content: "noindex" }];

export const headers = serverTimingHeaders;

const COUPON_MAX_LENGTH = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = readPage(url.searchParams);
  // After a refused coupon (no JavaScript) the form comes back with what the shopper typed.
  const couponCode = (url.searchParams.get("coupon") ?? "").slice(0, COUPON_MAX_LENGTH);
  const ws = await getWebstore(request, context);
  const ref = cartRef(ws);
  if (!ref) return ws.reply({ cart: EMPTY_CART, processing: false, couponCode });
  try {
    const answer = await ws.client.getCartItems(ref, {
      includePromotions: true,
      includeCoupons: true,
      pageNumber: page,
      pageSize: CART_PAGE_SIZE,
      productFields: ["Name", "StockKeepingUnit"],
    });
    return ws.reply({ cart: cartView(answer.data), processing: answer.processing, couponCode });
  } catch (error) {
    rethrowResponse(error);
    // A guest cart that is gone (checked out, deleted) is an empty cart.
    if (!ws.shopper.isLoggedIn && isFetchError(error) && error.status === 404) {
      ws.session.unset("guestCartId");
      return ws.reply({ cart: EMPTY_CART, processing: false, couponCode });
    }
    throw error;
  }
}

/** The cart's "Coupons" heading: focus lands there when a coupon is removed. */
const COUPONS_HEADING_ID = "coupons-title";

const CONFIRMATIONS: Record<string, (detail: string) => string> = {
  update: () => "Your cart was updated.",
  remove: (name) => (name ? `Removed ${name} from your cart.` : "The item was removed from your cart."),
  applyCoupon: (code) => `Coupon ${code} applied.`,
  removeCoupon: (code) => (code ? `Coupon ${code} removed.` : "Coupon removed."),
};

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const withJs = submittedWithJs(formData);
  const intent = String(formData.get(CART_FIELDS.intent) ?? "");
  const field = (name: string) => String(formData.get(name) ?? "").trim();
  const back = safeRedirect(formData.get("redirectTo"), "/cart");
  const returnTo = back === "/cart" || back.startsWith("/cart?") ? back : "/cart";
  const ws = await getWebstore(request, context);

  const reply = async (ok: boolean, message: string, options: { keepCoupon?: string } = {}) => {
    const note = toast(ok ? "success" : "error", message);
    if (withJs) {
      // With JavaScript the page shows the edit itself; only coupon results are worth a toast.
      if (ok && (intent === "applyCoupon" || intent === "removeCoupon")) ws.session.flashToast(note);
      return ws.reply<CartActionData>({ ok, error: ok ? null : message, intent });
    }
    let to = returnTo;
    if (options.keepCoupon) {
      const url = new URL(returnTo, "http://store.invalid");
      url.searchParams.set("coupon", options.keepCoupon.slice(0, COUPON_MAX_LENGTH));
      to = `${url.pathname}${url.search}`;
    }
    return ws.redirect(to, note);
  };

  const ref = cartRef(ws);
  if (!ref) return reply(false, "Your cart is empty.");

  if (intent === "paymentLink") {
    // A plain form (with or without JavaScript): the shopper goes to the payment link's page, or back with a note.
    const created = await createPaymentLink(ws);
    if (created.ok) return ws.redirect(payPath(created.cartId), toast("success", PAYMENT_LINK_MESSAGES.created));
    return ws.redirect(returnTo, toast("error", created.message));
  }

  try {
    switch (intent) {
      case "update": {
        const typed = field(CART_FIELDS.quantity);
        const problem = quantityError(typed);
        const quantity = validQuantity(typed);
        if (problem || quantity === null) return reply(false, problem ?? VALIDITY_MESSAGES.badInput);
        await ws.client.updateCartItem(ref, field(CART_FIELDS.lineId), { quantity });
        return reply(true, CONFIRMATIONS.update(""));
      }
      case "increase":
      case "decrease": {
        // The stepper without JavaScript (with it, the page sends the stepped quantity as an update).
        const quantity = steppedQuantity(field(CART_FIELDS.quantity), field(CART_FIELDS.previousQuantity), intent);
        await ws.client.updateCartItem(ref, field(CART_FIELDS.lineId), { quantity });
        return reply(true, CONFIRMATIONS.update(""));
      }
      case "remove": {
        await ws.client.deleteCartItem(ref, field(CART_FIELDS.lineId));
        return reply(true, CONFIRMATIONS.remove(field("productName")));
      }
      case "applyCoupon": {
        const code = field(CART_FIELDS.couponCode);
        if (!code) return reply(false, VALIDITY_MESSAGES.valueMissing);
        if (code.length > COUPON_MAX_LENGTH) return reply(false, VALIDITY_MESSAGES.tooLong, { keepCoupon: code });
        try {
          await ws.client.applyCoupon(ref, code);
        } catch (error) {
          rethrowResponse(error);
          return reply(false, errorMessage(error, "We couldn't apply that coupon.", COUPON_MESSAGES), {
            keepCoupon: code,
          });
        }
        return reply(true, CONFIRMATIONS.applyCoupon(code));
      }
      case "removeCoupon": {
        await ws.client.removeCoupon(ref, field(CART_FIELDS.couponId));
        return reply(true, CONFIRMATIONS.removeCoupon(field(CART_FIELDS.couponCode)));
      }
      default:
        return reply(false, "Choose an action.");
    }
  } catch (error) {
    rethrowResponse(error);
    // A store that no longer allows guest carts.
    if (!ws.shopper.isLoggedIn && isFetchError(error) && error.status === 401) {
      ws.session.unset("guestCartId");
      return ws.redirect(loginPath("/cart"), toast("info", "Sign in to use your cart."));
    }
    if (isFetchError(error) && error.status === 404) {
      // A line or coupon that is not there any more (Remove pressed twice, or in another tab) is not a lost cart:
      // only when the cart itself is gone is it forgotten, and the shopper told so in plain words.
      if (await cartStillThere(ws, ref)) {
        if (intent === "remove") return reply(true, CONFIRMATIONS.remove(field("productName")));
        if (intent === "removeCoupon") return reply(true, CONFIRMATIONS.removeCoupon(field(CART_FIELDS.couponCode)));
        return reply(false, LINE_GONE_MESSAGE);
      }
      if (!ws.shopper.isLoggedIn) ws.session.unset("guestCartId");
      return reply(false, CART_GONE_MESSAGE);
    }
    return reply(false, errorMessage(error, "We couldn't update your cart. Try again."));
  }
}

export const LINE_GONE_MESSAGE = "That item isn't in your cart any more.";
export const CART_GONE_MESSAGE = "Your cart has closed (it was checked out or it expired), so it's empty now.";

/** Whether the cart a change was meant for still exists (a failed read says no only for "not found"). */
async function cartStillThere(ws: Webstore, ref: string): Promise<boolean> {
  try {
    await ws.client.getCart(ref);
    return true;
  } catch (error) {
    rethrowResponse(error);
    return !(isFetchError(error) && error.status === 404);
  }
}

/** This page's URL without a query parameter (where a form posted from it comes back to). */
function pageWithout(location: { pathname: string; search: string }, name: string): string {
  const params = new URLSearchParams(location.search);
  params.delete(name);
  const query = params.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}

function CouponForm({ defaultCode }: { defaultCode: string }) {
  const fetcher = useFetcher<CartActionData>({ key: "cart-apply-coupon" });
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const pending = fetcher.state !== "idle";
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  // An applied code is listed below the form: clear the field for the next one.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form ref={formRef} method="post" action="/cart" className="store-coupon-form" noValidate>
      <JsMarker />
      <input type="hidden" name="redirectTo" value={pageWithout(location, "coupon")} />
      <input type="hidden" name={CART_FIELDS.intent} value="applyCoupon" />
      <div className="store-inline-form">
        <Field
          label="Coupon code"
          name={CART_FIELDS.couponCode}
          defaultValue={defaultCode}
          key={defaultCode}
          autoComplete="off"
          maxLength={COUPON_MAX_LENGTH}
          errors={error ? [error] : null}
        />
        <Button variant="neutral" pending={pending} pendingLabel="Applying…">
          Apply
        </Button>
      </div>
    </fetcher.Form>
  );
}

function AppliedCoupon({ coupon, redirectTo }: { coupon: { id: string; code: string }; redirectTo: string }) {
  const fetcher = useFetcher<CartActionData>({ key: `cart-remove-coupon-${coupon.id}` });
  return (
    <li className="store-coupon">
      <span className="store-coupon__code">{coupon.code}</span>
      <fetcher.Form method="post" action="/cart" onSubmit={() => moveFocusTo(COUPONS_HEADING_ID)}>
        <JsMarker />
        <input type="hidden" name={CART_FIELDS.couponId} value={coupon.id} />
        <input type="hidden" name={CART_FIELDS.couponCode} value={coupon.code} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Button
          name={CART_FIELDS.intent}
          value="removeCoupon"
          variant="link"
          size="small"
          pending={fetcher.state !== "idle"}
        >
          Remove<span className="kit-visually-hidden"> coupon {coupon.code}</span>
        </Button>
      </fetcher.Form>
    </li>
  );
}

export const CHECKOUT_WAIT_MESSAGE = "Your cart is being updated. Checkout will be ready in a moment.";

/**
 * The cart's Checkout link, or while the cart is not ready for checkout (spec §3 "Cart status": isProcessing while
 * an edit is under way or the API answers Processing) a busy, disabled Checkout that says why. The page reloads
 * itself until the API is done (with JavaScript on the spec's wait schedule, without it by a meta refresh); a
 * Refresh link is there for when that takes too long.
 */
function CheckoutAction({
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
  // A plain link (it must work where the router's scripts gave up), so the base path is added by hand.
  const refreshHref = useStoreHref(here);
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
function PaymentLinkForm() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get(CART_FIELDS.intent) === "paymentLink";
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

export default function CartPage() {
  const { cart, processing, couponCode } = useLoaderData<typeof loader>();
  const location = useLocation();
  const fetchers = useFetchers();
  const changes = pendingCartChanges(fetchers.map((f) => f.formData));
  const lines = optimisticLines(cart.lines, changes);
  const busy = changes.length > 0;
  const { gaveUp } = useProcessingRefresh(processing);
  const paging = pagingFromPages(cart.currentPage, cart.totalPages);
  const redirectTo = pageWithout(location, "coupon");
  const { totals } = cart;

  if (processing && cart.lines.length === 0) {
    return (
      <div className="store-page store-cart">
        <h1>Cart</h1>
        <Spinner showLabel />
        {gaveUp ? (
          <p>
            This is taking longer than usual. <Link to="/cart">Reload the cart</Link>.
          </p>
        ) : null}
      </div>
    );
  }

  if (lines.length === 0 && cart.totalLines <= cart.lines.length) {
    return (
      <div className="store-page store-cart">
        <h1>Cart</h1>
        <EmptyState title="Your cart is empty" />
      </div>
    );
  }

  return (
    <div className="store-page store-cart">
      <h1>Cart</h1>
      {processing ? (
        <div className="store-processing">
          <Spinner showLabel />
          <p className="store-muted">Your cart is being updated. Prices may change.</p>
          {gaveUp ? (
            <p>
              This is taking longer than usual. <Link to="/cart">Reload the cart</Link>.
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="store-cart__layout">
        <section aria-labelledby={CART_ITEMS_HEADING_ID} className="store-cart__items">
          <h2 id={CART_ITEMS_HEADING_ID} tabIndex={-1}>
            Items <span className="store-muted">({totals.itemCount})</span>
          </h2>
          <ul className="store-cart__lines">
            {lines.map((line) => (
              <li key={line.id}>
                <CartLine line={line} currency={totals.currency} pending={line.pending} redirectTo={redirectTo} />
              </li>
            ))}
          </ul>
          <Pagination paging={paging} pathname={location.pathname} search={location.search} label="Cart pages" />
        </section>

        <aside
          aria-labelledby="cart-summary-title"
          className="store-cart__summary"
          aria-busy={busy || processing || undefined}
        >
          <h2 id="cart-summary-title">Summary</h2>
          <section aria-labelledby={COUPONS_HEADING_ID} className="store-cart__coupons">
            <h3 id={COUPONS_HEADING_ID} tabIndex={-1}>
              Coupons
            </h3>
            <CouponForm defaultCode={couponCode} />
            {cart.coupons.length > 0 ? (
              <ul className="store-coupons" aria-label="Applied coupons">
                {cart.coupons.map((coupon) => (
                  <AppliedCoupon key={coupon.id} coupon={coupon} redirectTo={redirectTo} />
                ))}
              </ul>
            ) : null}
          </section>
          {cart.promotions.length > 0 ? (
            <section aria-labelledby="promotions-title" className="store-cart__promotions">
              <h3 id="promotions-title">Promotions</h3>
              <ul>
                {cart.promotions.map((promotion, index) => (
                  <li key={`${promotion.name}-${index}`}>
                    <span>{promotion.name}</span>
                    {promotion.amount ? <Price amount={promotion.amount} currency={totals.currency} /> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <dl className="store-totals">
            <div>
              <dt>Subtotal</dt>
              <dd>
                <Price amount={totals.subtotal} currency={totals.currency} fallback="—" />
              </dd>
            </div>
            {isNonZeroMoney(totals.discounts) ? (
              <div>
                <dt>Discounts</dt>
                <dd>
                  <Price amount={totals.discounts} currency={totals.currency} />
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{taxLabel(totals.taxIncluded, true)}</dt>
              <dd>
                <Price amount={totals.tax} currency={totals.currency} fallback="Calculated at checkout" />
              </dd>
            </div>
            <div className="store-totals__total">
              <dt>Total</dt>
              <dd>
                <Price amount={totals.total} currency={totals.currency} fallback="—" />
              </dd>
            </div>
          </dl>
          <CheckoutAction
            processing={processing}
            busy={busy}
            gaveUp={gaveUp}
            here={`${location.pathname}${location.search}`}
          />
          <PaymentLinkForm />
        </aside>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
