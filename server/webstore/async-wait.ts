import { ASYNC_MAX_WAIT_EXCEEDED, ASYNC_MAX_WAIT_MESSAGE, SSR_NO_POLLING, WebstoreError } from "./errors.js";

/** Spec §4: at most 14 loads of an answer that is still processing. */
export const ASYNC_MAX_ATTEMPTS = 14;

/**
 * Pause before load number `attempt` (0-based), spec §4: attempts 0-4 immediately, 5-8 add 100 ms per step,
 * then 750 ms doubling. Fast at first because most cart and checkout work finishes within a few hundred ms.
 */
export function asyncWaitDelay(attempt: number): number {
  if (attempt <= 4) return 0;
  if (attempt <= 8) return (attempt - 4) * 100;
  return 750 * 2 ** (attempt - 9);
}

export interface AsyncWaitOptions {
  maxAttempts?: number;
  delayMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
  /** On the server a request must never block polling: the page renders "Loading" and the browser refreshes. */
  serverRendering?: boolean;
}

/**
 * How methods whose answer may still be processing return it: the HTTP status, whether the API is still
 * working (202, or `asyncOperationStatus: "Processing"` on the body or its cart summary), and the body.
 */
export interface Async<T> {
  status: number;
  processing: boolean;
  data: T;
}

const isProcessingStatus = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  (value as { asyncOperationStatus?: unknown }).asyncOperationStatus === "Processing";

export function isProcessing(status: number, data: unknown): boolean {
  if (status === 202 || isProcessingStatus(data)) return true;
  return (
    typeof data === "object" && data !== null && isProcessingStatus((data as { cartSummary?: unknown }).cartSummary)
  );
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads until the answer is no longer processing. When it stays processing, throws a WebstoreError whose
 * `detail` is the last answer (stale data the page may still show): code SSR_NO_POLLING at once when server
 * rendering, else ASYNC_MAX_WAIT_EXCEEDED ('async maximum wait exceeded') after the last attempt.
 */
export async function waitForReady<T extends { processing: boolean }>(
  load: () => Promise<T>,
  options: AsyncWaitOptions = {},
): Promise<T> {
  const { maxAttempts = ASYNC_MAX_ATTEMPTS, delayMs = asyncWaitDelay, sleep = defaultSleep } = options;
  let last: T | undefined;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const delay = delayMs(attempt);
    if (delay > 0) await sleep(delay);
    last = await load();
    if (!last.processing) return last;
    if (options.serverRendering) {
      throw new WebstoreError(SSR_NO_POLLING, "Still processing; the server does not poll", last);
    }
  }
  throw new WebstoreError(ASYNC_MAX_WAIT_EXCEEDED, ASYNC_MAX_WAIT_MESSAGE, last);
}
