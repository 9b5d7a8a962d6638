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

/** What a page's 404 says when it knows what was missing ("We can't find that address") and where to go instead. */
export interface NotFoundCopy {
  heading: string;
  text: string;
  link: { to: string; label: string };
}

/** Page-level failure text; the header and footer around it keep working. */
export function ErrorPage({
  status,
  message,
  notFound,
}: {
  status?: number;
  message?: string;
  notFound?: NotFoundCopy;
}) {
  if (status === 404 && notFound) {
    return (
      <div className="store-page store-error">
        <h1>{notFound.heading}</h1>
        <p>{notFound.text}</p>
        <p>
          <Link to={notFound.link.to}>{notFound.link.label}</Link>
        </p>
      </div>
    );
  }
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
  return <RouteError />;
}

/** An ErrorBoundary whose 404 names what is missing and links back to where it would be. */
export function notFoundBoundary(notFound: NotFoundCopy) {
  return function NotFoundBoundary() {
    return <RouteError notFound={notFound} />;
  };
}

function RouteError({ notFound }: { notFound?: NotFoundCopy }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" && error.data && error.status !== 404 ? error.data : undefined;
    return <ErrorPage status={error.status} message={message} notFound={notFound} />;
  }
  return <ErrorPage />;
}
