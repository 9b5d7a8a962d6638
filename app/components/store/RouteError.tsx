/**
 * What a failed page shows (the ErrorBoundary's body, see PageError.tsx): loaded when a page fails.
 */
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { RequestReference } from "~/components/RequestReference";
import { ERROR_HEADING, type NotFoundCopy } from "./PageError";
import { STORE_TROUBLE_HEADING, STORE_TROUBLE_MESSAGE } from "~/lib/store-trouble";

/** Page-level failure text; the header and footer around it keep working. */
function ErrorPage({ status, message, notFound }: { status?: number; message?: string; notFound?: NotFoundCopy }) {
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
  if (status === 503) {
    // The API behind the store is down or too slow (503 with Retry-After): the store's own words, not an apology for
    // a bug; nothing of the shopper's is lost. A 503 that says more (the store can't open a guest session) says it.
    const said = message && message !== STORE_TROUBLE_MESSAGE ? message : "Your cart is safe; try again in a minute.";
    return (
      <div className="store-page store-error">
        <h1>{STORE_TROUBLE_HEADING}</h1>
        <p>{said}</p>
        <p>
          <Link to="/">Go to the home page</Link>
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
      <RequestReference />
    </div>
  );
}

/** The route's error as a page: a 404 (with what is missing, when the route says), or a failure's message. */
export default function RouteError({ notFound }: { notFound?: NotFoundCopy }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" && error.data && error.status !== 404 ? error.data : undefined;
    return <ErrorPage status={error.status} message={message} notFound={notFound} />;
  }
  return <ErrorPage />;
}
