/**
 * The client's failures (spec §8). Every error carries a `name` the guards below check: the Remix server bundle
 * may hold a second copy of this module, so `instanceof` would answer false for an error thrown by the other copy.
 */
import type { JsonValue } from "./types/index.js";

export const INTERNAL_ERROR = "INTERNAL_ERROR";
export const INSUFFICIENT_INVENTORY = "INSUFFICIENT_INVENTORY";
export const NULL_CHECKOUTID = "NULL_CHECKOUTID";
export const SESSION_NOT_LOADED = "SESSION_NOT_LOADED";
export const SSR_NO_POLLING = "SSR_NO_POLLING";
export const SSR_FAST_CHECKOUT = "SSR_FAST_CHECKOUT";
export const SSR_CHECKOUT_RETRY = "SSR_CHECKOUT_RETRY";
export const CPA_DISABLED = "CPA disabled";
export const CART_VALIDATION_ERROR = "CART_VALIDATION_ERROR";
export const UNKNOWN_ERROR = "UNKNOWN_ERROR";
/** Our name for the spec's "waited beyond 14 attempts"; the spec gives only the message. */
export const ASYNC_MAX_WAIT_EXCEEDED = "ASYNC_MAX_WAIT_EXCEEDED";
export const ASYNC_MAX_WAIT_MESSAGE = "async maximum wait exceeded";
/** Product error 107 of the spec's catalogue, raised before sending a quantity outside 1..100000000. */
export const INVALID_QUANTITY = "107";
/**
 * Our codes for a call that never got an answer (breaker.ts): the host's circuit breaker is open (the call was not
 * sent), or the call ran past its time limit. Both travel as FetchErrors with the status a gateway would answer
 * (503, 504), so every caller that handles an unavailable API handles them.
 */
export const CIRCUIT_OPEN = "CIRCUIT_OPEN";
export const CALL_TIMED_OUT = "CALL_TIMED_OUT";

export interface ApiErrorItem {
  message: string;
  /** The API's `errorCode` (Connect errors) or `type` (checkout errors) or `error` (OAuth errors). */
  type: string;
  arguments?: unknown[];
  /** A checkout error's input fields it is about (`name`: the field's path in the request body). */
  invalidParameters?: { name: string; reason?: string }[];
}

export interface FetchErrorInit {
  url: string;
  status: number;
  statusText: string;
  errors?: ApiErrorItem[];
  /** Replaces the default message (first error message, else the status text). */
  message?: string;
  /** The parsed response body, kept so callers can still read a partly useful answer (batch results, 422 checkout). */
  body?: JsonValue;
  cause?: unknown;
}

export class FetchError extends Error {
  override readonly name = "FetchError";
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly errors: ApiErrorItem[];
  readonly code: string;
  readonly body: JsonValue | undefined;

  constructor(init: FetchErrorInit) {
    const errors = init.errors ?? [];
    super(init.message ?? (errors[0]?.message || init.statusText), { cause: init.cause });
    this.url = init.url;
    this.status = init.status;
    this.statusText = init.statusText;
    this.errors = errors;
    this.code = errors[0]?.type || UNKNOWN_ERROR;
    this.body = init.body;
  }
}

/** A failure raised by the client itself, before or without an HTTP error: validation, polling limits. */
export class WebstoreError extends Error {
  override readonly name = "WebstoreError";
  readonly code: string;
  /** What the caller may still use, e.g. the last processing answer when polling stopped. */
  readonly detail: unknown;

  constructor(code: string, message: string = code, detail?: unknown) {
    super(message);
    this.code = code;
    this.detail = detail;
  }
}

export class AbortedError extends Error {
  override readonly name = "Aborted";
  readonly url: string;

  constructor(url: string, cause?: unknown) {
    super(`Request aborted: ${url}`, { cause });
    this.url = url;
  }
}

function hasName(e: unknown, name: string): boolean {
  return typeof e === "object" && e !== null && (e as { name?: unknown }).name === name;
}

export const isFetchError = (e: unknown): e is FetchError => hasName(e, "FetchError");
export const isAbortedError = (e: unknown): e is AbortedError => hasName(e, "Aborted");
export const isWebstoreError = (e: unknown): e is WebstoreError => hasName(e, "WebstoreError");

/**
 * Statuses of an API that is down, overloaded or out of reach rather than refusing this request: a gateway's 502 and
 * 504, the API's 503 (SERVICE_UNAVAILABLE, maintenance), and 0 (no connection, no answer).
 */
export const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([0, 502, 503, 504]);

/**
 * True when `e` says the API could not answer (unavailable, unreachable, timed out, or its circuit open): the store's
 * trouble, not the shopper's request. Pages answer it with the store's own 503 page, or with stale catalog answers.
 * A 500 is not one of them: it answers this request only, and stays a page error.
 */
export function isUnavailable(e: unknown): boolean {
  return isFetchError(e) && UNAVAILABLE_STATUSES.has(e.status);
}

/** True when `e` is any of our errors (or a look-alike) carrying `code`. */
export function hasErrorCode(e: unknown, code: string): boolean {
  return typeof e === "object" && e !== null && (e as { code?: unknown }).code === code;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

function toItem(raw: unknown): ApiErrorItem | undefined {
  if (!isObject(raw)) return undefined;
  const type = str(raw.errorCode) ?? str(raw.type) ?? "";
  const message = str(raw.message) ?? str(raw.detail) ?? str(raw.title) ?? "";
  const args = Array.isArray(raw.arguments) ? { arguments: raw.arguments } : {};
  const invalid = Array.isArray(raw.invalidParameters)
    ? raw.invalidParameters
        .filter((p): p is Json => isObject(p) && typeof p.name === "string")
        .map((p) => ({ name: p.name as string, ...(typeof p.reason === "string" ? { reason: p.reason } : {}) }))
    : [];
  return { type, message, ...args, ...(invalid.length > 0 ? { invalidParameters: invalid } : {}) };
}

/**
 * The error list of a failed answer, whichever of the API's three shapes it has:
 * Connect `[{errorCode, message}]`, OAuth `{error, error_description}`, checkout `{errors: [{type, detail}]}`.
 */
export function parseErrorBody(body: unknown): ApiErrorItem[] {
  if (Array.isArray(body)) return body.map(toItem).filter((i): i is ApiErrorItem => !!i);
  if (!isObject(body)) return [];
  if (typeof body.error === "string") {
    return [{ type: body.error, message: str(body.error_description) ?? body.error }];
  }
  if (Array.isArray(body.errors)) return parseErrorBody(body.errors);
  const single = toItem(body);
  return single?.type ? [single] : [];
}

export interface NormalizedError {
  code: string;
  /** Present when the UI should show the server's words rather than its own label for the code. */
  message?: string;
}

const isCartUrl = (url: string) => /\/commerce\/webstores\/[^/]+\/carts(\/|\?|$)/.test(url);

/**
 * Spec §8 code normalisation. Commerce (HTTP) errors become their code; the server's message is kept for
 * CART_VALIDATION_ERROR and for calls outside carts, because the cart UI has its own wording per code.
 * Anything else ("legacy" errors) takes the type of its first error, else its name, else UNKNOWN_ERROR.
 */
export function normalizeError(e: unknown): NormalizedError {
  if (isFetchError(e)) {
    const first = e.errors[0];
    if (!first?.type) return { code: UNKNOWN_ERROR, message: e.message };
    const keepMessage = first.type === CART_VALIDATION_ERROR || !isCartUrl(e.url);
    return keepMessage ? { code: first.type, message: first.message || e.message } : { code: first.type };
  }
  if (!isObject(e) && !(e instanceof Error)) return { code: UNKNOWN_ERROR };
  const err = e as Json;
  if (typeof err.code === "string" && err.code) return { code: err.code, message: str(err.message) };
  const first = Array.isArray(err.errors) ? toItem(err.errors[0]) : undefined;
  if (first?.type) return { code: first.type, message: first.message };
  const name = str(err.name);
  if (name && name !== "Error") return { code: name, message: str(err.message) };
  return { code: UNKNOWN_ERROR, message: str(err.message) };
}
