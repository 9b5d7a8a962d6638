/** The cart summary's totals, as the API computed them (the page never adds money up). */
import { Price } from "../Price";
import { isNonZeroMoney, type CartTotalsView } from "../../lib/cart/view";
import { taxLabel } from "../../lib/format/money";

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
