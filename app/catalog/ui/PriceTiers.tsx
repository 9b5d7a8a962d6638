import { Price } from "~/components/Price";
import { quantityRange, type VolumePriceRow } from "~/catalog/model/price-tiers";

/**
 * A product's volume prices: a table of quantity ranges and the unit price in each, in the page's currency.
 * Nothing when the product has none. The caption names the table for screen readers and sighted shoppers alike;
 * each row's quantity range is its header, so a cell reads as "10–49, Price each, $7.60".
 */
export function PriceTiers({ rows, currency }: { rows: readonly VolumePriceRow[]; currency: string }) {
  if (rows.length === 0) return null;
  return (
    <table className="store-price-tiers">
      <caption className="store-price-tiers__caption">Volume prices</caption>
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col">Price each</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.from}>
            <th scope="row">{quantityRange(row)}</th>
            <td>
              <Price amount={row.unitPrice} currency={currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
