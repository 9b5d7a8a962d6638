/** A failed API call in the shopper's words. */
import { isFetchError } from "../../server/webstore/index";
import { shopperMessageFor } from "../lib/api-errors";

/**
 * The message to show for a failed call: our words for the API's error code (lib/api-errors), else the fallback.
 * The API's own words never reach a shopper: they are for developers, and a server failure's may leak internals.
 */
export function errorMessage(
  error: unknown,
  fallback = "Something went wrong. Try again.",
  byCode?: Readonly<Record<string, string>>,
): string {
  if (isFetchError(error)) return shopperMessageFor(error, byCode) ?? fallback;
  if (error instanceof Error)
    return shopperMessageFor({ code: (error as { code?: string }).code, message: error.message }) ?? fallback;
  return fallback;
}
