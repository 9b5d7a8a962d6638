/**
 * What the checkout's steps (./shipping.server and the others) share: the parts of the request's checkout a step of
 * the active checkout works with (`StepParts`, given by the face, ../checkout.server.ts, which keeps what a request
 * shares between its reads), a step's answer to a POST, and the failure a step's call ends in. Each step's file
 * declares the parts it needs beyond these (`ShippingParts`, …), as the cart's page does (`CartPageParts`).
 */
import type { ApplicationContext } from "../../../server/webstore/index";
import type { CheckoutFailure, CheckoutLine } from "~/checkout/model/index";
import type { CheckoutPageData, LoadedCheckout } from "./active.server";
import type { CheckoutProgress } from "./session.server";
import type { Caught } from "~/shop/errors.server";

/** The active checkout as a step reads it and records what the shopper did there. */
export interface StepParts {
  /**
   * The active checkout, or a thrown redirect: none → /checkout; already placed → its confirmation; expired →
   * started again; gone → the cart.
   */
  active(): Promise<LoadedCheckout>;
  /** Everything a step shows: the checkout plus its cart's lines (the step's page of them), shipments and coupons. */
  page(loaded: LoadedCheckout): Promise<CheckoutPageData>;
  /** The application context (read once per request), or an empty one when it can't be read. */
  appContext(): Promise<ApplicationContext>;
  /** The shopper's reading of a failed call (`lines` name the products it is about). */
  failure(error: Caught, lines?: readonly CheckoutLine[]): CheckoutFailure;
  /** The redirect a failure ends in when the page can't go on (expired, missing, sign in), else null. */
  recover(failure: CheckoutFailure): Promise<Response | null>;
  progress(checkoutId: string): CheckoutProgress;
  updateProgress(checkoutId: string, change: Partial<Omit<CheckoutProgress, "checkoutId">>): void;
}

/** A step's answer to a POST: a redirect (made with the core's `redirect`) or the page's data with its status. */
export type StepAnswer<T> = Response | { data: T; status: number };

/** The words of a step opened before the steps it needs (review's and payment's redirect). */
export const FINISH_STEP_FIRST = "Finish this step first.";

/**
 * A step's call that failed: the redirect it ends in when the page can't go on (an expired checkout started again,
 * a gone one, a shopper who must sign in: `recover`), else the failure the page shows, with its status (409 when the
 * cart changed or ran out of stock underneath, else 400).
 */
export async function failureAnswer(
  checkout: Pick<StepParts, "failure" | "recover">,
  error: Caught,
  lines: readonly CheckoutLine[],
): Promise<Response | { failure: CheckoutFailure; status: number }> {
  const failure = checkout.failure(error, lines);
  const redirect = await checkout.recover(failure);
  if (redirect) return redirect;
  return { failure, status: failure.kind === "conflict" || failure.kind === "inventory" ? 409 : 400 };
}
