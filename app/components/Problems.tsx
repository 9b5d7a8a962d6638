import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { firstError } from "~/lib/validation/validity";

/** The way back to the cart, under a problem the shopper can fix there (stock, a changed cart…). */
function ReviewCartLink() {
  return (
    <p>
      <Link to="/cart">Review your cart</Link>
    </p>
  );
}

/** A notice of what stands in the way (stock, a changed cart…), with the way back to the cart when that helps. */
export function ProblemBanner({ messages, cartLink }: { messages: readonly string[]; cartLink?: boolean }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="store-form-error store-form-error--banner checkout-problem">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {cartLink ? <ReviewCartLink /> : null}
    </div>
  );
}

/**
 * A form's error summary: the form's own errors and every field error at once, each linking to its field. It is
 * an alert (announced when it appears) and, with JavaScript, takes focus after a refused submission.
 */
export function ErrorSummary({
  formId,
  formErrors,
  fieldErrors,
  labelOf,
  cartLink,
  focusKey,
}: {
  formId: string;
  formErrors?: readonly string[] | null;
  /** Conform's `form.allErrors`: field name → messages ("" = the form itself). */
  fieldErrors?: Record<string, readonly string[] | undefined> | null;
  /** The label shown for a field name; fields without one are listed by their message alone. */
  labelOf?: (name: string) => string | undefined;
  cartLink?: boolean;
  /** Changes when the server answered a submission: the summary takes focus then. */
  focusKey?: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const own = (formErrors ?? []).filter(Boolean);
  const fields = Object.entries(fieldErrors ?? {})
    .filter(([name, errors]) => name !== "" && errors && errors.length > 0)
    .map(([name, errors]) => ({ name, message: firstError(errors) ?? "" }));
  const count = own.length + fields.length;

  useEffect(() => {
    if (focusKey && count > 0) ref.current?.focus();
    // Only a new answer from the server moves focus; typing that clears errors must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);

  if (count === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${formId}-summary-title`}
      className="checkout-error-summary"
    >
      <h3 id={`${formId}-summary-title`} className="checkout-error-summary__title">
        {own.length > 0 && fields.length === 0 ? "We couldn't continue" : "Check the following"}
      </h3>
      <ul>
        {own.map((message) => (
          <li key={message}>{message}</li>
        ))}
        {fields.map(({ name, message }) => {
          const label = labelOf?.(name);
          return (
            <li key={name}>
              <a href={`#${formId}-${name}`}>{label ? `${label}: ${message}` : message}</a>
            </li>
          );
        })}
      </ul>
      {cartLink ? <ReviewCartLink /> : null}
    </div>
  );
}
