import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { RefreshHandle } from "~/lib/route-handle";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useHref,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { useNonce } from "~/components/Nonce";
import { Footer, Header } from "~/components/store/Header";
import { STORE_NAME } from "~/lib/brand";
import type { SessionValidatorProps } from "~/components/SessionValidator";
import { errorTitle, pageFailure, RouteErrorBoundary } from "~/components/store/PageError";
import kitStyles from "~/styles/kit.css?url";
import appStyles from "~/styles/app.css?url";
// The root's server helpers, from the one server module it names (gone from the browser's build with the loader).
import { serverTimingHeaders, withShop } from "~/shop.server";
import { STORE_LOCALE } from "~/lib/format/money";
import { StoreLocaleProvider } from "~/components/StoreLocale";

/**
 * A toast says what an action did, and the consent banner shows until the shopper chooses: most pages have neither,
 * so their code (the toast's timers and close button, the banner's form) is loaded only when there is one to show.
 * The server renders them into the document as before (it sends a page once all of it is ready), so they show, and
 * the banner's form works, before hydration and without JavaScript.
 */
const ToastRegion = lazy(() => import("~/components/Notices").then((module) => ({ default: module.ToastRegion })));
const CookieConsentBanner = lazy(() =>
  import("~/components/Notices").then((module) => ({ default: module.CookieConsentBanner })),
);
/** ToastRegion's landmark with no toast in it: there from the start, so a toast lands in a region the page had. */
const EMPTY_TOAST_REGION = <section aria-label="Notifications" className="kit-toast-region store-toasts" />;

// Typed loader data for single fetch (`data()` responses): see Remix's single-fetch guide.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: kitStyles },
  { rel: "stylesheet", href: appStyles },
  // No favicon file: an empty icon keeps browsers from asking for /favicon.ico (a 404 on every page).
  { rel: "icon", href: "data:," },
];

export const meta: MetaFunction = ({ error }) => [
  // A failed page is titled like its heading: the root's own 404 (a locale the store has no market for) like every
  // other missing page, a page whose API could not answer (503) like the store's trouble page.
  { title: error ? `${errorTitle(pageFailure(error), "Page not found")} | ${STORE_NAME}` : STORE_NAME },
  { name: "description", content: `${STORE_NAME}: shop the catalog, fill a cart and check out.` },
];

export const headers: HeadersFunction = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ context, shop }) => {
    const toast = shop.toasts.take();
    const appContext = shop.appContext;
    const [categories, count] = await Promise.all([shop.catalog.navigation(), shop.cart.count()]);
    // A locale segment (/en-GB/…) the store has no market for is a page that doesn't exist: a plain Response, as the
    // catalog pages throw.
    if (!shop.locale.known(context.locale)) {
      throw new Response("Not found", { status: 404, headers: await shop.headers() });
    }
    const locale = context.locale ?? STORE_LOCALE;
    return shop.reply({
      locale,
      // The document's request id: the "Reference: …" line a failed page shows after hydration (RequestReference).
      requestId: context.requestId ?? null,
      // The header's currency and locale switcher: only when the store offers a choice.
      localeSwitch: shop.locale.switchFor(locale),
      // The currency the shopper's prices are in (the footer says so): the cart's, else the store's default.
      currency: shop.currencyIsoCode ?? appContext?.defaultCurrency ?? "USD",
      shopper: shop.shopper,
      cartCount: count,
      categories,
      // The flashed toast, then what this request did by itself (the cart moved into the page's currency, by the count).
      toasts: [...(toast ? [toast] : []), ...shop.notices],
      guestCartEnabled: appContext?.guestCartEnabled === true,
      consent: appContext?.shopperConsentEnabled ? { enabled: true, choice: await shop.consent.choice() } : null,
      emulatorApiUrl: context.storefront.mode === "emulator" ? context.storefront.emulatorApiUrl : null,
      // The session validator warns 30 s before this; serverNow lets the browser correct its own clock.
      sessionExpiresAt: shop.shopper.isLoggedIn ? (shop.session.get("tokenExpiresAt") ?? null) : null,
      serverNow: Date.now(),
    });
  });
}

// The header's count, the shopper and the flashed toast can change on any page: always reload the root.
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** True when the current page asks to reload itself while the API is processing. */
function useRefreshWhileProcessing(): boolean {
  const matches = useMatches();
  return matches.some((match) => {
    const data = match.data as { processing?: unknown } | undefined;
    return (match.handle as RefreshHandle | undefined)?.refreshWhileProcessing && data?.processing === true;
  });
}

/**
 * The notice of a page whose loader served catalog answers from the store's last good copy because the API could not
 * answer: its reply carries the words as `catalogStale` (app/shop/core.server.ts), so they weigh nothing in the
 * browser's bundle of the pages that never show them.
 */
function useCatalogStaleNotice(): string | null {
  for (const match of useMatches()) {
    // Also a guest's page that shows what it could without a guest session (app/shop/core.server.ts, reply).
    const marked = match.data as { catalogStale?: unknown; guestUnavailable?: unknown } | undefined;
    for (const notice of [marked?.guestUnavailable, marked?.catalogStale])
      if (typeof notice === "string") return notice;
  }
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const refresh = useRefreshWhileProcessing();
  const staleNotice = useCatalogStaleNotice();
  const location = useLocation();
  // A plain <form> (it works before the app's scripts): useHref puts its action under the base path and a locale
  // page's prefix (the router's basename), as <Form> would.
  const consentAction = useHref("/cookie-consent");
  const nonce = useNonce();
  return (
    <html lang={data?.locale ?? STORE_LOCALE}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Without JavaScript a processing page reloads itself; with JavaScript it revalidates instead. */}
        {refresh ? (
          <noscript>
            <meta httpEquiv="refresh" content="1" />
          </noscript>
        ) : null}
      </head>
      <body>
        <StoreLocaleProvider value={data?.locale ?? STORE_LOCALE}>
          <a href="#main-content" className="store-skip-link">
            Skip to main content
          </a>
          <Header
            shopper={data?.shopper ?? null}
            categories={data?.categories ?? []}
            cartCount={data?.cartCount ?? 0}
            localeSwitch={data?.localeSwitch ?? null}
            quickOrder={data ? data.shopper.isLoggedIn || data.guestCartEnabled : false}
          />
          {/* The loader's toast was checked as the session gave it (parseToast in take): shown as it came. */}
          {data?.toasts.length ? (
            <Suspense fallback={EMPTY_TOAST_REGION}>
              <ToastRegion toasts={data.toasts} className="store-toasts" />
            </Suspense>
          ) : (
            EMPTY_TOAST_REGION
          )}
          <main id="main-content" tabIndex={-1} className="store-main">
            {staleNotice ? (
              <p role="status" className="store-stale-notice">
                {staleNotice}
              </p>
            ) : null}
            {children}
          </main>
          {data?.consent && !data.consent.choice ? (
            <Suspense fallback={null}>
              <CookieConsentBanner
                enabled={data.consent.enabled}
                consent={data.consent.choice}
                action={consentAction}
                redirectTo={`${location.pathname}${location.search}`}
              />
            </Suspense>
          ) : null}
          <Footer emulatorApiUrl={data?.emulatorApiUrl ?? null} currency={data?.currency ?? "USD"} />
          <SessionValidatorOnceSignedIn expiresAt={data?.sessionExpiresAt ?? null} serverNow={data?.serverNow} />
        </StoreLocaleProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The session validator counts down with JavaScript only (without it the server's redirect does the work), and only
 * for a signed-in shopper: its code is fetched once the page has hydrated with a session to watch, so guests'
 * pages never download it.
 */
function SessionValidatorOnceSignedIn(props: SessionValidatorProps) {
  const [Validator, setValidator] = useState<ComponentType<SessionValidatorProps> | null>(null);
  const signedIn = props.expiresAt !== null;
  useEffect(() => {
    if (!signedIn || Validator) return;
    let live = true;
    import("~/components/SessionValidator").then((module) => {
      if (live) setValidator(() => module.SessionValidator);
    });
    return () => {
      live = false;
    };
  }, [signedIn, Validator]);
  return Validator ? <Validator {...props} /> : null;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
