/** A failed API call in the shopper's words. */
import {
  CART_VALIDATION_ERROR,
  type FetchError,
  isFetchError,
  isUnavailable,
  normalizeError,
  retryAfterSeconds,
} from "../../server/webstore/index";
import { productErrorOf, shopperMessageFor, type ProductErrorNumber } from "~/lib/api-errors";
import { STORE_TROUBLE_MESSAGE } from "~/lib/store-trouble";

export { isUnavailable };

const DEFAULT_FALLBACK = "Something went wrong. Try again.";

/**
 * The API's answer to a failed call, or null when what was thrown is something else (a bug, an aborted call).
 * Boundary: anything can be thrown (a catch clause, a rejected promise), so this takes `unknown`; the predicates that
 * tell one refusal from another (a missing record, a limit reached) take what it returns.
 */
export const apiFailure = (thrown: unknown): FetchError | null => (isFetchError(thrown) ? thrown : null);

/**
 * The message to show for a failed call: our words for the API's error code (lib/api-errors), else the caller's
 * words for the failure, else, when the API could not answer at all (down, unreachable, too slow), the store's
 * trouble message, else a general one.
 * The API's own words never reach a shopper: they are for developers, and a server failure's may leak internals.
 */
export function errorMessage(error: unknown, fallback?: string, byCode?: Readonly<Record<string, string>>): string {
  const otherwise = fallback ?? (isUnavailable(error) ? STORE_TROUBLE_MESSAGE : DEFAULT_FALLBACK);
  if (isFetchError(error)) return shopperMessageFor(error, byCode) ?? otherwise;
  if (error instanceof Error)
    return shopperMessageFor({ code: (error as { code?: string }).code, message: error.message }) ?? otherwise;
  return otherwise;
}

/**
 * A failed cart call in the shopper's words (spec §8, `normalizeError`): a cart validation failure
 * (CART_VALIDATION_ERROR) keeps the API's message, written for the shopper by the store's validation; every other
 * code is put in our words as `errorMessage` does.
 */
export function cartErrorMessage(error: unknown, fallback?: string, byCode?: Readonly<Record<string, string>>): string {
  const normalized = normalizeError(error);
  if (normalized.code === CART_VALIDATION_ERROR && normalized.message) return normalized.message;
  return errorMessage(error, fallback, byCode);
}

/** Which of the spec's product errors (§8) a failed cart call is, read as `cartErrorMessage` reads it; else null. */
export function cartProductError(error: unknown): ProductErrorNumber | null {
  const normalized = normalizeError(error);
  if (normalized.code === CART_VALIDATION_ERROR && normalized.message)
    return productErrorOf({ message: normalized.message });
  if (isFetchError(error)) return productErrorOf(error);
  if (error instanceof Error)
    return productErrorOf({ code: (error as { code?: string }).code, message: error.message });
  return null;
}

/** `Retry-After` of a 503: until the API's circuit breaker lets a probe through (server/webstore/breaker.ts). */
export function retryAfter(): string {
  return String(retryAfterSeconds());
}

/**
 * What a page whose API could not answer throws: the store's own 503 page (the route's ErrorBoundary shows the
 * message), with `Retry-After`. A 500 stays for the store's own bugs.
 */
export function storeUnavailable(headers: Headers): Response {
  headers.set("Retry-After", retryAfter());
  return new Response(STORE_TROUBLE_MESSAGE, { status: 503, statusText: "Service Unavailable", headers });
}
