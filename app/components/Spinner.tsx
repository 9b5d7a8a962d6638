/**
 * A loading indicator with its text. The text is 'Loading' (the spec's loading label) unless told
 * otherwise; it is announced through role=status and shown only when `showLabel` is set.
 */
export type SpinnerSize = "small" | "medium" | "large";

export const LOADING_LABEL = "Loading";

export function Spinner({
  label = LOADING_LABEL,
  size = "medium",
  showLabel = false,
  className,
}: {
  label?: string;
  size?: SpinnerSize;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <div role="status" className={["kit-spinner", `kit-spinner--${size}`, className].filter(Boolean).join(" ")}>
      <span className="kit-spinner__circle" aria-hidden="true" />
      <span className={showLabel ? "kit-spinner__label" : "kit-visually-hidden"}>{label}</span>
    </div>
  );
}
