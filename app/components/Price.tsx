import type { ReactNode } from "react";
import { DEFAULT_CURRENCY, formatCurrency } from "~/lib/format/money";
import { useStoreLocale } from "./StoreLocale";

export type PriceProps = {
  /** The API's money string ("23.00") or a number. */
  amount: string | number | null | undefined;
  currency?: string;
  /** A list price the amount is reduced from; shown struck through. */
  originalAmount?: string | number | null;
  /** Shown when the amount is missing or not a number (spec product error 102). */
  fallback?: ReactNode;
  className?: string;
};

/** A formatted price in the page's locale: $23.00, £18.40, with an optional struck-through original price. */
export function Price({ amount, currency = DEFAULT_CURRENCY, originalAmount, fallback = null, className }: PriceProps) {
  const locale = useStoreLocale();
  const text = formatCurrency(amount, currency, locale);
  if (!text) return <>{fallback}</>;
  const original =
    originalAmount !== undefined && originalAmount !== null ? formatCurrency(originalAmount, currency, locale) : "";
  const reduced = original !== "" && original !== text;
  return (
    <span className={["kit-price", className].filter(Boolean).join(" ")}>
      {reduced ? (
        <>
          <span className="kit-visually-hidden">Price: </span>
          <span className="kit-price__amount">{text}</span>{" "}
          <s className="kit-price__original">
            <span className="kit-visually-hidden">Original price: </span>
            {original}
          </s>
        </>
      ) : (
        <span className="kit-price__amount">{text}</span>
      )}
    </span>
  );
}
