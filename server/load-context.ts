import type { WebstoreClient, WebstoreClientOptions } from "./webstore/index.js";

/** What a request's webstore client may be told about the shopper (all from the signed session cookie). */
export type ShopperScope = Pick<
  WebstoreClientOptions,
  "accessToken" | "renewToken" | "apiUrl" | "effectiveAccountId" | "currencyIsoCode" | "catalogScope" | "signal"
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
  };
}

// The node package re-exports server-runtime's AppLoadContext; augmenting the original reaches both.
declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends StorefrontLoadContext {}
}
