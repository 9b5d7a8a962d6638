/**
 * Failed pages: the titles routes give them (errorTitle, from their `meta`) and the ErrorBoundary every route exports.
 * What the boundary shows (RouteError.tsx) is loaded when a page fails, not with every page: the server renders it
 * into a failed page's document, and it shows there before hydration and without JavaScript.
 */
import { isRouteErrorResponse } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { STORE_TROUBLE_HEADING } from "~/lib/store-trouble";

/** The heading of a failed page (anything but a 404); route titles reuse it. */
export const ERROR_HEADING = "Something went wrong";

/** What a failed page's `error` tells its title: the status of a thrown Response, else null (a bug, say). */
export interface PageFailure {
  status: number | null;
}

// boundary: Remix gives `meta` whatever a loader threw (its `error`), so this takes `unknown`; titles take PageFailure.
export function pageFailure(error: unknown): PageFailure | null {
  if (!error) return null;
  return { status: isRouteErrorResponse(error) ? error.status : null };
}

/**
 * The <title> of a page whose ErrorBoundary renders (Remix passes the `error` to `meta`): a 404 is `notFound`
 * ("Product not found"), anything else the heading the page shows. Screen readers announce the title first,
 * so it must tell the same story as the body.
 */
export function errorTitle(failure: PageFailure | null, notFound: string): string {
  if (failure?.status === 404) return notFound;
  return failure?.status === 503 ? STORE_TROUBLE_HEADING : ERROR_HEADING;
}

/** A page's own title, or the failure's when its ErrorBoundary renders (`meta`'s `error`). */
export function pageTitle(failure: PageFailure | null, title: string): string {
  return failure ? errorTitle(failure, "Page not found") : title;
}

/** What a page's 404 says when it knows what was missing ("We can't find that address") and where to go instead. */
export interface NotFoundCopy {
  heading: string;
  text: string;
  link: { to: string; label: string };
}

/** What the boundaries show, loaded when one renders (a page that failed). */
const RouteError = lazy(() => import("./RouteError"));

/** The ErrorBoundary of pages: a 404 reads "We can't find that page", anything else a short apology. */
export function RouteErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RouteError />
    </Suspense>
  );
}

/** An ErrorBoundary whose 404 names what is missing and links back to where it would be. */
export function notFoundBoundary(notFound: NotFoundCopy) {
  return function NotFoundBoundary() {
    return (
      <Suspense fallback={null}>
        <RouteError notFound={notFound} />
      </Suspense>
    );
  };
}
