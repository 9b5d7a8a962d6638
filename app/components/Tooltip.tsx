import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "./useHydrated";

/** Spec §9: a tooltip is at least 75px wide and sits 16px from what it explains. */
export const TOOLTIP_MIN_WIDTH_PX = 75;
export const TOOLTIP_OFFSET_PX = 16;
/** Spec §9: leaving the trigger closes the tooltip after 200 ms (so the pointer can cross into the bubble)… */
export const TOOLTIP_LEAVE_DEBOUNCE_MS = 200;
/** …and a tap or click keeps it open for 2000 ms (interaction lingering), long enough to read on a touch screen. */
export const TOOLTIP_LINGER_MS = 2000;

export interface TooltipProps {
  /** What the trigger button says to a screen reader, e.g. "What is the CVV?". */
  label: string;
  /** The explanation: the trigger's accessible description, shown in the bubble. */
  children: ReactNode;
}

/**
 * A small "?" button that explains the field next to it. The explanation is the button's description
 * (aria-describedby), so screen readers read it on focus whether or not the bubble shows. Without JavaScript
 * CSS shows the bubble on hover and focus; with it the bubble also follows the spec's timings and Escape
 * closes it (WCAG 1.4.13: dismissible, hoverable, persistent).
 */
export function Tooltip({ label, children }: TooltipProps) {
  const hydrated = useHydrated();
  const bubbleId = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A tap focuses the button after pointerup: that focus must not cancel the lingering timer the tap set.
  const tapping = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    setOpen(true);
  };
  const hideAfter = (ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), ms);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- pointer hover and Escape (from the focused trigger button inside) show and hide the tip; the trigger is the interactive element
    <span
      className="kit-tooltip"
      data-enhanced={hydrated || undefined}
      data-open={open || undefined}
      style={{
        ["--kit-tooltip-min-width" as string]: `${TOOLTIP_MIN_WIDTH_PX}px`,
        ["--kit-tooltip-offset" as string]: `${TOOLTIP_OFFSET_PX}px`,
      }}
      onPointerEnter={(event) => {
        if (event.pointerType !== "touch") show();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== "touch") hideAfter(TOOLTIP_LEAVE_DEBOUNCE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          hide();
        }
      }}
    >
      <button
        type="button"
        className="kit-tooltip__trigger"
        aria-describedby={bubbleId}
        onFocus={() => (tapping.current ? setOpen(true) : show())}
        onBlur={() => {
          tapping.current = false;
          hide();
        }}
        onPointerDown={(event) => {
          tapping.current = event.pointerType === "touch";
        }}
        onPointerUp={(event) => {
          // A touch screen has no hover and its tap leaves focus behind: the bubble lingers, then goes.
          // A mouse or keyboard press keeps it while the pointer or focus stays (WCAG 1.4.13: persistent).
          if (event.pointerType !== "touch") return;
          show();
          hideAfter(TOOLTIP_LINGER_MS);
        }}
      >
        <span aria-hidden="true">?</span>
        <span className="kit-visually-hidden">{label}</span>
      </button>
      <span id={bubbleId} role="tooltip" className="kit-tooltip__bubble">
        {children}
      </span>
    </span>
  );
}
