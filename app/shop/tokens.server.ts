/**
 * The shopper's identity in the session: who they are (a guest, or a buyer and the account they act for) and the
 * tokens their API calls carry — a guest token for the session's UVID (Headless Guest Flow), or the buyer's access
 * token, renewed from the refresh token while the buyer is active (decision 005).
 */
import type { AppLoadContext } from "@remix-run/node";
import {
  describeSetupProblem,
  isFetchError,
  newUvid,
  type FetchError,
  type TokenSet,
} from "../../server/webstore/index";
import { caught } from "~/lib/caught";
import type { BrowsingIdentity } from "../../server/load-context";
import type { StoreSession } from "./session.server";
import { identityRefusal, identityRefusalOf, LimitReachedError, newCartsMessage, takeLimits } from "./limits.server";

export interface Shopper {
  isLoggedIn: boolean;
  userId?: string;
  firstName?: string;
  effectiveAccountId?: string;
  effectiveAccountName?: string;
  /** The buyer may act for several accounts (B2B): the account switcher is offered. */
  canSwitchAccount?: boolean;
  /** The buyer's account is a business account (true), a person account (false), or the API didn't say. */
  businessBuyer?: boolean;
}

export function shopperOf(session: StoreSession): Shopper {
  const accessToken = session.get("accessToken");
  if (!accessToken) return { isLoggedIn: false };
  return {
    isLoggedIn: true,
    userId: session.get("userId"),
    firstName: session.get("firstName"),
    effectiveAccountId: session.get("effectiveAccountId"),
    effectiveAccountName: session.get("effectiveAccountName"),
    canSwitchAccount: (session.get("managedAccountCount") ?? 0) > 1,
    businessBuyer: session.get("businessBuyer"),
  };
}

/** A buyer's token is renewed (refresh token) when a request comes within this of its expiry. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** A guest token is replaced when a request comes within this of its expiry. */
const GUEST_TOKEN_MARGIN_MS = 60_000;

/** The buyer's tokens into the session (login, refresh). */
export function keepBuyerTokens(session: StoreSession, tokens: TokenSet) {
  session.set("accessToken", tokens.accessToken);
  session.set("refreshToken", tokens.refreshToken);
  session.set("apiUrl", tokens.apiUrl || undefined);
  session.set("tokenExpiresAt", tokens.expiresAt ?? undefined);
}

/**
 * Makes sure the shopper's token is still usable before the request's API calls; the request's shop calls it once, as
 * it is built (the root and page loaders share that shop):
 * - a guest who has a guest token of their own gets a new one when it is about to expire. A visitor who has none is
 *   not given one here: until they act they browse with the server's browsing identity (browsingToken), and their own
 *   UVID and guest token are made when the API first asks for them (guestScope);
 * - a buyer whose token is about to expire gets a new one from the refresh token. An expired buyer token is
 *   not renewed: the session timed out (spec §2), and the request ends in the sign-in redirect (withShop).
 * Failures leave the session as it is: the API's 401 then decides, as for any other refused token.
 */
export async function ensureIdentity(context: AppLoadContext, session: StoreSession): Promise<void> {
  const now = Date.now();
  if (session.get("accessToken")) {
    const expiresAt = session.get("tokenExpiresAt");
    const refreshToken = session.get("refreshToken");
    if (typeof expiresAt !== "number" || expiresAt <= now || expiresAt - now > REFRESH_MARGIN_MS || !refreshToken)
      return;
    try {
      keepBuyerTokens(session, await context.webstore({}).refreshAccessToken(refreshToken));
    } catch (error) {
      if (!isFetchError(error)) throw error;
      console.warn("Refreshing the buyer's token failed:", error.message);
    }
    return;
  }
  if (session.get("guestToken")) await renewGuestToken(context, session, { onlyIfDue: true, now });
}

/**
 * The token a guest's calls carry, and how a refused one is replaced (ShopperScope's `accessToken`, `renewToken`):
 * - a guest with a token of their own: it, renewed for the same UVID when the API refuses it;
 * - a visitor who has none, on a page view (GET, HEAD): the server's browsing identity. Browsing is all a page view
 *   does, and it is the same for every guest: what a guest may see is the store's guest buyer profile's, one for all
 *   guests (docs/emulator-identity.md, "First visits"). So a first visit, a crawler, a shopper who only looks makes no
 *   identity call and gets no session cookie;
 * - a crawler (isbot), or a visitor from an address that has had its new identities for now (docs/limits.md), in an
 *   action: the browsing identity too, and the refusal kept for the request; what needs an identity of its own (a
 *   cart) is refused before the API is asked (LimitReachedError);
 * - any other visitor who has none, in an action (they act: add to a cart, look up an order, order quickly): no token yet;
 *   the action's first call that needs one makes their own UVID and guest token first (the client's renewToken), kept
 *   in the session. An action makes no identity call until it makes an API call, and never runs as the browsing
 *   identity, nor without a token (a site that lets guests use the API would answer it as its one guest user): a cart
 *   it opened would be every visitor's.
 */
export async function guestScope(
  context: AppLoadContext,
  session: StoreSession,
  request: Request,
): Promise<{ accessToken: string | undefined; renewToken: () => Promise<string | undefined> }> {
  const own = session.get("guestToken");
  const renewOwn = () => renewGuestToken(context, session);
  if (own) return { accessToken: own, renewToken: renewOwn };
  if (!(request.method === "GET" || request.method === "HEAD")) {
    // A crawler, or an address that has had its new identities for now, acts as the browsing identity: its page
    // reads as a first visit's, and what would need an identity of its own (a cart) is refused (limits.server.ts).
    const refusal = await identityRefusal(context, request);
    if (!refusal) return { accessToken: undefined, renewToken: renewOwn };
    identityRefusalOf(context).refusal = refusal;
  }
  const browsing = await browsingToken(context);
  return { accessToken: browsing, renewToken: () => renewBrowsingToken(context, browsing) };
}

/**
 * A request whose guest token exchange (Headless Guest Flow) failed keeps the failure in its scope: its guest calls then
 * go without a token and are refused, which must not read as "sign in to browse" (withShop shows the store as
 * unavailable instead).
 */
const GUEST_EXCHANGE = Symbol("guest token exchange");

const exchangeOf = (context: AppLoadContext) =>
  context.perRequest.once(GUEST_EXCHANGE, (): { failure?: { error: unknown } } => ({}));

/** Whether this request's guest token exchange failed (logged with its cause as it happened). */
export function guestExchangeFailed(context: AppLoadContext): boolean {
  return exchangeOf(context).failure !== undefined;
}

/** A failed guest token exchange: remembered for the request, and logged with the org-side fix when there is one. */
function guestExchangeFailure(context: AppLoadContext, what: string, error: FetchError) {
  exchangeOf(context).failure = { error };
  console.error(describeSetupProblem(what, error));
}

/** The browsing identity when the server has none (a load context built without one: unit tests). */
const fallbackBrowsing: BrowsingIdentity = {};

/** The server's browsing identity's token: made once (its own UVID), renewed when about to expire. */
export async function browsingToken(context: AppLoadContext, now = Date.now()): Promise<string | undefined> {
  const held = context.browsingIdentity ?? fallbackBrowsing;
  if (held.token && (typeof held.expiresAt !== "number" || held.expiresAt - now > GUEST_TOKEN_MARGIN_MS))
    return held.token;
  return renewBrowsingToken(context, held.token);
}

/**
 * A new token for the browsing identity, once for all the requests that found `refused` wanting (the API refused it,
 * or it is expiring); a request that comes after another renewed it takes the new one.
 */
export function renewBrowsingToken(context: AppLoadContext, refused: string | undefined): Promise<string | undefined> {
  const held = context.browsingIdentity ?? fallbackBrowsing;
  // Every request that waited on a failed exchange knows it failed (only the one that made it logs why).
  const noted = (pending: Promise<string | undefined>) =>
    pending.then((token) => {
      if (token === undefined) exchangeOf(context).failure ??= { error: "shared" };
      return token;
    });
  if (held.pending) return noted(held.pending);
  if (held.token !== refused) return Promise.resolve(held.token);
  const uvid = (held.uvid ??= newUvid());
  held.pending = context
    .webstore({})
    .guestLogin(uvid)
    .then(
      (tokens) => {
        held.token = tokens.accessToken;
        held.expiresAt = tokens.expiresAt ?? undefined;
        return held.token;
      },
      (error) => {
        const failure = caught(error).api;
        if (!failure) throw error;
        guestExchangeFailure(context, "The browsing guest token exchange (Headless Guest Flow)", failure);
        return undefined;
      },
    )
    .finally(() => {
      held.pending = undefined;
    });
  return noted(held.pending);
}

/** A (new) guest token for the session's UVID; with `onlyIfDue`, only when there is none or it is expiring. */
export async function renewGuestToken(
  context: AppLoadContext,
  session: StoreSession,
  options: { onlyIfDue?: boolean; now?: number } = {},
) {
  const now = options.now ?? Date.now();
  const expiresAt = session.get("guestTokenExpiresAt");
  const current = session.get("guestToken");
  if (options.onlyIfDue && current && (typeof expiresAt !== "number" || expiresAt - now > GUEST_TOKEN_MARGIN_MS))
    return current;
  let uvid = session.get("uvid");
  if (!uvid) {
    // A new identity: counted per address (docs/limits.md). guestScope peeked at the count; requests racing past it
    // together are refused here, before the exchange.
    const verdict = await takeLimits(context, ["guestIdentityPerAddress", context.clientAddress]);
    if (!verdict.allowed) {
      const refusal = {
        status: 429 as const,
        message: newCartsMessage(verdict.retryAfterSeconds),
        retryAfterSeconds: verdict.retryAfterSeconds,
      };
      identityRefusalOf(context).refusal = refusal;
      throw new LimitReachedError(refusal);
    }
    uvid = newUvid();
    session.set("uvid", uvid);
  }
  try {
    const tokens = await context.webstore({}).guestLogin(uvid);
    session.set("guestToken", tokens.accessToken);
    session.set("guestTokenExpiresAt", tokens.expiresAt ?? undefined);
    return tokens.accessToken;
  } catch (error) {
    if (!isFetchError(error)) throw error;
    guestExchangeFailure(context, "The guest token exchange (Headless Guest Flow)", error);
    return undefined;
  }
}
