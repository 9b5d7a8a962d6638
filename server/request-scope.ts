/**
 * A request's own state on the app's side (its session, its toast, its shop), made by the host for every request and
 * dropped with it. The host owns the request: once the app has answered, it lets each piece of that state write
 * what it leaves the browser (a cookie) into the response's headers, once, whatever the answer was (a page, a data
 * answer, a redirect a loader threw). Decision 015.
 */

/**
 * What a route's answer carries when the request changed a cookie the host will write: Remix's single fetch tells
 * the browser to reload every loader after a redirect that sets a cookie, and it reads that from the route's own
 * redirect, before the host has written the cookie. The app marks such answers with Remix's own revalidation header
 * (honoured by single fetch's redirects like a Set-Cookie); it is no header for the browser and leaves with nothing.
 */
export const REVALIDATE_MARKER = "X-Remix-Revalidate";

export interface RequestScope {
  /**
   * The value this request keeps under `key`, made by `make` the first time any loader or action of the request
   * asks for it (the root's and the page's loaders run in parallel and share it).
   */
  once<T>(key: symbol, make: () => T): T;
  /** Whether something was made under `key` in this request. */
  has(key: symbol): boolean;
  /**
   * Runs `write` on the response's headers once the app has answered, before the response leaves: what the request
   * leaves the browser (a changed cookie) is written there, once.
   */
  onResponse(write: ResponseWriter): void;
}

/** What the app answered, as a writer needs to know it. */
export interface Answer {
  /**
   * The answer sends the browser elsewhere (a redirect, or single fetch's redirect travelling as data): no page is
   * shown with it, whatever a loader running beside the one that redirected made.
   */
  redirect: boolean;
}

export type ResponseWriter = (headers: Headers, answer: Answer) => void | Promise<void>;

export interface RequestScopeHandle {
  scope: RequestScope;
  /** The host's last step: runs every `onResponse` writer, in the order they were given, on `headers`. */
  finish(headers: Headers, answer: Answer): Promise<void>;
}

export function createRequestScope(): RequestScopeHandle {
  const values = new Map<symbol, unknown>();
  const writers: ResponseWriter[] = [];
  const scope: RequestScope = {
    once<T>(key: symbol, make: () => T): T {
      if (values.has(key)) return values.get(key) as T;
      const made = make();
      values.set(key, made);
      return made;
    },
    has: (key) => values.has(key),
    onResponse(write) {
      writers.push(write);
    },
  };
  return {
    scope,
    async finish(headers, answer) {
      for (const write of writers) await write(headers, answer);
    },
  };
}
