/**
 * The shopper's session: an encrypted, signed, HttpOnly cookie holding what the LWR store keeps in the browser's
 * session and local storage (spec §3, §4, §6), and the shopper's tokens. Shoppers without JavaScript have no
 * storage we can run code against, so it lives here, on the server's side of the cookie. The tokens work against
 * the API directly, so the cookie's content is sealed with AES-256-GCM (node:crypto), not only signed: the
 * browser (or anything that reads its cookies) holds an opaque value.
 *
 * One session object per request, kept in the request's scope (the load context the host makes for it): Remix runs
 * the root loader and the page's loader in parallel, and they share it. Nothing here writes a Set-Cookie: once the
 * app has answered, the host has the session write its cookie into the response, once, and only when it changed
 * (decision 015). A flashed toast lives in a cookie of its own (toast.server.ts): showing one leaves this one alone.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import {
  createCookie,
  createCookieSessionStorage,
  type AppLoadContext,
  type Cookie,
  type Session,
  type SessionStorage,
} from "@remix-run/node";

export const SESSION_COOKIE_NAME = "__store";
/**
 * The cookie keeps a guest's cart (and UVID) across browser restarts for a week, as long as a shopper would come
 * back to a cart; every response that changes the session renews it. A buyer's sign-in lasts as long as the site's
 * refresh token allows, within that; their tokens expire on their own (the JWT's exp) and are revoked at logout.
 */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

export interface GuestUserContext {
  lastName?: string;
  email?: string;
  phoneNumber?: string;
}

export interface StoreSessionData {
  // The signed-in buyer (absent for guests): tokens from the site's Headless Login.
  accessToken: string;
  /** Renews the access token while the buyer is active (revoked at logout). */
  refreshToken: string;
  /** Epoch ms when the access token expires (its JWT `exp`: as long as the org's session timeout allows). */
  tokenExpiresAt: number;
  /** Where the buyer's API calls go (the token answer's site URL). */
  apiUrl: string;
  userId: string;
  firstName: string;
  // The account the buyer acts for (spec §3 "Effective account").
  effectiveAccountId: string;
  effectiveAccountName: string;
  /** How many accounts the buyer may act for: the header offers the account switcher when more than one. */
  managedAccountCount: number;
  /**
   * Whether the buyer's own account is a business account (not a person account: effective-accounts' IsPersonAccount
   * field), so they may pay by purchase order; absent when the API didn't say.
   */
  businessBuyer: boolean;
  /** Spec §4 "Wishlist add": the stored default wishlist id, where new items go (the buyer's, for the account). */
  defaultWishlistId: string;
  // Guests (Headless Guest Flow).
  /** The unique visitor id the storefront minted for this browser; the guest's carts are tied to it. */
  uvid: string;
  /** The JWT-based guest access token for the UVID, and when it expires (epoch ms). */
  guestToken: string;
  guestTokenExpiresAt: number;
  guestCartId: string;
  guestUserContext: GuestUserContext;
  /** Guest order verification (spec §6): set after a successful guest order lookup. */
  guestVerification: GuestUserContext;
  // Checkout.
  activeCheckoutId: string;
  paymentLinkId: string;
  /** Spec §4: products that failed to move when the guest cart was preserved at login. */
  preserveCartErrorCount: number;
  /** The currency the shopper chose in the header's switcher (a preference: kept across sign-in and sign-out). */
  currency: string;
  /**
   * The cart page's shipping estimate: the address it was asked for (or a buyer's default shipping address, to fill
   * the form in; empty when they have none) and the cart it was evaluated on (null: not evaluated yet).
   */
  shippingEstimate: { postalCode: string; country: string; cartId: string | null };
  /**
   * The carts buyers saved for later in this browser, by buyer and account (`userId|accountId`): no API resource lists
   * a buyer's carts, so the storefront remembers the ones it made (cart/server/saved-carts). Kept across sign-out, as
   * the carts are: ids only, each read through the API, which answers only its owner.
   */
  savedCarts: Record<string, string[]>;
}

export type StoreSessionKey = keyof StoreSessionData;

/** Keys that belong to a signed-in buyer: dropped on logout and when the token expires. */
export const AUTH_KEYS = [
  "accessToken",
  "refreshToken",
  "tokenExpiresAt",
  "apiUrl",
  "userId",
  "firstName",
  "effectiveAccountId",
  "effectiveAccountName",
  "managedAccountCount",
  "businessBuyer",
  "defaultWishlistId",
  "activeCheckoutId",
  "checkoutProgress",
  "lastOrder",
  "paymentLinkId",
  "preserveCartErrorCount",
  "profileChange",
  "shippingEstimate",
] as const satisfies readonly StoreSessionKey[];

/** Keys that belong to a guest: dropped on logout (the guest cart was preserved at login) and after login. */
export const GUEST_KEYS = [
  "guestCartId",
  "uvid",
  "guestToken",
  "guestTokenExpiresAt",
  "guestUserContext",
  "guestVerification",
  "shippingEstimate",
] as const satisfies readonly StoreSessionKey[];

export interface StoreSession {
  get<K extends StoreSessionKey>(key: K): StoreSessionData[K] | undefined;
  /** `undefined` removes the key. */
  set<K extends StoreSessionKey>(key: K, value: StoreSessionData[K] | undefined): void;
  unset(...keys: StoreSessionKey[]): void;
  /** Drops the buyer's identity and account (logout, expired token). */
  clearAuth(): void;
  clearGuest(): void;
  /** True when something changed that the browser must be told about (the host then writes the cookie). */
  readonly dirty: boolean;
}

const storages = new Map<string, SessionStorage<Partial<StoreSessionData>>>();

/**
 * A 256-bit key for the cookie's content, derived from the session secret (distinct from its signing use). Derived
 * once per secret: every request opens the cookie and many seal it again.
 */
const sealingKeys = new Map<string, Buffer>();
function sealingKey(secret: string): Buffer {
  let key = sealingKeys.get(secret);
  if (!key) {
    key = createHash("sha256").update(`store-session-seal|${secret}`).digest();
    sealingKeys.set(secret, key);
  }
  return key;
}

/** AES-256-GCM: `v1.` + base64url(iv ‖ ciphertext ‖ tag). Anything else, or a tag that fails, opens to null. */
export function seal(value: unknown, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

export function unseal(sealed: unknown, secret: string): unknown {
  if (typeof sealed !== "string" || !sealed.startsWith("v1.")) return null;
  const raw = Buffer.from(sealed.slice(3), "base64url");
  if (raw.length < 12 + 16) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString("utf8");
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** How much memory the sessions opened lately may take (see `sealedCookie`): some thousands of shoppers'. */
const OPENED_SESSIONS_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Remix's signed cookie, carrying the sealed session instead of the session itself.
 *
 * A shopper's browser sends the same cookie with every page until the session changes, and opening it (the
 * signature, the decoding, the decryption) was about 3 % of a page's server time. So the sessions opened lately are
 * kept by the Cookie header that carried them, as JSON: every request still parses a copy of its own to change.
 * Only a header that opened to a session is kept; a forged or broken one is checked in full every time, as before.
 */
function sealedCookie(secret: string, secure: boolean): Cookie {
  const opened = new LRUCache<string, string>({
    maxSize: OPENED_SESSIONS_MAX_BYTES,
    sizeCalculation: (json, header) => 2 * (json.length + header.length),
  });
  const cookie = createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    // Over plain http (the local demo, e2e tests) a Secure cookie would not come back from every client.
    secure,
    secrets: [secret],
    maxAge: SESSION_COOKIE_MAX_AGE_SECONDS,
  });
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    // A cookie from before sealing, or one that fails to open, is no session at all: the shopper starts afresh.
    async parse(header, options) {
      const known = header && !options ? opened.get(header) : undefined;
      if (known !== undefined) return JSON.parse(known);
      const session = unseal(await cookie.parse(header, options), secret);
      if (header && !options && session !== null) opened.set(header, JSON.stringify(session));
      return session;
    },
    serialize: (value, options) => cookie.serialize(seal(value, secret), options),
  };
}

function storageFor(secret: string, secure: boolean) {
  const key = `${secure}|${secret}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createCookieSessionStorage<Partial<StoreSessionData>>({
      cookie: sealedCookie(secret, secure),
    });
    storages.set(key, storage);
  }
  return storage;
}

/** The session as the request's code sees it, and what the host writes once the app has answered. */
function wrap(raw: Session<Partial<StoreSessionData>>) {
  let dirty = false;
  const unset = (...keys: StoreSessionKey[]) => {
    for (const key of keys) {
      if (raw.has(key)) {
        raw.unset(key);
        dirty = true;
      }
    }
  };
  const session: StoreSession = {
    get: (key) => raw.get(key) as never,
    set(key, value) {
      if (value === undefined || value === null) return unset(key);
      if (JSON.stringify(raw.get(key)) === JSON.stringify(value)) return;
      raw.set(key, value as never);
      dirty = true;
    },
    unset,
    clearAuth: () => unset(...AUTH_KEYS),
    clearGuest: () => unset(...GUEST_KEYS),
    get dirty() {
      return dirty;
    },
  };
  return session;
}

const SESSION = Symbol("store session");

/**
 * The request's session, shared by every loader and action of the request (kept in the request's scope). Opening it
 * also asks the host to finish the response with it: `Cache-Control: private, no-store` (a response made from the
 * shopper's session is for that shopper only, and only now: no shared cache, nor the back/forward history of a
 * shared computer, keeps a cart, an order or an account page), and the session's cookie when it changed.
 */
export function getStoreSession(request: Request, context: AppLoadContext): Promise<StoreSession> {
  return context.perRequest.once(SESSION, () => {
    const storage = storageFor(context.storefront.sessionSecret, new URL(request.url).protocol === "https:");
    const opened = storage.getSession(request.headers.get("Cookie")).then((raw) => ({ raw, session: wrap(raw) }));
    context.perRequest.onResponse(async (headers) => {
      headers.set("Cache-Control", "private, no-store");
      const { raw, session } = await opened;
      if (session.dirty) headers.append("Set-Cookie", await storage.commitSession(raw));
    });
    return opened.then(({ session }) => session);
  });
}
