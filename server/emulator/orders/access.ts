import { randomBytes } from "node:crypto";
import { ApiError } from "../core/errors.js";
import {
  orderReader,
  type OrderRow,
  forgetLookupFailures,
  insertOrderAccessToken,
  lookupFailures,
  orderAccessToken,
  recordLookupFailure,
} from "./store.js";
import { constantTimeEqual, normalizeEmail, normalizeName, normalizePhone, phoneGiven } from "./query.js";
import type { RequestContext } from "../core/router.js";
import type { Emu } from "../core/state.js";
import { type UserRow } from "../core/store.js";

/**
 * Who may read an order, and the safety of looking one up:
 * - a signed-in buyer reads the orders of every account they may act for;
 * - anyone reads a guest order after verifying its contact details (or with an access token from authorize);
 * - every other case gets exactly the answer an unknown order gets (ORDER_NOT_FOUND), after the same work,
 *   so neither the body nor the timing tells an order number that exists from one that doesn't;
 * - failed lookups are rate-limited per client (LOOKUP_FAILURE_LIMIT per LOOKUP_WINDOW_MS) and, with a backoff,
 *   per (order, client): never per order alone, which would let anyone lock an order's owner out. A signed-in
 *   buyer's own order is never limited. [I] No Salesforce page documents a lookup limit: see docs/emulator-orders.md.
 */

export const ORDER_NOT_FOUND_MESSAGE = "Something's not right. Check your info and try again.";
export const LOOKUP_FAILURE_LIMIT = 10;
export const LOOKUP_WINDOW_MS = 60_000;
/** Failures for one (order, client) before each next try must wait: 1 s, then 2 s, 4 s … (within the window). */
export const LOOKUP_FREE_TRIES = 3;
export const ACCESS_TOKEN_TTL_MS = 60 * 60_000;

/** The one answer for an order the caller may not see, whatever the reason. */
export function orderNotFound() {
  return new ApiError(404, "NOT_FOUND", ORDER_NOT_FOUND_MESSAGE);
}

export function tooManyLookups() {
  return new ApiError(429, "REQUEST_LIMIT_EXCEEDED", "Too many lookup attempts. Try again in a minute.");
}

export interface Verification {
  email?: unknown;
  lastName?: unknown;
  phoneNumber?: unknown;
}

/** What a lookup may present besides a session: guest details and/or an access token. */
export interface Credentials {
  verification?: Verification | null;
  accessToken?: string | null;
  /** authorize: the phone number is required and must match (no placeholder allowance). */
  phoneRequired?: boolean;
}

// Compared against when there is no guest order to compare with, so a miss does the same work as a wrong e-mail.
const DUMMY_CONTACT = { email: "nobody@invalid.example", last_name: "Nobody", phone: "0000000000" };

/** Accounts a buyer may act for: their own and their managed accounts. */
export function actableAccounts(emu: Emu, user: UserRow): Set<string> {
  return new Set([user.account_id, ...emu.store.managedAccounts(user.id).map((a) => a.id)]);
}

/**
 * Checks guest details against a guest order. The e-mail must match (trimmed, any case); a last name or phone
 * number, when given, must match too. Every comparison runs, whether or not there is an order.
 */
export function verifyGuestDetails(
  order: OrderRow | undefined,
  v: Verification | null | undefined,
  phoneRequired = false,
): boolean {
  const isGuestOrder = !!order && order.owner_user_id === null;
  const target = isGuestOrder ? order : DUMMY_CONTACT;
  const email = normalizeEmail(v?.email);
  const emailOk = constantTimeEqual(email, normalizeEmail(target.email));
  const lastNameGiven = normalizeName(v?.lastName) !== "";
  const lastNameOk = constantTimeEqual(normalizeName(v?.lastName), normalizeName(target.last_name));
  const phoneIsGiven = phoneRequired || phoneGiven(v?.phoneNumber);
  const phoneOk =
    normalizePhone(v?.phoneNumber) !== "" &&
    constantTimeEqual(normalizePhone(v?.phoneNumber), normalizePhone(target.phone));
  // Bitwise and: no short-circuit, so the time doesn't depend on which check failed.
  return !!(
    Number(isGuestOrder) &
    Number(email !== "") &
    Number(emailOk) &
    Number(!lastNameGiven || lastNameOk) &
    Number(!phoneIsGiven || phoneOk)
  );
}

export function accessTokenValid(emu: Emu, order: OrderRow | undefined, token: string | null | undefined): boolean {
  const row = orderAccessToken(emu, token ?? "");
  const orderId = order?.id ?? "";
  return !!row && constantTimeEqual(row.order_summary_id, orderId) && row.expires_at > emu.clock.now();
}

export function issueAccessToken(emu: Emu, order: OrderRow): string {
  const token = randomBytes(32).toString("base64url");
  const now = emu.clock.now();
  insertOrderAccessToken(emu, token, order.id, now, now + ACCESS_TOKEN_TTL_MS);
  return token;
}

/**
 * Whether the caller may see the order: a buyer acting for its account, or matching guest details, or a live
 * access token. `order` may be undefined (unknown number): the same checks still run, against nothing.
 */
export function mayReadOrder(ctx: RequestContext, order: OrderRow | undefined, creds: Credentials = {}): boolean {
  const accounts = ctx.user ? actableAccounts(ctx.emu, ctx.user) : new Set<string>();
  const asBuyer = !!order && order.account_id !== null && accounts.has(order.account_id);
  const byDetails = creds.verification ? verifyGuestDetails(order, creds.verification, creds.phoneRequired) : false;
  const byToken = creds.accessToken ? accessTokenValid(ctx.emu, order, creds.accessToken) : false;
  return asBuyer || byDetails || byToken;
}

/**
 * The rate-limit key of the caller. Signed-in: the buyer. Guest: the client address the storefront forwards
 * (first X-Forwarded-For entry), else its X-Client-Id header, else the guest's UVID; a guest with none of
 * these shares one bucket with all such guests (the limit fails closed rather than open).
 */
export function clientKey(ctx: RequestContext): string {
  if (ctx.user) return `client:user:${ctx.user.id}`;
  const forwarded = ctx.req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return `client:ip:${forwarded}`;
  const clientId = ctx.req.headers.get("x-client-id")?.trim();
  if (clientId) return `client:id:${clientId}`;
  if (ctx.uvid) return `client:guest:${ctx.uvid}`;
  return "client:anonymous";
}

/** The order's bucket: its id when the key names an order (so id, number and reference share one), else the key. */
function orderBucket(order: OrderRow | undefined, key: string) {
  return order ? `order:${order.id}` : `order:${key.trim().toLowerCase()}`;
}

/**
 * One guarded lookup: finds the order by id / number / reference; a signed-in buyer's own order opens whatever
 * the limits say; otherwise refuses with 429 while the client is over its limit or its tries at this order are
 * backing off, checks access, records a failure and answers ORDER_NOT_FOUND when it fails.
 */
export function guardedLookup(ctx: RequestContext, key: string, creds: Credentials): OrderRow {
  const emu = ctx.emu;
  const reader = orderReader(emu);
  const order = reader.find(ctx.webstoreId, key);
  if (!order) reader.decoy(ctx.webstoreId);
  if (ctx.user && order && order.account_id !== null && actableAccounts(emu, ctx.user).has(order.account_id))
    return order;
  const client = clientKey(ctx);
  const keys = [client, `${orderBucket(order, key)}|${client}`];
  const now = emu.clock.now();
  const since = now - LOOKUP_WINDOW_MS;
  const byClient = lookupFailures(emu, keys[0], since);
  const atOrder = lookupFailures(emu, keys[1], since);
  const backoffMs = atOrder.n >= LOOKUP_FREE_TRIES ? 1000 * 2 ** (atOrder.n - LOOKUP_FREE_TRIES) : 0;
  if (byClient.n >= LOOKUP_FAILURE_LIMIT || (atOrder.last !== null && now - atOrder.last < backoffMs))
    throw tooManyLookups();
  if (mayReadOrder(ctx, order, creds)) return order!;
  for (const k of keys) recordLookupFailure(emu, k, now);
  // Old failures no longer count; dropping them keeps the table small.
  forgetLookupFailures(emu, now - LOOKUP_WINDOW_MS);
  throw orderNotFound();
}

/** A read of an order by id (no lookup form): the same access rule, without counting failures. */
export function readableOrder(ctx: RequestContext, key: string, creds: Credentials = {}): OrderRow {
  const order = orderReader(ctx.emu).find(ctx.webstoreId, key);
  if (!mayReadOrder(ctx, order, creds)) throw orderNotFound();
  return order!;
}
