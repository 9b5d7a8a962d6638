/**
 * The storefront's limits as a shopper meets them (server/limits.ts has the mechanism and the table, docs/limits.md
 * the reasons): what is refused, in which words, and the crawlers' rule — a request `isbot` recognises browses as a
 * first visit does and never gets a guest identity or a cart of its own.
 */
import type { AppLoadContext } from "@remix-run/node";
import { isbot } from "isbot";
import { minutesToWait, type LimitCheck, type LimitVerdict } from "../../server/limits";

/** Why an action that needs the shopper's own guest identity (a cart) may not have one; see `LimitReachedError`. */
export interface IdentityRefusal {
  status: 429 | 403;
  message: string;
  retryAfterSeconds?: number;
}

/**
 * An action refused by a limit (429, with how long to wait) or because the client is a crawler (403: waiting
 * changes nothing). Thrown before the API is asked; the form that posted answers it with everything typed kept.
 */
export class LimitReachedError extends Error {
  override readonly name = "LimitReachedError";
  constructor(readonly refusal: IdentityRefusal) {
    super(refusal.message);
  }
}

/** Read by name, as the adapter's errors are: what a catch caught is sorted first (`caught(error).error`). */
export const isLimitReachedError = (e: Error | null): e is LimitReachedError => e?.name === "LimitReachedError";

/** The headers of a refusal's answer: `Retry-After` for a limit (none for a crawler, who may only browse). */
export function refusalHeaders(refusal: IdentityRefusal): HeadersInit {
  return refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : {};
}

export const newCartsMessage = (retryAfterSeconds: number) =>
  `Too many new carts have been started from your network. Try again in ${minutesToWait(retryAfterSeconds)}.`;
export const codeRequestsMessage = (retryAfterSeconds: number) =>
  `Too many verification codes have been asked for. Try again in ${minutesToWait(retryAfterSeconds)}.`;
export const CODE_VOID_MESSAGE = "That code was tried too many times and can no longer be used. Ask for a new code.";
export const codeTriesMessage = (retryAfterSeconds: number) =>
  `Too many wrong codes for this email address. Try again in ${minutesToWait(retryAfterSeconds)}.`;
export const CRAWLER_MESSAGE = "Automated browsers can look around the store but can't add to a cart.";

/** Whether the request comes from a crawler or another bot, by its User-Agent. */
export const isBotRequest = (request: Request) => isbot(request.headers.get("User-Agent"));

/** Spends the checks' points (server/limits.ts `take`); always allowed where the server keeps no limits (unit tests). */
export function takeLimits(context: AppLoadContext, ...checks: LimitCheck[]): Promise<LimitVerdict> {
  return context.limits ? context.limits.take(...checks) : Promise.resolve({ allowed: true });
}

/** Whether every check has a point left, spending none. */
export function peekLimits(context: AppLoadContext, ...checks: LimitCheck[]): Promise<LimitVerdict> {
  return context.limits ? context.limits.peek(...checks) : Promise.resolve({ allowed: true });
}

/** Counts a failure on each check (a wrong code). */
export async function countFailure(context: AppLoadContext, ...checks: LimitCheck[]): Promise<void> {
  await context.limits?.count(...checks);
}

const IDENTITY_REFUSAL = Symbol("identity refusal");

/** This request's refusal of a guest identity of its own, once decided (tokens.server.ts guestScope). */
export const identityRefusalOf = (context: AppLoadContext) =>
  context.perRequest.once(IDENTITY_REFUSAL, (): { refusal?: IdentityRefusal } => ({}));

/**
 * Whether a visitor without a guest identity may be given one in this request: not a crawler, and not from an address
 * that has had its new identities for now (peeked: the point is spent when the identity is made).
 */
export async function identityRefusal(context: AppLoadContext, request: Request): Promise<IdentityRefusal | null> {
  if (isBotRequest(request)) return { status: 403, message: CRAWLER_MESSAGE };
  const verdict = await peekLimits(context, ["guestIdentityPerAddress", context.clientAddress]);
  return verdict.allowed
    ? null
    : {
        status: 429,
        message: newCartsMessage(verdict.retryAfterSeconds),
        retryAfterSeconds: verdict.retryAfterSeconds,
      };
}
