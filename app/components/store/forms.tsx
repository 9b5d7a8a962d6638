import { useHydrated } from "~/components/useHydrated";

/**
 * Forms carry this hidden field only once the page is hydrated, so an action can tell a fetcher submission
 * (answer with data; the page stays put) from a plain HTML form post (answer with a 303 redirect).
 */
export const JS_FIELD = "_js";

export function JsMarker() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null;
}

export function submittedWithJs(formData: FormData): boolean {
  return formData.get(JS_FIELD) === "1";
}

/**
 * A field as it was posted (trimmed; "" when absent or sent twice), whether or not the submission was valid: what
 * a refused form gives back to the shopper (the typed quantity, the coupon code) and the intent its answer names.
 */
export function postedText(submission: { payload: Record<string, unknown> }, name: string): string {
  const value = submission.payload[name];
  return typeof value === "string" ? value.trim() : "";
}

/**
 * With JavaScript, where focus goes when the thing a shopper acted on leaves the page (a removed cart line or
 * coupon): to the section's heading (rendered with tabIndex -1), so a keyboard or screen-reader user keeps
 * their place and hears the new state, instead of being dropped to the top of the page.
 */
export function moveFocusTo(id: string): void {
  document.getElementById(id)?.focus();
}
