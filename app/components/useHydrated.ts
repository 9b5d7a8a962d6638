import { useEffect, useState } from "react";

/**
 * False on the server and during hydration, true afterwards. Controls that only work with
 * JavaScript (close buttons, picker toggles) render only when this is true, so a shopper without
 * JavaScript never meets a button that does nothing.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Sets an input's value the way typing does, so React's onChange and Conform's document listeners
 * both see it (assigning `.value` alone is swallowed by React's value tracker).
 */
export function setNativeValue(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  if (setter) setter.call(input, value);
  else input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}
