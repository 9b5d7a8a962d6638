/**
 * The cart's coupon forms: apply a code (the field comes back with a refused one) and remove an applied one. Each is a
 * fetcher with JavaScript and a plain POST to the cart's action without it.
 */
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/Button";
import { Field } from "~/components/Field";
import { JsMarker, moveFocusTo } from "~/components/store/forms";
import { CART_FIELDS, type CartActionData } from "~/cart/model";
import { COUPON_CODE_MAX_LENGTH } from "../../../server/webstore/limits";

/** The cart's "Coupons" heading: focus lands there when a coupon is removed. */
export const COUPONS_HEADING_ID = "coupons-title";

/** This page's URL without a query parameter (where a form posted from it comes back to). */
export function pageWithout(location: { pathname: string; search: string }, name: string): string {
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
          maxLength={COUPON_CODE_MAX_LENGTH}
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

/** The summary's Coupons: the form for a code and the codes applied, each with its Remove. */
export function CartCoupons({
  coupons,
  defaultCode,
  redirectTo,
}: {
  coupons: readonly { id: string; code: string }[];
  defaultCode: string;
  redirectTo: string;
}) {
  return (
    <section aria-labelledby={COUPONS_HEADING_ID} className="store-cart__coupons">
      <h3 id={COUPONS_HEADING_ID} tabIndex={-1}>
        Coupons
      </h3>
      <CouponForm defaultCode={defaultCode} />
      {coupons.length > 0 ? (
        <ul className="store-coupons" aria-label="Applied coupons">
          {coupons.map((coupon) => (
            <AppliedCoupon key={coupon.id} coupon={coupon} redirectTo={redirectTo} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
