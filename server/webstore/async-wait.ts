import { ASYNC_MAX_WAIT_EXCEEDED, ASYNC_MAX_WAIT_MESSAGE, SSR_NO_POLLING, WebstoreError } from "./errors.js";

/**
 * How many loads of an answer that is still processing, at most: Salesforce's storefront client loads tries 0–14 and
 * gives up at try 15 ('async maximum wait exceeded'; `loadCheckoutRetryDelayMs`, maxRetryCount 14, in
 * forcedotcom/commerce-on-lightning-components `src/lwc/commerce_unified_checkout/checkoutApiInternal/checkoutStore.ts`,
 * commit 34f0b679460607a91383be672203d6620ba79ee3). The spec's "up to 14 attempts" (§4) counts its re-reads.
 */
export const ASYNC_MAX_ATTEMPTS = 15;

/**
 * Pause before load number `attempt` (0-based), as the same client pauses (`loadCheckoutRetryDelayMs`): tries 0–4
 * at once, 5–8 100 ms more each step, then 750 ms doubled each try from try 8 (1.5 s, 3 s, … 48 s): the spec's
 * "afterwards 750 ms doubled each attempt" (§4). About 95 s in all; fast at first because most cart and checkout
 * work finishes within a few hundred ms.
 */
export function asyncWaitDelay(attempt: number): number {
  if (attempt <= 4) return 0;
  if (attempt <= 8) return (attempt - 4) * 100;
  return 750 * 2 ** (attempt - 8);
}

/**
 * A page's server waits for a checkout still calculating for the schedule's first second only (decision 020, the
 * bound decision 004 gives a page's retries): tries 0–8, whose pauses (0, 0, 0, 0, 0, 100, 200, 300, 400 ms) add up
 * to one second. The browser goes on with the rest of the schedule (try 9 on) while the page shows 'Loading'.
 */
export const PAGE_WAIT_BUDGET_MS = 1000;
export const PAGE_WAIT_ATTEMPTS = (() => {
  let attempts = 1;
  for (let paused = 0; paused + asyncWaitDelay(attempts) <= PAGE_WAIT_BUDGET_MS; attempts++)
    paused += asyncWaitDelay(attempts);
  return attempts;
})();

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
