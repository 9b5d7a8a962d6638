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
import type { JsonValue } from "~/lib/json";
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

/** The core's own keys: the buyer's identity and tokens, the account they act for, and the guest's identity. */
export interface CoreSessionData {
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
  // Guests (Headless Guest Flow).
  /** The unique visitor id the storefront minted for this browser; the guest's carts are tied to it. */
  uvid: string;
  /** The JWT-based guest access token for the UVID, and when it expires (epoch ms). */
  guestToken: string;
  guestTokenExpiresAt: number;
}

/**
 * Which of a part's keys go when the shopper changes: `signedIn`, the buyer's (dropped on logout and when the token
 * expires); `guest`, the guest's (dropped on logout, the guest cart having been preserved at login, and after login).
 * Each slice declares its own; the composition (app/shop.server.ts) joins them and hands them to the core.
 */
export interface SessionKeys<Data extends object> {
  readonly signedIn: readonly (keyof Data & string)[];
  readonly guest: readonly (keyof Data & string)[];
}

/** Any part's key lists, as the session reads them. */
interface KeyLists {
  readonly signedIn: readonly string[];
  readonly guest: readonly string[];
}

export const CORE_SESSION_KEYS: SessionKeys<CoreSessionData> = {
  signedIn: [
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
  ],
  guest: ["uvid", "guestToken", "guestTokenExpiresAt"],
};

/** The session's keys and the lists of its parts, joined (what the composition hands the core). */
export function joinSessionKeys<Data extends object>(...parts: KeyLists[]): SessionKeys<Data> {
  return {
    signedIn: [...new Set(parts.flatMap((part) => part.signedIn))] as (keyof Data & string)[],
    guest: [...new Set(parts.flatMap((part) => part.guest))] as (keyof Data & string)[],
  };
}

export interface StoreSession<Data extends object = CoreSessionData> {
  get<K extends keyof Data>(key: K): Data[K] | undefined;
  /** `undefined` removes the key. */
  set<K extends keyof Data>(key: K, value: Data[K] | undefined): void;
  unset(...keys: (keyof Data)[]): void;
  /** Drops the buyer's identity and account (logout, expired token). */
  clearAuth(): void;
  clearGuest(): void;
  /** True when something changed that the browser must be told about (the host then writes the cookie). */
  readonly dirty: boolean;
}

/** What the cookie holds: any part's keys, each read back as it was written. */
type SessionRecord = Record<string, unknown>;

const storages = new Map<string, SessionStorage<SessionRecord>>();

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
export function seal(value: JsonValue, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

export function unseal(sealed: JsonValue | undefined, secret: string): JsonValue {
  if (typeof sealed !== "string" || !sealed.startsWith("v1.")) return null;
  const raw = Buffer.from(sealed.slice(3), "base64url");
  if (raw.length < 12 + 16) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString("utf8");
    return JSON.parse(text) as JsonValue;
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
    storage = createCookieSessionStorage<SessionRecord>({
      cookie: sealedCookie(secret, secure),
    });
    storages.set(key, storage);
  }
  return storage;
}

/** The request's cookie session, and whether the request changed it: shared by every view of it. */
interface OpenedSession {
  raw: Session<SessionRecord>;
  dirty: boolean;
  /** The views made of it, one per key lists (the same lists give the same object). */
  views: WeakMap<KeyLists, StoreSession<object>>;
}

/**
 * The session as the request's code sees it, clearing the keys `keys` lists. A class, so `dirty` is a getter of its
 * prototype: a getter of each request's own object would keep the request past the garbage collector's young
 * generation (docs/performance.md "What a request leaves behind").
 */
class SessionView<Data extends object> implements StoreSession<Data> {
  constructor(
    private readonly opened: OpenedSession,
    private readonly keys: SessionKeys<Data>,
  ) {}

  get<K extends keyof Data>(key: K): Data[K] | undefined {
    return this.opened.raw.get(key as string) as Data[K] | undefined;
  }

  set<K extends keyof Data>(key: K, value: Data[K] | undefined): void {
    if (value === undefined || value === null) return this.unset(key);
    const { raw } = this.opened;
    if (JSON.stringify(raw.get(key as string)) === JSON.stringify(value)) return;
    raw.set(key as string, value);
    this.opened.dirty = true;
  }

  unset(...names: (keyof Data)[]): void {
    const { raw } = this.opened;
    for (const name of names as string[]) {
      if (raw.has(name)) {
        raw.unset(name);
        this.opened.dirty = true;
      }
    }
  }

  clearAuth(): void {
    this.unset(...this.keys.signedIn);
  }

  clearGuest(): void {
    this.unset(...this.keys.guest);
  }

  get dirty(): boolean {
    return this.opened.dirty;
  }
}

const SESSION = Symbol("store session");

/**
 * The request's session, shared by every loader and action of the request (kept in the request's scope); `keys` are
 * the key lists its `clearAuth` and `clearGuest` drop (the composition's, joined from every slice's; the core's own
 * when not given). Opening it also asks the host to finish the response with it: `Cache-Control: private, no-store`
 * (a response made from the shopper's session is for that shopper only, and only now: no shared cache, nor the
 * back/forward history of a shared computer, keeps a cart, an order or an account page), and the session's cookie
 * when it changed.
 */
export async function getStoreSession<Data extends CoreSessionData = CoreSessionData>(
  request: Request,
  context: AppLoadContext,
  keys: SessionKeys<Data> = CORE_SESSION_KEYS as SessionKeys<Data>,
): Promise<StoreSession<Data>> {
  const opened = await context.perRequest.once(SESSION, () => {
    const storage = storageFor(context.storefront.sessionSecret, new URL(request.url).protocol === "https:");
    const session = storage
      .getSession(request.headers.get("Cookie"))
      .then((raw): OpenedSession => ({ raw, dirty: false, views: new WeakMap() }));
    context.perRequest.onResponse(async (headers) => {
      headers.set("Cache-Control", "private, no-store");
      const { raw, dirty } = await session;
      if (dirty) headers.append("Set-Cookie", await storage.commitSession(raw));
    });
    return session;
  });
  let made = opened.views.get(keys) as StoreSession<Data> | undefined;
  if (!made) {
    made = new SessionView(opened, keys);
    opened.views.set(keys, made as StoreSession<object>);
  }
  return made;
}
