import type { ReactNode } from "react";
import { useLocation } from "@remix-run/react";
import { Price } from "~/components/Price";
import { Pagination } from "~/components/store/Pagination";
import type { Paging } from "~/lib/paging";
import { taxLabel } from "~/lib/format/money";
import type { CheckoutLine } from "~/checkout/model/shipments";
import { attributesText } from "~/catalog/model/variations";
import { isDiscount, type CheckoutTotals } from "~/checkout/model/totals";

/**
 * The order summary beside every step: the items and the API's totals (items, discounts, shipping, tax, total),
 * never computed here. `children` (coupons) sit between the items and the totals.
 *
 * A long cart's items come a page at a time (`paging`: which page `lines` is, of how many lines): the summary says
 * which of them it shows and links to the other pages (plain links, `?page=N` on the step's own URL), while the totals
 * stay the whole cart's.
 */
export function OrderSummary({
  totals,
  lines,
  paging,
  children,
}: {
  totals: CheckoutTotals;
  lines: readonly CheckoutLine[];
  paging?: Paging & { totalLines: number; pageSize: number };
  children?: ReactNode;
}) {
  const { currency } = totals;
  const location = useLocation();
  const paged = paging !== undefined && paging.totalPages > 1 && lines.length > 0;
  const first = paged ? (paging.page - 1) * paging.pageSize + 1 : 1;
  return (
    <aside aria-labelledby="order-summary-title" className="checkout-summary">
      <h2 id="order-summary-title">Order summary</h2>
      {paged ? (
        <p className="checkout-summary__range">
          Showing items {first}–{first + lines.length - 1} of {paging.totalLines}
        </p>
      ) : null}
      {lines.length > 0 ? (
        <ul className="checkout-summary__lines" aria-label="Items">
          {lines.map((line) => (
            <li key={line.id}>
              <span className="checkout-summary__name">
                {line.name}
                {line.attributes && line.attributes.length > 0 ? (
                  <span className="store-line-attributes checkout-summary__term">
                    {attributesText(line.attributes)}
                  </span>
                ) : null}
                {line.term ? <span className="store-line-term checkout-summary__term">{line.term}</span> : null}
              </span>
              <span className="checkout-summary__quantity">Qty {line.quantity}</span>
              <Price amount={line.totalPrice} currency={currency} className="checkout-summary__price" />
            </li>
          ))}
        </ul>
      ) : null}
      {paged ? (
        <Pagination paging={paging} pathname={location.pathname} search={location.search} label="Order summary pages" />
      ) : null}
      {children}
      <dl className="store-totals checkout-totals">
        <div>
          <dt>Items ({totals.itemCount})</dt>
          <dd>
            <Price amount={totals.items} currency={currency} fallback="—" />
          </dd>
        </div>
        {isDiscount(totals.discounts) ? (
          <div>
            <dt>Discounts</dt>
            <dd>
              <Price amount={totals.discounts} currency={currency} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping</dt>
          <dd>
            <Price amount={totals.shipping} currency={currency} fallback="—" />
          </dd>
        </div>
        <div>
          <dt>{taxLabel(totals.taxIncluded)}</dt>
          <dd>
            <Price amount={totals.tax} currency={currency} fallback="—" />
          </dd>
        </div>
        <div className="store-totals__total">
          <dt>Total</dt>
          <dd>
            <Price amount={totals.total} currency={currency} fallback="—" />
          </dd>
        </div>
      </dl>
    </aside>
  );
}
