/** The cart summary's totals, as the API computed them (the page never adds money up). */
import { Price } from "~/components/Price";
import type { CartTotalsView } from "~/cart/model/view";
import { taxLabel } from "~/lib/format/money";

// Here rather than in cart/model/view (the API answer's reader): named from there, the cart page's bundle would take
// that module's imports (the subscriptions' terms), a file of its own, for this one check.
/** A money string that is present and not zero ("0.00", "-0.00" count as nothing to show). */
export function isNonZeroMoney(amount: string | null | undefined): amount is string {
  if (!amount) return false;
  const value = Number(amount);
  return Number.isFinite(value) && value !== 0;
}

export function CartTotals({ totals }: { totals: CartTotalsView }) {
  return (
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
  );
}
