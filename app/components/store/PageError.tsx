import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** The heading of a failed page (anything but a 404); route titles reuse it. */
export const ERROR_HEADING = "Something went wrong";

/**
 * The <title> of a page whose ErrorBoundary renders (Remix passes the `error` to `meta`): a 404 is `notFound`
 * ("Product not found"), anything else the heading the page shows. Screen readers announce the title first,
 * so it must tell the same story as the body.
 */
export function errorTitle(error: unknown, notFound: string): string {
  return isRouteErrorResponse(error) && error.status === 404 ? notFound : ERROR_HEADING;
}

/** Page-level failure text; the header and footer around it keep working. */
export function ErrorPage({ status, message }: { status?: number; message?: string }) {
  if (status === 404) {
    return (
      <div className="store-page store-error">
        <h1>We can't find that page</h1>
        <p>The page you're looking for may have moved, or the link may be wrong.</p>
        <p>
          <Link to="/">Go to the home page</Link> or search the store from the header.
        </p>
      </div>
    );
  }
  return (
    <div className="store-page store-error">
      <h1>{ERROR_HEADING}</h1>
      <p>{message ?? "We couldn't load this page. Try again in a moment."}</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}

/** The ErrorBoundary of pages: a 404 reads "We can't find that page", anything else a short apology. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" && error.data && error.status !== 404 ? error.data : undefined;
    return <ErrorPage status={error.status} message={message} />;
  }
  return <ErrorPage />;
}
