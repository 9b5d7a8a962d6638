/**
 * What a quick order did: the lines added to the cart and the lines refused, each with its reason and where it is
 * now in the form to correct. Rendered with the form after an order some of whose lines were refused (an order
 * with every line added goes on to the cart instead), and its heading takes focus so the result is read first.
 */
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { QuickOrderView } from "~/cart/model/quick-order";

export const QUICK_ORDER_RESULT_ID = "quick-order-result";

export function QuickOrderResult({ view }: { view: QuickOrderView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { added, refused } = view;
  // A new result: where a keyboard or screen-reader user is taken after the page comes back with JavaScript.
  useEffect(() => {
    if (refused.length > 0) heading.current?.focus();
  }, [view.version, refused.length]);
  if (refused.length === 0 && added.length === 0) return null;
  const lines = (n: number) => `${n} ${n === 1 ? "line" : "lines"}`;
  return (
    <section aria-labelledby={QUICK_ORDER_RESULT_ID} className="quick-order__result">
      <h2 id={QUICK_ORDER_RESULT_ID} ref={heading} tabIndex={-1}>
        {added.length > 0 ? `Added ${lines(added.length)} to your cart` : "Nothing was added to your cart"}
        {refused.length > 0 ? `; ${lines(refused.length)} not added` : ""}
      </h2>
      {refused.length > 0 ? (
        <div>
          <h3 className="quick-order__problem">Not added: correct these lines below and add them again</h3>
          <ul>
            {refused.map((line, index) => (
              <li key={index}>
                {line.where}: {line.sku} × {line.quantity}: {line.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {added.length > 0 ? (
        <div>
          <h3>Added</h3>
          <ul>
            {added.map((line, index) => (
              <li key={index}>
                {line.name} ({line.sku}) × {line.quantity}
              </li>
            ))}
          </ul>
          <p>
            <Link to="/cart">View your cart</Link>
          </p>
        </div>
      ) : null}
    </section>
  );
}
