/** A failed API call in the shopper's words. */
import { CART_VALIDATION_ERROR, isUnavailable, normalizeError, retryAfterSeconds } from "../../server/webstore/index";
import { caught, type Caught } from "~/lib/caught";
import { productErrorOf, shopperMessageFor, type ProductErrorNumber } from "~/lib/api-errors";
import { STORE_TROUBLE_MESSAGE } from "~/lib/store-trouble";

export { isUnavailable };

const DEFAULT_FALLBACK = "Something went wrong. Try again.";

/** What was caught, sorted once at the catch (lib/caught): every reader below takes it. */
export { caught, type Caught };

/**
 * The message to show for a failed call: our words for the API's error code (lib/api-errors), else the caller's
 * words for the failure, else, when the API could not answer at all (down, unreachable, too slow), the store's
 * trouble message, else a general one.
 * The API's own words never reach a shopper: they are for developers, and a server failure's may leak internals.
 */
export function errorMessage(failure: Caught, fallback?: string, byCode?: Readonly<Record<string, string>>): string {
  const otherwise = fallback ?? (isUnavailable(failure.thrown) ? STORE_TROUBLE_MESSAGE : DEFAULT_FALLBACK);
  if (failure.api) return shopperMessageFor(failure.api, byCode) ?? otherwise;
  const error = failure.error;
  if (error) return shopperMessageFor({ code: (error as { code?: string }).code, message: error.message }) ?? otherwise;
  return otherwise;
}

/**
 * A failed cart call in the shopper's words (spec §8, `normalizeError`): a cart validation failure
 * (CART_VALIDATION_ERROR) keeps the API's message, written for the shopper by the store's validation; every other
 * code is put in our words as `errorMessage` does.
 */
export function cartErrorMessage(
  failure: Caught,
  fallback?: string,
  byCode?: Readonly<Record<string, string>>,
): string {
  const normalized = normalizeError(failure.thrown);
  if (normalized.code === CART_VALIDATION_ERROR && normalized.message) return normalized.message;
  return errorMessage(failure, fallback, byCode);
}

/** Which of the spec's product errors (§8) a failed cart call is, read as `cartErrorMessage` reads it; else null. */
export function cartProductError(failure: Caught): ProductErrorNumber | null {
  const normalized = normalizeError(failure.thrown);
  if (normalized.code === CART_VALIDATION_ERROR && normalized.message)
    return productErrorOf({ message: normalized.message });
  if (failure.api) return productErrorOf(failure.api);
  if (failure.error)
    return productErrorOf({ code: (failure.error as { code?: string }).code, message: failure.error.message });
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
