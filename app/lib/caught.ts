import { isFetchError, type FetchError } from "../../server/webstore/index";

/**
 * What a `catch` (or a rejected promise) caught, sorted once: the API's answer to a failed call, a Response our own
 * code threw (a redirect), or any other Error. At most one of `api`, `response` and `error` is set; all are null when
 * something that is not an Error was thrown. `thrown` keeps the value as it was, to throw again or to log.
 */
export interface Caught {
  readonly thrown: unknown;
  readonly api: FetchError | null;
  readonly response: Response | null;
  readonly error: Error | null;
}

// boundary: anything can be thrown (a catch clause, a rejected promise); every reader of a failure takes `Caught`.
export function caught(thrown: unknown): Caught {
  const api = isFetchError(thrown) ? thrown : null;
  const response = !api && thrown instanceof Response ? thrown : null;
  const error = !api && !response && thrown instanceof Error ? thrown : null;
  return { thrown, api, response, error };
}
