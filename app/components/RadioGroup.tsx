import type { ReactNode } from "react";
import { ErrorList } from "~/components/Field";
import { firstError } from "~/lib/validation/validity";

/**
 * A group of radio buttons: a fieldset whose legend names the choice, one message for the group. The first
 * option carries the group's id, so an error summary's link lands on it.
 */
export function RadioGroup({
  id,
  legend,
  errors,
  children,
  className,
  help,
}: {
  id: string;
  legend: ReactNode;
  errors?: readonly string[] | null;
  children: ReactNode;
  className?: string;
  help?: ReactNode;
}) {
  const message = firstError(errors);
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  return (
    <fieldset
      className={["checkout-radios", message && "checkout-radios--invalid", className].filter(Boolean).join(" ")}
      aria-describedby={[help ? helpId : null, message ? errorId : null].filter(Boolean).join(" ") || undefined}
    >
      <legend className="checkout-radios__legend">{legend}</legend>
      {help ? (
        <div id={helpId} className="kit-field__help">
          {help}
        </div>
      ) : null}
      <div className="checkout-radios__options">{children}</div>
      <ErrorList id={errorId} errors={message ? [message] : null} />
    </fieldset>
  );
}

export function RadioOption({
  id,
  name,
  value,
  defaultChecked,
  label,
  detail,
  invalid,
  className,
}: {
  id: string;
  name: string;
  value: string;
  defaultChecked?: boolean;
  label: ReactNode;
  detail?: ReactNode;
  invalid?: boolean;
  className?: string;
}) {
  return (
    <div className={["kit-field", "kit-field--checkable", "checkout-radio", className].filter(Boolean).join(" ")}>
      <div className="kit-field__control">
        {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- ARIA 1.2 allows aria-invalid on every role (global state); the rule predates it */}
        <input
          type="radio"
          id={id}
          name={name}
          value={value}
          defaultChecked={defaultChecked}
          className="kit-checkbox"
          aria-invalid={invalid || undefined}
        />
        <label htmlFor={id} className="kit-field__label checkout-radio__label">
          <span className="checkout-radio__name">{label}</span>
          {detail ? <span className="checkout-radio__detail">{detail}</span> : null}
        </label>
      </div>
    </div>
  );
}
