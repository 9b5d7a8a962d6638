/**
 * What a refusal caused by the org's setup means, in the org's own terms: the storefront logs it for the operator
 * (the shopper only reads that the store can't do it right now) and `npm run doctor` prints it as the fix. Each is
 * the answer a misconfigured org gives (docs/emulator-identity.md, "Misconfigured orgs", cites the pages).
 */
import { isFetchError } from "./errors.js";

/** The one refusal of a sign-in that is the shopper's: a wrong username or password (Headless Login's answer). */
export const WRONG_CREDENTIALS = "invalid_grant";

/** The fix for each code a misconfigured org answers, keyed by the OAuth `error` or the Connect `errorCode`. */
const SETUP_FIXES: Record<string, string> = {
  invalid_app_access:
    "the client app doesn't let the buyers in: in the app's OAuth policies set Permitted Users to \"All users may self-authorize\", or pre-authorise the buyers' profile or permission set for the app",
  unauthorized_client:
    "the site doesn't allow this client app the flow: under the site's Login & Registration → Headless Identity, allow the Authorization Code and Credentials Flow and turn on the Headless Guest Flow with this app selected",
  invalid_client_id:
    "WEBSTORE_CLIENT_ID is not the consumer key of a client app of this org (the app's OAuth settings show it)",
  invalid_client: "WEBSTORE_CLIENT_SECRET is not the client app's consumer secret (the app's OAuth settings show it)",
  redirect_uri_mismatch: "WEBSTORE_REDIRECT_URI is not the client app's callback URL: set the same URL in both",
  unsupported_response_type:
    "the site doesn't take the Authorization Code and Credentials Flow: allow it under the site's Login & Registration → Headless Identity",
  invalid_request:
    "the site refused the request's form (for a guest: the UVID; Headless Identity must be on for the site and the app must issue JWT-based access tokens for named users)",
  invalid_token:
    "the site requires an integration user's access token for Headless Registration and Forgot Password: set WEBSTORE_ORG_URL, WEBSTORE_INTEGRATION_CLIENT_ID and WEBSTORE_INTEGRATION_CLIENT_SECRET to a connected app with the Client Credentials Flow whose Run As user is the integration user",
  insufficient_scope:
    "the integration user's connected app lacks a scope the site requires: add user_registration_api and forgot_password to its selected OAuth scopes",
  API_CURRENTLY_DISABLED:
    "the buyer's profile lacks the \"API Enabled\" permission: add it to the buyers' profile (or a permission set they have)",
  API_DISABLED_FOR_ORG: "the org's edition or settings don't allow API access",
  INSUFFICIENT_ACCESS:
    "the buyer has no access to the store: assign them the Buyer (or B2B Buyer) permission set, and put their account in one of the store's buyer groups",
  WEBSTORE_NOT_FOUND:
    "the store isn't there for this shopper: check WEBSTORE_ID, and for guests give the store's guest buyer profile a buyer group (Commerce app → Store → Settings → Buyer Access)",
};

/** The org-side explanation of a refused call, or null when the refusal isn't one of setup (or isn't a refusal). */
export function setupProblem(error: unknown): { code: string; fix: string } | null {
  if (!isFetchError(error)) return null;
  const fix = SETUP_FIXES[error.code];
  return fix ? { code: error.code, fix } : null;
}

/** One line for the operator's log: what was refused, the code, and the fix. */
export function describeSetupProblem(what: string, error: unknown): string {
  const problem = setupProblem(error);
  const detail = isFetchError(error) ? `${error.status} ${error.code}: ${error.message}` : String(error);
  return problem
    ? `${what} refused by the org's setup (${detail}); fix: ${problem.fix}.`
    : `${what} failed (${detail}).`;
}
