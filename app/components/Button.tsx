import { useFormAction, useHref, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ButtonHTMLAttributes, type PointerEvent, type Ref } from "react";

export type ButtonVariant = "brand" | "neutral" | "destructive" | "link";
/** Spec §9: icon and button sizes. */
export const BUTTON_SIZES = ["xx-small", "x-small", "small", "medium", "large"] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];
/** Spec §9: the press ripple is cleared 250 ms after it starts. */
export const RIPPLE_MS = 250;

/** The ripple of the latest press: where it started, relative to the button. */
interface Ripple {
  key: number;
  x: number;
  y: number;
}

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
 * useNavigation / fetcher.state compared with the form's action). While pending it is busy and refuses
 * clicks, so a double click cannot place an order twice. It says so with aria-disabled rather than the
 * disabled attribute: a disabled button drops keyboard focus to the page, and the shopper who pressed it
 * would have to find their place again. Enter in a field of the form is refused too: the browser's implicit
 * submission is a click on the form's first submit button.
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
  onPointerDown,
  onClick,
  ...rest
}: ButtonProps) {
  const [ripple, setRipple] = useState<Ripple | null>(null);
  const rippleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(rippleTimer.current), []);
  const press = (event: PointerEvent<HTMLButtonElement>) => {
    onPointerDown?.(event);
    if (variant === "link") return;
    const box = event.currentTarget.getBoundingClientRect();
    setRipple({ key: event.timeStamp, x: event.clientX - box.left, y: event.clientY - box.top });
    clearTimeout(rippleTimer.current);
    rippleTimer.current = setTimeout(() => setRipple(null), RIPPLE_MS);
  };
  return (
    <button
      ref={buttonRef}
      type={type}
      {...rest}
      onPointerDown={press}
      onClick={(event) => {
        if (pending) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      disabled={disabled}
      aria-disabled={pending || undefined}
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
      {ripple ? (
        <span
          key={ripple.key}
          className="kit-button__ripple"
          style={{ left: ripple.x, top: ripple.y }}
          aria-hidden="true"
        />
      ) : null}
      {pending ? <span className="kit-button__spinner" aria-hidden="true" /> : null}
      <span className="kit-button__label">{pending && pendingLabel ? pendingLabel : children}</span>
    </button>
  );
}

// ---------------------------------------------------------------------------------------------
// Pending state

/**
 * Whether a form's submission is on its way (the Epic Stack's `useIsPending`): the one place pages and components
 * ask, so each shows its own pending state on the button that was pressed (Button's `pending`), not a global
 * spinner. Beside Button because every form that asks has one: no page loads it for this alone.
 */
export interface PendingOptions {
  /**
   * The form's action as a store path ("/login"); default: the current route's action. The navigation's action
   * carries the router's basename (BASE_PATH, a locale), added here the way <Form> adds it.
   */
  formAction?: string;
  /** Only a submission whose `intent` field has this value (one form, several buttons). */
  intent?: string;
  /** "submitting": only while the request is out; "non-idle" (default): also while the page reloads after it. */
  state?: "submitting" | "non-idle";
}

export function useIsPending({ formAction, intent, state = "non-idle" }: PendingOptions = {}): boolean {
  const navigation = useNavigation();
  const routeAction = useFormAction();
  // useHref is a hook: called every time, its answer used only when a store path was given.
  const givenAction = useHref(formAction ?? "/");
  const action = formAction === undefined ? routeAction : givenAction;
  const inState = state === "submitting" ? navigation.state === "submitting" : navigation.state !== "idle";
  if (!inState || navigation.formMethod?.toUpperCase() !== "POST") return false;
  // The navigation's action keeps the query the form had (?index, ?redirectTo=…): the path decides.
  if (navigation.formAction?.split("?")[0] !== action.split("?")[0]) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}
