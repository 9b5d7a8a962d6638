/**
 * `npm run doctor`'s checks: walks the org setup the README asks for ("Pointing it at a real org") the way the
 * storefront uses it, and says for each step whether it holds, with the fix in the org's own terms when it doesn't.
 * The calls are the storefront's own (the webstore client); nothing is written but a guest token and, with a test
 * buyer, a sign-in whose tokens are revoked at the end.
 */
import { randomUUID } from "node:crypto";
import {
  createWebstoreCaches,
  createWebstoreClient,
  isFetchError,
  setupProblem,
  type FetchLike,
  type WebstoreClient,
} from "../../server/webstore/index.js";
import { nodeFetch } from "../../server/webstore/node-fetch.js";

export interface DoctorOptions {
  /** The site's URL with its path prefix (WEBSTORE_SITE_URL), or the emulator's origin. */
  siteUrl: string;
  apiVersion: string;
  webstoreId: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** A buyer to sign in as (WEBSTORE_TEST_USERNAME / WEBSTORE_TEST_PASSWORD); without one, those checks are skipped. */
  testUser?: { username: string; password: string };
  fetch?: FetchLike;
}

export type Verdict = "pass" | "fail" | "skip";

export interface CheckLine {
  verdict: Verdict;
  /** What was checked, and when it holds, what was found. */
  text: string;
  /** When it doesn't: what to change, in the org's terms. */
  fix?: string;
}

const MARK: Record<Verdict, string> = { pass: "✓", fail: "✗", skip: "–" };

export function formatLine(line: CheckLine): string {
  return `${MARK[line.verdict]} ${line.text}${line.fix ? ` — ${line.fix}` : ""}`;
}

const describe = (error: unknown) =>
  isFetchError(error) ? `${error.status} ${error.code}: ${error.message}` : (error as Error)?.message || String(error);

/** The fix for an error in the org's terms (org-setup.ts), else what was answered. */
const fixFor = (error: unknown, otherwise: string) => {
  const problem = setupProblem(error);
  return problem ? `${describe(error)}; ${problem.fix}` : `${describe(error)}; ${otherwise}`;
};

const CLIENT_CODES = new Set(["invalid_client_id", "invalid_client", "redirect_uri_mismatch"]);

export async function runDoctor(options: DoctorOptions): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  const pass = (text: string) => lines.push({ verdict: "pass", text });
  const fail = (text: string, fix: string) => lines.push({ verdict: "fail", text, fix });
  const skip = (text: string, fix: string) => lines.push({ verdict: "skip", text, fix });
  // The transport the store reaches the org by: what it can reach, the store can.
  const doFetch: FetchLike = options.fetch ?? nodeFetch();
  const site = options.siteUrl.replace(/\/+$/, "");
  const version = options.apiVersion.replace(/^v/, "");

  const client = (accessToken?: string, apiUrl?: string): WebstoreClient =>
    createWebstoreClient({
      fetch: doFetch,
      baseUrl: site,
      apiUrl,
      apiVersion: version,
      webstoreId: options.webstoreId,
      oauth: { clientId: options.clientId, clientSecret: options.clientSecret, redirectUri: options.redirectUri },
      accessToken,
      caches: createWebstoreCaches(),
      // One attempt: the doctor reports what the org answers now.
      retry: { attempts: 1, pauseMs: 0 },
      sleep: async () => {},
    });

  // 1. The site: its identity endpoints answer under the URL (an Experience Cloud site with this path prefix).
  try {
    const answer = await doFetch(new Request(`${site}/services/oauth2/userinfo`));
    await answer.body?.cancel();
    if (answer.status === 401 || answer.status === 403) pass(`Site ${site} answers as an Experience Cloud site`);
    else
      return [
        ...lines,
        {
          verdict: "fail",
          text: `Site ${site} answers as an Experience Cloud site`,
          fix: `its identity endpoint answered ${answer.status}; set WEBSTORE_SITE_URL to the site's URL with its path prefix (Setup → Digital Experiences → All Sites → URL), and publish the site`,
        },
      ];
  } catch (error) {
    return [
      {
        verdict: "fail",
        text: `Site ${site} is reachable`,
        fix: `${describe(error)}; check WEBSTORE_SITE_URL (the site's URL with its path prefix) and that this machine can reach it`,
      },
    ];
  }

  // 2. The client app and the Headless Guest Flow: a UVID exchanged for a guest token.
  let guestToken: string | undefined;
  let guestApiUrl: string | undefined;
  let guestError: unknown;
  let clientError: unknown;
  try {
    const tokens = await client().guestLogin(randomUUID());
    guestToken = tokens.accessToken;
    guestApiUrl = tokens.apiUrl || undefined;
  } catch (error) {
    if (isFetchError(error) && CLIENT_CODES.has(error.code)) clientError = error;
    else guestError = error;
  }

  // 3. A test buyer, when given, signs in (which checks the app's secret too when the guest flow could not).
  let buyerToken: string | undefined;
  let buyerRefresh: string | undefined;
  let buyerApiUrl: string | undefined;
  let buyerLoginError: unknown;
  if (options.testUser) {
    try {
      const tokens = await client().headlessLogin(options.testUser.username, options.testUser.password);
      buyerToken = tokens.accessToken;
      buyerRefresh = tokens.refreshToken ?? undefined;
      buyerApiUrl = tokens.apiUrl || undefined;
    } catch (error) {
      if (isFetchError(error) && CLIENT_CODES.has(error.code)) clientError ??= error;
      else buyerLoginError = error;
    }
  }

  const appText = "Client app (WEBSTORE_CLIENT_ID, WEBSTORE_CLIENT_SECRET, WEBSTORE_REDIRECT_URI) accepted";
  if (clientError) {
    // Nothing further can be asked of the site with credentials it doesn't take.
    fail(appText, fixFor(clientError, "check the app's consumer key, secret and callback URL"));
    return lines;
  }
  if (guestToken || buyerToken) pass(appText);
  const guestText = "Headless Guest Flow (a UVID exchanged for a guest token)";
  if (guestToken) pass(guestText);
  else
    fail(
      guestText,
      fixFor(
        guestError,
        "turn on Headless Guest Flow for the site (Login & Registration → Headless Identity) with this app selected",
      ),
    );

  // Whether the webstore could be read at all: when it can't, the buyer's store checks would only repeat that.
  let storeFound = true;
  // 4. The webstore and the API version, read as the guest (else as the buyer).
  const reader = guestToken ? client(guestToken, guestApiUrl) : buyerToken ? client(buyerToken, buyerApiUrl) : null;
  if (!reader) {
    fail(
      `Webstore ${options.webstoreId} answers application-context (API v${version})`,
      "no token could be had (above); set WEBSTORE_TEST_USERNAME and WEBSTORE_TEST_PASSWORD to check it as a buyer",
    );
  } else {
    try {
      const context = await reader.getApplicationContext();
      pass(`API v${version} served`);
      pass(`Webstore ${options.webstoreId} answers application-context`);
      const on = (flag: boolean | null | undefined) => (flag ? "on" : "off");
      pass(
        `Guest access as the store reads it: browsing ${on(context.guestBrowsingEnabled)}, cart ${on(context.guestCartEnabled)}, checkout ${on(context.guestCheckoutEnabled)}`,
      );
    } catch (error) {
      if (isFetchError(error) && error.code === "NOT_FOUND") {
        storeFound = false;
        fail(
          `API v${version} served`,
          `${describe(error)}; set WEBSTORE_API_VERSION to a version the org serves (the storefront is written for 65.0)`,
        );
      } else if (isFetchError(error) && error.code === "WEBSTORE_NOT_FOUND" && guestToken && options.testUser) {
        // The guest can't see the store: a wrong id, or a store without a guest buyer group. A buyer tells them apart.
        const asBuyer = buyerToken
          ? await client(buyerToken, buyerApiUrl)
              .getApplicationContext()
              .then(() => true)
              .catch(() => false)
          : false;
        storeFound = asBuyer;
        fail(
          `Webstore ${options.webstoreId} answers application-context${asBuyer ? " to guests" : ""}`,
          asBuyer
            ? `${describe(error)}; the store answers the buyer but not guests: give the store's guest buyer profile a buyer group (Commerce app → Store → Settings → Buyer Access), or turn guest access off`
            : fixFor(error, "check WEBSTORE_ID"),
        );
      } else {
        storeFound = !(isFetchError(error) && error.code === "WEBSTORE_NOT_FOUND");
        fail(
          `Webstore ${options.webstoreId} answers application-context`,
          fixFor(error, "check WEBSTORE_ID (the store's 0ZE… id)"),
        );
      }
    }
  }

  // 5. The buyer: signed in, an effective account, a cart and the session context readable.
  if (!options.testUser) {
    skip(
      "Buyer sign-in, effective account, cart and session context",
      "not checked: set WEBSTORE_TEST_USERNAME and WEBSTORE_TEST_PASSWORD to a buyer of the store",
    );
  } else if (buyerLoginError || !buyerToken) {
    fail(
      `Buyer ${options.testUser.username} signs in (Headless Login)`,
      isFetchError(buyerLoginError) && buyerLoginError.code === "invalid_grant"
        ? `${describe(buyerLoginError)}; WEBSTORE_TEST_USERNAME or WEBSTORE_TEST_PASSWORD is wrong, or the user is not a member of the site`
        : fixFor(buyerLoginError, "allow the Authorization Code and Credentials Flow for the app on the site"),
    );
  } else {
    pass(`Buyer ${options.testUser.username} signs in (Headless Login)`);
    const buyer = client(buyerToken, buyerApiUrl);
    if (!storeFound)
      skip("Buyer's session context, effective account and cart", "not checked: the webstore isn't found (above)");
    else
      try {
        const session = await buyer.getSessionContext();
        pass("Buyer's session context readable");
        if (session.effectiveAccountId) pass(`Buyer has an effective account (${session.effectiveAccountId})`);
        else
          fail(
            "Buyer has an effective account",
            "the session context names none; the buyer's user needs a contact on an account that is a buyer account in one of the store's buyer groups",
          );
        try {
          await buyer.getCart("current");
          pass("Buyer's cart readable");
        } catch (error) {
          // No current cart yet is a readable answer.
          if (isFetchError(error) && error.status === 404 && error.code !== "WEBSTORE_NOT_FOUND")
            pass("Buyer's cart readable (none open)");
          else fail("Buyer's cart readable", fixFor(error, "check the buyer's access to the store"));
        }
      } catch (error) {
        fail("Buyer's session context readable", fixFor(error, "check the buyer's access to the store"));
      }
    await client()
      .revokeToken(buyerRefresh ?? buyerToken)
      .catch(() => undefined);
  }
  return lines;
}
