/**
 * Toasts: server-rendered (they work without JavaScript and stay until the next page), and with
 * JavaScript a dismissible or pester toast leaves after its duration (default 3 s) while a sticky
 * one stays until closed. The timer pauses while the pointer or focus is on the toast, so nobody
 * loses a message they are reading.
 */
import { useEffect, useRef, useState } from "react";
import {
  isAutoDismissed,
  isClosable,
  toastDurationSeconds,
  toastRole,
  type Toast as ToastData,
  type ToastVariant,
} from "~/lib/toast";
import { useHydrated } from "./useHydrated";

const VARIANT_LABELS: Record<ToastVariant, string> = {
  info: "Information",
  success: "Success",
  warning: "Warning",
  error: "Error",
};

const VARIANT_ICONS: Record<ToastVariant, string> = {
  info: "i",
  success: "\u2713",
  warning: "!",
  error: "\u00d7",
};

export type ToastProps = {
  toast: ToastData;
  /** Called when the shopper closes it or its time is up. Without it the toast never leaves. */
  onClose?: (toast: ToastData) => void;
  className?: string;
};

export function Toast({ toast, onClose, className }: ToastProps) {
  const hydrated = useHydrated();
  const [paused, setPaused] = useState(false);
  // Refs, so a parent re-rendering with a new callback or object does not restart the timer.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const toastRef = useRef(toast);
  toastRef.current = toast;
  const autoDismiss = isAutoDismissed(toast.mode) && onClose !== undefined;
  const durationMs = toastDurationSeconds(toast) * 1000;

  useEffect(() => {
    if (!autoDismiss || paused) return;
    const timer = setTimeout(() => onCloseRef.current?.(toastRef.current), durationMs);
    return () => clearTimeout(timer);
  }, [autoDismiss, paused, durationMs]);

  const closable = hydrated && onClose !== undefined && isClosable(toast.mode);
  return (
    <div
      role={toastRole(toast.variant)}
      className={["kit-toast", `kit-toast--${toast.variant}`, `kit-toast--${toast.mode}`, className]
        .filter(Boolean)
        .join(" ")}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="kit-toast__icon" aria-hidden="true">
        {VARIANT_ICONS[toast.variant]}
      </span>
      <div className="kit-toast__body">
        <span className="kit-visually-hidden">{VARIANT_LABELS[toast.variant]}: </span>
        {toast.title ? <strong className="kit-toast__title">{toast.title}</strong> : null}
        <p className="kit-toast__message">{toast.message}</p>
      </div>
      {closable ? (
        <button type="button" className="kit-toast__close" aria-label="Close" onClick={() => onClose?.(toast)}>
          <span aria-hidden="true">{"\u00d7"}</span>
        </button>
      ) : null}
    </div>
  );
}

function toastKey(toast: ToastData, index: number): string {
  return toast.id ?? `${index}:${toast.variant}:${toast.message}`;
}

export type ToastRegionProps = {
  toasts: readonly ToastData[];
  /** Name of the landmark holding the toasts. */
  label?: string;
  className?: string;
};

/**
 * Where the page's toasts live (root layout). Give each toast an id so a toast closed on one page
 * does not come back when the list is re-rendered.
 */
export function ToastRegion({ toasts, label = "Notifications", className }: ToastRegionProps) {
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = toasts
    .map((toast, index) => ({ toast, key: toastKey(toast, index) }))
    .filter(({ key }) => !closed.has(key));
  return (
    <section aria-label={label} className={["kit-toast-region", className].filter(Boolean).join(" ")}>
      {shown.map(({ toast, key }) => (
        <Toast key={key} toast={toast} onClose={() => setClosed((previous) => new Set(previous).add(key))} />
      ))}
    </section>
  );
}
