import type { ButtonHTMLAttributes, Ref } from "react";

export type ButtonVariant = "brand" | "neutral" | "destructive" | "link";
export type ButtonSize = "small" | "medium" | "large";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The work this button started is running (e.g. its form is submitting). */
  pending?: boolean;
  /** Replaces the text while pending, e.g. "Saving…". */
  pendingLabel?: string;
  buttonRef?: Ref<HTMLButtonElement>;
};

/**
 * A button that shows the pending state of the form it submits (pass `pending` from
 * useNavigation / fetcher.state compared with the form's action). While pending it is busy and
 * disabled, so a double click cannot place an order twice.
 */
export function Button({
  variant = "brand",
  size = "medium",
  pending = false,
  pendingLabel,
  type = "submit",
  className,
  children,
  disabled,
  buttonRef,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={buttonRef}
      type={type}
      {...rest}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={[
        "kit-button",
        `kit-button--${variant}`,
        `kit-button--${size}`,
        pending && "kit-button--pending",
        className,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      {pending ? <span className="kit-button__spinner" aria-hidden="true" /> : null}
      <span className="kit-button__label">{pending && pendingLabel ? pendingLabel : children}</span>
    </button>
  );
}
