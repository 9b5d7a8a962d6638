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
import type { CircuitBreaker } from "./breaker.js";
import { AbortedError, CALL_TIMED_OUT, CIRCUIT_OPEN, FetchError, UNAVAILABLE_STATUSES } from "./errors.js";

/**
 * A fetch the adapter is given: the network's (node-fetch.ts), or the emulator's in-process handler. The call's signal
 * comes beside the request, as the platform fetch takes it, not inside it: a Request made with a signal is registered
 * with undici's FinalizationRegistry, which keeps it, and all it reaches, past every young-generation collection until
 * a mark-compact, whose cleanup then runs one callback per such Request in one task (docs/performance.md, "What a
 * mark-compact leaves to do"). The network transport hands the signal to node:http and the in-process emulator does
 * not need it, so a call registers nothing; the platform fetch, given one, would make its own Request from the two
 * and register it once.
 */
export type FetchLike = (input: Request, init?: { signal?: AbortSignal }) => Promise<Response>;

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
  /**
   * The API host's circuit breaker (breaker.ts): asked before every attempt (an open one fails the call at once with
   * a 503 CIRCUIT_OPEN, nothing sent), told how every attempt ended.
   */
  breaker?: CircuitBreaker;
  /**
   * Time limit of one attempt, until the answer's headers (breaker.ts); past it the attempt fails as a network
   * failure would (status 0, CALL_TIMED_OUT) and is aborted. Unset: no limit.
   */
  timeoutMs?: number;
}

/** The failure of a call the open circuit breaker refused: the API's own 503, as far as callers can tell. */
function circuitOpenError(url: string, breaker: CircuitBreaker): FetchError {
  const seconds = Math.max(1, Math.ceil(breaker.msUntilProbe() / 1000));
  return new FetchError({
    url,
    status: 503,
    statusText: "Service Unavailable",
    errors: [
      {
        type: CIRCUIT_OPEN,
        message: `${breaker.host} is not answering: calls fail at once for ${seconds} s more, then one probe.`,
      },
    ],
  });
}

class AttemptTimedOut extends Error {
  constructor(readonly ms: number) {
    super(`No answer within ${ms} ms`);
  }
}

/**
 * One attempt under the time limit. The request is aborted when the limit passes, and the attempt fails then even if
 * `fetch` ignores the abort (an in-process fetch may).
 *
 * The caller's signal (the shopper's request) aborts the attempt through the attempt's own controller, by a listener
 * the attempt removes when it ends. Not `AbortSignal.any([signal, limit])`: Node keeps a combined signal that has a
 * listener in a process-wide set until the listener goes, and fetch's goes only once a mark-compact has collected its
 * Request, so every call's combined signal, with its weak references and its sources' bookkeeping, outlived the young
 * generation (2–4 KB promoted a view; docs/performance.md).
 */
async function attemptOnce(options: RetryOptions, build: () => Request): Promise<Response> {
  const ms = options.timeoutMs;
  if (!ms) return options.fetch(build(), options.signal ? { signal: options.signal } : undefined);
  const limit = new AbortController();
  const caller = options.signal;
  const callerAborted = () => limit.abort(caller?.reason);
  caller?.addEventListener("abort", callerAborted, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new AttemptTimedOut(ms);
      reject(error);
      limit.abort(error);
    }, ms);
  });
  try {
    return await Promise.race([options.fetch(build(), { signal: limit.signal }), timedOut]);
  } catch (error) {
    // The platform fetch rejects with the abort's reason, or an AbortError, when its limit aborted it.
    throw limit.signal.aborted && !caller?.aborted ? limit.signal.reason : error;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener("abort", callerAborted);
  }
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
  const { retry, signal, breaker } = options;
  const started = options.now();
  const mayRetry = (attempt: number) =>
    attempt < retry.attempts &&
    (retry.maxRetryMs === undefined || options.now() - started + retry.pauseMs <= retry.maxRetryMs);
  const read = RETRIED_METHODS.has(method.toUpperCase());

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw new AbortedError(url, signal.reason);
    if (breaker && !breaker.admit()) throw circuitOpenError(url, breaker);
    let response: Response;
    try {
      response = await attemptOnce(options, build);
    } catch (error) {
      if (!(error instanceof AttemptTimedOut) && (signal?.aborted || isAbortLike(error))) {
        breaker?.released();
        throw new AbortedError(url, error);
      }
      breaker?.failed();
      // A write cut short by its time limit may have been processed: never sent again.
      if (!(read || neverReachedServer(error)) || !mayRetry(attempt)) {
        const message = error instanceof Error ? error.message : String(error);
        const errors = error instanceof AttemptTimedOut ? [{ type: CALL_TIMED_OUT, message }] : undefined;
        throw new FetchError({ url, status: 0, statusText: "Network Error", message, errors, cause: error });
      }
      await options.sleep(retry.pauseMs);
      continue;
    }
    if (UNAVAILABLE_STATUSES.has(response.status)) breaker?.failed();
    else breaker?.succeeded();
    if (!read || !RETRYABLE_STATUSES.has(response.status) || !mayRetry(attempt)) return response;
    await response.body?.cancel();
    await options.sleep(retry.pauseMs);
  }
}
