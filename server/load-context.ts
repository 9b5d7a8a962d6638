import type { Limits } from "./limits.js";
import type { LoginThrottle } from "./login-throttle.js";
import type { McpThrottle } from "./mcp-throttle.js";
import type { RequestScope } from "./request-scope.js";
import type { WebstoreClient, WebstoreClientOptions } from "./webstore/index.js";

/** What a request's webstore client may be told about the shopper (all from the signed session cookie). */
export type ShopperScope = Pick<
  WebstoreClientOptions,
  | "accessToken"
  | "renewToken"
  | "apiUrl"
  | "effectiveAccountId"
  | "currencyIsoCode"
  | "catalogScope"
  | "signal"
  | "onCall"
  | "onStale"
>;

/**
 * Remix's load context: how loaders and actions reach the webstore. The app never learns whether the
 * client talks to a real org or to the emulator.
 */
export interface StorefrontLoadContext {
  webstore(scope: ShopperScope): WebstoreClient;
  storefront: {
    mode: "emulator" | "http";
    webstoreId: string;
    sessionSecret: string;
    /** Where the emulator's API answers over HTTP (for the README, the footer and curl); null against a real org. */
    emulatorApiUrl: string | null;
    /**
     * The path the store lives under ("/shop"; "" at the site root: BASE_PATH). Remix's router knows it as its
     * basename; the app adds it to what leaves the router (redirects' Location, raw hrefs).
     */
    basePath?: string;
    /** Whether responses carry Server-Timing (development, or SERVER_TIMING=1). */
    serverTiming?: boolean;
  };
  /**
   * The URL's country-language segment (spec §2: "A country-language path segment is detected in the URL"), e.g.
   * "en-GB" for /en-GB/cart: Remix serves the page with it as the basename, so every link, form and redirect of the
   * page keeps it. Whether the store has that locale is the app's to say (an unknown one is a 404 page).
   */
  locale?: string;
  /**
   * Whether Remix answers this request with a document (a page's HTML), not a single-fetch `.data` request: a page
   * then leaves out of its data what only the server's render needs (app/seo/server/document-blocks.server.ts).
   */
  documentRequest?: boolean;
  /** This request's Content-Security-Policy nonce: every inline script the app renders carries it. */
  cspNonce?: string;
  /** The shopper's address (the connection's, or the client's behind a trusted proxy: TRUST_PROXY). */
  clientAddress?: string;
  /**
   * This request's id (server/request-log.ts): in its log line, on every API call it makes (X-Request-Id), and on a
   * failed page as its reference.
   */
  requestId?: string;
  /**
   * This request's own state (the shopper's session, the flashed toast, the shop), made empty by the host for every
   * request; what it leaves the browser is written once, after the app has answered (server/request-scope.ts).
   */
  perRequest: RequestScope;
  /** Failed sign-ins per account and per client (the login page refuses with 429 past the limits). */
  loginThrottle?: LoginThrottle;
  /** Tool calls and new sessions of the agents' MCP endpoint, per session and per client (server/mcp-throttle.ts). */
  mcpThrottle?: McpThrottle;
  /**
   * The limits on new guest identities, carts, mailed codes and codes tried (server/limits.ts, docs/limits.md): past
   * one, the page answers 429 and the API is not asked.
   */
  limits?: Limits;
  /**
   * The guest identity this server's visitors browse with until they act (app/shop/tokens.server.ts):
   * held here because it lives as long as the server, not a request.
   */
  browsingIdentity?: BrowsingIdentity;
}

/** One guest identity (its own UVID and guest token) shared by the visitors who only browse. */
export interface BrowsingIdentity {
  uvid?: string;
  token?: string;
  expiresAt?: number;
  pending?: Promise<string | undefined>;
}

// The node package re-exports server-runtime's AppLoadContext; augmenting the original reaches both.
declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the interface gains StorefrontLoadContext's members
  interface AppLoadContext extends StorefrontLoadContext {}
}
