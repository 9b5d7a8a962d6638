import { useCallback, useEffect, useRef } from "react";

/** The spec's debounce (§9): how long a burst of input waits before it is acted on. */
export const DEBOUNCE_MS = 150;

/**
 * Returns a function that runs `callback` once `delayMs` after its last call: a burst of clicks on a stepper
 * becomes one request. Always calls the latest `callback`, and forgets a pending call when the component goes.
 */
export function useDebouncedCallback<Args extends unknown[]>(callback: (...args: Args) => void, delayMs = DEBOUNCE_MS) {
  const latest = useRef(callback);
  latest.current = callback;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...args: Args) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), delayMs);
    },
    [delayMs],
  );
}
