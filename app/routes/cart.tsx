/**
 * The cart: lines (25 a page), quantities, removal, coupons, promotions (a line's badge, the summary's list), a
 * shipping estimate (63.0) and the API's totals; for a signed-in buyer, "Save cart for later" (a plain form to
 * /account/carts) and the way to their saved carts.
 *
 * Every form is a POST to this route's action with an `intent` (update, remove, applyCoupon, removeCoupon, and the
 * shipping estimate's `estimate`, a plain form that always answers 303 back here).
 * Without JavaScript the action answers 303 → /cart with a toast; with JavaScript each form is a fetcher, the
 * page shows the result of pending edits at once (derived from the fetchers' form data) and the revalidation
 * after the action brings the API's numbers. Totals always come from the API.
 *
 * While the API is still calculating (202 / asyncOperationStatus Processing) the page shows 'Loading' and
 * reloads itself: a meta refresh without JavaScript, a revalidation on the spec's schedule with it. The server
 * never waits for the API.
 */
import type { MetaFunction, LoaderFunctionArgs, ActionFunctionArgs } from "@remix-run/node";
import { Link, useFetchers, useLoaderData, useLocation } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { CheckoutAction, PaymentLinkForm } from "~/cart/ui/CartActions";
import { CartCoupons, pageWithout } from "~/cart/ui/CartCoupons";
import { CartTotals } from "~/cart/ui/CartTotals";
import { useProcessingRefresh } from "~/components/useProcessingRefresh";
import { CART_ITEMS_HEADING_ID, CartLine } from "~/cart/ui/CartLine";
import { EmptyState } from "~/components/store/LineProduct";
import { STORE_NAME } from "~/lib/brand";
import { pageTitle, pageFailure, RouteErrorBoundary } from "~/components/store/PageError";
import { optimisticLines, pendingCartChanges } from "~/cart/model";
import { SAVED_CARTS_PATH } from "~/lib/paths";
import type { RefreshHandle } from "~/lib/route-handle";
import { serverTimingHeaders, withShop } from "~/shop.server";

// Most carts fit on one page: the page links' code is fetched only when there are more (see CartPages). The server
// renders them into the document (it sends a page once all of it is ready), so they work before hydration and without
// JavaScript; while the code loads, the server's links stay in place.
const CartPages = lazy(() => import("~/cart/ui/CartPages"));
// The same for what the page shows while the API is still calculating the cart (see CartProcessing).
const CartProcessing = lazy(() => import("~/cart/ui/CartProcessing"));
// And the summary's promotions and shipping estimate (see CartSummaryDetails): nearly every cart has one or the other,
// so the page doesn't carry the test of whether it has.
const CartSummaryDetails = lazy(() => import("~/cart/ui/CartSummaryDetails"));
// And for a signed-in buyer's "Save cart for later": the page is at its JavaScript budget, and the form works as the
// server's HTML until its code is there.
const SaveCartForm = lazy(() => import("~/cart/ui/SaveCartForm"));
// And "Frequently bought together", below the cart (nothing when the cart has no recommendations): the page is at its
// JavaScript budget, and its cards and forms work as the server's HTML until their code is there.
const CartRecommendations = lazy(() => import("~/cart/ui/CartRecommendations"));

const processingNote = <p className="store-muted">Your cart is being updated. Prices may change.</p>;

export const handle: RefreshHandle = { refreshWhileProcessing: true };

export const meta: MetaFunction = ({ error }) => [
  { title: `${pageTitle(pageFailure(error), "Cart")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  // Saved carts are a signed-in buyer's: a guest keeps one cart (issue 37).
  return withShop(args, async ({ request, shop }) =>
    shop.reply({ ...(await shop.cart.view(new URL(request.url).searchParams)), savesCarts: shop.shopper.isLoggedIn }),
  );
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const done = await shop.cart.submit(await request.formData());
    return done instanceof Response ? done : shop.reply(done.data, { status: done.status });
  });
}

export default function CartPage() {
  const { cart, processing, couponCode, estimate, savesCarts, boughtTogether } = useLoaderData<typeof loader>();
  const location = useLocation();
  const fetchers = useFetchers();
  // The pending edits read by cart/model (the action's field names and quantity rules, without zod in the browser).
  const changes = pendingCartChanges(fetchers.map((f) => f.formData));
  const lines = optimisticLines(cart.lines, changes);
  const busy = changes.length > 0;
  const { gaveUp } = useProcessingRefresh(processing);
  const redirectTo = pageWithout(location, "coupon");
  const { totals } = cart;

  if (processing && cart.lines.length === 0) {
    return (
      <div className="store-page store-cart">
        <h1>Cart</h1>
        <Suspense fallback={null}>
          <CartProcessing gaveUp={gaveUp} />
        </Suspense>
      </div>
    );
  }

  if (lines.length === 0 && cart.totalLines <= cart.lines.length) {
    return (
      <div className="store-page store-cart">
        <h1>Cart</h1>
        <EmptyState title="Your cart is empty" />
        {savesCarts ? (
          <p>
            <Link to={SAVED_CARTS_PATH}>Your saved carts</Link>
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="store-page store-cart">
      <h1>Cart</h1>
      {processing ? (
        <div className="store-processing">
          {/* The words don't wait for the spinner's code. */}
          <Suspense fallback={processingNote}>
            <CartProcessing gaveUp={gaveUp}>{processingNote}</CartProcessing>
          </Suspense>
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
          {cart.totalPages > 1 ? (
            <Suspense fallback={null}>
              <CartPages
                currentPage={cart.currentPage}
                totalPages={cart.totalPages}
                pathname={location.pathname}
                search={location.search}
              />
            </Suspense>
          ) : null}
        </section>

        <aside
          aria-labelledby="cart-summary-title"
          className="store-cart__summary"
          aria-busy={busy || processing || undefined}
        >
          <h2 id="cart-summary-title">Summary</h2>
          <CartCoupons coupons={cart.coupons} defaultCode={couponCode} redirectTo={redirectTo} />
          <Suspense fallback={null}>
            <CartSummaryDetails promotions={cart.promotions} estimate={estimate} currency={totals.currency} />
          </Suspense>
          <CartTotals totals={totals} />
          <CheckoutAction
            processing={processing}
            busy={busy}
            gaveUp={gaveUp}
            here={`${location.pathname}${location.search}`}
          />
          <PaymentLinkForm />
          {savesCarts ? (
            <Suspense fallback={null}>
              <SaveCartForm />
            </Suspense>
          ) : null}
        </aside>
      </div>
      <Suspense fallback={null}>
        <CartRecommendations products={boughtTogether} />
      </Suspense>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
