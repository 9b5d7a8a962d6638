/**
 * Retrying transient failures (spec §4: 3 attempts, 4 s apart, never after a 409) without ever doing a write twice.
 *
 * A retry is only safe when the first attempt changed nothing. A read (GET, HEAD) changes nothing, so it is retried
 * on the statuses that may pass on their own and on any network failure. A write (POST, PUT, PATCH, DELETE) may
 * have been processed when its answer was lost (a 503 from a proxy after the API committed, a reset or a timeout
 * after the request went out): sending it again would add an item twice or authorise a payment twice. So a write
 * is retried only when the request provably never reached the server: the connection was refused, or the host
 * name didn't resolve. Every other failure of a write goes to the caller, who can read the state and decide.
 */
import { AbortedError, FetchError } from "./errors.js";
import type { FetchLike } from "./http.js";

export interface RetryPolicy {
  /** Total tries, the first included. */
  attempts: number;
  pauseMs: number;
  /**
   * The time retries may take, counted from the start of the first attempt: a retry whose pause would end past it
   * is not made (the last answer or failure is the result). Unset: no limit beyond `attempts`.
   */
  maxRetryMs?: number;
}

/** The spec's policy, for callers that are not rendering a page. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, pauseMs: 4000 };

/**
 * While a page renders (the client's `serverRendering`) a shopper waits for every pause: retries stop within one
 * second in total, instead of the spec's 2 × 4 s.
 */
export const SERVER_RENDERING_RETRY: RetryPolicy = { attempts: 3, pauseMs: 250, maxRetryMs: 1000 };

/**
 * Only failures that may pass on their own are retried. A 4xx other than 408 answers the same way every
 * time: retrying a 400 would make a shopper wait 2 × 4 s for a validation message. A 409 (conflict: the cart or
 * checkout changed under us) is never retried, as the spec requires: the caller must reload first. Nor is a 429:
 * the API asks us to slow down (and order lookups answer it for too many failed attempts), so eight seconds of
 * retries inside one page request would only delay the message the shopper needs.
 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 500, 502, 503, 504]);

/** Methods whose repetition changes nothing (RFC 9110 safe methods): retried on statuses and network failures. */
export const RETRIED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

/**
 * Error codes of a connection that was never established (Node's system errors, which the platform fetch keeps as
 * the cause of its "fetch failed" TypeError): refused, no route, or no address for the host name.
 */
export const NEVER_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
]);

/**
 * True when a fetch failure proves the request never reached the server: a code of NEVER_SENT_CODES on the error,
 * its causes or, for an AggregateError (one try per address of the host), on every one of its errors.
 */
export function neverReachedServer(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && NEVER_SENT_CODES.has(code)) return true;
  if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => neverReachedServer(e, depth + 1))) return true;
  return neverReachedServer(cause, depth + 1);
}

const isAbortLike = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";

export interface RetryOptions {
  fetch: FetchLike;
  retry: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  /** The clock of `maxRetryMs`. */
  now: () => number;
  signal?: AbortSignal;
}

/**
 * Sends `build()` (a fresh Request per attempt, so a body can be sent again) under the policy: a network failure
 * that is never retried (or the last one) becomes a FetchError with status 0; an answer is returned as it is, a
 * failing status included, for the caller to read.
 */
export async function fetchWithRetry(
  options: RetryOptions,
  method: string,
  build: () => Request,
  url: string,
): Promise<Response> {
  const { retry, signal } = options;
  const started = options.now();
  const mayRetry = (attempt: number) =>
    attempt < retry.attempts &&
    (retry.maxRetryMs === undefined || options.now() - started + retry.pauseMs <= retry.maxRetryMs);
  const read = RETRIED_METHODS.has(method.toUpperCase());

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw new AbortedError(url, signal.reason);
    let response: Response;
    try {
      response = await options.fetch(build());
    } catch (error) {
      if (signal?.aborted || isAbortLike(error)) throw new AbortedError(url, error);
      if (!(read || neverReachedServer(error)) || !mayRetry(attempt)) {
        const message = error instanceof Error ? error.message : String(error);
        throw new FetchError({ url, status: 0, statusText: "Network Error", message, cause: error });
      }
      await options.sleep(retry.pauseMs);
      continue;
    }
    if (!read || !RETRYABLE_STATUSES.has(response.status) || !mayRetry(attempt)) return response;
    await response.body?.cancel();
    await options.sleep(retry.pauseMs);
  }
}
