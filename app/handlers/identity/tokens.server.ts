/**
 * The shopper's identity in the session: who they are (a guest, or a buyer and the account they act for) and the
 * tokens their API calls carry — a guest token for the session's UVID (Headless Guest Flow), or the buyer's access
 * token, renewed from the refresh token while the buyer is active (decision 005).
 */
import type { AppLoadContext } from "@remix-run/node";
import { isFetchError, newUvid, type TokenSet } from "../../../server/webstore/index";
import type { StoreSession } from "../session.server";

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
 * Makes sure the shopper's session holds a usable token before the request's API calls; the request's shop calls it
 * once, as it is built (the root and page loaders share that shop):
 * - a guest gets a UVID (minted here, kept in the session) and a guest token for it (Headless Guest Flow);
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
  await renewGuestToken(context, session, { onlyIfDue: true, now });
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
    console.warn("The guest token could not be had:", error.message);
    return undefined;
  }
}
