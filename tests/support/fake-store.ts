/**
 * A load context whose webstore is a set of fake methods, for unit tests of the request's shop and its handlers:
 * each call is reported to the scope's `onCall` as the real client reports it (name, duration, error).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { vi } from "vitest";
import { reportedMethod } from "../../server/webstore/client";
import { getShop, withShop, type Shop, STORE_SESSION_KEYS } from "../../app/shop.server";
import { getStoreSession } from "../../app/shop/session.server";
import { hostedContext, TEST_SESSION_SECRET } from "./host";

/** A FetchError look-alike: the app checks errors by name, as the client asks. */
export function fetchError(status: number, message = "failed", type = "ERROR") {
  return Object.assign(new Error(message), {
    name: "FetchError",
    status,
    code: type,
    errors: [{ type, message }],
    url: "http://api/x",
  });
}

export type Calls = Record<string, (...args: any[]) => unknown>;

export const GUEST_TOKEN = {
  accessToken: "guest-tok",
  apiUrl: "http://api",
  userId: "005GUEST",
  issuedAt: 0,
  expiresAt: Date.now() + 3_600_000,
};

/** A store whose API is `methods` (plus a guest login and a one-currency application context). */
export function setup(
  methods: Calls,
  sessionData: Record<string, unknown> = {},
  url = "http://localhost/cart",
  storefront: { serverTiming?: boolean; basePath?: string } = {},
  init: RequestInit = {},
) {
  /** The scopes of the shopper's clients (the identity calls use an unscoped client, not recorded). */
  const scopes: any[] = [];
  const guestLogin = vi.fn(async () => GUEST_TOKEN);
  // The store's application context (read for the currency of cart calls): one currency, so none is sent.
  const all: Calls = {
    guestLogin,
    getApplicationContext: async () => ({ supportedCurrencies: ["USD"], defaultCurrency: "USD" }),
    ...methods,
  };
  // Each method reports to the scope's onCall through the real client's wrapper.
  const clientFor = (scope: any) =>
    Object.fromEntries(
      Object.entries(all).map(([name, method]) => [
        name,
        scope.onCall ? reportedMethod(name, async (...args: unknown[]) => method(...args), scope.onCall) : method,
      ]),
    );
  const context = hostedContext({
    webstore: (scope: any) => {
      if (scope.onCall) scopes.push(scope);
      return clientFor(scope);
    },
    storefront: {
      mode: "emulator",
      webstoreId: "0ZE",
      sessionSecret: TEST_SESSION_SECRET,
      emulatorApiUrl: null,
      ...storefront,
    },
    browsingIdentity: {},
  });
  const request = new Request(url, init);
  const prepare = async () => {
    const session = await getStoreSession(request, context, STORE_SESSION_KEYS);
    for (const [key, value] of Object.entries(sessionData)) session.set(key as never, value as never);
  };
  return {
    context,
    request,
    scopes,
    guestLogin,
    async shop() {
      await prepare();
      return getShop(request, context);
    },
    /** What a loader made of `run`, or the Response it was left with (thrown, as Remix takes redirects). */
    async load(run: (args: LoaderFunctionArgs & { shop: Shop }) => Promise<unknown>) {
      await prepare();
      const args = { request, context, params: {} } as LoaderFunctionArgs;
      return withShop(args, run).catch((e: unknown) => e);
    },
  };
}
