/** Server-Timing: how long a page's API calls took, written only when the server is told to (development). */
import type { HeadersFunction } from "@remix-run/node";

/** Durations of the API calls of one request, for the Server-Timing header. */
export class ServerTiming {
  private readonly entries: { name: string; ms: number }[] = [];

  record(name: string, ms: number) {
    this.entries.push({ name, ms });
  }

  header(): string {
    return this.entries
      .map(({ name, ms }) => `api;desc="${name.replace(/[^\w.-]/g, "")}";dur=${ms.toFixed(1)}`)
      .join(", ");
  }

  /**
   * The header of the calls recorded since the last time it was taken. The root's and the page's loaders share the
   * request's timing and each reply writes its header: taking them makes every call appear once in the page's
   * Server-Timing (the routes' `headers` joins the loaders').
   */
  takeHeader(): string {
    const header = this.header();
    this.entries.length = 0;
    return header;
  }
}

/**
 * The `headers` export of routes whose loaders call the API: passes on Server-Timing (cookies pass on their own),
 * which loaders only write when the server is told to (development, SERVER_TIMING=1), and an action's Retry-After.
 */
export const serverTimingHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const headers = new Headers();
  const timing = [parentHeaders, loaderHeaders, actionHeaders]
    .map((h) => h.get("Server-Timing"))
    .filter(Boolean)
    .join(", ");
  if (timing) headers.set("Server-Timing", timing);
  // A form refused by a limit (429) says when to come back: the action's Retry-After is the page's.
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
