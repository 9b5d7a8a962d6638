/**
 * The host's part of a request, for unit tests of the app's request state: a load context with a request scope of
 * its own, and the host's last step (what the response leaves the browser once the app has answered).
 */
import type { AppLoadContext } from "@remix-run/node";
import { createRequestScope } from "../../server/request-scope";
import { REVALIDATE_MARKER } from "../../server/request-scope";

export const TEST_SESSION_SECRET = "a-test-secret-of-some-length";

export type HostedContext = AppLoadContext & {
  /** The response's headers as the host sends them: `response`'s (or none), then the request's cookies. */
  finish(response?: Response): Promise<Headers>;
};

/** A load context made as the host makes one for each request; `fields` fill (or replace) the rest. */
export function hostedContext(fields: Record<string, unknown> = {}): HostedContext {
  const handle = createRequestScope();
  const context = {
    webstore: () => {
      throw new Error("not used");
    },
    storefront: {
      mode: "emulator",
      webstoreId: "0ZEDEMO00000001",
      sessionSecret: TEST_SESSION_SECRET,
      emulatorApiUrl: null,
    },
    ...fields,
    perRequest: handle.scope,
    async finish(response?: Response) {
      const headers = new Headers(response?.headers);
      headers.delete(REVALIDATE_MARKER);
      await handle.finish(headers, { redirect: headers.has("Location") });
      return headers;
    },
  };
  return context as unknown as HostedContext;
}

/** The Cookie header a browser sends after receiving `headers` (no cookies it held before; expired ones dropped). */
export function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .filter((line) => !/;\s*Max-Age=0(;|$)/i.test(line))
    .map((line) => line.split(";")[0]!)
    .join("; ");
}
