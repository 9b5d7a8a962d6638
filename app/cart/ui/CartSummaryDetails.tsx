/**
 * The cart summary's promotions and shipping estimate. Its own module, loaded by the cart page only when it has
 * either to show (React.lazy in routes/cart.tsx): the server renders it into the document, so it reads and its form
 * works before hydration and without JavaScript; the page's first load carries none of its code.
 *
 * The estimate form is a POST that always answers 303 back to the cart page's estimate (no fetcher): the action
 * evaluates the cart's shipping, and the page reads the delivery methods the API lists for the address. With
 * JavaScript, Remix's Form makes it a navigation that keeps the page's scroll and shows the button pending.
 */
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { Button } from "~/components/Button";
import { Field } from "~/components/Field";
import { Price } from "~/components/Price";
import { SelectField } from "~/components/SelectField";
import { parseMoney } from "~/lib/format/money";
import { CART_FIELDS } from "~/cart/model";
import { ESTIMATE_FIELDS, ESTIMATE_INTENT, ESTIMATE_SECTION_ID, type CartEstimateView } from "~/cart/model/estimate";
import type { CartPromotionView } from "~/cart/model/view";

export const ESTIMATE_HEADING_ID = "shipping-estimate-title";

function Promotions({ promotions, currency }: { promotions: readonly CartPromotionView[]; currency: string }) {
  return (
    <section aria-labelledby="promotions-title" className="store-cart__promotions">
      <h3 id="promotions-title">Promotions</h3>
      <ul>
        {promotions.map((promotion, index) => (
          <li key={`${promotion.name}-${index}`}>
            <div>
              {promotion.name}
              {promotion.couponCode ? <span className="store-muted"> (coupon {promotion.couponCode})</span> : null}
              {promotion.termsAndConditions ? (
                <details className="store-promotion-terms">
                  <summary>
                    Terms<span className="kit-visually-hidden"> of {promotion.name}</span>
                  </summary>
                  <p>{promotion.termsAndConditions}</p>
                </details>
              ) : null}
            </div>
            {promotion.amount ? <Price amount={promotion.amount} currency={currency} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function countryLabel(estimate: CartEstimateView, code: string): string {
  return estimate.countries.find((c) => c.code === code)?.label ?? code;
}

function EstimateResult({ estimate, currency }: { estimate: CartEstimateView; currency: string }) {
  const { methods, estimatedFor } = estimate;
  if (methods === null || estimatedFor === null) {
    return <p className="store-muted">No estimate yet. Enter a postal code to see the delivery options and costs.</p>;
  }
  const place = `${estimatedFor.postalCode}, ${countryLabel(estimate, estimatedFor.country)}`;
  if (methods.length === 0) return <p>No estimate: no delivery method ships to {place}.</p>;
  return (
    <>
      <p className="store-muted">To {place}, before tax:</p>
      <ul className="store-estimate__methods" aria-label={`Delivery options to ${place}`}>
        {methods.map((method) => (
          <li key={method.id}>
            <span>
              {method.name}
              {method.carrier || method.transit ? (
                <span className="store-muted store-estimate__detail">
                  {[method.carrier, method.transit].filter(Boolean).join(", ")}
                </span>
              ) : null}
            </span>
            {parseMoney(method.fee) === 0 ? (
              <span>Free</span>
            ) : (
              <Price amount={method.fee} currency={currency} fallback="Cost at checkout" />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The cart page as it is, without what a refused form brought back in its URL (the form posts back to it). */
function useCartPage(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  for (const name of ["coupon", ESTIMATE_FIELDS.country, ESTIMATE_FIELDS.postalCode]) params.delete(name);
  const query = params.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}

function ShippingEstimate({ estimate, currency }: { estimate: CartEstimateView; currency: string }) {
  const redirectTo = useCartPage();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get(CART_FIELDS.intent) === ESTIMATE_INTENT;
  return (
    <section aria-labelledby={ESTIMATE_HEADING_ID} className="store-cart__estimate" id={ESTIMATE_SECTION_ID}>
      <h3 id={ESTIMATE_HEADING_ID}>Shipping estimate</h3>
      {/* Announced when a new estimate arrives without a page load (JavaScript). */}
      <div aria-live="polite">
        <EstimateResult estimate={estimate} currency={currency} />
      </div>
      <Form method="post" action="/cart" className="store-estimate-form" noValidate preventScrollReset>
        <input type="hidden" name={CART_FIELDS.intent} value={ESTIMATE_INTENT} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {estimate.countries.length > 1 ? (
          <SelectField
            label="Country"
            name={ESTIMATE_FIELDS.country}
            options={estimate.countries.map((c) => ({ value: c.code, label: c.label }))}
            defaultValue={estimate.country}
            autoComplete="shipping country"
          />
        ) : (
          <input type="hidden" name={ESTIMATE_FIELDS.country} value={estimate.country} />
        )}
        <div className="store-inline-form">
          <Field
            label="Postal code"
            name={ESTIMATE_FIELDS.postalCode}
            defaultValue={estimate.postalCode}
            autoComplete="shipping postal-code"
            maxLength={40}
            errors={estimate.error ? [estimate.error] : null}
          />
          <Button variant="neutral" pending={pending} pendingLabel="Estimating…">
            Estimate
          </Button>
        </div>
      </Form>
    </section>
  );
}

export default function CartSummaryDetails({
  promotions,
  estimate,
  currency,
}: {
  promotions: readonly CartPromotionView[];
  estimate: CartEstimateView | null;
  currency: string;
}) {
  return (
    <>
      {promotions.length > 0 ? <Promotions promotions={promotions} currency={currency} /> : null}
      {estimate ? <ShippingEstimate estimate={estimate} currency={currency} /> : null}
    </>
  );
}
